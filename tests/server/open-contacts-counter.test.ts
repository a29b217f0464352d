import type { Database } from '@server/db/database';
import { createTestApp, type TestContext } from './support/test-app';

/**
 * The open contacts' counter of each workspace (migrations/014-dashboard-backlog.ts), which the 'Dashboard Contatti'
 * backlog counts back from: after every kind of statement that changes contacts (one row or many, opening, closing,
 * moving to another workspace, deleting, a rolled-back change) it equals a recount of the contacts themselves.
 * PGlite, or PostgreSQL with TEST_DB=postgres.
 */

let ctx: TestContext;
let db: Database;

const counter = async () =>
  Object.fromEntries((await db.query<{ workspace_id: string; open: string | number }>('SELECT workspace_id, open FROM workspace_open_contacts WHERE open <> 0 ORDER BY 1')).map((r) => [r.workspace_id, Number(r.open)]));
const recount = async () =>
  Object.fromEntries((await db.query<{ workspace_id: string; n: string | number }>(`SELECT workspace_id, count(*) AS n FROM contacts WHERE availability <> 'closed' GROUP BY 1 ORDER BY 1`)).map((r) => [r.workspace_id, Number(r.n)]));

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.db.database;
  for (const ws of ['oc-a', 'oc-b']) {
    await db.query(`INSERT INTO workspaces (id, name, data_model_id, enabled, document) VALUES ($1, $1, 'dm-minimo', true, '{}'::jsonb)`, [ws]);
  }
});
afterAll(async () => ctx?.close());

const insert = (ws: string, from: number, to: number, availability: (n: number) => string) =>
  db.query(
    `INSERT INTO contacts (id, workspace_id, state, availability, closed, created_at)
     SELECT 'oc' || lpad(g::text, 22, '0'), $1, 'NEW', ($4::text[])[g - $2 + 1], ($4::text[])[g - $2 + 1] = 'closed', now()
     FROM generate_series($2::int, $3::int) AS g`,
    [ws, from, to, Array.from({ length: to - from + 1 }, (_, i) => availability(from + i))],
  );

it('equals a recount after inserts, closes, reopens, moves, deletes and a rolled-back change', async () => {
  const before = await counter();
  expect(before).toEqual(await recount());

  // Many at once (an import), some closed from the start; one at a time.
  await insert('oc-a', 1, 40, (n) => (n % 4 === 0 ? 'closed' : 'toProcess'));
  await insert('oc-b', 41, 41, () => 'waiting');
  expect(await counter()).toEqual({ ...before, 'oc-a': 30, 'oc-b': 1 });
  expect(await counter()).toEqual(await recount());

  // A save that changes no availability, then a bulk close, a reopen and a change between two open availabilities.
  await db.query(`UPDATE contacts SET notes = 'x' WHERE workspace_id = 'oc-a'`);
  await db.query(`UPDATE contacts SET availability = 'closed', closed = true WHERE workspace_id = 'oc-a' AND id <= 'oc' || lpad('10', 22, '0')`);
  await db.query(`UPDATE contacts SET availability = 'toProcess', closed = false WHERE id = 'oc' || lpad('4', 22, '0')`);
  await db.query(`UPDATE contacts SET availability = 'processing' WHERE id = 'oc' || lpad('14', 22, '0')`);
  expect(await counter()).toEqual({ ...before, 'oc-a': 30 - 8 + 1, 'oc-b': 1 });
  expect(await counter()).toEqual(await recount());

  // Moved to another workspace; deleted; closed in a transaction that rolls back.
  await db.query(`UPDATE contacts SET workspace_id = 'oc-b' WHERE id IN ('oc' || lpad('11', 22, '0'), 'oc' || lpad('12', 22, '0'))`);
  await db.query(`DELETE FROM contacts WHERE id IN ('oc' || lpad('13', 22, '0'), 'oc' || lpad('16', 22, '0'))`);
  await expect(db.transaction(async (tx) => {
    await tx.query(`UPDATE contacts SET availability = 'closed', closed = true WHERE workspace_id = 'oc-b'`);
    throw new Error('rolled back');
  })).rejects.toThrow('rolled back');
  expect(await counter()).toEqual({ ...before, 'oc-a': 23 - 1 - 1, 'oc-b': 2 });
  expect(await counter()).toEqual(await recount());

  // A deleted workspace takes its contacts, and its count goes to 0.
  await db.query(`DELETE FROM workspaces WHERE id = 'oc-b'`);
  expect(await counter()).toEqual({ ...before, 'oc-a': 21 });
  expect(await counter()).toEqual(await recount());
});
