import nock from 'nock';
import type { OutboxMessage } from '@domain/api/contact-work';
import { httpSmsDelivery } from '@server/adapters/sms-gateway';
import type { Database } from '@server/db/database';
import { outboxRepository } from '@server/repositories/outbox-repository';
import { smsDeliveryRepository } from '@server/repositories/sms-delivery-repository';
import { createSmsDispatcher, retryDelay, type DispatcherSettings } from '@server/services/sms/dispatcher';
import { createTestApp, testClock, type TestContext } from './support/test-app';

/**
 * SMS delivery (issue 16): the HTTP gateway adapter against a gateway mocked with nock (success, 4xx, 5xx then success,
 * timeout) and the dispatcher's statuses queued → sending → sent | failed with the provider's id or the error kept.
 * Two dispatchers sharing one database: sms-dispatch-claim.test.ts.
 */

const GATEWAY = 'http://sms-gateway.test';
const SETTINGS: Partial<DispatcherSettings> = { maxAttempts: 3, retryBaseMs: 1_000, retryMaxMs: 60_000, batchSize: 20, concurrency: 4 };

let ctx: TestContext;
let db: Database;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.db.database;
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await db.query('DELETE FROM sms_outbox');
});

async function queue(count: number, recipient = '+393331234567'): Promise<OutboxMessage[]> {
  const out: OutboxMessage[] = [];
  for (let i = 0; i < count; i++) {
    out.push(await outboxRepository(db).insert({
      channel: 'sms', workspaceId: 'sms-promo', contactId: null, configId: 'promo-base', trigger: 'manual', sender: 'FEDELTA',
      recipient, body: `Messaggio ${i}`, url: null, status: 'queued', error: null, createdBy: 'u-admin', at: new Date(ctx.clock()),
    }));
  }
  return out;
}

async function stored(id: number): Promise<OutboxMessage> {
  const [row] = (await outboxRepository(db).list('sms-promo', { limit: 500 })).filter((m) => m.id === id);
  return row;
}

