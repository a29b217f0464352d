import type { ContactRow } from '@domain/api/contacts';
import type { ContactFilter } from '@domain/generated/contact-filter';
import { plainListPage } from './support/plain-list-page';
import { createTestApp, signedIn, type TestContext } from './support/test-app';

/**
 * Data-model ranges and contains (issue 12): no index finds their matches (but for a contains a trigram index serves:
 * a filterable text column and a term of three characters or more, counted exactly), so a workspace larger than the search's
 * sample is not counted to the end. The page is the plain query's page (rows and order, every index scan off), the
 * total a true lower bound flagged totalCapped ("N+"), at least the page and one contact more; a rare match, or a
 * workspace the sample covers, still gets its exact total. PGlite or PostgreSQL.
 */

let ctx: TestContext;
let cookie: string;
/** More contacts than the search's sample (SCAN_SAMPLE, 10,000) in energia-casa. */
const EXTRA = 14_000;

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = await signedIn(ctx.app, 'admin');
  // Surnames from 7 values (many ties), every 11th without one; consumoAnnuo 0..4999, every 13th a string, every 17th absent;
  // 'Zanzibar' on 4 contacts only.
  await ctx.db.database.query(
    `INSERT INTO contacts (id, workspace_id, state, closed, processable, suspended, availability, priority, created_at, inputs, outputs)
     SELECT 'r' || lpad(to_hex(g), 23, '0'), 'energia-casa', (ARRAY['NUOVO', 'DA_RICHIAMARE'])[1 + g % 2], false, true, g % 29 = 0, 'toProcess', 1 + g % 5,
       timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => (g * 7919) % 100000),
       jsonb_strip_nulls(jsonb_build_object(
         'cognome', CASE WHEN g % 2801 = 0 THEN 'Zanzibar' WHEN g % 11 <> 0 THEN (ARRAY['Rossi', 'Bianchi', 'rossi', 'Esposito', 'Grossi', 'Zeta', ''])[1 + g % 7] END,
         'consumoAnnuo', CASE WHEN g % 17 = 0 THEN NULL WHEN g % 13 = 0 THEN to_jsonb('1500'::text) ELSE to_jsonb((g * 37) % 5000) END)),
       '{}'::jsonb
     FROM generate_series(1, $1::int) AS g`,
    [EXTRA],
  );
  await ctx.db.database.exec('ANALYZE contacts');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const search = async (filter: object) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/cntmng/contact/search/energia-casa', payload: filter, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: ContactRow[]; total: number; totalCapped?: boolean };
};

/** The plain query's page (of 25) and exact count. */
const plain = (filter: ContactFilter) => plainListPage(ctx.db.database, 'energia-casa', { ...filter, length: 25 });

const SHAPES = [
  ['createdAt', 'desc', 0], ['createdAt', 'asc', 49], ['id', 'asc', 3], ['state', 'desc', 0], ['priority', 'asc', 20],
  ['inputs.cognome', 'asc', 0], ['inputs.cognome', 'desc', 49], ['inputs.clienteId', 'asc', 2],
] as const;

