/**
 * The contact-list search at the API (app.inject, session check included) over N synthetic contacts in one workspace.
 *
 * Every list query shape: each filter (none, state, availability flags, assigned agent, dates, data-model filters, enum
 * filters, the custom filter) sorted by every sortable column (the list's fixed columns and the workspace's data-model
 * columns the list shows, e.g. inputs.cognome), on pages 1 and 50 (page 1 descending, page 50 ascending; `--orders both`
 * measures both directions on both pages). One line per shape:
 *   search-p95-postgres-1m-<filter>-<sort>-<order>-p<page>: N ms     (target <= 50 ms)
 *   search-p95-pglite-100k-<filter>-<sort>-<order>-p<page>: N ms     (target <= 30 ms)
 * and the worst of them: search-p95-<db>-<count>-worst: N ms (<shape>).
 * Why it is fast is printed as `#` lines per filter: the exact count(*) against the capped count (LIMIT 10001) the API
 * runs, or for a filter on fixed columns alone (states, agents, the flags, priority) the exact count the API reads from
 * the kept counts of contacts (contact_kpi_counts), which also start the page's walk at the sorted value its first row
 * has (state, availability, agent, priority sorts; searchCounted in contact-repository.ts) (for a data-model range, which no index serves, the count over a sample of 10,000 contacts that
 * gives a lower bound, "N+", and the rate of matches that bounds the walk of the sort's index; a contains of three
 * characters or more on a filterable text column is found through the workspace's trigram index, contacts_contains_<hash>,
 * and counted exactly), and the plan's access path of each sort's page-50 query (which index serves the order; a data-model column's
 * sort is served by the workspace's partial expression index contacts_sort_<hash>_asc, read backwards for a descending sort, list-sort-indexes.ts).
 * A data-model, enum or custom filter over the cap is gathered once (ids and sort keys, to learn that it is over); the
 * repository remembers it, and the next shapes of it count capped and walk the sort's index. A filter that sets the
 * sorted column to one value (fornitura = gas sorted by inputs.fornitura) starts the walk at that value (sortKeyStart).
 * The two-filter search of earlier runs keeps its line: search-p95-postgres-1m: N ms.
 * Options: --db postgres|pglite|both (default both), --pg-count 1000000, --pglite-count 100000, --runs 200 (the two-filter
 * search), --shape-runs 20 (each shape), --only <filter substring>, --sorts <sort substring>, --orders both, --keep-schema <name> (PostgreSQL: keep
 * the seeded schema and reuse it on the next run, skipping the minutes of seeding), --seed independent|modular (the synthetic
 * contacts' values: each field drawn on its own, the default, or the modular seed of earlier runs, whose fields are
 * functions of each other; support-contacts.ts), --pg-server shared|sized (the machine's server, the default, or one of
 * the bench's own with --shared-buffers 4GB, sized for the data; support-postgres-server.ts).
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://127.0.0.1:5432/test); a schema of its own, dropped after.
 */
import type { ContactFilter } from '@domain/api/contacts';
import { SqlParams, countsKeepFilter, hasScannedConditions, whereClause } from '@server/repositories/contact-query';
import { BENCH_WORKSPACE, benchApp, benchSignIn, ms, openBenchDatabase, option, percentile, seedContacts } from './support-contacts';
import type { Database } from '@server/db/database';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import type { JsonLogicRule } from '@domain/permissions';
import { orderClause, sortableModelColumns } from '@server/repositories/contact-query';
import { startSizedPostgres } from './support-postgres-server';
import { containsIndexesFor, containsServedByIndex, sortIndexesFor, trigramsAvailable } from '@server/repositories/list-sort-indexes';

/** The bench workspace's data model and custom filter rule, as the route reads them. */
async function workspaceSetup(database: Database): Promise<{ model: DataModel; enumConfig: Workspace['enumConfig']; rule?: JsonLogicRule }> {
  const [row] = await database.query<{ model: DataModel; workspace: Workspace & { customFilterConfig?: { rule?: JsonLogicRule } } }>(
    'SELECT d.document AS model, w.document AS workspace FROM workspaces w JOIN data_models d ON d.id = w.data_model_id WHERE w.id = $1',
    [BENCH_WORKSPACE],
  );
  return { model: row.model, enumConfig: row.workspace.enumConfig, rule: row.workspace.customFilterConfig?.rule };
}

