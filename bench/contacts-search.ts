/**
 * The contact-list search at the API (app.inject, session check included): two data-model filters and a sort on a
 * data-model field, over N synthetic contacts in one workspace. Prints p50/p95 over RUNS calls after a warm-up:
 *   search-p95-postgres-1m: N ms     (target <= 50 ms)
 *   search-p95-pglite-100k: N ms     (target <= 150 ms)
 * Options: --db postgres|pglite|both (default both), --pg-count 1000000, --pglite-count 100000, --runs 200.
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://127.0.0.1:5432/test); a schema of its own, dropped after.
 */
import { BENCH_WORKSPACE, benchApp, ms, openBenchDatabase, option, percentile, seedContacts } from './support-contacts';

const runs = Number(option('runs', '200'));
const which = option('db', 'both');

/** The measured call: two data-model filters (GIN containment) and a sort on a data-model field. */
const FILTER = {
  page: 0,
  length: 25,
  order: 'asc',
  sort: 'inputs.cognome',
  dataModelFilters: { inputs: { fornitura: 'gas', siglaProvincia: 'MI' } },
};
/** Other shapes, for context (not targets). */
const EXTRA: Record<string, object> = {
  'range+sort': { length: 25, sort: 'inputs.consumoAnnuo', order: 'desc', dataModelFilters: { inputs: { siglaProvincia: 'TO', consumoAnnuo: { from: 1000, to: 2000 } } } },
  'state+page5': { page: 5, length: 25, states: ['NUOVO'], dataModelFilters: { inputs: { fornitura: 'dual', privacy: true } } },
};

const label = (count: number) => (count >= 1_000_000 ? `${count / 1_000_000}m` : `${count / 1000}k`);

async function measure(kind: 'postgres' | 'pglite', count: number): Promise<void> {
  const bench = await openBenchDatabase(kind);
  try {
    const { seedMs, indexMs } = await seedContacts(bench, count);
    console.log(`# ${bench.label}: seeded ${count.toLocaleString('en')} contacts in ${(seedMs / 1000).toFixed(1)} s, indexes in ${(indexMs / 1000).toFixed(1)} s`);
    const { app, cookie } = await benchApp(bench.database);
    const call = async (filter: object) => {
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: `/api/cntmng/contact/search/${BENCH_WORKSPACE}`, payload: filter, headers: { cookie } });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`search: ${response.statusCode} ${response.body}`);
      return { elapsed, total: (response.json() as { total: number }).total };
    };
    try {
      let total = 0;
      for (let i = 0; i < 20; i++) total = (await call(FILTER)).total;
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push((await call(FILTER)).elapsed);
      times.sort((a, b) => a - b);
      console.log(`# matching contacts: ${total.toLocaleString('en')}; p50 ${ms(percentile(times, 50))} ms, max ${ms(times[times.length - 1])} ms`);
      console.log(`search-p95-${kind}-${label(count)}: ${ms(percentile(times, 95))} ms`);
      for (const [name, filter] of Object.entries(EXTRA)) {
        for (let i = 0; i < 5; i++) await call(filter);
        const extra: number[] = [];
        for (let i = 0; i < Math.max(20, runs / 4); i++) extra.push((await call(filter)).elapsed);
        extra.sort((a, b) => a - b);
        console.log(`# ${name}: p50 ${ms(percentile(extra, 50))} ms, p95 ${ms(percentile(extra, 95))} ms`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await bench.drop();
  }
}

if (which === 'postgres' || which === 'both') await measure('postgres', Number(option('pg-count', '1000000')));
if (which === 'pglite' || which === 'both') await measure('pglite', Number(option('pglite-count', '100000')));
