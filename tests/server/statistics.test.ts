import type { Database } from '@server/db/database';
import { ANALYZE_AFTER_ROWS, analyzeAfterImport, analyzeNeverAnalyzed } from '@server/db/statistics';
import { createTestApp, type TestContext } from './support/test-app';

/**
 * The planner's statistics (src/server/db/statistics.ts): PGlite never gathers them by itself, so the app does at
 * start-up for the tables that have none, and after a file import that loaded enough rows. PGlite, or PostgreSQL
 * with TEST_DB=postgres.
 */

let ctx: TestContext;
let db: Database;
const hasStatistics = async (table: string) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = $1', [table]))[0].n > 0;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.db.database;
  await db.query(`INSERT INTO workspaces (id, name, data_model_id, enabled, document) VALUES ('st-ws', 'st-ws', 'dm-minimo', true, '{}'::jsonb)`);
});
afterAll(async () => ctx?.close());

const addContacts = (prefix: string, n: number) => db.query(
  `INSERT INTO contacts (id, workspace_id, state, availability, closed, created_at)
   SELECT $1 || lpad(g::text, 20, '0'), 'st-ws', 'N', 'toProcess', false, now() FROM generate_series(1, $2::int) AS g`,
  [prefix, n],
);

it('gathers at start-up the statistics of the tables that have none, and leaves the others alone', async () => {
  await addContacts('stat', 50);
  await db.exec('ANALYZE workspaces');
  const first = await analyzeNeverAnalyzed(db);
  expect(first).toContain('contacts');
  expect(first).not.toContain('workspaces');
  expect(await hasStatistics('contacts')).toBe(true);
  expect(await analyzeNeverAnalyzed(db)).not.toContain('contacts');
});

it('gathers the imported tables\' statistics after an import of many rows, not after a small one', async () => {
  await db.query(
    `INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state)
     SELECT 'st-ws', 'stat' || lpad(g::text, 20, '0'), now(), 'insert', 'N', NULL FROM generate_series(1, 50) AS g`,
  );
  const counted = async () => (await db.query<{ n: number }>("SELECT reltuples::int AS n FROM pg_class WHERE oid = 'state_arrivals'::regclass"))[0].n;
  const before = await counted();
  expect(await analyzeAfterImport(db, ANALYZE_AFTER_ROWS - 1)).toBe(false);
  expect(await counted()).toBe(before);
  expect(await analyzeAfterImport(db, ANALYZE_AFTER_ROWS)).toBe(true);
  expect(await hasStatistics('state_arrivals')).toBe(true);
  expect(await counted()).toBe(Math.max(before, 0) + 50);
});
