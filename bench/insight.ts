/**
 * Insight on PostgreSQL (issue 15 targets): the three dashboard tabs' calls over a 15-day duration, the events page
 * of one contact, and a report CSV streamed over HTTP, at the API of the real app (session check included):
 *   insight-dashboard-availability-p95: N ms   (target <= 200 ms)
 *   insight-dashboard-contacts-p95: N ms       (target <= 200 ms; the default pair of states)
 *   insight-dashboard-contacts-busiest-pair-p95: N ms   (the pair with the most completed moves in the period)
 *   insight-dashboard-agents-p95: N ms         (target <= 200 ms)
 *   insight-events-page-p95: N ms              (target <= 20 ms)
 *   insight-report-csv-rows: N rows
 *   insight-report-csv-rate: N rows/s          (target >= 100,000 rows/s)
 *   insight-report-csv-memory-growth: N MB     (target <= 50 MB: peak RSS of the report server, a child process, over
 *                                              its RSS before the run; the reader is not in it)
 * --only <substring> runs only the figures whose name holds it. Size: --contacts 1000000 --events 10000000 (the issue's); a smaller size is printed as used. The data go in a throwaway
 * database (CREATE DATABASE on BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres; dropped after), set-based
 * (generate_series), with the events' indexes built after the load. --runs 30. `--keep-db name` keeps the seeded
 * database after the run and reuses it on the next (migrations run again, so a new one is applied to it; the seed's
 * clock is kept in the database's comment so the measured windows are the same); drop it yourself when done.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { DATABASE_URL, INSERT_SYNTHETIC, benchApp, ms, option, percentile, root } from './support-contacts';
import { migrate } from '@server/db/migrate';
import { createPostgresDatabase, withDefaultUser } from '@server/db/postgres-database';
import { seedDemo } from '@server/db/seed';
import { join } from 'node:path';

const contacts = Number(option('contacts', '1000000'));
const events = Number(option('events', '10000000'));
const runs = Number(option('runs', '30'));
/** `--only <substring>`: just the figures whose name holds it (dashboard-contacts, report-csv, ...), to iterate. */
const only = option('only', '');
const WORKSPACE = 'energia-casa';
const adminUrl = withDefaultUser(process.env.BENCH_PG_URL ?? DATABASE_URL);
const kept = option('keep-db', '');
if (kept && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error(`--keep-db: '${kept}' is not a plain database name`);
const dbName = kept || `bench_insight_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => { const u = new URL(adminUrl); u.pathname = `/${dbName}`; return u.toString(); })();

const STATES = ['NUOVO', 'DA_RICHIAMARE', 'APPUNTAMENTO', 'NON_RISPONDE', 'CONTRATTO', 'NON_INTERESSATO', 'NUMERO_ERRATO'];
const AGENTS = ['u-agent', 'u-teamleader', 'u-scaduto', 'u-temporaneo'];
const arr = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

/**
 * The events beyond each contact's insert: g in [from, to] of $6, over the 30 days before $2 in time order (as the app
 * writes them: ids grow with the time, so the table's pages are in time order too) and spread over all contacts
 * (multiplicative hashing), as the kinds a call centre writes: takes, releases, state changes (with the previous
 * state), saves with a detail, outcomes, closes.
 */
const INSERT_EVENTS = `
INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, user_id, agent_id, show_detail, extra_data)
SELECT $1, 'b' || lpad(to_hex(1 + (g::bigint * 2654435761) % $5), 23, '0'),
  $2::timestamptz - make_interval(secs => 30 * 86400 * ($6::bigint - g)::float8 / $6::bigint),
  k.type,
  (${arr(STATES)})[1 + g % ${STATES.length}],
  CASE WHEN k.type = 'state' THEN (${arr(STATES)})[1 + (g + 1 + g % 3) % ${STATES.length}] ELSE (${arr(STATES)})[1 + g % ${STATES.length}] END,
  CASE WHEN k.type = 'outcome' THEN 'esito-' || (g % 5) END,
  CASE WHEN k.type NOT IN ('take', 'release') THEN (${arr(AGENTS)})[1 + g % ${AGENTS.length}] END,
  CASE WHEN k.type IN ('take', 'release') THEN (${arr(AGENTS)})[1 + g % ${AGENTS.length}] END,
  k.type = 'save',
  CASE WHEN k.type = 'save' THEN jsonb_build_object('changes', jsonb_build_object('note', jsonb_build_object('from', 'a', 'to', 'b'))) END
