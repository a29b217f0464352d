/**
 * A flow's import of a large file (issue 16 targets): a 100,000-row CSV for the lead-energia flow (the sample file's
 * valid rows with new references, every 50th row breaking the phone's regex), dropped in the flow's inbound folder and
 * imported by the app's flow service (streamed parse, the create schema, batches in transactions: 2,000 rows on PostgreSQL, 1,000 on PGlite):
 *   flows-import-rate-pglite: N rows/s             (target >= 10,000 rows/s)
 *   flows-import-memory-growth-pglite: N MB        (target <= 50 MB: peak RSS over the start, PGlite in this process)
 *   flows-import-rate-postgres: N rows/s           (target >= 20,000 rows/s)
 *   flows-import-memory-growth-postgres: N MB
 *   flows-import-cpu-<db>: N ms                     (this process's CPU time for the import: with PGlite, the database's
 *                                                   too; steadier than the rate on a loaded machine)
 *   flows-import-db-cpu-postgres: N ms              (the CPU time of this run's PostgreSQL backends during the import,
 *                                                   read from /proc: only when the server runs on this machine)
 * Options: --rows 100000, --db pglite|postgres|both (default both), --batch N (rows per transaction; default the app's),
 * --writers N (batches written at once; default the app's: 2 on PostgreSQL, 1 on PGlite).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '@server/app';
import { seedDemo } from '@server/db/seed';
import { flowFolder } from '@server/services/flows/flow-files';
import { openBenchDatabase, option, postgresBackendCpu, root } from './support-contacts';

const rows = Number(option('rows', '100000'));
const which = option('db', 'both');
const batch = option('batch', '');
const writers = option('writers', '');
const FLOW = 'lead-energia';

function bigFile(path: string, count: number) {
  const samples = join(root, 'fixtures/flows/lead-energia');
  const [header, ...first] = readFileSync(join(samples, 'lead-energia-2026-11.csv'), 'utf8').trim().split(/\r?\n/);
  const corrected = readFileSync(join(samples, 'lead-energia-2026-11-corretto.csv'), 'utf8').trim().split(/\r?\n/).slice(1);
  // the rows of the sample that load (its rejected references corrected), unique by reference
  const rejected = new Set(corrected.map((l) => l.split(';')[0]));
  const good = [...first.filter((l) => !rejected.has(l.split(';')[0])), ...corrected].filter((l, i, all) => all.findIndex((m) => m.split(';')[0] === l.split(';')[0]) === i);
  const out: string[] = [header];
  for (let i = 1; i <= count; i++) {
    const cells = good[i % good.length].split(';');
    cells[0] = `BENCH-${String(i).padStart(7, '0')}`;
    if (i % 50 === 0) cells[3] = '12345';
    out.push(cells.join(';'));
  }
  writeFileSync(path, `${out.join('\r\n')}\r\n`);
}

// This run's PostgreSQL sessions carry its name (node-postgres reads PGAPPNAME), so their backends can be told apart.
const APPLICATION = `flows-import-${process.pid}`;
process.env.PGAPPNAME = APPLICATION;

async function run(kind: 'pglite' | 'postgres') {
  const bench = await openBenchDatabase(kind, { onDisk: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'cm-bench-flows-'));
  try {
    await seedDemo(bench.database, { fixturesDir: join(root, 'fixtures'), clock: Date.now });
    const app = await build({ database: bench.database, jwtSecret: 'bench-secret-of-sufficient-length-0123456789', flows: { root: dataDir, watch: false, settle: false, ...(batch ? { batchSize: Number(batch) } : {}), ...(writers ? { writers: Number(writers) } : {}) } });
    await app.ready();
    try {
      const inbound = flowFolder(dataDir, FLOW, 'inbound');
      mkdirSync(inbound, { recursive: true });
      const staging = join(dataDir, 'bench.csv');
      bigFile(staging, rows);
      const bytes = readFileSync(staging).length;
      writeFileSync(join(inbound, `bench-${rows}.csv`), readFileSync(staging));
      rmSync(staging);
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const backends = kind === 'postgres' ? postgresBackendCpu(bench.database, APPLICATION) : null;
      await backends?.begin();
      const [queued] = await app.flows.scan({ settled: false });
      if (!queued) throw new Error('the file was not taken from the inbound folder');
      await app.flows.whenIdle();
      const seconds = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const dbCpu = await backends?.end();
      clearInterval(timer);
      const [imp] = await bench.database.query<{ status: string; rows_read: number; loaded: number; rejected: number; skipped: number; error: string | null }>(
        'SELECT * FROM flow_imports WHERE id = $1', [queued.id]);
      console.log(`# ${bench.label}: ${(bytes / 1e6).toFixed(1)} MB, ${JSON.stringify(imp && { status: imp.status, read: imp.rows_read, loaded: imp.loaded, rejected: imp.rejected, skipped: imp.skipped, error: imp.error })} in ${seconds.toFixed(1)} s`);
      console.log(`flows-import-rate-${kind}: ${Math.round(rows / seconds)} rows/s`);
      console.log(`flows-import-memory-growth-${kind}: ${((peak - before) / 1048576).toFixed(1)} MB`);
      console.log(`flows-import-cpu-${kind}: ${Math.round((cpu.user + cpu.system) / 1000)} ms`);
      if (dbCpu != null) console.log(`flows-import-db-cpu-${kind}: ${dbCpu} ms`);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await bench.drop();
  }
}

if (which === 'pglite' || which === 'both') await run('pglite');
if (which === 'postgres' || which === 'both') await run('postgres');
