import type { Database } from '@server/db/database';
import { dashboardRepository, STARTED_COUNT } from '@server/repositories/dashboard-repository';
import { createTestApp, type TestContext } from './support/test-app';

/**
 * The state arrivals (migrations/017-state-arrivals.ts) the 'Dashboard Contatti' daily counts and transitions read:
 * after events written in any order (a clock behind, ties at the same moment, many in one statement, events that
 * reach no state) and a contact deleted, the table equals a recount of the events; and the figures read from it equal
 * those of the queries that deduplicated the events themselves, for several periods, time zones and state pairs
 * (the same state at both ends included). PGlite, or PostgreSQL with TEST_DB=postgres.
 */

let ctx: TestContext;
let db: Database;
const WS = 'sa-ws';
const STATES = ['A', 'B', 'C'];
const T0 = Date.parse('2026-11-10T00:00:00Z');
const cid = (n: number) => `sa${String(n).padStart(22, '0')}`;

const table = async () =>
  (await db.query<{ event_id: string; at: Date; previous_at: Date | null }>('SELECT event_id::text, at, previous_at FROM state_arrivals WHERE workspace_id = $1 ORDER BY event_id', [WS]))
    .map((r) => [r.event_id, new Date(r.at).toISOString(), r.previous_at && new Date(r.previous_at).toISOString()]);
const recount = async () =>
  (await db.query<{ event_id: string; at: Date; previous_at: Date | null }>(
    `SELECT id::text AS event_id, at, lag(at) OVER (PARTITION BY contact_id, state ORDER BY at, id) AS previous_at
     FROM contact_events WHERE workspace_id = $1 AND previous_state IS DISTINCT FROM state AND state IS NOT NULL ORDER BY id`, [WS]))
    .map((r) => [r.event_id, new Date(r.at).toISOString(), r.previous_at && new Date(r.previous_at).toISOString()]);

// The lone arrivals' 15-minute slots (migration 018), without the empty ones, and their recount from the arrivals.
const slots = async () =>
  (await db.query<{ state: string; slot: Date; arrivals: number }>(
    'SELECT state, slot, arrivals FROM state_arrival_slots WHERE workspace_id = $1 AND arrivals <> 0 ORDER BY state, slot', [WS]))
    .map((r) => [r.state, new Date(r.slot).toISOString(), Number(r.arrivals)]);
const slotRecount = async () =>
  (await db.query<{ state: string; slot: Date; arrivals: number }>(
    `SELECT state, to_timestamp(floor(extract(epoch FROM at) / 900) * 900) AS slot, count(*)::int AS arrivals
     FROM (SELECT state, at, lag(at) OVER (PARTITION BY contact_id, state ORDER BY at, id) AS previous_at
           FROM contact_events WHERE workspace_id = $1 AND previous_state IS DISTINCT FROM state AND state IS NOT NULL) AS arrivals
     WHERE previous_at IS NULL OR at - previous_at > interval '2 days'
     GROUP BY 1, 2 ORDER BY 1, 2`, [WS]))
    .map((r) => [r.state, new Date(r.slot).toISOString(), Number(r.arrivals)]);

// The contacts' last arrivals in each state by 15-minute slot (migration 024), without the empty slots, and their recount.
const lasts = async (workspace = WS) =>
  (await db.query<{ state: string; slot: Date; n: number }>(
    'SELECT state, slot, last_arrivals AS n FROM state_arrival_slots WHERE workspace_id = $1 AND last_arrivals <> 0 ORDER BY state, slot', [workspace]))
    .map((r) => [r.state, new Date(r.slot).toISOString(), Number(r.n)]);
const lastRecount = async (workspace = WS) =>
  (await db.query<{ state: string; slot: Date; n: number }>(
    `SELECT state, to_timestamp(floor(extract(epoch FROM at) / 900) * 900) AS slot, count(*)::int AS n
     FROM (SELECT DISTINCT ON (contact_id, state) state, at FROM contact_events
           WHERE workspace_id = $1 AND previous_state IS DISTINCT FROM state AND state IS NOT NULL ORDER BY contact_id, state, at DESC, id DESC) AS lasts
     GROUP BY 1, 2 ORDER BY 1, 2`, [workspace]))
    .map((r) => [r.state, new Date(r.slot).toISOString(), Number(r.n)]);