describe('the HTTP gateway adapter and the dispatcher (nock)', () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => nock.cleanAll());
  afterAll(() => nock.enableNetConnect());

  const dispatcher = (timeoutMs = 2_000) =>
    createSmsDispatcher({ deliveries: smsDeliveryRepository(db), clock: ctx.clock, delivery: httpSmsDelivery({ url: `${GATEWAY}/v1/messages`, token: 'secret-token', timeoutMs }), settings: SETTINGS });

  it('success: posts the message as JSON with the bearer token and keeps the provider id; status sent', async () => {
    const [message] = await queue(1);
    const scope = nock(GATEWAY, { reqheaders: { authorization: 'Bearer secret-token', 'content-type': 'application/json', 'idempotency-key': `sms-${message.id}` } })
      .post('/v1/messages', { to: '+393331234567', from: 'FEDELTA', text: 'Messaggio 0', reference: String(message.id) })
      .reply(201, { id: 'prov-0001', status: 'accepted' });
    const round = await dispatcher().runOnce();
    expect(round).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    expect(scope.isDone()).toBe(true);
    expect(await stored(message.id)).toMatchObject({ status: 'sent', providerId: 'prov-0001', attempts: 1, error: null, sentAt: new Date(ctx.clock()).toISOString() });
    // Sent is final: nothing is claimed again.
    expect((await dispatcher().runOnce()).claimed).toBe(0);
  });

  it('4xx: the gateway refuses the message; failed at once with the answer kept, never retried', async () => {
    const [message] = await queue(1);
    nock(GATEWAY).post('/v1/messages').reply(400, { error: 'invalid destination number' });
    expect(await dispatcher().runOnce()).toEqual({ claimed: 1, sent: 0, retried: 0, failed: 1 });
    const failed = await stored(message.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, providerId: null });
    expect(failed.error).toBe('HTTP 400: {"error":"invalid destination number"}');
    ctx.clock.advance(3_600_000);
    expect((await dispatcher().runOnce()).claimed).toBe(0);
  });

  it('5xx then success: queued again with the error and a backoff, then sent on the next attempt', async () => {
    const [message] = await queue(1);
    nock(GATEWAY).post('/v1/messages').reply(503, 'Service Unavailable').post('/v1/messages').reply(200, { messageId: 'prov-0002' });
    expect(await dispatcher().runOnce()).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 });
    const waiting = await stored(message.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, error: 'HTTP 503: Service Unavailable' });
    // Not due before the backoff has passed.
    expect((await dispatcher().runOnce()).claimed).toBe(0);
    ctx.clock.advance(retryDelay(1, { retryBaseMs: 1_000, retryMaxMs: 60_000 }, () => 1) + 1);
    expect(await dispatcher().runOnce()).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    expect(await stored(message.id)).toMatchObject({ status: 'sent', attempts: 2, providerId: 'prov-0002', error: null });
  });

  it('timeout: an attempt with no answer in time is retried, and the message fails after the last attempt', async () => {
    const [message] = await queue(1);
    // A gateway that answers only after 400 ms (nock's own delay() holds back the body, not the answer).
    const late = () => new Promise<[number, Record<string, string>]>((resolve) => setTimeout(() => resolve([200, { id: 'too-late' }]), 400));
    nock(GATEWAY).post('/v1/messages').times(3).reply(late);
    const d = dispatcher(100);
    expect((await d.runOnce()).retried).toBe(1);
    expect(await stored(message.id)).toMatchObject({ status: 'queued', attempts: 1, error: 'timeout: no answer from the gateway in 100 ms' });
    ctx.clock.advance(60_000);
    expect((await d.runOnce()).retried).toBe(1);
    ctx.clock.advance(60_000);
    expect((await d.runOnce()).failed).toBe(1);
    const failed = await stored(message.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, providerId: null });
    expect(failed.error).toBe('timeout: no answer from the gateway in 100 ms (gave up after 3 attempts)');
  });

  it('a message left sending by a dispatcher that died is claimed again once its lease has run out', async () => {
    const [message] = await queue(1);
    const clock = testClock(ctx.clock());
    const dead = createSmsDispatcher({ deliveries: smsDeliveryRepository(db), clock, delivery: { target: 'never', deliver: () => new Promise(() => undefined) }, settings: { ...SETTINGS, leaseMs: 60_000 } });
    void dead.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored(message.id)).toMatchObject({ status: 'sending', attempts: 1 });
    nock(GATEWAY).post('/v1/messages').reply(200, { id: 'prov-0003' });
    const alive = createSmsDispatcher({ deliveries: smsDeliveryRepository(db), clock, delivery: httpSmsDelivery({ url: `${GATEWAY}/v1/messages` }), settings: { ...SETTINGS, leaseMs: 60_000 } });
    expect((await alive.runOnce()).claimed).toBe(0);
    clock.advance(60_001);
    expect(await alive.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await stored(message.id)).toMatchObject({ status: 'sent', attempts: 2, providerId: 'prov-0003' });
  });

  it('a result the database refuses to record is recorded on a later try, so the message is not sent twice', async () => {
    const [message] = await queue(1);
    const scope = nock(GATEWAY).post('/v1/messages').once().reply(200, { id: 'prov-0004' });
    const deliveries = smsDeliveryRepository(db);
    let refusals = 2;
    const flaky = { ...deliveries, settle: (...args: Parameters<typeof deliveries.settle>) => (refusals-- > 0 ? Promise.reject(new Error('connection terminated')) : deliveries.settle(...args)) };
    const d = createSmsDispatcher({ deliveries: flaky, clock: ctx.clock, delivery: httpSmsDelivery({ url: `${GATEWAY}/v1/messages` }), settings: { ...SETTINGS, settleRetryMs: [5, 5, 5] } });
    expect(await d.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(scope.isDone()).toBe(true);
    expect(await stored(message.id)).toMatchObject({ status: 'sent', attempts: 1, providerId: 'prov-0004' });
  });

  it('a result the database never records fails the round once the tries are spent', async () => {
    await queue(1);
    nock(GATEWAY).post('/v1/messages').reply(200, { id: 'prov-0005' });
    const deliveries = smsDeliveryRepository(db);
    const down = { ...deliveries, settle: () => Promise.reject(new Error('connection terminated')) };
    const d = createSmsDispatcher({ deliveries: down, clock: ctx.clock, delivery: httpSmsDelivery({ url: `${GATEWAY}/v1/messages` }), settings: { ...SETTINGS, settleRetryMs: [5] } });
    await expect(d.runOnce()).rejects.toThrow('connection terminated');
  });

  it('an undeliverable message is failed without calling the gateway', async () => {
    const [message] = await queue(1, 'not-a-phone');
    expect(await dispatcher().runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    expect((await stored(message.id)).error).toMatch(/not a phone number/);
  });
});
