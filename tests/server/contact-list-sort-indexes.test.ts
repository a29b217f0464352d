import type { ContactRow } from '@domain/api/contacts';
import type { ContactFilter } from '@domain/generated/contact-filter';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { SqlParams, orderClause, whereClause } from '@server/repositories/contact-query';
import { MAX_SORT_INDEXED_COLUMNS, containsIndexedColumns, containsIndexesFor, sortIndexesFor } from '@server/repositories/list-sort-indexes';
import { translateList } from '@translator/translate-list';
import { plainListPage } from './support/plain-list-page';
import { createTestApp, signedIn, type TestContext } from './support/test-app';

/**
 * The list's sorts on data-model columns (issue 12): each column the list shows gets one partial expression index
 * (ascending; the descending sort reads it backwards, its non-null part then its null part), built when the workspace is
 * seeded or published and dropped when the column goes; the search served by it answers the same rows in the same order
 * as the plain query (no index), nulls, JSON nulls and ties included.
 * PGlite or PostgreSQL.
 */

let ctx: TestContext;
let cookie: string;
const EXTRA = 3000;
const BASE = '/api/cntmng/workspaceconfig/workspaces';

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = await signedIn(ctx.app, 'admin');
  // EXTRA contacts in energia-casa: surnames from 7 values (many ties), every 11th without one, every 13th a JSON null,
  // every 17th a number, so that nulls, types and the id tie-breaker all decide some of the order.
  await ctx.db.database.query(
    `INSERT INTO contacts (id, workspace_id, state, closed, processable, suspended, availability, priority, created_at, inputs, outputs)
     SELECT 's' || lpad(to_hex(g), 23, '0'), 'energia-casa', 'NUOVO', false, true, false, 'toProcess', 1 + g % 5,
       timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => g),
       CASE WHEN g % 11 = 0 THEN '{}'::jsonb WHEN g % 13 = 0 THEN '{"cognome": null}'::jsonb WHEN g % 17 = 0 THEN jsonb_build_object('cognome', g)
            ELSE jsonb_build_object('cognome', (ARRAY['Rossi', 'Bianchi', 'rossi', 'Esposito', 'Àlvaro', 'Zeta', ''])[1 + g % 7]) END,
       '{}'::jsonb
     FROM generate_series(1, $1::int) AS g`,
    [EXTRA],
  );
  await ctx.db.database.exec('ANALYZE contacts');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const model = async (workspaceId: string) =>
  (await ctx.db.database.query<{ model: DataModel }>('SELECT d.document AS model FROM workspaces w JOIN data_models d ON d.id = w.data_model_id WHERE w.id = $1', [workspaceId]))[0].model;
const workspace = async (workspaceId: string) =>
  (await ctx.db.database.query<{ document: Workspace }>('SELECT document FROM workspaces WHERE id = $1', [workspaceId]))[0].document;
/** A workspace's live configuration, and a publish of a changed one (the editor's PUT). */
const liveConfig = async (workspaceId: string) => (await ctx.app.inject({ method: 'GET', url: `${BASE}/${workspaceId}`, headers: { cookie } })).json().data;
const publish = (workspaceId: string, payload: { baseVersion: number; workspace: unknown; dataModel: unknown }) =>
  ctx.app.inject({ method: 'PUT', url: `${BASE}/${workspaceId}`, headers: { cookie }, payload });
const sortIndexes = async () =>
  (await ctx.db.database.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'contacts'::regclass AND i.indisvalid AND c.relname LIKE 'contacts\\_sort\\_%'`,
  )).map((row) => row.name);
const containsIndexes = async () =>
  (await ctx.db.database.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'contacts'::regclass AND i.indisvalid AND c.relname LIKE 'contacts\\_contains\\_%'`,
  )).map((row) => row.name);
