import { LIST_TOTAL_CAP, type ContactRow } from '@domain/api/contacts';
import { createTestApp, signedIn, type TestContext } from './support/test-app';

/**
 * The list's capped total (issue 12): beyond LIST_TOTAL_CAP matching contacts the search stops counting and answers
 * total = LIST_TOTAL_CAP with totalCapped: true; under it the total is exact and the flag is absent. That is for a
 * filter the kept counts do not hold (here a creation period every contact is in): those they hold have their exact
 * total from them, whatever its size (contact-list-counted.test.ts). PGlite or PostgreSQL.
 */

let ctx: TestContext;
let cookie: string;
const EXTRA = 2 * LIST_TOTAL_CAP + 500;

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = await signedIn(ctx.app, 'admin');
  // EXTRA synthetic contacts in `minimo`: every third one NUOVO, every 10th one suspended, exactly LIST_TOTAL_CAP of
  // the others (neither NUOVO nor suspended) EXACT, the rest CAPPED.
  await ctx.db.database.query(
    `INSERT INTO contacts (id, workspace_id, state, closed, processable, suspended, availability, priority, created_at, inputs, outputs)
     SELECT 'c' || lpad(to_hex(g), 23, '0'), 'minimo',
       CASE WHEN g % 3 = 0 THEN 'NUOVO'
         WHEN g % 10 <> 0 AND row_number() OVER (PARTITION BY g % 3 <> 0 AND g % 10 <> 0 ORDER BY g) <= $2 THEN 'EXACT'
         ELSE 'CAPPED' END,
       false, true, g % 10 = 0,
       'toProcess', 1 + g % 5, timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => g), '{}'::jsonb, '{}'::jsonb
     FROM generate_series(1, $1::int) AS g`,
    [EXTRA, LIST_TOTAL_CAP],
  );
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

/** A creation period every contact is in: a condition the kept counts of contacts do not hold. */
const ALL_DATES = { createdFrom: '2000-01-01T00:00:00.000Z' };

const search = async (filter: object) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/cntmng/contact/search/minimo', payload: filter, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: ContactRow[]; total: number; totalCapped?: boolean };
};
const count = async (where: string) =>
  (await ctx.db.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM contacts WHERE workspace_id = 'minimo' AND ${where}`))[0].n;

describe('the capped total of the contact search', () => {
  it('answers the cap and totalCapped when more contacts match than the cap', async () => {
    expect(await count('NOT suspended')).toBeGreaterThan(LIST_TOTAL_CAP);
    const answer = await search({ ...ALL_DATES, length: 25 });
    expect(answer.total).toBe(LIST_TOTAL_CAP);
    expect(answer.totalCapped).toBe(true);
    expect(answer.data).toHaveLength(25);
  });

  it('answers the exact total without the flag under the cap, and at the cap exactly', async () => {
    const nuovo = await search({ ...ALL_DATES, states: ['NUOVO'], length: 10 });
    expect(nuovo.total).toBe(await count(`NOT suspended AND state = 'NUOVO'`));
    expect(nuovo.total).toBeLessThan(LIST_TOTAL_CAP);
    expect(nuovo).not.toHaveProperty('totalCapped');

    // Exactly LIST_TOTAL_CAP matches is an exact total, not a capped one.
    expect(await count(`NOT suspended AND state = 'EXACT'`)).toBe(LIST_TOTAL_CAP);
    const exact = await search({ ...ALL_DATES, states: ['EXACT'], length: 10 });
    expect(exact.total).toBe(LIST_TOTAL_CAP);
    expect(exact).not.toHaveProperty('totalCapped');
  });

  it('still pages and sorts a capped list, pages 1 and 50 alike', async () => {
    const first = await search({ ...ALL_DATES, length: 25, sort: 'priority', order: 'asc' });
    const fiftieth = await search({ ...ALL_DATES, length: 25, page: 49, sort: 'priority', order: 'asc' });
    expect(fiftieth.totalCapped).toBe(true);
    expect(fiftieth.data).toHaveLength(25);
    const all = [...first.data, ...fiftieth.data].map((c) => c.priority);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(new Set([...first.data, ...fiftieth.data].map((c) => c.id)).size).toBe(50);
  });
});
