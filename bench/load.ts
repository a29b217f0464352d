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
 * Options: --agents 200 (max 1000), --close, --seconds 300 (max 1800), --supervisors 2, --contacts 20000,
 * --postgres (or DATABASE_URL / BENCH_DATABASE_URL set: PostgreSQL, a schema of its own, dropped after; else PGlite),
 * --think-ms N: each agent pauses a random 0.5–1.5 × N ms before each of its calls (a human-like pace instead of the
 * closed loop); the figures are then printed as load-paced-… (load-paced-requests-per-s, load-paced-p95-<call>, …).
 * In the closed loop (the default) latency ≈ agents / throughput (Little's law): it measures capacity, not the
 * latency a person at that pace would see.
 */
import type { AddressInfo } from 'node:net';
import { build } from '@server/app';
import { BENCH_WORKSPACE, ms, openBenchDatabase, option, percentile, seedContacts } from './support-contacts';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Number.isFinite(value) ? value : min));
const agents = clamp(Number(option('agents', '200')), 1, 1000);
const seconds = clamp(Number(option('seconds', '300')), 5, 1800);
const supervisors = clamp(Number(option('supervisors', '2')), 0, 2);
const contacts = clamp(Number(option('contacts', '20000')), 1000, 1_000_000);
const closeEvery = process.argv.includes('--close') ? 5 : 0;
const thinkMs = clamp(Number(option('think-ms', '0')), 0, 600_000);
/** The figures' prefix: closed-loop runs keep the names they always had; paced runs print their own. */
const prefix = thinkMs > 0 ? 'load-paced' : 'load';
/** An agent's pause before a call: a random 0.5–1.5 × --think-ms (none in the closed loop). */
const think = () => (thinkMs > 0 ? new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random()))) : Promise.resolve());
const usePostgres = process.argv.includes('--postgres') || Boolean(process.env.DATABASE_URL);
if (process.env.DATABASE_URL && !process.env.BENCH_DATABASE_URL) process.env.BENCH_DATABASE_URL = process.env.DATABASE_URL;
const PASSWORD = 'Demo2026!';

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

  const timings = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const errorSamples: string[] = [];
  let requests = 0;
  const call = async (name: string, cookie: string, method: string, path: string, body?: unknown, ok = [200]): Promise<{ status: number; json: unknown; cookie?: string }> => {
    const started = performance.now();
    let status = 0;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), origin: base },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = response.status;
      const text = await response.text();
      const elapsed = performance.now() - started;
      requests++;
      (timings.get(name) ?? timings.set(name, []).get(name)!).push(elapsed);
      if (!ok.includes(status)) {
        errors.set(`${name} ${status}`, (errors.get(`${name} ${status}`) ?? 0) + 1);
        if (errorSamples.length < 5) errorSamples.push(`${name} ${status} ${text.slice(0, 200)}`);
      }
      const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('jwt='));
      let json: unknown = null;
      if (text && response.headers.get('content-type')?.includes('json')) json = JSON.parse(text);
      return { status, json, cookie: setCookie?.split(';')[0] };
    } catch (error) {
      requests++;
      errors.set(`${name} network`, (errors.get(`${name} network`) ?? 0) + 1);
      if (errorSamples.length < 5) errorSamples.push(`${name} ${String(error)}`);
      return { status, json: null };
    }
  };

  const signIn = async (username: string): Promise<string> => {
    const { cookie, status } = await call('signin', '', 'POST', '/api/auth/signin', { username, password: PASSWORD });
    if (!cookie) throw new Error(`sign-in of ${username}: ${status}`);
    return cookie;
  };

  // What the run acknowledged: per contact, the save with the highest version; and who holds what.
  const lastSave = new Map<string, { version: number; notes: string }>();
  const holder = new Map<string, string>();
  let doubleOwners = 0;
  let saves = 0;
  let deadline = Number.POSITIVE_INFINITY;

  // Sign-in hashes the password (deliberately slow): the agents sign in first, 8 at a time, outside the timed loop.
  const cookies: string[] = new Array(agents);
  const signingStarted = performance.now();
  for (let from = 0; from < agents; from += 8) {
    await Promise.all(Array.from({ length: Math.min(8, agents - from) }, async (_, k) => {
      const n = from + k + 1;
      cookies[n - 1] = await signIn(`load${n}`);
      await call('agent-signin', cookies[n - 1], 'POST', '/api/cntmng/agent/signin', { agentId: `ext-${n}`, workspaceId: BENCH_WORKSPACE });
    }));
  }
  const supervisorNames = ['admin', 'teamleader'].slice(0, supervisors);
  const supervisorCookies = await Promise.all(supervisorNames.map((name) => signIn(name)));
  console.log(`# ${agents} agents signed in in ${((performance.now() - signingStarted) / 1000).toFixed(1)} s (8 at a time)`);
  const signinTimes = new Map([...timings].filter(([name]) => name.includes('signin')));
  for (const name of signinTimes.keys()) timings.delete(name);
  const signinRequests = requests;
  requests = 0;
  deadline = Date.now() + seconds * 1000;

  const agent = async (n: number) => {
    const user = `load${n}`;
    const cookie = cookies[n - 1];
    let nextHeartbeat = Date.now() + 60_000;
    let seq = 0;
    while (Date.now() < deadline) {
      if (Date.now() >= nextHeartbeat) {
        await call('heartbeat', cookie, 'POST', '/api/cntmng/agent/heartbeat');
        nextHeartbeat += 60_000;
      }
      await think();
      const next = await call('take-next', cookie, 'GET', `/api/cntmng/workspace/${BENCH_WORKSPACE}/takeNext`, undefined, [200, 404]);
      if (next.status !== 200) { await new Promise((r) => setTimeout(r, 200)); continue; }
      const id = (next.json as { data: { id: string } }).data.id;
      const other = holder.get(id);
      if (other && other !== user) doubleOwners++;
      holder.set(id, user);
      await think();
      const opened = await call('open', cookie, 'GET', `/api/cntmng/contact/${id}`);
      const version = (opened.json as { data?: { version?: number } } | null)?.data?.version;
      if (opened.status === 200 && typeof version === 'number') {
        const notes = `${user}-${++seq}`;
        await think();
        const saved = await call('save', cookie, 'PUT', `/api/cntmng/contact/${id}`, { version, notes });
        const savedVersion = (saved.json as { data?: { version?: number } } | null)?.data?.version;
        if (saved.status === 200 && typeof savedVersion === 'number') {
          saves++;
          const known = lastSave.get(id);
          if (!known || known.version < savedVersion) lastSave.set(id, { version: savedVersion, notes });
        }
      }
      // Handing the contact back: it is no longer this agent's from the moment the request leaves.
      if (holder.get(id) === user) holder.delete(id);
      await think();
      // Closing needs the edit right, which the demo agent's role lacks in energia-casa (403): with --close, 1 in 5 is closed.
      if (closeEvery && seq % closeEvery === 0) await call('close', cookie, 'POST', `/api/cntmng/contact/${id}/close`, {});
      else await call('release', cookie, 'POST', `/api/cntmng/contact/release/${id}`);
    }
  };

  const supervisor = async (cookie: string) => {
    let nextExport = Date.now() + 5_000;
    while (Date.now() < deadline) {
      await call('kpi', cookie, 'GET', `/api/cntmng/kpi/${BENCH_WORKSPACE}?timezone=Europe%2FRome`);
      if (Date.now() >= nextExport) {
        await call('export-csv', cookie, 'POST', `/api/cntmng/exportCsv/${BENCH_WORKSPACE}`, { filters: { states: ['APPUNTAMENTO'] } });
        nextExport += 30_000;
      }
      await new Promise((r) => setTimeout(r, 2_000));
    }
  };

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all([
    ...Array.from({ length: agents }, (_, i) => agent(i + 1)),
    ...supervisorCookies.map((cookie) => supervisor(cookie)),
  ]);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await app.close();

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

  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(`# ${requests.toLocaleString('en')} requests in ${elapsed.toFixed(0)} s (and ${signinRequests} sign-in requests before), ${saves.toLocaleString('en')} acknowledged saves on ${ids.length.toLocaleString('en')} contacts; ${held.n} contacts still held by load agents after the run`);
  if (errors.size) console.log(`# errors: ${[...errors].map(([k, v]) => `${k} x${v}`).join(', ')}; e.g. ${errorSamples.join(' | ')}`);
  console.log(`${prefix}-requests-per-s: ${(requests / elapsed).toFixed(0)} req/s`);
  console.log(`${prefix}-errors: ${errorCount}`);
  // This process's processor time (server, PGlite when in use, and the simulated clients) per request: on a shared
  // machine it moves far less with the other load than the wall-clock latencies do.
  console.log(`${prefix}-cpu-per-request: ${ms((cpu.user + cpu.system) / 1000 / Math.max(1, requests))} ms`);
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