describe('ranges and contains over more contacts than the sample', () => {
  it.each([
    ['a range', { dataModelFilters: { inputs: { consumoAnnuo: { from: 1000, to: 2000 } } } }],
    ['a range with one bound', { dataModelFilters: { inputs: { consumoAnnuo: { from: 4500 } } } }],
    ['a contains of two characters (no trigram to look up)', { dataModelFilters: { inputs: { cognome: { contains: 'ss' } } } }],
    ['a contains of two characters and a state', { states: ['NUOVO'], dataModelFilters: { inputs: { cognome: { contains: 'OS' } } } }],
  ] as Array<[string, ContactFilter]>)('%s: the plain query\'s page, and a total that is a lower bound of the matches', async (_name, base) => {
    let bounded = 0;
    for (const [sort, order, page] of SHAPES) {
      const filter: ContactFilter = { ...base, sort, order, page, length: 25 };
      const answer = await search(filter);
      const expected = await plain(filter);
      expect({ sort, order, page, ids: answer.data.map((c) => c.id) }).toEqual({ sort, order, page, ids: expected.ids });
      if (answer.totalCapped) {
        bounded += 1;
        expect(answer.total).toBeLessThanOrEqual(expected.total);
        expect(answer.total).toBeGreaterThanOrEqual(Math.min(10_000, page * 25 + 26));
      } else {
        expect(answer.total).toBe(expected.total);
      }
    }
    // These filters match hundreds or thousands: the bounded search answered most shapes.
    expect(bounded).toBeGreaterThan(SHAPES.length / 2);
  });

  it.each([
    ['a contains', { dataModelFilters: { inputs: { cognome: { contains: 'oss' } } } }],
    ['a contains and a state', { states: ['NUOVO'], dataModelFilters: { inputs: { cognome: { contains: 'ROSS' } } } }],
  ] as Array<[string, ContactFilter]>)('%s that a trigram index serves (a filterable text column, three characters or more): the plain query\'s page and the exact total', async (_name, base) => {
    for (const [sort, order, page] of SHAPES) {
      const filter: ContactFilter = { ...base, sort, order, page, length: 25 };
      const answer = await search(filter);
      const expected = await plain(filter);
      expect({ sort, order, page, total: answer.total, ids: answer.data.map((c) => c.id) }).toEqual({ sort, order, page, ...expected });
      expect(answer).not.toHaveProperty('totalCapped');
    }
  });

  it('a rare match is found through the filter: the exact total, pages beyond the last empty', async () => {
    for (const [sort, order, page] of [['createdAt', 'desc', 0], ['inputs.cognome', 'asc', 0], ['id', 'asc', 1]] as const) {
      const filter: ContactFilter = { dataModelFilters: { inputs: { cognome: { contains: 'zanzi' } } }, sort, order, page, length: 25 };
      const answer = await search(filter);
      const expected = await plain(filter);
      expect(expected.total).toBe(4);
      expect({ total: answer.total, ids: answer.data.map((c) => c.id) }).toEqual(expected);
      expect(answer).not.toHaveProperty('totalCapped');
    }
  });
});

/** A search's answer and the SQL of every statement it sent. */
const statements = async (filter: ContactFilter) => {
  const query = jest.spyOn(ctx.db.database, 'query');
  try {
    const answer = await search(filter);
    return { answer, sql: query.mock.calls.map(([sql]) => sql) };
  } finally {
    query.mockRestore();
  }
};

describe('an equality filter over the cap, searched again', () => {
  /** Every surname of the extra contacts, as a list of values: 7 of every 11 of them, more than LIST_TOTAL_CAP. */
  const everySurname: ContactFilter = { dataModelFilters: { inputs: { cognome: ['Rossi', 'Bianchi', 'rossi', 'Esposito', 'Grossi', 'Zeta', ''] } } };

  it('counts capped and walks, without gathering the matches first; found under the cap again, it is counted exactly', async () => {
    const first = await statements({ ...everySurname, sort: 'createdAt', order: 'desc', page: 0, length: 25 });
    expect(first.sql.some((sql) => sql.includes('MATERIALIZED'))).toBe(true);
    expect(first.answer).toMatchObject({ total: 10_000, totalCapped: true });
    expect(first.answer.data.map((c) => c.id)).toEqual((await plain({ ...everySurname, sort: 'createdAt', order: 'desc', page: 0 })).ids);
    for (const [sort, order, page] of SHAPES) {
      const filter: ContactFilter = { ...everySurname, sort, order, page, length: 25 };
      const again = await statements(filter);
      // The filter is known to be over the cap: no statement gathers its matches' ids and sort keys.
      expect({ sort, order, page, gathered: again.sql.some((sql) => sql.includes('MATERIALIZED')) }).toEqual({ sort, order, page, gathered: false });
      expect({ sort, order, page, total: again.answer.total, capped: again.answer.totalCapped, ids: again.answer.data.map((c) => c.id) })
        .toEqual({ sort, order, page, total: 10_000, capped: true, ids: (await plain(filter)).ids });
    }
    // Fewer matches now: the remembered way still answers the exact total, and the filter is forgotten.
    await ctx.db.database.query(`UPDATE contacts SET inputs = inputs || '{"cognome": "Altro"}' WHERE id LIKE 'r%' AND inputs ->> 'cognome' = 'Rossi'`);
    try {
      const filter: ContactFilter = { ...everySurname, sort: 'inputs.cognome', order: 'asc', page: 3, length: 25 };
      const expected = await plain(filter);
      expect(expected.total).toBeLessThan(10_000);
      const under = await statements(filter);
      expect({ total: under.answer.total, capped: under.answer.totalCapped ?? false, ids: under.answer.data.map((c) => c.id) }).toEqual({ ...expected, capped: false });
      expect(under.sql.some((sql) => sql.includes('MATERIALIZED'))).toBe(false);
      const next = await statements({ ...filter, page: 0 });
      expect(next.sql.some((sql) => sql.includes('MATERIALIZED'))).toBe(true);
      expect(next.answer.total).toBe(expected.total);
    } finally {
      await ctx.db.database.query(`UPDATE contacts SET inputs = inputs || '{"cognome": "Rossi"}' WHERE id LIKE 'r%' AND inputs ->> 'cognome' = 'Altro'`);
    }
  });
});

