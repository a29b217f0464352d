import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpSmsDelivery } from '@server/adapters/sms-gateway';
import type { Database } from '@server/db/database';
import { createPostgresDatabase } from '@server/db/postgres-database';
import { outboxRepository } from '@server/repositories/outbox-repository';
import { smsDeliveryRepository } from '@server/repositories/sms-delivery-repository';
import { createSmsDispatcher } from '@server/services/sms/dispatcher';
import { createTestApp, type TestContext } from './support/test-app';
import { TEST_DATABASE_URL, usePostgres } from './support/test-database';

/**
 * The claim (issue 16): several server processes share one database, each with its dispatcher. Two dispatchers with
 * their own connection pools (on PostgreSQL; PGlite has one connection) drain one outbox against a real HTTP gateway
 * on a local port, which counts what it receives: every message arrives exactly once.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/** A gateway on a local port that answers after a short random delay and counts what it received, by reference. */
async function fakeGateway(): Promise<{ url: string; received: Map<string, number>; close(): Promise<void> }> {
  const received = new Map<string, number>();
  let next = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    request.on('end', () => {
      const { reference } = JSON.parse(body) as { reference: string };
      received.set(reference, (received.get(reference) ?? 0) + 1);
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: `fake-${++next}` }));
      }, Math.random() * 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`two dispatchers on one database (${usePostgres ? 'PostgreSQL, two connection pools' : 'PGlite'})`, () => {
  it('deliver every queued message exactly once between them', async () => {
    const db = ctx.db.database;
    const gateway = await fakeGateway();
    let second: Database = db;
    if (usePostgres) {
      const [{ schema }] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
      second = await createPostgresDatabase({ connectionString: TEST_DATABASE_URL, schema, max: 4 });
    }
    try {
      // Anything queued besides the 300 (the demo seed writes its messages as sent) goes out too, each once.
      const [{ seeded, sentBefore }] = await db.query<{ seeded: number; sentBefore: number }>(
        `SELECT count(*) FILTER (WHERE status = 'queued')::int AS seeded, count(*) FILTER (WHERE status = 'sent')::int AS "sentBefore" FROM sms_outbox WHERE channel = 'sms'`,
      );
      const ids: string[] = [];
      for (let i = 0; i < 300; i++) {
        const message = await outboxRepository(db).insert({
          channel: 'sms', workspaceId: 'sms-promo', contactId: null, configId: 'promo-base', trigger: 'manual', sender: 'FEDELTA',
          recipient: '+393331234567', body: `Messaggio ${i}`, url: null, status: 'queued', error: null, createdBy: 'u-admin', at: new Date(ctx.clock()),
        });
        ids.push(String(message.id));
      }
      const dispatcher = (database: Database, worker: string) =>
        createSmsDispatcher({ deliveries: smsDeliveryRepository(database), clock: ctx.clock, worker, delivery: httpSmsDelivery({ url: gateway.url }), settings: { batchSize: 10, concurrency: 8 } });
      const [a, b] = await Promise.all([dispatcher(db, 'dispatcher-a').drain(), dispatcher(second, 'dispatcher-b').drain()]);
      expect(a.sent + b.sent).toBe(300 + seeded);
      expect(a.claimed + b.claimed).toBe(300 + seeded);
      expect(a.claimed).toBeGreaterThan(0);
      expect(b.claimed).toBeGreaterThan(0);
      expect(gateway.received.size).toBe(300 + seeded);
      expect([...gateway.received.entries()].filter(([, n]) => n !== 1)).toEqual([]);
      const received = new Set(gateway.received.keys());
      expect(ids.filter((id) => !received.has(id))).toEqual([]);
      const [counts] = await db.query<{ sent: number; other: number }>(
        "SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status <> 'sent')::int AS other FROM sms_outbox WHERE channel = 'sms'",
      );
      expect(counts).toEqual({ sent: 300 + seeded + sentBefore, other: 0 });
    } finally {
      if (second !== db) await second.close();
      await gateway.close();
    }
  });
});
