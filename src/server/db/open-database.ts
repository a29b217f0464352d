import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Database } from './database';
import { migrate } from './migrate';
import { syncListSortIndexes } from '../repositories/list-sort-indexes';
import { createPgliteDatabase } from './pglite-database';
import { createPostgresDatabase } from './postgres-database';

export interface DatabaseConfig {
  /** PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files (`<dataDir>/pglite`). */
  dataDir: string;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<{ database: Database; migrations: string[]; embedded: boolean }> {
  let database: Database;
  if (config.databaseUrl) {
    database = await createPostgresDatabase({ connectionString: config.databaseUrl });
  } else {
    const dir = resolve(config.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    database = await createPgliteDatabase(dir);
  }
  const migrations = await migrate(database);
  // Sort indexes follow the published workspaces (a no-op once in line; builds those of a database migrated before them).
  await syncListSortIndexes(database);
  return { database, migrations, embedded: !config.databaseUrl };
}
