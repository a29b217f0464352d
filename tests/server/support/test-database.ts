import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Database } from '@server/db/database';
import { migrate } from '@server/db/migrate';
import { createPgliteDatabase, dumpPglite } from '@server/db/pglite-database';
import { createPostgresDatabase, withDefaultUser } from '@server/db/postgres-database';

/** `TEST_DB=postgres` runs the server tests on PostgreSQL; PGlite otherwise. */
// PGlite starts in 2-4 s and seeding hashes passwords: hooks and tests need more than Jest's 5 s.
jest.setTimeout(60_000);

export const usePostgres = process.env.TEST_DB === 'postgres';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';

export interface TestDatabase {
  database: Database;
  /** A description for test titles: 'pglite' or 'postgres (schema t_...)'. */
  label: string;
  /** Closes the connections and, on PostgreSQL, drops the schema. */
  drop(): Promise<void>;
  /** A restart: closes the connections and opens the same data again (PGlite needs a dataDir for this). */
  reopen(): Promise<Database>;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or on PostgreSQL a schema of its own
 * (search_path) that is dropped afterwards, so files can run in parallel against one server.
 */
export async function createTestDatabase(options: { dataDir?: string; migrate?: boolean } = {}): Promise<TestDatabase> {
  let result: TestDatabase;
  if (usePostgres) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: withDefaultUser(TEST_DATABASE_URL) });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const open = () => createPostgresDatabase({ connectionString: TEST_DATABASE_URL, schema, max: 4 });
    result = {
      database: await open(),
      label: `postgres (schema ${schema})`,
      async reopen() {
        await result.database.close();
        result.database = await open();
        return result.database;
      },
      async drop() {
        await result.database.close();
        const cleaner = new pg.Client({ connectionString: withDefaultUser(TEST_DATABASE_URL) });
        await cleaner.connect();
        await cleaner.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await cleaner.end();
      },
    };
  } else {
    const { dataDir } = options;
    if (!dataDir && options.migrate !== false) return pgliteFromSnapshot('migrated', async () => undefined);
    result = {
      database: await createPgliteDatabase(dataDir),
      label: dataDir ? `pglite (${dataDir})` : 'pglite (memory)',
      async reopen() {
        if (!dataDir) throw new Error('an in-memory PGlite cannot be reopened');
        await result.database.close();
        result.database = await createPgliteDatabase(dataDir);
        return result.database;
      },
      drop: () => result.database.close(),
    };
  }
  if (options.migrate !== false) await migrate(result.database);
  return result;
}

/**
 * A fresh, migrated database that `prepare` has filled (the demo seed): on PostgreSQL prepared anew; on PGlite in
 * memory, loaded from a snapshot that the first file of this Jest process prepared (see pgliteFromSnapshot). `key`
 * names what `prepare` does: the same key must always prepare the same data.
 */
export async function createPreparedTestDatabase(key: string, prepare: (database: Database) => Promise<void>): Promise<TestDatabase> {
  if (!usePostgres) return pgliteFromSnapshot(key, prepare);
  const result = await createTestDatabase();
  await prepare(result.database);
  return result;
}

const SNAPSHOT_PREFIX = 'cm-test-pglite-';

/**
 * A new in-memory PGlite starting from a tarball of a database migrated and prepared once per Jest process. A fresh
 * PGlite runs initdb (several seconds on a loaded machine), then the migrations and the seed; loading the tarball
 * takes about a second and a half. The tarball sits in the temporary folder under this process's id, so a test run
 * never sees another run's (older) schema or seed; tarballs of processes that ended are removed.
 */
async function pgliteFromSnapshot(key: string, prepare: (database: Database) => Promise<void>): Promise<TestDatabase> {
  const file = join(tmpdir(), `${SNAPSHOT_PREFIX}${process.pid}-${key}.tar`);
  let database: Database;
  if (existsSync(file)) {
    database = await createPgliteDatabase(undefined, { loadDataDir: new Blob([readFileSync(file)]) });
  } else {
    removeSnapshotsOfEndedProcesses();
    database = await createPgliteDatabase();
    await migrate(database);
    await prepare(database);
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
    renameSync(partial, file);
  }
  return {
    database,
    label: 'pglite (memory)',
    reopen: () => Promise.reject(new Error('an in-memory PGlite cannot be reopened')),
    drop: () => database.close(),
  };
}

function removeSnapshotsOfEndedProcesses(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^cm-test-pglite-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') rmSync(join(tmpdir(), name), { force: true });
    }
  }
}