const search = async (filter: object) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/cntmng/contact/search/energia-casa', payload: filter, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: ContactRow[]; total: number };
};
/** The plain query's page, with every index scan turned off: what the list must answer. */
const plainPage = (direction: 'ASC' | 'DESC', offset: number) =>
  ctx.db.database.transaction(async (tx) => {
    await tx.exec('SET LOCAL enable_indexscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_indexonlyscan = off');
    const rows = await tx.query<{ id: string }>(
      `SELECT id FROM contacts WHERE workspace_id = 'energia-casa' AND NOT suspended ORDER BY inputs -> 'cognome' ${direction} NULLS LAST, id ${direction} LIMIT 25 OFFSET ${offset}`,
    );
    return rows.map((row) => row.id.trim());
  });

describe('sort indexes of the data-model columns', () => {
  it('exist for every column energia-casa shows (one per column), none for long text', async () => {
    const wanted = sortIndexesFor('energia-casa', await model('energia-casa')).map((index) => index.name);
    // energia-casa shows 8 data-model columns of types string: 8 indexes.
    expect(wanted).toHaveLength(8);
    expect(await sortIndexes()).toEqual(expect.arrayContaining(wanted));
    // minimo's shown columns: none (its fields are untyped text, or hidden).
    expect(sortIndexesFor('minimo', await model('minimo'))).toEqual([]);
    // campagna-grande shows 111 columns: the first MAX_SORT_INDEXED_COLUMNS get theirs, no more.
    const campagna = sortIndexesFor('campagna-grande', await model('campagna-grande')).map((index) => index.name);
    expect(campagna).toHaveLength(MAX_SORT_INDEXED_COLUMNS);
    // And no others: the database holds exactly what the workspaces need.
    const ids = (await ctx.db.database.query<{ id: string }>('SELECT id FROM workspaces')).map((row) => row.id);
    const needed = (await Promise.all(ids.map(async (id) => sortIndexesFor(id, await model(id))))).flat().map((index) => index.name);
    expect(needed).toEqual(expect.arrayContaining([...wanted, ...campagna]));
    expect((await sortIndexes()).sort()).toEqual(needed.sort());
  });

  it.each([['asc', 0], ['asc', 40], ['desc', 0], ['desc', 60], ['asc', 119]] as const)(
    'sorted by inputs.cognome %s, page %i: the same rows in the same order as the plain query',
    async (order, page) => {
      const answer = await search({ sort: 'inputs.cognome', order, page, length: 25 });
      expect(answer.data.map((c) => c.id)).toEqual(await plainPage(order === 'asc' ? 'ASC' : 'DESC', page * 25));
      expect(answer.data.length).toBeGreaterThan(0);
    },
  );

  it('the list query is served by the index (no sort of the workspace)', async () => {
    const [asc] = sortIndexesFor('energia-casa', await model('energia-casa')).filter((index) => index.sql(false).includes("'cognome') ASC"));
    // The list's own WHERE and ORDER BY, as the repository builds them.
    const p = new SqlParams();
    const filter = { sort: 'inputs.cognome', order: 'asc' } as const;
    const dm = await model('energia-casa');
    const where = whereClause(filter, { workspaceId: 'energia-casa', model: dm, enumConfig: (await workspace('energia-casa')).enumConfig, visibility: { all: true } }, p);
    const plan = await ctx.db.database.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id FROM contacts WHERE ${where} ORDER BY ${orderClause(filter, dm, p)} LIMIT 25 OFFSET 1000`, p.values);
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain(asc.name);
    expect(text).not.toMatch(/\bSort\b/);
  });

  it('a descending sort of a nullable fixed column reads its one index backwards (migration 022)', async () => {
    const names = (await ctx.db.database.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'contacts'::regclass AND c.relname LIKE 'contacts\\_list\\_%'`,
    )).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(['contacts_list_agent_asc', 'contacts_list_outcome_asc', 'contacts_list_state_change_asc']));
    expect(names.filter((name) => name.endsWith('_desc'))).toEqual([]);
    const query = jest.spyOn(ctx.db.database, 'query');
    try {
      await search({ sort: 'agentId', order: 'desc', page: 6, length: 25 });
      const walks = query.mock.calls.filter(([sql]) => /\bhit\b/.test(sql));
      // The contacts with an agent (168 fixtures) do not fill page 7: its rest comes from the null part.
      expect(walks).toHaveLength(2);
      for (const [sql, params] of walks) {
        const text = await ctx.db.database.transaction(async (tx) => {
          await tx.exec('SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off');
          return (await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).map((row) => row['QUERY PLAN']).join('\n');
        });
        expect(text).toContain('Index Scan Backward using contacts_list_agent_asc');
        expect(text).not.toMatch(/\bSort\b/);
      }
    } finally {
      query.mockRestore();
    }
  });

  it('a descending sort reads the ascending index backwards, with no sort of the workspace or of the walk', async () => {
    const [asc] = sortIndexesFor('energia-casa', await model('energia-casa')).filter((index) => index.sql(false).includes("'cognome') ASC"));
    const query = jest.spyOn(ctx.db.database, 'query');
    try {
      // Page 60 is among the surnames, page 125 among the contacts without one: the second statement reads those.
      for (const page of [60, 125]) await search({ sort: 'inputs.cognome', order: 'desc', page, length: 25 });
      const walks = query.mock.calls.filter(([sql]) => /\bhit\b/.test(sql));
      expect(walks).toHaveLength(3);
      for (const [sql, params] of walks) {
        // A few thousand contacts are read faster whole: with the other paths off, the plan shows whether the index gives
        // the order (no Sort).
        const text = await ctx.db.database.transaction(async (tx) => {
          await tx.exec('SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off');
          return (await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).map((row) => row['QUERY PLAN']).join('\n');
        });
        expect(text).toContain(`Index Scan Backward using ${asc.name}`);
        expect(text).not.toMatch(/\bSort\b/);
      }
    } finally {
      query.mockRestore();
    }
  });

  it('follow a publish: a column shown gets its index, hidden again loses it', async () => {
    const live = await liveConfig('minimo');
    const shown = structuredClone(live.dataModel);
    shown.model.telefono.isVisible = true;
    const first = await publish('minimo', { baseVersion: live.version, workspace: live.workspace, dataModel: shown });
    expect(first.statusCode).toBe(200);
    const telefono = sortIndexesFor('minimo', await model('minimo')).map((index) => index.name);
    expect(telefono).toHaveLength(1);
    expect(await sortIndexes()).toEqual(expect.arrayContaining(telefono));

    const hidden = structuredClone(shown);
    delete hidden.model.telefono.isVisible;
    const second = await publish('minimo', { baseVersion: first.json().data.version, workspace: live.workspace, dataModel: hidden });
    expect(second.statusCode).toBe(200);
    const after = await sortIndexes();
    for (const name of telefono) expect(after).not.toContain(name);
    // energia-casa's are untouched.
    expect(after).toEqual(expect.arrayContaining(sortIndexesFor('energia-casa', await model('energia-casa')).map((index) => index.name)));
  });
});

