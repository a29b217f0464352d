import type { Database } from './database';

/**
 * The planner's statistics. PostgreSQL's autovacuum gathers them after a table changes by a tenth; PGlite, the embedded
 * default, has no autovacuum and gathers none by itself. A table never analyzed, or one that took a file import in a
 * time range its statistics have never seen, is planned as nearly empty: the dashboard's and the list's queries then
 * pick nested loops over whole scans (a 20,000-row import made 'Dashboard Contatti' take over 25 s). So the app
 * analyzes where it knows the data moved: the tables never analyzed at start-up, and the tables a file import writes
 * once it has loaded a good number of rows.
 */

/** The tables a file import writes, which the list, the dashboards, the events and the reports read. */
export const IMPORTED_TABLES = ['contacts', 'contact_events', 'state_arrivals', 'state_arrival_slots', 'state_arrival_ends', 'contact_kpi_counts', 'flow_rows'] as const;

/** An import that loaded at least this many rows is followed by an ANALYZE of IMPORTED_TABLES. */
export const ANALYZE_AFTER_ROWS = 1_000;

/** The app's tables (the current schema's) with no statistics: never analyzed, or empty when last analyzed (cheap). */
async function neverAnalyzed(db: Database): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
       AND NOT EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = n.nspname AND s.tablename = c.relname) ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Gathers the statistics of every table of the app that has none yet (start-up; a no-op once gathered). */
export async function analyzeNeverAnalyzed(db: Database): Promise<string[]> {
  const tables = await neverAnalyzed(db);
  if (tables.length) await db.exec(`ANALYZE ${tables.map(quoted).join(', ')}`);
  return tables;
}

/** Gathers the statistics of the tables a file import wrote, when it loaded enough rows to move them. */
export async function analyzeAfterImport(db: Database, loaded: number): Promise<boolean> {
  if (loaded < ANALYZE_AFTER_ROWS) return false;
  const present = await db.query<{ name: string }>(
    'SELECT t AS name FROM unnest($1::text[]) AS t WHERE to_regclass(t) IS NOT NULL',
    [[...IMPORTED_TABLES]],
  );
  if (present.length) await db.exec(`ANALYZE ${present.map((r) => quoted(r.name)).join(', ')}`);
  return true;
}
