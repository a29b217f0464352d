import { MAX_PAGE_LENGTH, type ContactRow } from '@domain/api/contacts';
import { AVAILABILITY_LABELS } from '@domain/availability';
import type { Database } from '@server/db/database';
import { createTestApp, signedIn, type TestContext } from './support/test-app';

/**
 * The KPI strip's counts table (migrations/021-kpi-counts.ts), kept by the statements that change contacts: after
 * every kind of change (one row or many, takes and releases, suspends, state changes, moves to another workspace,
 * deletes, a rolled-back change, compactions) it equals a recount of the contacts themselves; and the KPI call answers
 * what a recount of the contacts each user sees gives. PGlite, or PostgreSQL with TEST_DB=postgres.
 */

let ctx: TestContext;
let db: Database;
const cookies: Record<string, string> = {};

const KEY = 'workspace_id, agent_id, state, availability, suspended, processable, closed, priority';
type CountRow = { workspace_id: string; agent_id: string | null; state: string; availability: string; suspended: boolean; processable: boolean; closed: boolean; priority: number; n: number };
const counted = async () =>
  db.query<CountRow>(`SELECT ${KEY}, sum(n)::int AS n FROM contact_kpi_counts GROUP BY ${KEY} HAVING sum(n) <> 0 ORDER BY ${KEY}`);
const recount = async () => db.query<CountRow>(`SELECT ${KEY}, count(*)::int AS n FROM contacts GROUP BY ${KEY} ORDER BY ${KEY}`);
const compactAll = async () => {
  for (const { workspace_id: ws } of await db.query<{ workspace_id: string }>('SELECT DISTINCT workspace_id FROM contact_kpi_counts')) {
    await db.query('SELECT contact_kpi_counts_compact($1)', [ws]);
  }
};

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.db.database;
  for (const user of ['admin', 'teamleader', 'agent']) cookies[user] = await signedIn(ctx.app, user);
  for (const ws of ['kc-a', 'kc-b']) {
    await db.query(`INSERT INTO workspaces (id, name, data_model_id, enabled, document) VALUES ($1, $1, 'dm-minimo', true, '{}'::jsonb)`, [ws]);
  }
});
afterAll(async () => ctx?.close());

const id = (n: number) => `kc${String(n).padStart(22, '0')}`;

it('equals a recount after inserts, takes, releases, suspends, state changes, moves, deletes, a rolled-back change and compactions', async () => {
  expect(await counted()).toEqual(await recount());

  // Many at once (an import), some assigned or closed from the start; one at a time.
  await db.query(
    `INSERT INTO contacts (id, workspace_id, state, availability, closed, agent_id, created_at)
     SELECT 'kc' || lpad(g::text, 22, '0'), 'kc-a', CASE WHEN g % 3 = 0 THEN 'A' ELSE 'B' END,
       CASE WHEN g % 4 = 0 THEN 'closed' WHEN g % 5 = 0 THEN 'processing' ELSE 'toProcess' END, g % 4 = 0,
       CASE WHEN g % 5 = 0 AND g % 4 <> 0 THEN 'u-agent' END, now()
     FROM generate_series(1, 40) AS g`,
  );
  await db.query(`INSERT INTO contacts (id, workspace_id, state, availability, created_at) VALUES ($1, 'kc-b', 'A', 'waiting', now())`, [id(41)]);
  expect(await counted()).toEqual(await recount());

  // A save that changes none of the counted columns writes nothing.
  const rowsBefore = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_kpi_counts'))[0].n;
  await db.query(`UPDATE contacts SET notes = 'x', version = version + 1 WHERE workspace_id = 'kc-a'`);
  expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_kpi_counts'))[0].n).toBe(rowsBefore);

  // A take, a release, a bulk suspend, not processable, a state change, a close, and a swap that nets to nothing.
  await db.query(`UPDATE contacts SET agent_id = 'u-agent', availability = 'processing' WHERE id = $1`, [id(1)]);
  await db.query(`UPDATE contacts SET agent_id = NULL, availability = 'toProcess' WHERE id = $1`, [id(5)]);
  await db.query(`UPDATE contacts SET suspended = true WHERE workspace_id = 'kc-a' AND id <= $1`, [id(10)]);
  await db.query(`UPDATE contacts SET processable = false WHERE id IN ($1, $2)`, [id(11), id(13)]);
  await db.query(`UPDATE contacts SET state = 'C' WHERE workspace_id = 'kc-a' AND state = 'A'`);
  await db.query(`UPDATE contacts SET closed = true, availability = 'closed', last_state_change_at = now() WHERE id = $1`, [id(14)]);
  await db.query(`UPDATE contacts SET state = CASE WHEN id = $1 THEN 'B' ELSE 'C' END WHERE id IN ($1, $2)`, [id(3), id(2)]);
  // A mass priority change (migration 027 counts by priority and closed too).
  await db.query(`UPDATE contacts SET priority = 1 + (right(id, 2)::int % 3) WHERE workspace_id = 'kc-a' AND id > $1`, [id(20)]);
  expect(await counted()).toEqual(await recount());

  // Folded: one row per key, the same sums.
  await compactAll();
  const rows = await db.query<{ n: number; keys: number }>(`SELECT count(*)::int AS n, count(DISTINCT (${KEY}))::int AS keys FROM contact_kpi_counts`);
  expect(rows[0].n).toBe(rows[0].keys);
  expect(await counted()).toEqual(await recount());

  // Moved to another workspace; deleted; closed in a transaction that rolls back (with a compaction inside it).
  await db.query(`UPDATE contacts SET workspace_id = 'kc-b' WHERE id IN ($1, $2)`, [id(12), id(15)]);
  await db.query(`DELETE FROM contacts WHERE id IN ($1, $2)`, [id(16), id(17)]);
  await expect(db.transaction(async (tx) => {
    await tx.query(`UPDATE contacts SET availability = 'closed', closed = true WHERE workspace_id = 'kc-b'`);
    await tx.query(`SELECT contact_kpi_counts_compact('kc-b')`);
    throw new Error('rolled back');
  })).rejects.toThrow('rolled back');
  expect(await counted()).toEqual(await recount());

  // Many statements, so that the triggers' own compactions (about one in 200) run along the way.
  for (let round = 0; round < 300; round++) {
    await db.query(`UPDATE contacts SET agent_id = CASE WHEN agent_id IS NULL THEN 'u-agent' END, availability = CASE WHEN agent_id IS NULL THEN 'processing' ELSE 'toProcess' END WHERE id = $1`, [id(18 + (round % 20))]);
  }
  expect(await counted()).toEqual(await recount());

  // A deleted workspace takes its contacts, and its counts go to 0.
  await db.query(`DELETE FROM workspaces WHERE id = 'kc-b'`);
  expect((await counted()).filter((r) => r.workspace_id === 'kc-b')).toEqual([]);
  expect(await counted()).toEqual(await recount());
});