describe('descending sorts of data-model columns, read from the ascending index', () => {
  /** The plain query's page of 25 for a filter and sort. */
  const plain = async (filter: ContactFilter) => (await plainListPage(ctx.db.database, 'energia-casa', { ...filter, length: 25 })).ids;
  // inputs.cognome: 272 of the 3,240 contacts have none, the last pages. outputs.fornitoreAttuale: only some fixtures
  // have one, so the pages from the first few on are contacts without one, and a walk shorter than the workspace
  // (page 5: 3,000 contacts) ends among them. The state filter leaves out some contacts of both parts.
  const PAGES = [0, 1, 4, 5, 6, 7, 9, 60, 117, 118, 119, 125, 129, 130];
  // The nullable fixed columns too (one index each, migration 022): the synthetic contacts have no agent, outcome or
  // state change.
  it.each([
    ['inputs.cognome', {}], ['inputs.cognome', { states: ['NUOVO'] }],
    ['outputs.fornitoreAttuale', {}], ['outputs.fornitoreAttuale', { states: ['NUOVO'] }],
    ['agentId', {}], ['outcome', { states: ['NUOVO'] }], ['lastStateChangeAt', {}],
  ] as const)('sorted by %s descending, filter %j: every page is the plain query\'s', async (sort, extra) => {
    for (const page of PAGES) {
      const filter: ContactFilter = { ...extra, states: 'states' in extra ? [...extra.states] : undefined, sort, order: 'desc', page, length: 25 };
      const answer = await search(filter);
      expect({ page, ids: answer.data.map((c) => c.id) }).toEqual({ page, ids: await plain(filter) });
    }
  });
});