describe('a filter that sets the sorted column to one value or a few, or bounds it', () => {
  it.each([
    // DA_RICHIAMARE (half of the extra contacts) comes first ascending: an unbounded walk of 1,000 finds no NUOVO.
    ['one state sorted by state', { states: ['NUOVO'], sort: 'state', order: 'asc' }, [0, 3, 49]],
    // NUOVO (the other half) comes first descending, then NON_RISPONDE and the rest of the fixtures' states: the walk
    // starts at the greater of the two.
    ['two states sorted by state, descending', { states: ['APPUNTAMENTO', 'DA_RICHIAMARE'], sort: 'state', order: 'desc' }, [0, 3, 49]],
    // Ascending, the walk starts at the lesser of the two, past APPUNTAMENTO, CONTRATTO and DA_RICHIAMARE.
    ['two states sorted by state, ascending', { states: ['NUOVO', 'NON_RISPONDE'], sort: 'state', order: 'asc' }, [0, 3, 49]],
    // The extra contacts were created over 28 hours of 1 January: the period's start (ascending) or end (descending)
    // bounds the walk, past the 10,000 contacts of the earlier hours or the fixtures' and the later hours'.
    ['a creation period sorted by creation, ascending', { createdFrom: '2026-01-01T20:00:00.000Z', sort: 'createdAt', order: 'asc' }, [0, 3]],
    ['a creation period sorted by creation, descending', { createdTo: '2026-01-01T04:00:00.000Z', sort: 'createdAt', order: 'desc' }, [0, 3]],
    // A range on the sorted field: its bound in the list's direction, past the 80% of the values before it.
    ['a range sorted by its field, ascending', { dataModelFilters: { inputs: { consumoAnnuo: { from: 4000 } } }, sort: 'inputs.consumoAnnuo', order: 'asc' }, [0, 2]],
    ['a range sorted by its field, descending', { dataModelFilters: { inputs: { consumoAnnuo: { to: 800 } } }, sort: 'inputs.consumoAnnuo', order: 'desc' }, [0, 2]],
    // Two surnames, the lesser past Bianchi, Esposito and Grossi: the walk starts at Rossi.
    ['two surnames sorted by surname', { dataModelFilters: { inputs: { cognome: ['Zeta', 'Rossi'], consumoAnnuo: { from: 0 } } }, sort: 'inputs.cognome', order: 'asc' }, [0, 2]],
    // Bianchi, Esposito and Grossi come before Rossi: the sample's rate sizes a walk too short to reach it.
    ['a surname and a range sorted by surname', { dataModelFilters: { inputs: { cognome: 'Rossi', consumoAnnuo: { from: 0, to: 4999 } } }, sort: 'inputs.cognome', order: 'asc' }, [0, 2]],
    ['the same, descending', { dataModelFilters: { inputs: { cognome: ['Rossi'], consumoAnnuo: { from: 0 } } }, sort: 'inputs.cognome', order: 'desc' }, [0, 2]],
  ] as Array<[string, ContactFilter, number[]]>)('%s: the walk of the sort index starts where the matches do, the plain query\'s page', async (_name, base, pages) => {
    for (const page of pages) {
      const filter: ContactFilter = { ...base, page, length: 25 };
      const { answer, sql } = await statements(filter);
      const expected = await plain(filter);
      expect({ page, ids: answer.data.map((c) => c.id) }).toEqual({ page, ids: expected.ids });
      expect(answer.data).toHaveLength(25);
      // The page came from the walk: neither the filter's matches sorted (OFFSET 0 fence) nor gathered (MATERIALIZED).
      expect({ page, walked: sql.some((text) => /\bAS hit\b/.test(text)), sorted: sql.some((text) => text.includes('OFFSET 0)') || text.includes('MATERIALIZED')) })
        .toEqual({ page, walked: true, sorted: false });
    }
  });

  it.each([
    // A creation period keeps it out of the kept counts' search (contact-list-counted.test.ts), which counts first.
    ['one state in a creation period', { states: ['CONTRATTO'], createdTo: '2099-01-01T00:00:00.000Z', sort: 'state', order: 'asc' }],
    ['a creation period', { createdFrom: '2026-11-19T00:00:00.000Z', createdTo: '2026-11-21T00:00:00.000Z', sort: 'createdAt', order: 'desc' }],
  ] as Array<[string, ContactFilter]>)('%s with fewer matches than a page: the matches sorted, every one of them', async (_name, base) => {
    // The walk finds them all but short of a page, so the page is their sort: a statement of its own, which must not
    // carry the walk's start as an unnamed parameter (it answered 500).
    const filter: ContactFilter = { ...base, page: 0, length: 25 };
    const expected = await plain(filter);
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(25);
    const { answer, sql } = await statements(filter);
    expect({ total: answer.total, ids: answer.data.map((c) => c.id) }).toEqual({ total: expected.total, ids: expected.ids });
    expect(sql.some((text) => text.includes('OFFSET 0)'))).toBe(true);
  });
});