const runs = Number(option('runs', '200'));
const shapeRuns = Number(option('shape-runs', '20'));
const which = option('db', 'both');
const only = option('only', '');
const onlySorts = option('sorts', '');
const bothOrders = option('orders', 'alternate') === 'both';
const pgServer = option('pg-server', 'shared');

/** The two-filter search of earlier runs: two data-model filters (GIN containment) and a sort on a data-model field. */
const FILTER = {
  page: 0,
  length: 25,
  order: 'asc',
  sort: 'inputs.cognome',
  dataModelFilters: { inputs: { fornitura: 'gas', siglaProvincia: 'MI' } },
};

/** The list's sortable fixed columns (translate-list's fixed columns, createdAt the default); the data-model ones follow the workspace. */
const FIXED_SORTS = ['createdAt', 'id', 'availability', 'state', 'lastStateChangeAt', 'outcome', 'priority', 'agentId'];

/** Filters as the list sends them; `now` is the seed's clock (contact g was created g * 17 s before it). */
const filters = (now: Date): Record<string, ContactFilter> => {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  return {
    none: {},
    state: { states: ['NUOVO'] },
    'states-2': { states: ['DA_RICHIAMARE', 'APPUNTAMENTO'] },
    'availability-closed': { closed: true },
    'availability-open': { closed: false, notProcessable: false },
    'availability-suspended': { onlySuspended: true, includeSuspended: true },
    agent: { assignedAgents: ['u-agent'] },
    'dates-30d': { createdFrom: daysAgo(30), createdTo: now.toISOString() },
    'dates-1d': { createdFrom: daysAgo(1) },
    'dm-equal': { dataModelFilters: { inputs: { fornitura: 'gas' } } },
    'dm-two': { dataModelFilters: { inputs: { fornitura: 'gas', siglaProvincia: 'MI' } } },
    'dm-range': { dataModelFilters: { inputs: { consumoAnnuo: { from: 1000, to: 2000 } } } },
    'dm-contains': { dataModelFilters: { inputs: { cognome: { contains: 'ross' } } } },
    'dm-outputs': { dataModelFilters: { outputs: { fornitoreAttuale: 'edison' } } },
    enum: { enumFilters: { inputs: { tipoOfferta: ['gas-fisso', 'dual-flex'] } } },
    'enum-one': { enumFilters: { inputs: { siglaProvincia: ['TO'] } } },
    custom: { customFilter: true },
  };
};

const label = (count: number) => (count >= 1_000_000 ? `${count / 1_000_000}m` : `${count / 1000}k`);