// Each arrival's first arrival at or after it in each other state of its contact (migration 023), and its recount.
const ends = async (workspace = WS) =>
  (await db.query<{ first_event_id: string; end_state: string; first_at: Date; first_previous_at: Date | null; end_at: Date }>(
    `SELECT first_event_id::text, end_state, first_at, first_previous_at, end_at FROM state_arrival_ends
     WHERE workspace_id = $1 ORDER BY first_event_id, end_state`, [workspace]))
    .map((r) => [r.first_event_id, r.end_state, new Date(r.first_at).toISOString(), r.first_previous_at && new Date(r.first_previous_at).toISOString(), new Date(r.end_at).toISOString()]);
const endRecount = async (workspace = WS) =>
  (await db.query<{ first_event_id: string; end_state: string; first_at: Date; first_previous_at: Date | null; end_at: Date }>(
    `SELECT f.event_id::text AS first_event_id, e.state AS end_state, f.at AS first_at, f.previous_at AS first_previous_at, min(e.at) AS end_at
     FROM state_arrivals f JOIN state_arrivals e ON e.workspace_id = f.workspace_id AND e.contact_id = f.contact_id AND e.state <> f.state AND e.at >= f.at
     WHERE f.workspace_id = $1 GROUP BY f.event_id, e.state, f.at, f.previous_at ORDER BY f.event_id, e.state`, [workspace]))
    .map((r) => [r.first_event_id, r.end_state, new Date(r.first_at).toISOString(), r.first_previous_at && new Date(r.first_previous_at).toISOString(), new Date(r.end_at).toISOString()]);

/**
 * The transitions as the dashboard computed them before migration 023: the period's first arrivals in the first state
 * joined with the arrivals in the end state.
 */
const joinedTransitions = async (workspaceId: string, from: Date, to: Date, first: string, end: string) => {
  const [t] = await db.query<{ started: number; completed: number; same_day: number; average_hours: number | null; median_hours: number | null; buckets: number[] }>(
    `SELECT count(*)::int AS started, count(seconds)::int AS completed, count(*) FILTER (WHERE seconds <= 86400)::int AS same_day,
       avg(seconds) / 3600 AS average_hours, percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) / 3600 AS median_hours,
       ARRAY[count(*) FILTER (WHERE seconds <= 3600), count(*) FILTER (WHERE seconds > 3600 AND seconds <= 14400),
         count(*) FILTER (WHERE seconds > 14400 AND seconds <= 86400), count(*) FILTER (WHERE seconds > 86400 AND seconds <= 259200),
         count(*) FILTER (WHERE seconds > 259200 AND seconds <= 604800), count(*) FILTER (WHERE seconds > 604800)]::int[] AS buckets
     FROM (
       SELECT date_part('epoch', e.at - f.at) AS seconds
       FROM state_arrivals f LEFT JOIN state_arrivals e ON e.workspace_id = $1 AND e.state = $5 AND e.at >= $2 AND e.at <= $3
         AND e.contact_id = f.contact_id AND e.at >= f.at AND (e.previous_at IS NULL OR e.previous_at < f.at)
       WHERE f.workspace_id = $1 AND f.state = $4 AND f.at >= $2 AND f.at <= $3 AND (f.previous_at IS NULL OR f.previous_at < $2)) AS pairs`,
    [workspaceId, from, to, first, end],
  );
  const hours = (v: number | null) => (v === null ? null : Math.round(Number(v) * 100) / 100);
  return {
    transitions: { started: Number(t.started), completed: Number(t.completed), sameDay: Number(t.same_day), averageHours: hours(t.average_hours), medianHours: hours(t.median_hours) },
    durations: t.buckets.map(Number),
  };
};

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.db.database;
  await db.query(`INSERT INTO workspaces (id, name, data_model_id, enabled, document) VALUES ($1, $1, 'dm-minimo', true, '{}'::jsonb)`, [WS]);
  await db.query(
    `INSERT INTO contacts (id, workspace_id, state, availability, closed, created_at)
     SELECT 'sa' || lpad(g::text, 22, '0'), $1, 'A', 'toProcess', false, $2::timestamptz + g * interval '7 hours' FROM generate_series(1, 12) AS g`,
    [WS, new Date(T0)],
  );
  // A fixed pseudo-random story: 240 events over 8 days, in shuffled batches of 1 to 9 rows.
  let seed = 7;
  const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const events = Array.from({ length: 240 }, () => {
    const state = STATES[rnd(3)];
    const kind = rnd(10);
    return {
      contact: cid(1 + rnd(12)),
      at: new Date(T0 + rnd(8 * 96) * 900_000 + (rnd(4) === 0 ? 0 : rnd(900) * 1000)).toISOString(),
      state: kind === 0 ? null : state,
      previous: kind < 3 ? state : kind === 3 ? null : STATES[(STATES.indexOf(state) + 1 + rnd(2)) % 3],
    };
  });
  for (let i = 0; i < events.length;) {
    const batch = events.slice(i, i + 1 + rnd(9));
    i += batch.length;
    await db.query(
      `INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state)
       SELECT $1, e.contact, e.at::timestamptz, 'state', e.state, e.previous FROM jsonb_to_recordset($2::jsonb) AS e(contact text, at text, state text, previous text)`,
      [WS, JSON.stringify(batch)],
    );
  }
});
afterAll(async () => ctx?.close());

