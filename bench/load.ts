/**
 * Load test: N simulated agents for D seconds against the real server over HTTP on 127.0.0.1 (loopback only).
 * Each agent signs in once (and binds its session to the workspace), then loops with no think time:
 *   take next -> open -> save with a changed field (notes) -> release (with --close: 1 in 5 closed instead),
 * with a presence heartbeat every 60 s. A few supervisors (admin, team leader) poll the KPI strip every 2 s and export
 * the CSV every 30 s. The agents are users made for the run in a fresh database (copies of the demo agent: same role,
 * teams, sites and groups), working `energia-casa`, seeded with --contacts synthetic contacts.
 * Prints requests/s, errors, p50/p95/p99 per call, and at the end checks in the database that no acknowledged save
 * was lost (each contact holds the value of its last acknowledged save) and that no contact had two owners:
 *   load-requests-per-s: N req/s
 *   load-errors: N
 *   load-p95-<call>: N ms (and p50, p99)
 *   load-lost-saves: 0
 *   load-double-owners: 0
 *   load-cpu-per-request: N ms          (the server's process, PGlite's thread included; see --clients-in-process)
 *   load-client-cpu-per-request: N ms   (the simulated people's own process)
 *   load-db-cpu-per-request: N ms       (PostgreSQL's backends for this run, when the server runs on this machine)
 * The simulated people run in a process of their own (bench/support-load-agents.ts), as a load tool runs beside the
 * server it measures; --clients-in-process runs them in the server's process instead (their HTTP work then waits in
 * the server's event loop and counts in its processor time: the way this bench ran before).
 * Options: --agents 200 (max 1000), --close, --seconds 300 (max 1800), --supervisors 2, --contacts 20000,
 * --postgres (or DATABASE_URL / BENCH_DATABASE_URL set: PostgreSQL, a schema of its own, dropped after; else PGlite),
 * --think-ms N: each agent pauses a random 0.5–1.5 × N ms before each of its calls (a human-like pace instead of the
 * closed loop); the figures are then printed as load-paced-… (load-paced-requests-per-s, load-paced-p95-<call>, …).
 * In the closed loop (the default) latency ≈ agents / throughput (Little's law): it measures capacity, not the
 * latency a person at that pace would see.
 */
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { build } from '@server/app';
import { BENCH_WORKSPACE, ms, openBenchDatabase, option, percentile, postgresBackendCpu, seedContacts } from './support-contacts';
import { runLoad, type LoadPlan, type LoadResult } from './support-load-agents';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Number.isFinite(value) ? value : min));
const agents = clamp(Number(option('agents', '200')), 1, 1000);
const seconds = clamp(Number(option('seconds', '300')), 5, 1800);
const supervisors = clamp(Number(option('supervisors', '2')), 0, 2);
const contacts = clamp(Number(option('contacts', '20000')), 1000, 1_000_000);
const closeEvery = process.argv.includes('--close') ? 5 : 0;
const thinkMs = clamp(Number(option('think-ms', '0')), 0, 600_000);
/** The figures' prefix: closed-loop runs keep the names they always had; paced runs print their own. */
const prefix = thinkMs > 0 ? 'load-paced' : 'load';
const inProcess = process.argv.includes('--clients-in-process');
const usePostgres = process.argv.includes('--postgres') || Boolean(process.env.DATABASE_URL);
if (process.env.DATABASE_URL && !process.env.BENCH_DATABASE_URL) process.env.BENCH_DATABASE_URL = process.env.DATABASE_URL;
const PASSWORD = 'Demo2026!';
// This run's PostgreSQL sessions carry its name (node-postgres reads PGAPPNAME), so their backends can be told apart.
const APPLICATION = `load-${process.pid}`;
process.env.PGAPPNAME = APPLICATION;