/** The plain query's page for a filter on created_at, sorted by id, index scans off. */
const plainByCreated = (direction: 'ASC' | 'DESC', offset: number) =>
  ctx.db.database.transaction(async (tx) => {
    await tx.exec('SET LOCAL enable_indexscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_indexonlyscan = off');
    const rows = await tx.query<{ id: string }>(
      `SELECT id FROM contacts WHERE workspace_id = 'energia-casa' AND NOT suspended AND created_at >= '2026-01-01T00:45:00Z' AND created_at <= '2026-01-02T00:00:00Z'
       ORDER BY id ${direction} LIMIT 25 OFFSET ${offset}`,
    );
    return rows.map((row) => row.id.trim());
  });

describe('the bounded walk of a sort index', () => {
  // The newest 301 synthetic contacts have the highest ids: sorted by id descending the walk meets them at once; sorted
  // ascending they lie beyond the first 1,000 of the workspace, so the page comes from the filter's matches, sorted.
  it.each([['desc', 0], ['desc', 5], ['asc', 0], ['asc', 11], ['asc', 12]] as const)('a filter correlated with the sort, id %s, page %i: the plain query\'s page', async (order, page) => {
    const answer = await search({ createdFrom: '2026-01-01T00:45:00Z', createdTo: '2026-01-02T00:00:00Z', sort: 'id', order, page, length: 25 });
    expect(answer.data.map((c) => c.id)).toEqual(await plainByCreated(order === 'asc' ? 'ASC' : 'DESC', page * 25));
    expect(answer.total).toBe(301); // g = 2700 … 3000
  });
});