it('equals a recount of the events, and loses a deleted contact with its events', async () => {
  expect((await table()).length).toBeGreaterThan(150);
  expect(await table()).toEqual(await recount());
  await db.query('DELETE FROM contacts WHERE id = $1', [cid(3)]);
  expect(await table()).toEqual(await recount());
});

it('keeps the lone arrivals\' 15-minute slots equal to a recount, after out-of-order events and a deleted contact', async () => {
  const counted = await slots();
  expect(counted.length).toBeGreaterThan(10);
  expect(counted).toEqual(await slotRecount());
  // Arrivals written behind later ones (a clock behind) turn those into near repeats, or not; then a contact goes.
  for (const [n, hours] of [[5, 30], [6, 47.5], [7, 100], [8, 2], [9, 150]] as const) {
    await db.query(
      `INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state)
       SELECT $1, $2, $3::timestamptz + g * interval '1 hour', 'state', s, 'X' FROM unnest(ARRAY['A', 'B', 'C']) WITH ORDINALITY AS u(s, g)`,
      [WS, cid(n), new Date(T0 + hours * 3_600_000)],
    );
    expect(await slots()).toEqual(await slotRecount());
    expect(await lasts()).toEqual(await lastRecount());
  }
  expect(await table()).toEqual(await recount());
  await db.query('DELETE FROM contacts WHERE id = ANY($1::text[])', [[cid(5), cid(9)]]);
  expect(await slots()).toEqual(await slotRecount());
});

it("keeps the contacts' last arrivals by 15-minute slot equal to a recount, after late-written events, ties and deleted events and contacts", async () => {
  const counted = await lasts();
  expect(counted.length).toBeGreaterThan(10);
  expect(counted).toEqual(await lastRecount());
  // Written behind the contact's later arrivals in the state, after them (its new last), at a tie with its last.
  const contact = cid(11);
  const [last] = await db.query<{ state: string; at: Date }>(
    `SELECT state, at FROM state_arrivals WHERE workspace_id = $1 AND contact_id = $2 ORDER BY at DESC, event_id DESC LIMIT 1`, [WS, contact]);
  for (const [state, at] of [[last.state, new Date(new Date(last.at).getTime() - 3 * 3_600_000)], [last.state, new Date(T0 + 9 * 86_400_000)], [last.state, new Date(T0 + 9 * 86_400_000)], ['A', new Date(T0 + 3_600_000)]] as const) {
    await db.query(`INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state) VALUES ($1, $2, $3, 'state', $4, 'X')`, [WS, contact, at, state]);
    expect(await lasts()).toEqual(await lastRecount());
  }
  // A contact's last arrival in a state goes before its earlier ones (events deleted one by one), then the whole contact.
  const gone = await db.query<{ event_id: string }>(
    `SELECT event_id::text FROM state_arrivals WHERE workspace_id = $1 AND contact_id = $2 ORDER BY at DESC, event_id DESC LIMIT 3`, [WS, contact]);
  for (const { event_id } of gone) {
    await db.query('DELETE FROM contact_events WHERE id = $1', [event_id]);
    expect(await lasts()).toEqual(await lastRecount());
  }
  await db.query('DELETE FROM contacts WHERE id = ANY($1::text[])', [[contact, cid(12)]]);
  expect(await lasts()).toEqual(await lastRecount());
});

