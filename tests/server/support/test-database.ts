import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '@server/db/database';
import { migrate } from '@server/db/migrate';
import { createPgliteDatabase } from '@server/db/pglite-database';
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
