/**
 * User administration at the API (issue 14 targets), the real app through inject with an admin's session:
 *   users-search-p95-pglite-10k: N ms      (target <= 30 ms)  the /setting table: text filter, outsourcer, call-centre
 *   users-search-p95-postgres-10k: N ms    (target <= 30 ms)  and team filters, sorted, page of 20, over 10,000 users
 *   users-bulk-check-10k: N s              (target <= 5 s)    POST /user/check/massive, a 10,000-row CSV, PGlite
 *   users-bulk-load-10k: N s               (target <= 30 s)   POST /user/signup/massive, the same file, PGlite
 *   users-bulk-check-memory-growth: N MB / users-bulk-load-memory-growth: N MB   peak RSS over the start
 * Options: --db pglite|postgres|both (default both), --users 10000, --runs 200, --no-bulk.
 */
import { join } from 'node:path';
import { benchApp, ms, openBenchDatabase, option, percentile, root } from './support-contacts';
import { seedDemo } from '@server/db/seed';
import type { Database } from '@server/db/database';

const users = Number(option('users', '10000'));
const runs = Number(option('runs', '200'));
const which = option('db', 'both');

const TEAMS = [['t-milano-inbound', 's-milano', 'o-nordcall'], ['t-milano-outbound', 's-milano', 'o-nordcall'], ['t-torino-retention', 's-torino', 'o-nordcall'], ['t-napoli-sales', 's-napoli', 'o-sudservice']];

/** 10,000 users of the demo organisation, set-based: basic and team-leader users in its four teams. */
async function seedUsers(db: Database, count: number) {
  await db.query(
    `INSERT INTO users (id, username, password_hash, role, status, last_password_change, outsourcer_id)
     SELECT 'u-bench-' || g, 'bench_' || lpad(g::text, 5, '0') || (ARRAY['_rossi', '_bianchi', '_verdi', '_neri'])[1 + g % 4],
       'scrypt$16384$8$1$x$y', CASE WHEN g % 10 = 0 THEN 'team-leader' ELSE 'basic' END,
       (ARRAY['', '', 'tmp-psw', 'disabled'])[1 + g % 4], now() - make_interval(hours => g),
       (ARRAY[${TEAMS.map((t) => `'${t[2]}'`).join(',')}])[1 + g % 4]
     FROM generate_series(1, $1::int) g`,
    [count],
  );
  await db.query(`INSERT INTO user_sites (user_id, site_id) SELECT 'u-bench-' || g, (ARRAY[${TEAMS.map((t) => `'${t[1]}'`).join(',')}])[1 + g % 4] FROM generate_series(1, $1::int) g`, [count]);
  await db.query(`INSERT INTO user_teams (user_id, team_id) SELECT 'u-bench-' || g, (ARRAY[${TEAMS.map((t) => `'${t[0]}'`).join(',')}])[1 + g % 4] FROM generate_series(1, $1::int) g`, [count]);
  await db.exec('ANALYZE users; ANALYZE user_sites; ANALYZE user_teams');
}

async function signedIn(database: Database) {
  const { app, cookie } = await benchApp(database);
  const bound = await app.inject({ method: 'POST', url: '/api/cntmng/agent/signin', headers: { cookie }, payload: { agentId: 'u-admin', workspaceId: 'energia-casa' } });
  if (bound.statusCode !== 200) throw new Error(`agent signin: ${bound.statusCode} ${bound.body}`);
  return { app, cookie };
}

const FILTERS: Record<string, object> = {
  'filters': { page: 0, length: 20, sort: 'username', order: 'asc', text: 'rossi', outsourcerIds: ['o-nordcall'], siteIds: ['s-milano'], teamIds: ['t-milano-inbound'] },
  'text only, last page': { page: 20, length: 20, sort: 'lastPasswordChange', order: 'desc', text: 'bench' },
  'no filter': { page: 0, length: 20, sort: 'username', order: 'asc' },
};