it('keeps each arrival\'s first arrival in each later state equal to a recount, after out-of-order events and a deleted contact', async () => {
  const kept = await ends();
  expect(kept.length).toBeGreaterThan(50);
  expect(kept).toEqual(await endRecount());
  // Behind the contact's later arrivals: in a state it reaches again later, in one it never reached, at a tie.
  for (const [n, hours, states] of [[1, 20, ['B', 'C']], [2, 60.5, ['A']], [4, 33, ['C', 'C', 'A']], [10, 0.25, ['B', 'A', 'B']]] as const) {
    await db.query(
      `INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state)
       SELECT $1, $2, $3::timestamptz + (g / 2) * interval '1 hour', 'state', s, 'X' FROM unnest($4::text[]) WITH ORDINALITY AS u(s, g)`,
      [WS, cid(n), new Date(T0 + hours * 3_600_000), states],
    );
    expect(await ends()).toEqual(await endRecount());
  }
  const before = (await ends()).length;
  await db.query('DELETE FROM contacts WHERE id = ANY($1::text[])', [[cid(1), cid(2)]]);
  expect((await ends()).length).toBeLessThan(before);
  expect(await ends()).toEqual(await endRecount());
});

it("gives the figures the deduplicating queries gave", async () => {
  const repository = dashboardRepository(db);
  const cases: [string, string, string, number, number][] = [
    ['A', 'C', 'Europe/Rome', 0, 8 * 24],
    ['B', 'A', 'Asia/Kathmandu', 30.25, 150.5],
    ['C', 'C', 'America/New_York', 12, 190],
    ['A', 'B', 'UTC', 49.9, 100],
    ['B', 'B', 'Pacific/Chatham', 0.5, 175],
    // Ends within 15-minute slots; zones off the quarter hours (their days read row by row).
    ['C', 'A', 'Asia/Kolkata', 12.1, 100.37],
    ['A', 'C', '<+0107>-01:07', 3.3, 180.9],
    ['B', 'C', 'UTC+01:07:30', 0, 8 * 24],
    ['A', 'A', 'Europe/Rome', 0, 150.02],
  ];
  for (const [first, end, timezone, fromHour, toHour] of cases) {
    const from = new Date(T0 + fromHour * 3_600_000);
    const to = new Date(T0 + toHour * 3_600_000);
    const figures = await repository.stateChanges({ workspaceId: WS, from, to, timezone }, first, end);
    const daily = await db.query<{ day: string; first: number; end: number }>(
      `SELECT to_char(at AT TIME ZONE $4, 'YYYY-MM-DD') AS day,
         count(DISTINCT contact_id) FILTER (WHERE state = $5)::int AS first, count(DISTINCT contact_id) FILTER (WHERE state = $6)::int AS end
       FROM contact_events
       WHERE workspace_id = $1 AND state = ANY(ARRAY[$5, $6]::text[]) AND at >= $2 AND at <= $3 AND previous_state IS DISTINCT FROM state
       GROUP BY 1 ORDER BY 1`,
      [WS, from, to, timezone, first, end],
    );
    const [t] = await db.query<{ started: number; completed: number; same_day: number; average_hours: number | null; median_hours: number | null; buckets: number[] }>(
      `WITH reached AS MATERIALIZED (
         SELECT contact_id, state, at FROM contact_events
         WHERE workspace_id = $1 AND state = ANY(ARRAY[$4, $5]::text[]) AND at >= $2 AND at <= $3 AND previous_state IS DISTINCT FROM state),
       firsts AS (SELECT contact_id, min(at) AS first_at FROM reached WHERE state = $4 GROUP BY contact_id),
       ends AS (
         SELECT f.contact_id, extract(epoch FROM min(r.at) - f.first_at) AS seconds
         FROM firsts f JOIN reached r ON r.contact_id = f.contact_id AND r.state = $5 AND r.at >= f.first_at
         GROUP BY f.contact_id, f.first_at)
       SELECT (SELECT count(*) FROM firsts)::int AS started, count(*)::int AS completed,
         count(*) FILTER (WHERE seconds <= 86400)::int AS same_day,
         avg(seconds) / 3600 AS average_hours, percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) / 3600 AS median_hours,
         ARRAY[count(*) FILTER (WHERE seconds <= 3600), count(*) FILTER (WHERE seconds > 3600 AND seconds <= 14400),
           count(*) FILTER (WHERE seconds > 14400 AND seconds <= 86400), count(*) FILTER (WHERE seconds > 86400 AND seconds <= 259200),
           count(*) FILTER (WHERE seconds > 259200 AND seconds <= 604800), count(*) FILTER (WHERE seconds > 604800)]::int[] AS buckets
       FROM ends`,
      [WS, from, to, first, end],
    );
    const hours = (v: number | null) => (v === null ? null : Math.round(Number(v) * 100) / 100);
    const label = `${first}->${end} ${timezone}`;
    expect({ label, daily: figures.daily }).toEqual({ label, daily: daily.map((d) => ({ day: d.day, first: Number(d.first), end: Number(d.end) })) });
    expect({ label, t: figures.transitions }).toEqual({
      label,
      t: { started: Number(t.started), completed: Number(t.completed), sameDay: Number(t.same_day), averageHours: hours(t.average_hours), medianHours: hours(t.median_hours) },
    });
    expect(figures.durations.map((d) => d.count)).toEqual(t.buckets.map(Number));
    expect(figures.transitions.started).toBeGreaterThan(0);
    expect({ label, ...(await joinedTransitions(WS, from, to, first, end)) }).toEqual({ label, transitions: figures.transitions, durations: figures.durations.map((d) => d.count) });
  }
});