describe('trigram indexes of the filterable text columns, for contains filters (pg_trgm)', () => {
  const containsPlan = async (term: string) => {
    const p = new SqlParams();
    const dm = await model('energia-casa');
    // The list's own WHERE, as the repository builds it.
    const where = whereClause({ dataModelFilters: { inputs: { cognome: { contains: term } } } }, { workspaceId: 'energia-casa', model: dm, enumConfig: (await workspace('energia-casa')).enumConfig, visibility: { all: true } }, p);
    return (await ctx.db.database.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id FROM contacts WHERE ${where}`, p.values)).map((row) => row['QUERY PLAN']).join('\n');
  };

  it('exist for each field the list\'s filter form searches by contains, and only those, and serve its condition', async () => {
    const wanted = containsIndexesFor('energia-casa', await model('energia-casa'), await workspace('energia-casa'), 'gin_trgm_ops').map((index) => index.name);
    // The filter form's contains fields, as the translator gives them: the indexes follow the same rule.
    const list = translateList(await model('energia-casa'), await workspace('energia-casa'), 'admin');
    if (!list.ok) throw new Error('energia-casa translates');
    const ui = list.value.filters.uiSchema as { dataModelFilters?: Record<string, Record<string, { 'ui:options'?: { match?: string } }>> };
    const byContains = Object.entries(ui.dataModelFilters ?? {}).flatMap(([section, fields]) => Object.entries(fields).filter(([, f]) => f['ui:options']?.match === 'contains').map(([name]) => `${section}.${name}`));
    const indexed = containsIndexedColumns(await model('energia-casa'), await workspace('energia-casa')).map((c) => `${c.section}.${c.name}`);
    expect(indexed.sort()).toEqual(byContains.sort());
    // Fields filtered by a list of values (fornitura's luce/gas, fornitoreAttuale's suppliers) cost no trigram index.
    expect(indexed).not.toContain('inputs.fornitura');
    expect(indexed).not.toContain('outputs.fornitoreAttuale');
    expect(wanted).toHaveLength(6);
    expect(await containsIndexes()).toEqual(expect.arrayContaining(wanted));
    const [cognome] = containsIndexesFor('energia-casa', await model('energia-casa'), await workspace('energia-casa'), 'gin_trgm_ops').filter((index) => index.sql(false).includes("'cognome'"));
    await ctx.db.database.exec('SET enable_seqscan = off');
    try {
      expect(await containsPlan('ross')).toContain(cognome.name);
    } finally {
      await ctx.db.database.exec('RESET enable_seqscan');
    }
  });

  it('follow the published configuration: a text field made filterable gets one, the same field given a list of values loses it', async () => {
    const live = await liveConfig('minimo');
    const filterable = structuredClone(live.dataModel);
    filterable.model.telefono.filterable = true;
    const first = await publish('minimo', { baseVersion: live.version, workspace: live.workspace, dataModel: filterable });
    expect(first.statusCode).toBe(200);
    const [telefono] = containsIndexesFor('minimo', await model('minimo'), await workspace('minimo'), 'gin_trgm_ops').map((index) => index.name);
    expect(telefono).toBeDefined();
    expect(await containsIndexes()).toContain(telefono);

    const listed = structuredClone(live.workspace);
    listed.enumConfig = { ...listed.enumConfig, inputs: { ...listed.enumConfig?.inputs, telefono: { values: [{ label: 'Centralino', value: '0212345678' }] } } };
    const second = await publish('minimo', { baseVersion: first.json().data.version, workspace: listed, dataModel: filterable });
    expect(second.statusCode).toBe(200);
    expect(containsIndexesFor('minimo', await model('minimo'), await workspace('minimo'), 'gin_trgm_ops')).toEqual([]);
    expect(await containsIndexes()).not.toContain(telefono);
  });

  it.each([['ross', 0], ['ross', 2], ['ÀLV', 0], ['ssi', 1], ['o', 0]] as const)(
    'contains %j, page %i: the plain query\'s rows, order and exact total, whether the index serves it or (under three characters) not',
    async (term, page) => {
      const filter: ContactFilter = { dataModelFilters: { inputs: { cognome: { contains: term } } }, sort: 'createdAt', order: 'desc', page, length: 25 };
      const answer = await search(filter);
      expect({ total: answer.total, ids: answer.data.map((c) => c.id) }).toEqual(await plainListPage(ctx.db.database, 'energia-casa', filter));
      if (term.length >= 3) expect(answer).not.toHaveProperty('totalCapped');
    },
  );
});

describe('data-model filters under the cap: counted, sorted and paged in one pass over their matches', () => {
  /** The plain query's page of 25 and exact count for a filter: what the list must answer. */
  const plain = (filter: ContactFilter) => plainListPage(ctx.db.database, 'energia-casa', { ...filter, length: 25 });
  const FILTERS: Record<string, ContactFilter> = {
    contains: { dataModelFilters: { inputs: { cognome: { contains: 'oss' } } } },
    equal: { dataModelFilters: { inputs: { cognome: 'Bianchi' } } },
    'equal, no match': { dataModelFilters: { inputs: { cognome: 'Nessuno' } } },
    'two values': { dataModelFilters: { inputs: { cognome: ['Zeta', 'Esposito'] } } },
  };
  const SHAPES = [['inputs.cognome', 'asc', 0], ['inputs.cognome', 'desc', 3], ['createdAt', 'desc', 0], ['priority', 'asc', 5], ['state', 'desc', 1], ['inputs.cognome', 'asc', 400]] as const;
  it.each(Object.keys(FILTERS))('%s: every sort and page answers the plain query\'s rows, order and exact total', async (name) => {
    for (const [sort, order, page] of SHAPES) {
      const filter: ContactFilter = { ...FILTERS[name], sort, order, page, length: 25 };
      const answer = await search(filter);
      const expected = await plain(filter);
      expect({ sort, order, page, total: answer.total, ids: answer.data.map((c) => c.id) }).toEqual({ sort, order, page, ...expected });
      expect(answer).not.toHaveProperty('totalCapped');
    }
    // The filters do match (all but the one made not to), and a page beyond the last is empty with the total still right.
    if (name !== 'equal, no match') expect((await plain(FILTERS[name])).total).toBeGreaterThan(100);
  });
});
