/**
 * Working a contact at the API (app.inject, session check and permission rules included), over the fixtures plus N
 * synthetic contacts of energia-casa:
 *   save-p95-pglite: N ms / save-p95-postgres: N ms     the agent's save (PUT /contact/{id}): state, notes, an input
 *                                                        and an output, validated against the show form     (target <= 50 ms)
 *   open-contact-p95-pglite: N ms                       GET contact + states + stateHistory, one after the other
 * Options: --db postgres|pglite|both (default both; PostgreSQL is skipped when unreachable), --count 20000, --runs 200.
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://127.0.0.1:5432/test); a schema of its own, dropped after.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchApp, ms, openBenchDatabase, option, percentile, root, seedContacts } from './support-contacts';

const runs = Number(option('runs', '200'));
const count = Number(option('count', '20000'));
const which = option('db', 'both');

interface FixtureContact { id: string; closed: boolean; processable: boolean; suspended: boolean; outputs: Record<string, unknown> }
const contacts: FixtureContact[] = JSON.parse(readFileSync(join(root, 'fixtures/workspaces/energia-casa/contacts.json'), 'utf8'));
const targets = contacts.filter((c) => !c.closed && c.processable && !c.suspended).slice(0, 10).map((c) => c.id);
const STATES = ['DA_RICHIAMARE', 'NON_RISPONDE', 'APPUNTAMENTO'];

async function measure(kind: 'postgres' | 'pglite'): Promise<void> {
  const bench = await openBenchDatabase(kind);
  try {
    const { seedMs } = await seedContacts(bench, count);
    console.log(`# ${bench.label}: ${count.toLocaleString('en')} synthetic contacts seeded in ${(seedMs / 1000).toFixed(1)} s`);
    const { app, cookie } = await benchApp(bench.database);
    const versions = new Map<string, number>();
    const inject = async (method: 'GET' | 'PUT', url: string, payload?: object) => {
      const response = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json() as { data: { version: number } };
    };
    const open = async (id: string) => {
      const started = performance.now();
      const { data } = await inject('GET', `/api/cntmng/contact/${id}`);
      await inject('GET', `/api/cntmng/contact/${id}/states`);
      await inject('GET', `/api/cntmng/contact/${id}/stateHistory`);
      versions.set(id, data.version);
      return performance.now() - started;
    };
    const save = async (i: number) => {
      const id = targets[i % targets.length];
      const started = performance.now();
      const { data } = await inject('PUT', `/api/cntmng/contact/${id}`, {
        version: versions.get(id) as number,
        state: STATES[i % STATES.length],
        notes: `Richiamata ${i}`,
        inputs: { nome: i % 2 ? 'Giulia' : 'Marta', consumoAnnuo: 1000 + i },
        outputs: { noteOperatore: `Nota ${i}`, risparmioStimato: i },
      });
      versions.set(id, data.version);
      return performance.now() - started;
    };
    try {
      for (const id of targets) await open(id);
      for (let i = 0; i < 20; i++) await save(i);
      const saves: number[] = [];
      for (let i = 0; i < runs; i++) saves.push(await save(i));
      const opens: number[] = [];
      for (let i = 0; i < runs; i++) opens.push(await open(targets[i % targets.length]));
      saves.sort((a, b) => a - b);
      opens.sort((a, b) => a - b);
      console.log(`# save: p50 ${ms(percentile(saves, 50))} ms, max ${ms(saves[saves.length - 1])} ms; open: p50 ${ms(percentile(opens, 50))} ms`);
      console.log(`save-p95-${kind}: ${ms(percentile(saves, 95))} ms`);
      console.log(`open-contact-p95-${kind}: ${ms(percentile(opens, 95))} ms`);
    } finally {
      await app.close();
    }
  } finally {
    await bench.drop();
  }
}

async function main(): Promise<void> {
  if (which === 'pglite' || which === 'both') await measure('pglite');
  if (which === 'postgres' || which === 'both') {
    try {
      await measure('postgres');
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (which === 'both' && (code === 'ECONNREFUSED' || code === 'ENOTFOUND')) console.log('# PostgreSQL unreachable: save-p95-postgres skipped');
      else throw error;
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