describe('transitions of contacts worked by hand (migration 023)', () => {
  const HAND = 'sa-hand';
  const D0 = Date.parse('2026-11-02T00:00:00Z');
  const at = (day: number, hour: number) => new Date(D0 + day * 86_400_000 + hour * 3_600_000).toISOString();
  const hid = (n: number) => `sh${String(n).padStart(22, '0')}`;
  // [contact, day, hour, type, state, previous state]; written in this order (some behind later ones: a clock behind).
  const story: [number, number, number, string, string, string | null][] = [
    // inserted, taken, worked, closed the same day
    [1, 0, 9, 'insert', 'N', null], [1, 0, 9.1, 'take', 'N', 'N'], [1, 0, 10, 'state', 'W', 'N'], [1, 0, 15, 'close', 'K', 'W'],
    // in late, closed after midnight
    [2, 0, 23.5, 'insert', 'N', null], [2, 1, 1, 'close', 'K', 'N'],
    // never in N: reaches the end state from another one
    [3, 0, 8, 'insert', 'W', null], [3, 1, 9, 'close', 'K', 'W'],
    // back in N twice and in K twice: the first N of the period, its first K after it
    [4, 0, 10, 'insert', 'N', null], [4, 0, 11, 'state', 'W', 'N'], [4, 0, 12, 'state', 'N', 'W'], [4, 0, 12.5, 'release', 'N', 'N'],
    [4, 2, 12, 'close', 'K', 'N'], [4, 3, 8, 'state', 'N', 'K'], [4, 4, 8, 'close', 'K', 'N'],
    // in N before the period, closed before its N in the period and again much later
    [5, -2, 10, 'insert', 'N', null], [5, 0, 6, 'close', 'K', 'N'], [5, 1, 7, 'state', 'N', 'K'], [5, 5, 7, 'close', 'K', 'N'], [5, 5, 8, 'close', 'K', 'K'],
    // closed after the period
    [6, 3, 9, 'insert', 'N', null], [6, 3, 9.5, 'take', 'N', 'N'], [6, 12, 9, 'close', 'K', 'N'],
    // in N and K at the same moment
    [7, 1, 14, 'insert', 'N', null], [7, 1, 14, 'state', 'K', 'N'],
    // its first close written after a later one (a clock behind)
    [8, 1, 10, 'insert', 'N', null], [8, 3, 10, 'close', 'K', 'N'], [8, 1, 12, 'close', 'K', 'N'],
    // its first N written after a later one
    [9, 2, 0, 'state', 'N', 'W'], [9, 2, 5, 'close', 'K', 'N'], [9, 1, 3, 'insert', 'N', null],
    // more than 7 days
    [10, 0, 1, 'insert', 'N', null], [10, 8, 2, 'close', 'K', 'N'],
    // back and forth between W and K within minutes, in the partial 15-minute slots at the ends of a period (10:03 on
    // day 0 to 12:10 on day 2): its arrivals there have a next one in the same state within the period
    [11, 0, 10 + 5 / 60, 'insert', 'W', null], [11, 0, 10 + 20 / 60, 'state', 'K', 'W'], [11, 0, 10 + 40 / 60, 'state', 'W', 'K'],
    [11, 2, 12 + 2 / 60, 'state', 'K', 'W'], [11, 2, 12 + 4 / 60, 'state', 'W', 'K'], [11, 2, 12 + 7 / 60, 'state', 'K', 'W'], [11, 2, 12 + 8 / 60, 'state', 'W', 'K'],
  ];

  beforeAll(async () => {
    await db.query(`INSERT INTO workspaces (id, name, data_model_id, enabled, document) VALUES ($1, $1, 'dm-minimo', true, '{}'::jsonb)`, [HAND]);
    await db.query(
      `INSERT INTO contacts (id, workspace_id, state, availability, closed, created_at)
       SELECT 'sh' || lpad(g::text, 22, '0'), $1, 'N', 'toProcess', false, $2::timestamptz FROM generate_series(1, 11) AS g`,
      [HAND, at(-3, 0)],
    );
    for (const [n, day, hour, type, state, previous] of story) {
      await db.query(
        `INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state) VALUES ($1, $2, $3, $4, $5, $6)`,
        [HAND, hid(n), at(day, hour), type, state, previous],
      );
    }
  });

  it('keeps the pairs equal to a recount', async () => {
    expect(await ends(HAND)).toEqual(await endRecount(HAND));
    expect(await lasts(HAND)).toEqual(await lastRecount(HAND));
  });

  it('gives the figures of the join over the arrivals, for periods and state pairs', async () => {
    const repository = dashboardRepository(db);
    const periods: [number, number][] = [[0, 10 * 24], [0, 15 * 24], [24, 4 * 24], [11, 2 * 24], [-3 * 24, 3 * 24 + 10], [2 * 24 + 12, 2 * 24 + 12], [10 + 3 / 60, 2 * 24 + 12 + 10 / 60]];
    for (const [first, end] of [['N', 'K'], ['N', 'W'], ['W', 'K'], ['K', 'N'], ['N', 'N'], ['K', 'K'], ['K', 'W']]) {
      for (const [fromHour, toHour] of periods) {
        const from = new Date(D0 + fromHour * 3_600_000);
        const to = new Date(D0 + toHour * 3_600_000);
        const figures = await repository.stateChanges({ workspaceId: HAND, from, to, timezone: 'Europe/Rome' }, first, end);
        const label = `${first}->${end} ${fromHour}..${toHour}`;
        expect({ label, transitions: figures.transitions, durations: figures.durations.map((d) => d.count) })
          .toEqual({ label, ...(await joinedTransitions(HAND, from, to, first, end)) });
      }
    }
    // The period of 10 days from D0, N to K: contacts 1, 2, 4, 5, 6, 7, 8, 9, 10 start; all but 6 end, after
    // 6 h, 1.5 h, 50 h, 96 h (5: its N of day 1 to its K of day 5), 0 h, 2 h, 26 h (9: day 1 at 3 to day 2 at 5), 193 h.
    const figures = await repository.stateChanges({ workspaceId: HAND, from: new Date(D0), to: new Date(D0 + 10 * 86_400_000), timezone: 'UTC' }, 'N', 'K');
    expect(figures.transitions).toEqual({ started: 9, completed: 8, sameDay: 4, averageHours: 46.81, medianHours: 16 });
    expect(figures.durations.map((d) => d.count)).toEqual([1, 2, 1, 2, 1, 1]);
    // From 10:03 on day 0 to 12:10 on day 2, W to K: contacts 4 (W at 11:00, K 49 h later) and 11 (W at 10:05, again
    // at 10:40 and 12:04 on day 2, and at 12:08 after the K of 12:07; K 15 minutes after its first W).
    const partial = await repository.stateChanges({ workspaceId: HAND, from: new Date(at(0, 10 + 3 / 60)), to: new Date(at(2, 12 + 10 / 60)), timezone: 'UTC' }, 'W', 'K');
    expect(partial.transitions).toMatchObject({ started: 2, completed: 2, sameDay: 1 });
  });
});

