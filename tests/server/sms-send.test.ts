import type { OutboxMessage } from '@domain/api/contact-work';
import type { SmsDeliveryStatus } from '@domain/api/sms';
import { build } from '@server/app';
import type { SmsDelivery, DeliveryRequest } from '@server/adapters/sms-gateway';
import { FIXTURES_DIR, createTestApp, signedIn, type TestContext } from './support/test-app';

/**
 * The /sms screen's calls (spec 3 §2, §4, §5, §7; issue 16): POST /api/cntmng/sms/{workspaceId} checks the values
 * against the translator's SMS form and queues the rendered template; GET .../delivery says whether a gateway sends
 * them; the outbox filters by status; messages of states reached on a save travel the same path to the gateway.
 */

let ctx: TestContext;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const user of ['admin', 'teamleader', 'agent', 'statistic']) cookies[user] = await signedIn(ctx.app, user);
});
afterAll(async () => {
  await ctx?.close();
});

const send = (user: string, payload: unknown, workspace = 'sms-promo') =>
  ctx.app.inject({ method: 'POST', url: `/api/cntmng/sms/${workspace}`, headers: { cookie: cookies[user] }, payload: payload as object });
const outbox = async (query: string): Promise<OutboxMessage[]> => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/cntmng/outbox?workspace=sms-promo${query}`, headers: { cookie: cookies.admin } });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

const VALUES = { nome: 'Giulia', cellulare: '+393471234567', codicePromo: 'AB12CD34', scadenza: '2026-12-31', negozio: 'milano-centro', importoBuono: 20 };

describe('POST /api/cntmng/sms/{workspaceId}', () => {
  it('queues the template rendered with the values, to the template phoneField, and the outbox shows it', async () => {
    const response = await send('admin', { templateId: 'promo-base', values: VALUES });
    expect(response.statusCode).toBe(200);
    const message: OutboxMessage = response.json().data;
    expect(message).toMatchObject({
      channel: 'sms', workspaceId: 'sms-promo', contactId: null, configId: 'promo-base', trigger: 'manual', sender: 'FEDELTA',
      recipient: '+393471234567', status: 'queued', attempts: 0, providerId: null, error: null, createdBy: 'u-admin',
      body: 'Ciao Giulia, il tuo buono AB12CD34 da 20 euro ti aspetta da Milano Centro fino al 31/12/2026.',
    });
    expect((await outbox('')).map((m) => m.id)).toContain(message.id);
    expect((await outbox('&status=queued')).map((m) => m.id)).toContain(message.id);
    expect((await outbox('&status=sent')).map((m) => m.id)).not.toContain(message.id);
  });

  it("refuses values the SMS form refuses, one error per field: the first group's fields required, regexes, enum values", async () => {
    const queuedBefore = (await outbox('&status=queued&limit=500')).length;
    const response = await send('admin', { templateId: 'promo-base', values: { nome: '', cellulare: '12', codicePromo: 'ab', negozio: 'parigi', extra: 'x' } });
    expect(response.statusCode).toBe(400);
    const errors: Array<{ field: string; message: string }> = response.json().errors;
    expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toEqual({
      '/values/extra': 'values.extra is not a field of the SMS form',
      '/values/nome': 'values.nome (Nome) is required',
      '/values/scadenza': 'values.scadenza (Scadenza) is required',
      '/values/cellulare': 'values.cellulare (Cellulare) does not match ^((\\+39)?[0-9]{9,10})?$',
      '/values/codicePromo': 'values.codicePromo (Codice promo) does not match ^[A-Z0-9]{8}$',
      '/values/negozio': 'values.negozio (Negozio) must be one of the configured values',
    });
    expect(await outbox('&status=queued&limit=500')).toHaveLength(queuedBefore);
  });

  it('refuses an empty recipient even though the regex allows one, and an unknown template, naming the field', async () => {
    const empty = await send('admin', { templateId: 'promo-base', values: { ...VALUES, cellulare: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: '/values/cellulare', message: 'values.cellulare (Cellulare) is required' }]);
    const unknown = await send('admin', { templateId: 'nessuno', values: VALUES });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'templateId', message: "The SMS template 'nessuno' is not one of this workspace" }]);
    const noBody = await send('admin', { values: VALUES });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toMatch(/templateId/);
  });

  it("needs the workspace's sms permission: the agent has it in sms-promo, the statistic user does not", async () => {
    expect((await send('agent', { templateId: 'promo-promemoria', values: VALUES })).statusCode).toBe(200);
    expect((await send('statistic', { templateId: 'promo-promemoria', values: VALUES })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/cntmng/sms/sms-promo', payload: { templateId: 'promo-base', values: VALUES } })).statusCode).toBe(401);
    expect((await send('admin', { templateId: 'promo-base', values: VALUES }, 'nessuno')).statusCode).toBe(404);
  });
});

describe('GET /api/cntmng/sms/{workspaceId}/delivery', () => {
  it('says plainly that no gateway is configured, with the counts by status', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/cntmng/sms/sms-promo/delivery', headers: { cookie: cookies.teamleader } });
    expect(response.statusCode).toBe(200);
    const status: SmsDeliveryStatus = response.json().data;
    expect(status.gatewayConfigured).toBe(false);
    expect(status.target).toBeNull();
    expect(status.counts.queued).toBe((await outbox('&status=queued&limit=500')).filter((m) => m.channel === 'sms').length);
    // Without a gateway nothing is sent: the only sent messages are the demo seed's history, which no gateway carried.
    const [history] = await ctx.db.database.query<{ sent: number; viaGateway: number }>(
      `SELECT count(*)::int AS sent, count(*) FILTER (WHERE provider_id IS NOT NULL)::int AS "viaGateway" FROM sms_outbox WHERE workspace_id = 'sms-promo' AND channel = 'sms' AND status = 'sent'`,
    );
    expect(status.counts.sent).toBe(history.sent);
    expect(history.viaGateway).toBe(0);
  });
});

describe('with a gateway configured', () => {
  it('the dispatcher delivers the screen SMS and the SMS of a state reached on a save alike', async () => {
    const delivered: DeliveryRequest[] = [];
    const delivery: SmsDelivery = { target: 'http://gateway.test/send', deliver: async (m) => { delivered.push(m); return { ok: true, providerId: `p-${m.reference}` }; } };
    const app = await build({ database: ctx.db.database, clock: ctx.clock, fixturesDir: FIXTURES_DIR, jwtSecret: 'test-secret-of-sufficient-length-0123456789', sms: { delivery } });
    await app.ready();
    try {
      const status = await app.inject({ method: 'GET', url: '/api/cntmng/sms/sms-promo/delivery', headers: { cookie: cookies.admin } });
      expect(status.json().data).toMatchObject({ gatewayConfigured: true, target: 'http://gateway.test/send' });
      const [contact] = await ctx.db.database.query<{ id: string; version: number; cellulare: string }>(
        "SELECT trim(id) AS id, version, inputs->>'cellulare' AS cellulare FROM contacts WHERE workspace_id = 'sms-promo' AND state = 'DA_CONTATTARE' AND NOT closed AND processable AND NOT suspended ORDER BY id LIMIT 1",
      );
      const saved = await app.inject({ method: 'PUT', url: `/api/cntmng/contact/${contact.id}`, headers: { cookie: cookies.admin }, payload: { version: contact.version, state: 'SMS_INVIATO' } });
      expect(saved.statusCode).toBe(200);
      await app.smsDispatcher!.drain();
      const sent = await outbox('&status=sent');
      expect(sent.find((m) => m.trigger === 'state' && m.contactId === contact.id)).toMatchObject({ recipient: contact.cellulare, attempts: 1 });
      expect(sent.filter((m) => m.trigger === 'manual').length).toBeGreaterThan(0);
      // The gateway carried what was queued; the demo seed's messages were history, already sent, and stay untouched.
      const viaGateway = sent.filter((m) => m.providerId !== null);
      expect(delivered.map((m) => m.reference).sort()).toEqual(viaGateway.map((m) => String(m.id)).sort());
      for (const m of viaGateway) expect(m.providerId).toBe(`p-${m.id}`);
    } finally {
      await app.close();
    }
  });
});