FROM generate_series($3::bigint, $4::bigint) AS g
CROSS JOIN LATERAL (SELECT (ARRAY['take', 'release', 'state', 'save', 'state', 'outcome', 'take', 'close'])[1 + (g % 8)::int] AS type) k`;

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A kept database carries the seed's clock and size in its comment, written once the seeding is complete.
  const previous = kept
    ? (await admin.query<{ note: string | null }>(`SELECT shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname = $1`, [dbName])).rows[0]
    : undefined;
  const reuse = previous?.note ? (JSON.parse(previous.note) as { now: string; contacts: number; written: number }) : undefined;
  if (previous && !reuse) await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  if (!reuse) await admin.query(`CREATE DATABASE ${dbName}`);
  const database = await createPostgresDatabase({ connectionString: dbUrl, max: 4 });
  try {
    await migrate(database);
    const now = reuse ? new Date(reuse.now) : new Date();
    if (reuse && reuse.contacts !== contacts) throw new Error(`--keep-db ${dbName} holds ${reuse.contacts} contacts, not ${contacts}`);
    if (reuse) {
      console.log(`# reusing database ${dbName}, seeded at ${reuse.now}`);
      await database.exec('ANALYZE contacts');
      await database.exec('ANALYZE contact_events');
      await database.exec('VACUUM ANALYZE state_arrivals');
      await database.exec('VACUUM ANALYZE state_arrival_slots');
      await database.exec('VACUUM ANALYZE state_arrival_ends');
    } else {
      await seedDemo(database, { fixturesDir: join(root, 'fixtures'), clock: () => now.getTime() });

      const seed = new pg.Client({ connectionString: dbUrl });
      await seed.connect();
      await seed.query(`SET maintenance_work_mem = '256MB'`);
      // Triggers and foreign keys off for the load (superuser on a throwaway database): each contact's insert event is
      // written with the others below.
      await seed.query('SET session_replication_role = replica');
      const dropIndexes = async (table: string) => {
        const list = (await seed.query<{ indexname: string; indexdef: string }>(
          `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = $1 AND schemaname = 'public' AND indexname NOT LIKE '%_pkey'`, [table])).rows;
        for (const i of list) await seed.query(`DROP INDEX ${i.indexname}`);
        return list;
      };
      const contactIndexes = await dropIndexes('contacts');
      const eventIndexes = await dropIndexes('contact_events');
      const arrivalIndexes = await dropIndexes('state_arrivals');
      const endIndexes = await dropIndexes('state_arrival_ends');
      let started = performance.now();
      const batch = 250_000;
      for (let from = 1; from <= contacts; from += batch) await seed.query(INSERT_SYNTHETIC, [WORKSPACE, now, from, Math.min(contacts, from + batch - 1)]);
      await seed.query(
        `INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state) SELECT workspace_id, id, created_at, 'insert', 'NUOVO', NULL FROM contacts WHERE workspace_id = $1 AND id LIKE 'b%'
         ORDER BY created_at, id`,
        [WORKSPACE],
      );
      // The open contacts' counter, which the statement triggers turned off for the load would have kept.
      await seed.query(
        `INSERT INTO workspace_open_contacts AS w (workspace_id, open) SELECT workspace_id, count(*) FROM contacts WHERE availability <> 'closed' GROUP BY workspace_id
         ON CONFLICT (workspace_id) DO UPDATE SET open = EXCLUDED.open`,
      );
      // And the KPI counts (migrations/021-kpi-counts.ts), likewise.
      await seed.query('DELETE FROM contact_kpi_counts');
      await seed.query(
        `INSERT INTO contact_kpi_counts (workspace_id, agent_id, state, availability, suspended, processable, n)
         SELECT workspace_id, agent_id, state, availability, suspended, processable, count(*) FROM contacts
         GROUP BY workspace_id, agent_id, state, availability, suspended, processable`,
      );
      const contactsMs = performance.now() - started;
      started = performance.now();
      const more = Math.max(0, events - contacts);
      const deadline = Number(option('seed-seconds', '300')) * 1000;
      let written = 0;
      for (let from = 1; from <= more; from += 1_000_000) {
        const to = Math.min(more, from + 999_999);
        await seed.query(INSERT_EVENTS, [WORKSPACE, now, from, to, contacts, more]);
        written = to;
        if (performance.now() - started > deadline && to < more) { console.log(`# event seeding stopped at the time limit (--seed-seconds)`); break; }
      }
      // The state arrivals (migration 017), which the events' trigger turned off for the load would have kept.
      await seed.query(
        `INSERT INTO state_arrivals (event_id, workspace_id, contact_id, state, at, previous_at)
         SELECT id, workspace_id, contact_id, state, at, lag(at) OVER (PARTITION BY workspace_id, contact_id, state ORDER BY at, id)
         FROM contact_events WHERE previous_state IS DISTINCT FROM state AND state IS NOT NULL AND id NOT IN (SELECT event_id FROM state_arrivals)`,
      );
      // Their lone arrivals' 15-minute slots (migration 018) and the contacts' last arrivals in each state (migration
      // 024), which the same trigger keeps.
      await seed.query(
        `INSERT INTO state_arrival_slots AS s (workspace_id, state, slot, arrivals, last_arrivals)
         SELECT workspace_id, state, date_bin('15 minutes', at, timestamptz '1970-01-01 00:00:00+00'),
           count(*) FILTER (WHERE previous_at IS NULL OR at - previous_at > interval '2 days'), count(*) FILTER (WHERE last)
         FROM (SELECT workspace_id, state, at, previous_at,
                 row_number() OVER (PARTITION BY workspace_id, contact_id, state ORDER BY at DESC, event_id DESC) = 1 AS last
               FROM state_arrivals) AS arrivals
         GROUP BY 1, 2, 3
         ON CONFLICT (workspace_id, state, slot) DO UPDATE SET arrivals = EXCLUDED.arrivals, last_arrivals = EXCLUDED.last_arrivals`,
      );
      // Each arrival's first arrival at or after it in each other state (migration 023), which the same trigger keeps.
      await seed.query(
        `INSERT INTO state_arrival_ends (first_event_id, end_state, workspace_id, first_state, first_at, first_previous_at, end_at)
         SELECT f.event_id, e.state, f.workspace_id, f.state, f.at, f.previous_at, e.at
         FROM state_arrivals e JOIN state_arrivals f ON f.workspace_id = e.workspace_id AND f.contact_id = e.contact_id
           AND f.state <> e.state AND f.at <= e.at AND (e.previous_at IS NULL OR f.at > e.previous_at)
         ON CONFLICT DO NOTHING`,
      );
      const eventsMs = performance.now() - started;
      started = performance.now();
      // The GIN indexes of the data-model filters serve the contact list, not insight: left out to save the seeding time.
      for (const i of [...contactIndexes, ...eventIndexes, ...arrivalIndexes, ...endIndexes]) if (!/USING gin/i.test(i.indexdef)) await seed.query(i.indexdef);
      // VACUUM as autovacuum would in a running system: without the visibility map a fresh bulk load makes every
      // index-only scan fetch each row from the heap (measured: 237,000 heap fetches, 2.7 s of the contacts tab's 4.4 s).
      await seed.query('VACUUM ANALYZE contacts');
      await seed.query('VACUUM ANALYZE contact_events');
      await seed.query('VACUUM ANALYZE state_arrivals');
      await seed.query('VACUUM ANALYZE state_arrival_slots');
      await seed.query('VACUUM ANALYZE state_arrival_ends');
      const indexMs = performance.now() - started;
      await seed.end();
      console.log(`# seeded ${contacts.toLocaleString('en')} contacts (+ their insert events) in ${(contactsMs / 1000).toFixed(1)} s, ${written.toLocaleString('en')} more events in ${(eventsMs / 1000).toFixed(1)} s, indexes in ${(indexMs / 1000).toFixed(1)} s`);
      if (kept) await admin.query(`COMMENT ON DATABASE ${dbName} IS '${JSON.stringify({ now: now.toISOString(), contacts, written })}'`);
    }
    const totalEvents = Number((await database.query<{ n: string }>('SELECT count(*) AS n FROM contact_events'))[0].n);
    console.log(`insight-size-contacts: ${contacts} contacts`);
    console.log(`insight-size-events: ${totalEvents} events`);

    const { app, cookie } = await benchApp(database);
    try {
      // The period ends now (the route's clock): on a kept database seeded the day before, the seed's 15 days would
      // reach back further than the route accepts, so it starts at most 15 days (less 10 minutes, the run) before now.
      const from = new Date(Math.max(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 14).getTime(), Date.now() - 15 * 86_400_000 + 600_000)).toISOString();
      const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
        const t0 = performance.now();
        const response = await app.inject({ method, url, payload, headers: { cookie } });
        const elapsed = performance.now() - t0;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        return { elapsed, body: response.body };
      };
      const measure = async (name: string, target: string, run: () => Promise<{ elapsed: number }>) => {
        if (!name.includes(only)) return;
        for (let i = 0; i < 3; i++) await run();
        const times: number[] = [];
        for (let i = 0; i < runs; i++) times.push((await run()).elapsed);
        times.sort((a, b) => a - b);
        console.log(`# ${name}: p50 ${ms(percentile(times, 50))} ms, max ${ms(times[times.length - 1])} ms (${target})`);
        console.log(`${name}: ${ms(percentile(times, 95))} ms`);
      };
      const tz = 'Europe/Rome';
      const availability = await call('POST', `/api/cntmng/dashboard/${WORKSPACE}`, { from, timezone: tz, page: 0, length: 10 });
      console.log(`# availability, 15 days: ${(JSON.parse(availability.body) as { data: { total: number } }).data.total.toLocaleString('en')} contacts`);
      await measure('insight-dashboard-availability-p95', 'target <= 200 ms', () => call('POST', `/api/cntmng/dashboard/${WORKSPACE}`, { from, timezone: tz, page: 0, length: 10 }));
      await measure('insight-dashboard-contacts-p95', 'target <= 200 ms', () => call('POST', `/api/cntmng/dashboard/${WORKSPACE}/state`, { from, timezone: tz }));
      // The default pair's completed moves depend on how the seed orders each contact's states; the pair with the most
      // completed moves in the period is the tab's heaviest case, measured too.
      const [busiest] = await database.query<{ first_state: string; end_state: string; n: string }>(
        `SELECT first_state, end_state, count(*) AS n FROM state_arrival_ends WHERE workspace_id = $1 AND first_at >= $2 GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
        [WORKSPACE, from],
      );
      const [usual] = await database.query<{ n: string }>(
        `SELECT count(*) AS n FROM state_arrival_ends WHERE workspace_id = $1 AND first_at >= $2 AND first_state = 'NUOVO' AND end_state = 'NUMERO_ERRATO'`,
        [WORKSPACE, from],
      );
      console.log(`# completed moves in 15 days: default pair NUOVO -> NUMERO_ERRATO ${Number(usual.n).toLocaleString('en')}; busiest pair ${busiest.first_state} -> ${busiest.end_state} ${Number(busiest.n).toLocaleString('en')}`);
      await measure('insight-dashboard-contacts-busiest-pair-p95', 'target <= 200 ms', () =>
        call('POST', `/api/cntmng/dashboard/${WORKSPACE}/state`, { from, timezone: tz, firstState: busiest.first_state, endState: busiest.end_state }));
      await measure('insight-dashboard-agents-p95', 'target <= 200 ms', () => call('GET', `/api/cntmng/dashboard/agents/kpi?workspaceId=${WORKSPACE}&timezone=${encodeURIComponent(tz)}`));
      let n = 0;
      const contactOf = () => 'b' + (1 + ((n++ * 7919) % contacts)).toString(16).padStart(23, '0');
      const sample = JSON.parse((await call('POST', `/api/cntmng/events/${WORKSPACE}`, { contactId: contactOf(), page: 0, length: 10, order: 'desc' })).body) as { total: number };
      console.log(`# events of one contact: about ${sample.total}`);
      await measure('insight-events-page-p95', 'target <= 20 ms', () => call('POST', `/api/cntmng/events/${WORKSPACE}`, { contactId: contactOf(), page: 0, length: 10, order: 'desc' }));

      // The report CSV over real HTTP, read as a stream: contact_events_export over the days holding >= 1M events,
      // served by a server in a process of its own whose RSS is sampled from here (/proc), so the reader's buffers
      // are not counted as the server's. Its baseline is taken after one small run of the same report (a window of an
      // hour: the code loaded and compiled) and a GC; the growth is the peak over that baseline.
      // One day more than the rate needs: today holds only the events up to the seed's clock.
      const days = Math.min(7, 1 + Math.max(1, Math.ceil(1_000_000 / Math.max(1, (totalEvents - contacts) / 30))));
      const reportFrom = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days + 1);
      const reportTo = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999);
      if (!'insight-report-csv'.includes(only)) return;
      const server = fork(join(root, 'bench', 'support-insight-server.ts'), [dbUrl], { execArgv: ['--import', 'tsx', '--expose-gc'] });
      const reply = <T>() => new Promise<T>((done, fail) => {
        server.once('message', (message) => done(message as T));
        server.once('exit', (code) => fail(new Error(`report server exited with ${code}`)));
      });
      try {
        const { address, cookie: serverCookie } = await reply<{ address: string; cookie: string }>();
        const runReport = async (reportFromIso: string) => {
          const response = await fetch(`${address}/api/cntmng/report/${WORKSPACE}/rep-eventi`, {
            method: 'POST',
            headers: { cookie: serverCookie, 'content-type': 'application/json', origin: address },
            body: JSON.stringify({ from: reportFromIso, to: reportTo.toISOString(), format: 'csv', timezone: tz }),
          });
          if (response.status !== 200 || !response.body) throw new Error(`report: ${response.status} ${await response.text()}`);
          let lines = 0;
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) for (const byte of chunk) if (byte === 10) lines++;
          return { lines, disposition: response.headers.get('content-disposition') };
        };
        await runReport(new Date(now.getTime() - 3_600_000).toISOString());
        server.send('gc');
        const before = await reply<{ rss: number; heapTotal: number; external: number }>();
        const rssBefore = before.rss;
        const rssOf = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
        let peak = rssOf();
        const sampler = setInterval(() => { peak = Math.max(peak, rssOf()); }, 10);
        const t0 = performance.now();
        const { lines, disposition } = await runReport(reportFrom.toISOString());
        const elapsed = (performance.now() - t0) / 1000;
        clearInterval(sampler);
        peak = Math.max(peak, rssOf());
        server.send('peaks');
        const peaks = await reply<{ heapTotal: number; external: number }>();
        const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
        console.log(`# report server: V8 heap ${mb(before.heapTotal)} -> ${mb(peaks.heapTotal)} at its peak, outside it (Buffers) ${mb(before.external)} -> ${mb(peaks.external)}`);
        const rows = lines - 1;
        console.log(`# report ${disposition}: ${days} days, ${rows.toLocaleString('en')} rows in ${elapsed.toFixed(1)} s; server RSS ${(rssBefore / 1048576).toFixed(0)} MB before, ${(peak / 1048576).toFixed(0)} MB at its peak`);
        console.log(`insight-report-csv-rows: ${rows} rows`);
        console.log(`insight-report-csv-rate: ${Math.round(rows / elapsed)} rows/s`);
        console.log(`insight-report-csv-memory-growth: ${((peak - rssBefore) / 1048576).toFixed(1)} MB`);
      } finally {
        const exited = new Promise((done) => server.once('exit', done));
        server.send('close');
        await exited;
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (!kept) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

// DROP DATABASE … WITH (FORCE) ends the connections still open on it (the push channel's listener): not a failure.
process.on('uncaughtException', (error) => {
  if (String(error).includes('terminating connection due to administrator command')) return;
  console.error(error);
  process.exit(1);
});
await main();
