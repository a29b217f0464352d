/**
 * What an admin waits for before publishing a data-model change (issue 13, target validate + impact ≤ 2 s on 100,000
 * contacts, PostgreSQL), at the API (app.inject, session and permission included), over the fixtures plus N synthetic
 * contacts of energia-casa. The change makes `codiceFiscale` required, which no synthetic contact has: the worst case,
 * every contact fails the draft and is checked against the live schemas too.
 *   workspace-validate-<db>: N ms          POST …/validate of the draft
 *   workspace-impact-<db>: N ms            POST …/impact of the draft (cursor over every contact of the workspace)
 *   workspace-validate-impact-<db>: N ms   both, one after the other (the target), median of --runs
 * Options: --db postgres|pglite|both (default postgres), --count 100000, --runs 3.
 */
import { BENCH_WORKSPACE, benchApp, ms, openBenchDatabase, option, seedContacts } from './support-contacts';

const runs = Number(option('runs', '3'));
const count = Number(option('count', '100000'));
const which = option('db', 'postgres');
const BASE = `/api/cntmng/workspaceconfig/workspaces/${BENCH_WORKSPACE}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(kind: 'postgres' | 'pglite'): Promise<void> {
  const bench = await openBenchDatabase(kind);
  try {
    const { seedMs } = await seedContacts(bench, count);
    console.log(`# ${bench.label}: ${count.toLocaleString('en')} synthetic contacts seeded in ${(seedMs / 1000).toFixed(1)} s`);
    const { app, cookie } = await benchApp(bench.database);
    try {
      const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
        const response = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
        if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        return response.json().data;
      };
      const live = await call('GET', BASE);
      const dataModel = structuredClone(live.dataModel);
      dataModel.model.codiceFiscale.required = true;
      const draft = { workspace: live.workspace, dataModel };
      const validations: number[] = [];
      const impacts: number[] = [];
      const totals: number[] = [];
      let last: { checked: number; failing: number } = { checked: 0, failing: 0 };
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        const validation = await call('POST', `${BASE}/validate`, draft);
        if (!validation.valid) throw new Error(`the draft does not validate: ${JSON.stringify(validation.problems).slice(0, 300)}`);
        const validated = performance.now();
        last = await call('POST', `${BASE}/impact`, draft);
        const done = performance.now();
        validations.push(validated - started);
        impacts.push(done - validated);
        totals.push(done - started);
      }
      console.log(`# impact: ${last.checked.toLocaleString('en')} contacts checked, ${last.failing.toLocaleString('en')} would fail`);
      console.log(`workspace-validate-${kind}: ${ms(median(validations))} ms`);
      console.log(`workspace-impact-${kind}: ${ms(median(impacts))} ms`);
      console.log(`workspace-validate-impact-${kind}: ${ms(median(totals))} ms`);
    } finally {
      await app.close();
    }
  } finally {
    await bench.drop();
  }
}

for (const kind of which === 'both' ? (['postgres', 'pglite'] as const) : [which as 'postgres' | 'pglite']) await measure(kind);