async function search(kind: 'pglite' | 'postgres') {
  const bench = await openBenchDatabase(kind);
  try {
    await seedDemo(bench.database, { fixturesDir: join(root, 'fixtures'), clock: Date.now });
    await seedUsers(bench.database, users);
    const { app, cookie } = await signedIn(bench.database);
    try {
      for (const [name, body] of Object.entries(FILTERS)) {
        const call = async () => {
          const t0 = performance.now();
          const response = await app.inject({ method: 'POST', url: '/api/cntmng/user/search', payload: body, headers: { cookie } });
          if (response.statusCode !== 200) throw new Error(`search: ${response.statusCode} ${response.body}`);
          return { elapsed: performance.now() - t0, total: (response.json() as { total: number }).total };
        };
        let total = 0;
        for (let i = 0; i < 20; i++) total = (await call()).total;
        const times: number[] = [];
        for (let i = 0; i < (name === 'filters' ? runs : runs / 4); i++) times.push((await call()).elapsed);
        times.sort((a, b) => a - b);
        if (name === 'filters') {
          console.log(`# ${bench.label}: ${users.toLocaleString('en')} users, ${total} match; p50 ${ms(percentile(times, 50))} ms, max ${ms(times[times.length - 1])} ms`);
          console.log(`users-search-p95-${kind}-${users / 1000}k: ${ms(percentile(times, 95))} ms`);
        } else console.log(`# ${name}: ${total} match, p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await bench.drop();
  }
}

/** A 10,000-row file: mostly good rows of every assignable kind, with duplicates, bad names, unknown teams and an admin role. */
function bulkFile(rows: number): string {
  const lines = ['username;role;outsourcer;sites;teams'];
  for (let i = 1; i <= rows; i++) {
    const [team, site, outsourcer] = TEAMS[i % 4];
    if (i % 50 === 0) lines.push(`bulk_${i - 1};basic;${outsourcer};${site};${team}`); // repeats the row before
    else if (i % 50 === 1) lines.push(`bulk ${i};basic;${outsourcer};${site};${team}`); // a space
    else if (i % 50 === 2) lines.push(`bulk_${i};basic;${outsourcer};${site};t-nessuno`);
    else if (i % 50 === 3) lines.push(`bulk_${i};admin;${outsourcer};${site};${team}`);
    else if (i % 10 === 0) lines.push(`bulk_${i};team-leader;${outsourcer};${site};${team}`);
    else if (i % 97 === 0) lines.push(`bulk_${i};site-manager;${outsourcer};${site};`);
    else lines.push(`bulk_${i};basic;${outsourcer};${site};${team}`);
  }
  return `${lines.join('\n')}\n`;
}

async function multipart(content: string): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('fileContent', new Blob([content], { type: 'text/csv' }), 'users.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

async function bulk() {
  const bench = await openBenchDatabase('pglite', { onDisk: true });
  try {
    await seedDemo(bench.database, { fixturesDir: join(root, 'fixtures'), clock: Date.now });
    const { app, cookie } = await signedIn(bench.database);
    try {
      const file = bulkFile(users);
      console.log(`# bulk file: ${users.toLocaleString('en')} rows, ${(file.length / 1e6).toFixed(2)} MB`);
      const { payload, contentType } = await multipart(file);
      for (const [kind, url] of [['check', '/api/cntmng/user/check/massive'], ['load', '/api/cntmng/user/signup/massive']] as const) {
        global.gc?.();
        const before = process.memoryUsage().rss;
        let peak = before;
        const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
        const t0 = performance.now();
        const response = await app.inject({ method: 'POST', url, payload, headers: { cookie, 'content-type': contentType } });
        const elapsed = (performance.now() - t0) / 1000;
        clearInterval(timer);
        if (response.statusCode !== 200) throw new Error(`${kind}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        const lines = response.body.split('\r\n').filter(Boolean).slice(1);
        const ok = lines.filter((l) => l.split(';')[2] === 'OK').length;
        console.log(`# ${kind}: ${lines.length} answer rows, ${ok} OK, ${lines.length - ok} ERROR`);
        console.log(`users-bulk-${kind}-${users / 1000}k: ${elapsed.toFixed(2)} s`);
        console.log(`users-bulk-${kind}-memory-growth: ${((peak - before) / 1048576).toFixed(1)} MB`);
      }
      const [{ n }] = await bench.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE username LIKE 'bulk\\_%'`);
      console.log(`# users created by the load: ${n}`);
    } finally {
      await app.close();
    }
  } finally {
    await bench.drop();
  }
}

if (which === 'pglite' || which === 'both') await search('pglite');
if (which === 'postgres' || which === 'both') await search('postgres');
if (!process.argv.includes('--no-bulk')) await bulk();