/** Every contact the user sees (the list, suspended ones included), page by page. */
const visibleContacts = async (workspace: string, user: string): Promise<ContactRow[]> => {
  const out: ContactRow[] = [];
  for (let page = 0; ; page++) {
    const response = await ctx.app.inject({
      method: 'POST', url: `/api/cntmng/contact/search/${workspace}`, headers: { cookie: cookies[user] },
      payload: { includeSuspended: true, page, length: MAX_PAGE_LENGTH, sort: 'id', order: 'asc' },
    });
    expect(response.statusCode).toBe(200);
    const { data, total } = response.json() as { data: ContactRow[]; total: number };
    out.push(...data);
    if (out.length >= total || data.length === 0) return out;
  }
};

it.each([['sinistri-auto'], ['energia-casa'], ['minimo']])('answers, in %s, what a recount of the contacts each user sees gives', async (workspace) => {
  // Some work first, through the app: takes, a save that changes the state, a release.
  const take = await ctx.app.inject({ method: 'GET', url: `/api/cntmng/workspace/${workspace}/takeNext`, headers: { cookie: cookies.agent } });
  if (take.statusCode === 200) {
    const taken = take.json().data.id as string;
    await ctx.app.inject({ method: 'POST', url: `/api/cntmng/contact/release/${taken}`, headers: { cookie: cookies.agent } });
  }
  const { document } = (await db.query<{ document: { states?: Record<string, { label?: string }> } }>('SELECT document FROM workspaces WHERE id = $1', [workspace]))[0];
  for (const user of ['admin', 'teamleader', 'agent']) {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/cntmng/kpi/${workspace}`, headers: { cookie: cookies[user] } });
    if (response.statusCode === 403) continue;
    expect(response.statusCode).toBe(200);
    const { standard, custom } = response.json().data as { standard: Record<string, number>; custom: Record<string, number> };
    const seen = await visibleContacts(workspace, user);
    const count = (keep: (c: ContactRow) => boolean) => seen.filter(keep).length;
    const [{ n: closedToday }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM contacts WHERE id = ANY($1::text[]) AND closed AND last_state_change_at >= date_trunc('day', $2::timestamptz AT TIME ZONE 'Europe/Rome') AT TIME ZONE 'Europe/Rome'`,
      [seen.map((c) => c.id), new Date(ctx.clock()).toISOString()],
    );
    expect(standard).toEqual({
      [AVAILABILITY_LABELS.toProcess]: count((c) => c.availability === 'toProcess'),
      [AVAILABILITY_LABELS.waiting]: count((c) => c.availability === 'waiting'),
      [AVAILABILITY_LABELS.processing]: count((c) => c.availability === 'processing'),
      'Chiusi Oggi': closedToday,
      Sospesi: count((c) => c.suspended),
      'Non lavorabili': count((c) => !c.processable),
      Totale: seen.length,
    });
    for (const [key, state] of Object.entries(document.states ?? {})) expect(custom[state.label ?? key]).toBe(count((c) => c.state === key));
  }
});