describe('a filter the kept counts do not hold: counted first, the count chooses the page\'s way', () => {
  // The extra contacts were created over 28 hours of 1 January, evenly: a quarter of an hour holds about 130 of them.
  const rare: ContactFilter = { createdFrom: '2026-01-01T10:00:00.000Z', createdTo: '2026-01-01T10:15:00.000Z' };
  // Fourteen hours hold about half of them.
  const broad: ContactFilter = { createdFrom: '2026-01-01T06:00:00.000Z', createdTo: '2026-01-01T20:00:00.000Z' };

  it.each([
    ['by surname, page 1', { sort: 'inputs.cognome', order: 'asc', page: 0 }],
    ['by surname, page 3', { sort: 'inputs.cognome', order: 'desc', page: 2 }],
    ['by priority, page 2', { sort: 'priority', order: 'asc', page: 1 }],
  ] as Array<[string, ContactFilter]>)('matches fewer than the contacts a walk would read (%s): their sort, no walk, the plain query\'s page', async (_name, shape) => {
    const filter: ContactFilter = { ...rare, ...shape, length: 25 };
    const expected = await plain(filter);
    expect(expected.total).toBeGreaterThan(75);
    expect(expected.total).toBeLessThan(1000);
    const { answer, sql } = await statements(filter);
    expect({ total: answer.total, capped: answer.totalCapped ?? false, ids: answer.data.map((c) => c.id) }).toEqual({ total: expected.total, capped: false, ids: expected.ids });
    expect({ walked: sql.some((text) => /\bAS hit\b/.test(text)), sorted: sql.some((text) => text.includes('OFFSET 0)')) }).toEqual({ walked: false, sorted: true });
  });

  it.each([
    ['by surname, page 1', { sort: 'inputs.cognome', order: 'asc', page: 0 }],
    ['by priority, page 4', { sort: 'priority', order: 'desc', page: 3 }],
  ] as Array<[string, ContactFilter]>)('matches a good share of the contacts (%s): a walk as far as their share needs, the plain query\'s page', async (_name, shape) => {
    const filter: ContactFilter = { ...broad, ...shape, length: 25 };
    const expected = await plain(filter);
    expect(expected.total).toBeGreaterThan(5000);
    const { answer, sql } = await statements(filter);
    expect({ total: answer.total, ids: answer.data.map((c) => c.id) }).toEqual({ total: expected.total, ids: expected.ids });
    expect({ walked: sql.some((text) => /\bAS hit\b/.test(text)), sorted: sql.some((text) => text.includes('OFFSET 0)')) }).toEqual({ walked: true, sorted: false });
  });

  it('a period past every contact: no rows, the total 0', async () => {
    const { answer } = await statements({ createdFrom: '2098-01-01T00:00:00.000Z', sort: 'inputs.cognome', order: 'asc', page: 0, length: 25 });
    expect({ total: answer.total, rows: answer.data.length }).toEqual({ total: 0, rows: 0 });
  });
});
