import type { Database } from './database';
import { MIGRATIONS } from './migrations/index';

/** Serialises concurrent starts of several instances on one PostgreSQL. */
const MIGRATION_LOCK = 727_274_001;

/** Applies, in order and once, every migration not yet in schema_migrations (src/server/db/migrations/). */
export async function migrate(database: Database): Promise<string[]> {
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((row) => row.id));
    const applied: string[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}
