import { LIST_TOTAL_CAP, type ContactRow } from '@domain/api/contacts';
import type { ContactFilter } from '@domain/generated/contact-filter';
import { plainListPage } from './support/plain-list-page';
import { createTestApp, signedIn, type TestContext } from './support/test-app';

/**
 * A list filter on fixed columns alone (states, agents, the flags, priority, the user's visibility) is counted in the
 * kept counts of contacts (contact_kpi_counts, migration 027), per value of the sort when they hold it (issue 12):
 * its total is exact beyond LIST_TOTAL_CAP, never "10.000+"; its page is the plain query's page, on every page, read
 * from a walk of the sort's index that starts at the value the page's first row has. PGlite or PostgreSQL.
 */

let ctx: TestContext;
let cookie: string;
/** More contacts than LIST_TOTAL_CAP in `minimo`. */
const EXTRA = LIST_TOTAL_CAP + 2_000;

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = await signedIn(ctx.app, 'admin');
  // Matches that sort last: every LATE contact has priority 1 and no agent, and the LATE ones are the oldest; every 7th
  // contact is assigned to one of two agents, every 13th suspended, every 11th closed.
  await ctx.db.database.query(
    `INSERT INTO contacts (id, workspace_id, state, closed, processable, suspended, availability, agent_id, priority, created_at, inputs, outputs)
     SELECT 'k' || lpad(to_hex(g), 23, '0'), 'minimo',
       CASE WHEN g > $1::int - 600 THEN 'LATE' WHEN g % 3 = 0 THEN 'NUOVO' ELSE 'ALTRO' END,
       g % 11 = 0, g % 17 <> 0, g % 13 = 0,
       CASE WHEN g % 11 = 0 THEN 'closed' WHEN g % 7 = 0 AND g <= $1::int - 600 THEN 'processing' ELSE 'toProcess' END,
       CASE WHEN g % 7 = 0 AND g <= $1::int - 600 THEN (ARRAY['u-agent', 'u-agent2'])[1 + g % 2] END,
       CASE WHEN g > $1::int - 600 THEN 1 ELSE 2 + g % 9 END,
       timestamptz '2026-11-01T00:00:00Z' - make_interval(secs => g), '{}'::jsonb, '{}'::jsonb
     FROM generate_series(1, $1::int) AS g`,
    [EXTRA],
  );
  await ctx.db.database.exec('ANALYZE contacts');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

/** The plain query's exact count and page. */
const plain = (filter: ContactFilter) => plainListPage(ctx.db.database, 'minimo', filter);

const search = async (filter: ContactFilter) => {
  const query = jest.spyOn(ctx.db.database, 'query');
  try {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/cntmng/contact/search/minimo', payload: filter, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return { answer: response.json() as { data: ContactRow[]; total: number; totalCapped?: boolean }, sql: query.mock.calls.map(([sql]) => sql) };
  } finally {
    query.mockRestore();
  }
};

describe('a filter the kept counts hold', () => {
  it('answers the exact total beyond the cap, and the cap still holds for a filter they do not', async () => {
    const all = await search({ length: 25 });
    const expected = await plain({ length: 25 });
    expect(expected.total).toBeGreaterThan(LIST_TOTAL_CAP);
    expect({ total: all.answer.total, capped: all.answer.totalCapped, ids: all.answer.data.map((c) => c.id) }).toEqual({ total: expected.total, capped: undefined, ids: expected.ids });
    // No count of the contacts themselves: the total came from the kept counts.
    expect(all.sql.some((text) => /count\(\*\)/.test(text) && /FROM contacts/.test(text))).toBe(false);

    // A creation period is not in the kept counts: counted on the contacts, capped.
    const dated = await search({ length: 25, createdTo: '2099-01-01T00:00:00.000Z' });
    expect({ total: dated.answer.total, capped: dated.answer.totalCapped }).toEqual({ total: LIST_TOTAL_CAP, capped: true });
  });

  it.each([
    ['one state sorted by priority, its matches last', { states: ['LATE'], sort: 'priority', order: 'desc' }],
    ['the same, ascending', { states: ['LATE'], sort: 'priority', order: 'asc' }],
    ['two states sorted by state', { states: ['LATE', 'NUOVO'], sort: 'state', order: 'desc' }],
    ['closed contacts sorted by availability', { closed: true, sort: 'availability', order: 'asc' }],
    ['open contacts sorted by agent, nulls last', { closed: false, sort: 'agentId', order: 'desc' }],
    ['the same, ascending', { closed: false, sort: 'agentId', order: 'asc' }],
    ['an agent sorted by priority', { assignedAgents: ['u-agent'], sort: 'priority', order: 'asc' }],
    ['only the suspended sorted by state', { onlySuspended: true, includeSuspended: true, sort: 'state', order: 'asc' }],
    ['suspended included, sorted by suspended', { includeSuspended: true, sort: 'suspended', order: 'desc' }],
    ['not processable sorted by creation', { notProcessable: true, sort: 'createdAt', order: 'desc' }],
    ['one priority sorted by id', { priority: 1, sort: 'id', order: 'asc' }],
  ] as Array<[string, ContactFilter]>)('%s: the plain query\'s page on every page, its exact total', async (_name, base) => {
    const first = await plain({ ...base, page: 0, length: 25 });
    const last = Math.max(0, Math.ceil(first.total / 25) - 1);
    for (const page of [...new Set([0, 1, 49, last - 1, last, last + 1])].filter((p) => p >= 0)) {
      const filter: ContactFilter = { ...base, page, length: 25 };
      const expected = page === 0 ? first : await plain(filter);
      const { answer } = await search(filter);
      expect({ page, total: answer.total, capped: answer.totalCapped, ids: answer.data.map((c) => c.id) })
        .toEqual({ page, total: expected.total, capped: undefined, ids: expected.ids });
    }
  });

  it('starts the walk at the value the page\'s first row has: matches that all sort last are read without a sort', async () => {
    // LATE contacts have the lowest priority: sorted by priority descending they come after every other contact.
    const filter: ContactFilter = { states: ['LATE'], sort: 'priority', order: 'desc', page: 3, length: 25 };
    const { answer, sql } = await search(filter);
    expect(answer.data.map((c) => c.id)).toEqual((await plain(filter)).ids);
    const walks = sql.filter((text) => /\bAS hit\b/.test(text));
    expect(walks).toHaveLength(1);
    expect(walks[0]).toMatch(/AND priority >= \$(\d+) AND priority <= \$\1/);
    expect(sql.some((text) => text.includes('OFFSET 0)'))).toBe(false);
  });

  it('keeps to what the user sees: an agent gets what the contacts themselves give', async () => {
    const agent = await signedIn(ctx.app, 'agent');
    const asAgent = async (filter: ContactFilter) => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/cntmng/contact/search/minimo', payload: filter, headers: { cookie: agent } });
      expect(response.statusCode).toBe(200);
      const answer = response.json() as { data: ContactRow[]; total: number; totalCapped?: boolean };
      return { total: answer.total, capped: answer.totalCapped, ids: answer.data.map((c) => c.id) };
    };
    for (const page of [0, 7]) {
      const base: ContactFilter = { states: ['NUOVO'], sort: 'agentId', order: 'desc', length: 25, page };
      // The same matches, with a creation period that keeps the search on the contacts (counted there, under the cap).
      const counted = await asAgent(base);
      expect(counted.total).toBeGreaterThan(0);
      expect(counted).toEqual(await asAgent({ ...base, createdTo: '2099-01-01T00:00:00.000Z' }));
    }
  });
});