describe('a file import in the current 15-minute slot', () => {
  const BULK = 'sa-bulk';
  const N = 3_000;
  const from = new Date('2026-11-20T09:31:00Z');
  const to = new Date('2026-11-20T09:47:00Z');

  /** Every row a plan node produced or threw away, over all its loops (EXPLAIN ANALYZE): the work of the query. */
  const rowsTouched = (node: Record<string, unknown>): number => {
    const loops = Number(node['Actual Loops'] ?? 1);
    const own = (Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0) + Number(node['Rows Removed by Join Filter'] ?? 0)) * loops;
    return own + ((node.Plans as Record<string, unknown>[] | undefined) ?? []).reduce((sum, child) => sum + rowsTouched(child), 0);
  };

  beforeAll(async () => {
    await db.query(`INSERT INTO workspaces (id, name, data_model_id, enabled, document) VALUES ($1, $1, 'dm-minimo', true, '{}'::jsonb)`, [BULK]);
    await db.query(
      `INSERT INTO contacts (id, workspace_id, state, availability, closed, created_at)
       SELECT 'sb' || lpad(g::text, 22, '0'), $1, 'N', 'toProcess', false, $2::timestamptz FROM generate_series(1, $3::int) AS g`,
      [BULK, '2026-11-20T09:35:00Z', N],
    );
    // One insert event per contact between 09:35 and 09:44, as an import writes them: all in the slot 09:30-09:45.
    await db.query(
      `INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state)
       SELECT $1, 'sb' || lpad(g::text, 22, '0'), $2::timestamptz + g * interval '180 milliseconds', 'insert', 'N', NULL FROM generate_series(1, $3::int) AS g`,
      [BULK, '2026-11-20T09:35:00Z', N],
    );
  });

  it('counts every imported contact as started, probing each arrival once (no rescan of the state per arrival)', async () => {
    const figures = await dashboardRepository(db).stateChanges({ workspaceId: BULK, from, to, timezone: 'UTC' }, 'N', 'K');
    expect(figures.transitions.started).toBe(N);
    // With no statistics (PGlite never gathers any by itself), a NOT EXISTS here was planned as a nested loop over a
    // materialized scan of the state: N × N rows, 25 to 70 s for a 20,000-row import. Each arrival is one probe now.
    const slotStart = new Date('2026-11-20T09:45:00Z');
    const [plan] = await db.query<{ 'QUERY PLAN': unknown }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) SELECT ${STARTED_COUNT} AS started WHERE $5::text IS NOT NULL`,
      [BULK, from, to, 'N', 'K', slotStart, slotStart],
    );
    const document = typeof plan['QUERY PLAN'] === 'string' ? JSON.parse(plan['QUERY PLAN']) : plan['QUERY PLAN'];
    expect(rowsTouched((document as [{ Plan: Record<string, unknown> }])[0].Plan)).toBeLessThan(10 * N);
  });
});
