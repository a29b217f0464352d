/**
 * SMS dispatcher throughput (issue 16 target): N queued messages drained through the generic HTTP adapter into a fake
 * gateway on a local port that answers at once and counts each message by its reference.
 *   sms-dispatch-rate-postgres: N msg/s     (target >= 500 msg/s)  two dispatchers, each with its own pool, one database
 *   sms-dispatch-duplicates-postgres: N     (target 0)
 *   sms-dispatch-rate-pglite: N msg/s       one dispatcher (PGlite has one connection)
 *   sms-dispatch-duplicates-pglite: N
 * Options: --messages 10000, --db pglite|postgres|both (default both). Default dispatcher settings (batch 50, 16 in flight).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { httpSmsDelivery } from '@server/adapters/sms-gateway';
import type { Database } from '@server/db/database';
import { createPostgresDatabase } from '@server/db/postgres-database';
import { seedDemo } from '@server/db/seed';
import { smsDeliveryRepository } from '@server/repositories/sms-delivery-repository';
import { createSmsDispatcher } from '@server/services/sms/dispatcher';
import { DATABASE_URL, openBenchDatabase, option, root } from './support-contacts';

const messages = Number(option('messages', '10000'));
const which = option('db', 'both');

async function fakeGateway() {
  const received = new Map<string, number>();
  let next = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    request.on('end', () => {
      const { reference } = JSON.parse(body) as { reference: string };
      received.set(reference, (received.get(reference) ?? 0) + 1);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: `fake-${++next}` }));
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function run(kind: 'postgres' | 'pglite') {
  const bench = await openBenchDatabase(kind);
  const gateway = await fakeGateway();
  let second: Database | null = null;
  try {
    await seedDemo(bench.database, { fixturesDir: join(root, 'fixtures'), clock: Date.now });
    await bench.database.query(
      `INSERT INTO sms_outbox (channel, workspace_id, contact_id, config_id, trigger, sender, recipient, body, status, created_at, created_by)
       SELECT 'sms', 'sms-promo', NULL, 'promo-base', 'manual', 'FEDELTA', '+39333' || lpad(g::text, 7, '0'), 'Messaggio ' || g, 'queued', now(), 'u-admin'
       FROM generate_series(1, $1::int) g`,
      [messages],
    );
    const [{ queued }] = await bench.database.query<{ queued: number }>(`SELECT count(*)::int AS queued FROM sms_outbox WHERE status = 'queued' AND channel = 'sms'`);
    const clock = () => Date.now();
    const delivery = httpSmsDelivery({ url: gateway.url });
    const dispatchers = [createSmsDispatcher({ deliveries: smsDeliveryRepository(bench.database), clock, worker: 'bench-a', delivery })];
    if (kind === 'postgres') {
      const [{ schema }] = await bench.database.query<{ schema: string }>('SELECT current_schema() AS schema');
      second = await createPostgresDatabase({ connectionString: DATABASE_URL, schema, max: 4 });
      dispatchers.push(createSmsDispatcher({ deliveries: smsDeliveryRepository(second), clock, worker: 'bench-b', delivery }));
    }
    const t0 = performance.now();
    const rounds = await Promise.all(dispatchers.map((d) => d.drain()));
    const seconds = (performance.now() - t0) / 1000;
    const sent = rounds.reduce((n, r) => n + r.sent, 0);
    const duplicates = [...gateway.received.values()].filter((n) => n > 1).length;
    const [{ left }] = await bench.database.query<{ left: number }>(`SELECT count(*)::int AS left FROM sms_outbox WHERE status <> 'sent' AND channel = 'sms'`);
    console.log(`# ${bench.label}: ${queued} queued, ${sent} sent by ${dispatchers.length} dispatcher(s) (${rounds.map((r) => r.sent).join(' + ')}) in ${seconds.toFixed(2)} s; gateway got ${gateway.received.size}; not sent: ${left}`);
    console.log(`sms-dispatch-rate-${kind}: ${Math.round(sent / seconds)} msg/s`);
    console.log(`sms-dispatch-duplicates-${kind}: ${duplicates} messages`);
  } finally {
    await second?.close();
    await gateway.close();
    await bench.drop();
  }
}

if (which === 'postgres' || which === 'both') await run('postgres');
if (which === 'pglite' || which === 'both') await run('pglite');