/** The scan nodes of a plan, shortly: `Index Scan Backward contacts_workspace_priority`, `Bitmap contacts_inputs + Sort`. */
async function accessPath(database: Database, sql: string, params: unknown[]): Promise<string> {
  const rows = await database.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params as never);
  const raw = rows[0]['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  const parts: string[] = [];
  const walk = (node: PlanNode) => {
    const type = node['Node Type'];
    if (type === 'Sort' || type === 'Incremental Sort') parts.push(type === 'Sort' ? 'sort' : 'incremental sort');
    if (type.includes('Scan') && type !== 'Bitmap Heap Scan') parts.push(`${type.replace(' Scan', '').replace('Index Only', 'index-only').replace('Bitmap Index', 'bitmap').replace('Index', 'index').replace('Seq', 'seq')}${node['Scan Direction'] === 'Backward' ? ' backward' : ''}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan[0].Plan);
  return parts.join(' + ');
}
interface PlanNode { 'Node Type': string; 'Index Name'?: string; 'Scan Direction'?: string; Plans?: PlanNode[] }

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function measure(kind: 'postgres' | 'pglite', count: number): Promise<void> {
  // `--pg-server sized`: a server of the bench's own whose shared buffers hold the contacts (support-postgres-server.ts).
  const sized = kind === 'postgres' && pgServer === 'sized' ? await startSizedPostgres(option('shared-buffers', '4GB')) : null;
  if (sized) console.log(`# postgres: a server of the bench's own, sized for the data (${sized.settings.join(', ')})`);
  try {
    await measureOn(kind, count, sized?.url);
  } finally {
    sized?.stop();
  }
}

async function measureOn(kind: 'postgres' | 'pglite', count: number, url?: string): Promise<void> {
  const bench = await openBenchDatabase(kind, url ? { url } : {});
  try {
    const { seedMs, indexMs } = await seedContacts(bench, count);
    // The seed's clock (a reused schema was seeded earlier): contact g was created g * 17 s before it.
    const [{ newest, newestId }] = await bench.database.query<{ newest: Date | string; newestId: string }>(
      `SELECT created_at AS newest, id AS "newestId" FROM contacts WHERE id LIKE 'b%' ORDER BY created_at DESC LIMIT 1`,
    );
    const now = new Date(new Date(newest).getTime() + 17_000);
    if (kind === 'postgres') {
      const [{ buffers, table }] = await bench.database.query<{ buffers: string; table: string }>(
        "SELECT current_setting('shared_buffers') AS buffers, pg_size_pretty(pg_table_size('contacts')) AS \"table\"",
      );
      console.log(`# postgres: shared_buffers ${buffers}, contacts table ${table} (what does not fit in the shared buffers is read from the system's cache page by page)`);
    }
    if (bench.reused) console.log(`# ${bench.label}: seeded contacts reused`);
    else console.log(`# ${bench.label}: seeded ${count.toLocaleString('en')} contacts in ${(seedMs / 1000).toFixed(1)} s, indexes in ${(indexMs / 1000).toFixed(1)} s`);
    const opened = await benchApp(bench.database);
    const { app } = opened;
    let { cookie } = opened;
    const call = async (filter: object): Promise<{ elapsed: number; total: number; capped: boolean }> => {
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: `/api/cntmng/contact/search/${BENCH_WORKSPACE}`, payload: filter, headers: { cookie } });
      const elapsed = performance.now() - started;
      // A full run on a loaded machine outlasts the session: sign in again and measure the call anew.
      if (response.statusCode === 401) { cookie = await benchSignIn(app); return call(filter); }
      if (response.statusCode !== 200) throw new Error(`search: ${response.statusCode} ${response.body}`);
      const body = response.json() as { total: number; totalCapped?: boolean };
      return { elapsed, total: body.total, capped: body.totalCapped === true };
    };
    const p95 = async (filter: object, n: number) => {
      for (let i = 0; i < 2; i++) await call(filter);
      const times: number[] = [];
      for (let i = 0; i < n; i++) times.push((await call(filter)).elapsed);
      return times.sort((a, b) => a - b);
    };
    try {
      if (!only) {
        let total = 0;
        for (let i = 0; i < 20; i++) total = (await call(FILTER)).total;
        const times = await p95(FILTER, runs);
        console.log(`# two-filter search, matching contacts: ${total.toLocaleString('en')}; p50 ${ms(percentile(times, 50))} ms, max ${ms(times[times.length - 1])} ms`);
        console.log(`search-p95-${kind}-${label(count)}: ${ms(percentile(times, 95))} ms`);
      }

      // The API's floor: a one-contact search (session, access rules, validation, JSON) costs this much of every figure.
      const floor = await p95({ contactIds: [newestId] }, Math.max(20, shapeRuns));
      console.log(`# api floor (a one-contact search): p50 ${ms(percentile(floor, 50))} ms, p95 ${ms(percentile(floor, 95))} ms`);
      const { model, enumConfig, rule } = await workspaceSetup(bench.database);
      const sorts = [...FIXED_SORTS, ...sortableModelColumns(model).map((c) => `${c.section}.${c.name}`)].filter((sort) => sort.includes(onlySorts));
      const sortIndexes = sortIndexesFor(BENCH_WORKSPACE, model);
      const trigrams = await trigramsAvailable(bench.database);
      console.log(trigrams
        ? `# contains filters: ${containsIndexesFor(BENCH_WORKSPACE, model, { enumConfig }, 'gin_trgm_ops').length} partial trigram indexes (pg_trgm) for ${BENCH_WORKSPACE}, one per text column the list filters by contains, e.g. ((inputs ->> 'cognome') gin_trgm_ops) WHERE workspace_id = '${BENCH_WORKSPACE}': a contains of three characters or more finds its matches through it and is counted exactly`
        : '# contains filters: pg_trgm is not installed here, so a contains reads the workspace and its total is a lower bound');
      console.log(`# data-model sorts: ${sortIndexes.length} partial expression indexes for ${BENCH_WORKSPACE} (one per shown column, e.g. ((inputs -> 'cognome') ASC NULLS LAST, id ASC) WHERE workspace_id = '${BENCH_WORKSPACE}', read backwards for a descending sort), built when the workspace is published; a page reads its 25 rows from the index, in the plain query's order`);
      const context = (filter: ContactFilter) => ({ workspaceId: BENCH_WORKSPACE, model, enumConfig, visibility: { all: true as const }, customRule: filter.customFilter ? rule : undefined });
      let worst = { value: 0, shape: '' };
      const prefix = `search-p95-${kind}-${label(count)}`;
      for (const [name, filter] of Object.entries(filters(now))) {
        if (only && !name.includes(only)) continue;
        // Why: what the exact count would cost against the capped count the API runs.
        const p = new SqlParams();
        const where = whereClause(filter, context(filter), p);
        let exact = 0;
        const exactMs = await timed(async () => { exact = (await bench.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM contacts WHERE ${where}`, p.values))[0].n; });
        const first = await call({ ...filter, page: 0, length: 25 });
        const cappedMs = await timed(() => bench.database.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM contacts WHERE ${where} LIMIT 10001) c`, p.values));
        // A range or a contains (no index finds its matches) is counted over a sample: the workspace's first 10,000 contacts by id.
        const sampleMs = hasScannedConditions(filter, (section, name, term) => trigrams && containsServedByIndex(model, { enumConfig }, section, name, term))
          ? await timed(() => bench.database.query(`SELECT count(*) FILTER (WHERE hit) FROM (SELECT (${where}) AS hit FROM contacts WHERE workspace_id = $1 ORDER BY id LIMIT 10000) s`, p.values))
          : undefined;
        // A filter on the kept counts' columns alone is counted there, exactly (contact_kpi_counts, migration 027).
        const keptMs = countsKeepFilter(filter, context(filter))
          ? await timed(() => bench.database.query(`SELECT sum(n) FROM contact_kpi_counts WHERE ${where}`, p.values))
          : undefined;
        console.log(`# ${name}: ${exact.toLocaleString('en')} match; exact count(*) ${ms(exactMs)} ms, capped count (LIMIT 10001) ${ms(cappedMs)} ms${sampleMs === undefined ? '' : `, sample count (range/contains: the first 10,000 contacts by id) ${ms(sampleMs)} ms`}${keptMs === undefined ? '' : `, kept count (contact_kpi_counts, exact: the API's) ${ms(keptMs)} ms`}; the API answers total ${first.total.toLocaleString('en')}${first.capped ? ` (a lower bound, shown "${first.total.toLocaleString('it')}+")` : ''}`);
        const plans: string[] = [];
        for (const sort of sorts) {
          const combos: Array<{ order: 'asc' | 'desc'; page: number }> = bothOrders
            ? [{ order: 'desc', page: 0 }, { order: 'asc', page: 0 }, { order: 'desc', page: 49 }, { order: 'asc', page: 49 }]
            : [{ order: 'desc', page: 0 }, { order: 'asc', page: 49 }];
          for (const { order, page } of combos) {
            const times = await p95({ ...filter, sort, order, page, length: 25 }, shapeRuns);
            const value = percentile(times, 95);
            const shape = `${name}-${sort}-${order}-p${page + 1}`;
            console.log(`${prefix}-${shape}: ${ms(value)} ms`);
            if (value > worst.value) worst = { value, shape };
          }
          const q = new SqlParams();
          const w = whereClause(filter, context(filter), q);
          const o = orderClause({ ...filter, sort, order: 'asc' }, model, q);
          plans.push(`${sort}: ${await accessPath(bench.database, `SELECT id FROM contacts WHERE ${w} ORDER BY ${o} LIMIT 25 OFFSET 1225`, q.values)}`);
        }
        console.log(`#   plans (page 50, asc): ${plans.join('; ')}`);
      }
      console.log(`${prefix}-worst: ${ms(worst.value)} ms (${worst.shape})`);
    } finally {
      await app.close();
    }
  } finally {
    await bench.drop();
  }
}

if (which === 'postgres' || which === 'both') await measure('postgres', Number(option('pg-count', '1000000')));
if (which === 'pglite' || which === 'both') await measure('pglite', Number(option('pglite-count', '100000')));