/** The simulated people in their own process (bench/support-load-agents.ts), as a load tool runs beside a server. */
function inChildProcess(plan: LoadPlan, loopStarts: () => void): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./support-load-agents.ts', import.meta.url), { stdio: 'inherit' });
    child.on('message', (message: { loopStarts?: true; result?: LoadResult; error?: string }) => {
      if (message.loopStarts) loopStarts();
      else if (message.result) resolve(message.result);
      else reject(new Error(message.error));
    });
    child.once('exit', (code) => reject(new Error(`the simulated people's process ended (${code}) without a result`)));
    child.send(plan);
  });
}

const bench = await openBenchDatabase(usePostgres ? 'postgres' : 'pglite');
const { database } = bench;
try {
  const seeded = await seedContacts(bench, contacts);
  // The agents: copies of the demo agent (hash, role, outsourcer, teams, sites, groups), signed-in-able with its password.
  await database.query(
    `INSERT INTO users (id, username, password_hash, role, status, last_password_change, outsourcer_id, is_sysadmin)
     SELECT 'u-load-' || g, 'load' || g, password_hash, role, '', now(), outsourcer_id, false
     FROM users, generate_series(1, $1::int) AS g WHERE id = 'u-agent'`,
    [agents],
  );
  for (const [table, column] of [['user_teams', 'team_id'], ['user_sites', 'site_id'], ['user_groups', 'group_id']]) {
    await database.query(`INSERT INTO ${table} (user_id, ${column}) SELECT 'u-load-' || g, ${column} FROM ${table}, generate_series(1, $1::int) AS g WHERE user_id = 'u-agent'`, [agents]);
  }
  await database.exec('ANALYZE');
  console.log(`# ${bench.label}: ${contacts.toLocaleString('en')} contacts seeded in ${((seeded.seedMs + seeded.indexMs) / 1000).toFixed(1)} s; ${agents} agents, ${supervisors} supervisors, ${seconds} s, ${thinkMs > 0 ? `think time 0.5–1.5 × ${thinkMs} ms before each call` : 'closed loop (no think time)'}`);

  // --profile: where the database time goes, by statement (first 100 characters), printed at the end.
  const queryTimes = new Map<string, { n: number; ms: number }>();
  if (process.argv.includes('--profile')) {
    const inner = database.query.bind(database);
    database.query = (async (sql: string, params?: never) => {
      const begun = performance.now();
      try {
        return await inner(sql, params);
      } finally {
        const key = sql.replace(/\s+/g, ' ').trim().slice(0, 100);
        const entry = queryTimes.get(key) ?? queryTimes.set(key, { n: 0, ms: 0 }).get(key)!;
        entry.n++;
        entry.ms += performance.now() - begun;
      }
    }) as typeof database.query;
  }
  const app = await build({ database, jwtSecret: 'bench-secret-of-sufficient-length-0123456789' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const plan: LoadPlan = { base, workspace: BENCH_WORKSPACE, password: PASSWORD, agents, supervisors: ['admin', 'teamleader'].slice(0, supervisors), seconds, closeEvery, thinkMs };
  // The processor time of the timed loop: from when the sign-ins are over.
  let cpuBefore = process.cpuUsage();
  const backends = usePostgres ? postgresBackendCpu(database, APPLICATION) : null;
  const loopStarts = () => {
    cpuBefore = process.cpuUsage();
    backends?.begin().catch(() => undefined);
  };
  const result = inProcess ? await runLoad(plan, loopStarts) : await inChildProcess(plan, loopStarts);
  const cpu = process.cpuUsage(cpuBefore);
  const dbCpu = await backends?.end();
  await app.close();
  console.log(`# ${agents} agents signed in in ${result.signinSeconds.toFixed(1)} s (8 at a time)`);
  const { requests, signinRequests, elapsed, saves, doubleOwners } = result;
  const timings = new Map(Object.entries(result.timings));
  const signinTimes = new Map([...timings].filter(([name]) => name.includes('signin')));
  for (const name of signinTimes.keys()) timings.delete(name);
  const errors = new Map(Object.entries(result.errors));
  const lastSave = new Map(result.lastSave);

  // The checks, in the database.
  const ids = [...lastSave.keys()];
  let lost = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const rows = await database.query<{ id: string; notes: string | null }>('SELECT id, notes FROM contacts WHERE id = ANY($1::text[])', [chunk]);
    const notes = new Map(rows.map((r) => [r.id.trim(), r.notes]));
    for (const id of chunk) if (notes.get(id) !== lastSave.get(id)!.notes) lost++;
  }
  const [held] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM contacts WHERE agent_id LIKE 'u-load-%'`);
  if (usePostgres) {
    // How the run's updates of contacts were written: a HOT update writes no index entry, any other writes one in every index.
    const [updates] = await database.query<{ n: number; hot: number; indexes: number }>(
      `SELECT n_tup_upd::int AS n, n_tup_hot_upd::int AS hot, (SELECT count(*)::int FROM pg_index WHERE indrelid = s.relid) AS indexes
       FROM pg_stat_user_tables s WHERE relid = 'contacts'::regclass`);
    console.log(`# contacts: ${updates.n.toLocaleString('en')} rows updated, ${updates.hot.toLocaleString('en')} of them HOT (no index entry written); ${updates.indexes} indexes on the table`);
  }

  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(`# ${requests.toLocaleString('en')} requests in ${elapsed.toFixed(0)} s (and ${signinRequests} sign-in requests before), ${saves.toLocaleString('en')} acknowledged saves on ${ids.length.toLocaleString('en')} contacts; ${held.n} contacts still held by load agents after the run`);
  if (errors.size) console.log(`# errors: ${[...errors].map(([k, v]) => `${k} x${v}`).join(', ')}; e.g. ${result.errorSamples.join(' | ')}`);
  console.log(`${prefix}-requests-per-s: ${(requests / elapsed).toFixed(0)} req/s`);
  console.log(`${prefix}-errors: ${errorCount}`);
  // Processor time per request of the timed loop: on a shared machine it moves far less with the other load than the
  // wall-clock latencies do. The server's process (with PGlite's thread when in use; with --clients-in-process, the
  // simulated people too), the simulated people's own process, and PostgreSQL's backends when on this machine.
  const perRequest = (cpuMs: number) => `${ms(cpuMs / Math.max(1, requests))} ms`;
  console.log(`${prefix}-cpu-per-request: ${perRequest((cpu.user + cpu.system) / 1000)}`);
  if (!inProcess) console.log(`${prefix}-client-cpu-per-request: ${perRequest(result.cpuMs)}`);
  if (dbCpu != null) console.log(`${prefix}-db-cpu-per-request: ${perRequest(dbCpu)}`);
  for (const [name, times] of [...signinTimes, ...timings].sort()) {
    times.sort((a, b) => a - b);
    console.log(`# ${name}: ${times.length} calls, p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms, p99 ${ms(percentile(times, 99))} ms`);
    console.log(`${prefix}-p95-${name}: ${ms(percentile(times, 95))} ms`);
  }
  const all = [...timings.values()].flat().sort((a, b) => a - b);
  console.log(`${prefix}-p50-all: ${ms(percentile(all, 50))} ms`);
  console.log(`${prefix}-p95-all: ${ms(percentile(all, 95))} ms`);
  console.log(`${prefix}-p99-all: ${ms(percentile(all, 99))} ms`);
  if (queryTimes.size) {
    const top = [...queryTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
    console.log('# database time by statement (wall time, includes waiting for the connection):');
    for (const [sql, { n, ms: total }] of top) console.log(`#   ${(total / 1000).toFixed(1)} s, ${n} calls, ${ms(total / n)} ms each: ${sql}`);
  }
  console.log(`${prefix}-lost-saves: ${lost}`);
  console.log(`${prefix}-double-owners: ${doubleOwners}`);
} finally {
  await bench.drop();
}
