import { DEFAULT_SESSION_TIMEOUT_MS } from '@domain/constants';
import { createTestApp, sessionCookie, signedIn, tableCounts, type TestContext } from './support/test-app';

let ctx: TestContext;
const SHORT_TIMEOUT_MS = 120_000;

beforeAll(async () => {
  ctx = await createTestApp();
  // A workspace with a short idle timeout, reachable by the demo agent's team.
  const db = ctx.db.database;
  await db.query(`INSERT INTO workspaces (id, name, data_model_id, enabled, document)
    VALUES ('ws-short', 'Short Timeout', 'dm-minimo', true, $1::jsonb)`, [
    JSON.stringify({ id: 'ws-short', name: 'Short Timeout', dataModelId: 'dm-minimo', enabled: true, sessionTimeout: SHORT_TIMEOUT_MS }),
  ]);
  await db.query(`INSERT INTO team_workspaces (team_id, workspace_id) VALUES ('t-milano-inbound', 'ws-short')`);
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, cookie?: string) => ctx.app.inject({ url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: object | undefined, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

async function agentIn(workspaceId: string): Promise<string> {
  const cookie = await signedIn(ctx.app, 'agent');
  const response = await post('/api/cntmng/agent/signin', { agentId: 'u-agent', workspaceId }, cookie);
  expect(response.statusCode).toBe(200);
  return cookie;
}

describe('idle timeout', () => {
  it('takes the timeout of the workspace the agent signs in to', async () => {
    const cookie = await signedIn(ctx.app, 'agent');
    const response = await post('/api/cntmng/agent/signin', { agentId: 'u-agent', workspaceId: 'ws-short' }, cookie);
    expect(response.json().data).toEqual({
      agentId: 'u-agent',
      workspaceId: 'ws-short',
      signedInAt: ctx.clock(),
      sessionStart: ctx.clock(),
      sessionTimeout: SHORT_TIMEOUT_MS,
    });
    const session = await get('/api/auth/session', cookie);
    expect(session.json().data).toMatchObject({ sessionTimeout: SHORT_TIMEOUT_MS, workspaceId: 'ws-short' });
  });

  it('expires the session after the timeout even with heartbeats, and ends it', async () => {
    const cookie = await agentIn('ws-short');
    ctx.clock.advance(60_000);
    expect((await post('/api/cntmng/agent/heartbeat', undefined, cookie)).statusCode).toBe(200);
    ctx.clock.advance(59_999);
    expect((await post('/api/cntmng/agent/heartbeat', undefined, cookie)).statusCode).toBe(200);
    ctx.clock.advance(1);
    const expired = await post('/api/cntmng/agent/heartbeat', undefined, cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Session expired');
    expect(expired.cookies.find((c) => c.name === 'jwt')?.value).toBe('');
    // Ended for good: moving the clock back does not revive it.
    ctx.clock.advance(-60_000);
    expect((await get('/api/auth/session', cookie)).statusCode).toBe(401);
    const [row] = await ctx.db.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions WHERE user_id = 'u-agent' AND end_reason = 'timeout' AND ended_at IS NOT NULL`,
    );
    expect(row.n).toBe(1);
    ctx.clock.advance(60_000);
  });

  it('entering a workspace starts its idle period there: a switch into a shorter timeout does not end the session at once', async () => {
    const cookie = await agentIn('minimo');
    ctx.clock.advance(SHORT_TIMEOUT_MS + 30_000);
    const entered = await post('/api/cntmng/agent/signin', { agentId: 'u-agent', workspaceId: 'ws-short' }, cookie);
    expect(entered.statusCode).toBe(200);
    expect(entered.json().data).toMatchObject({ sessionStart: ctx.clock(), sessionTimeout: SHORT_TIMEOUT_MS });
    ctx.clock.advance(SHORT_TIMEOUT_MS - 1);
    expect((await get('/api/auth/session', cookie)).statusCode).toBe(200);
    ctx.clock.advance(1);
    expect((await get('/api/auth/session', cookie)).statusCode).toBe(401);
  });

  it('renew restarts the idle period', async () => {
    const cookie = await agentIn('ws-short');
    ctx.clock.advance(100_000);
    const renewed = await get('/api/auth/renew', cookie);
    expect(renewed.json().data).toEqual({ sessionStart: ctx.clock(), sessionTimeout: SHORT_TIMEOUT_MS });
    const fresh = sessionCookie(renewed);
    ctx.clock.advance(100_000);
    expect((await get('/api/auth/session', fresh)).statusCode).toBe(200);
    ctx.clock.advance(20_000);
    expect((await get('/api/auth/session', fresh)).statusCode).toBe(401);
  });

  it('defaults to 30 minutes when the workspace sets no timeout', async () => {
    const cookie = await agentIn('minimo');
    expect((await get('/api/auth/session', cookie)).json().data.sessionTimeout).toBe(DEFAULT_SESSION_TIMEOUT_MS);
    ctx.clock.advance(DEFAULT_SESSION_TIMEOUT_MS - 1);
    expect((await get('/api/auth/current-user', cookie)).statusCode).toBe(200);
    ctx.clock.advance(1);
    expect((await get('/api/auth/current-user', cookie)).statusCode).toBe(401);
  });

  it('records presence on heartbeat and agent sign-in', async () => {
    const cookie = await agentIn('energia-casa');
    ctx.clock.advance(60_000);
    const beat = await post('/api/cntmng/agent/heartbeat', undefined, cookie);
    expect(beat.json().data.at).toBe(ctx.clock());
    const [row] = await ctx.db.database.query<{ agent_id: string; workspace_id: string; last_signin: Date; last_heartbeat: Date }>(
      `SELECT agent_id, workspace_id, last_signin, last_heartbeat FROM agent_presence WHERE user_id = 'u-agent'`,
    );
    expect(row.workspace_id).toBe('energia-casa');
    expect(new Date(row.last_heartbeat).getTime()).toBe(ctx.clock());
    expect(new Date(row.last_signin).getTime()).toBe(ctx.clock() - 60_000);
    expect((await post('/api/cntmng/agent/heartbeat', undefined)).statusCode).toBe(401);
  });

  it('refuses agent sign-in to a workspace the user may not open, writing nothing', async () => {
    const cookie = await signedIn(ctx.app, 'agent');
    await ctx.db.database.query(`INSERT INTO workspaces (id, name, data_model_id, enabled, document)
      VALUES ('ws-napoli-only', 'Napoli only', 'dm-minimo', true, '{"id":"ws-napoli-only"}'::jsonb)`);
    await ctx.db.database.query(`INSERT INTO team_workspaces (team_id, workspace_id) VALUES ('t-napoli-sales', 'ws-napoli-only')`);
    const before = await tableCounts(ctx);
    const forbidden = await post('/api/cntmng/agent/signin', { agentId: 'u-agent', workspaceId: 'ws-napoli-only' }, cookie);
    expect(forbidden.statusCode).toBe(403);
    const missing = await post('/api/cntmng/agent/signin', { agentId: 'u-agent', workspaceId: 'nope' }, cookie);
    expect(missing.statusCode).toBe(404);
    const malformed = await post('/api/cntmng/agent/signin', { agentId: 'u-agent' }, cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([{ field: 'workspaceId', message: 'workspaceId is required' }]);
    expect(await tableCounts(ctx)).toEqual(before);
  });
});

describe('workspaces and data models', () => {
  const names = (body: { data: { id: string }[] }) => body.data.map((w) => w.id).sort();

  it('gives admin every workspace as summaries', async () => {
    const response = await get('/api/cntmng/user/workspace', await signedIn(ctx.app, 'admin'));
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).toEqual(
      ['campagna-grande', 'energia-casa', 'minimo', 'sinistri-auto', 'sms-promo', 'ws-napoli-only', 'ws-short'].sort(),
    );
    expect(response.json().data.find((w: { id: string }) => w.id === 'energia-casa')).toEqual({
      id: 'energia-casa',
      name: 'Energia Casa - Vendita Luce e Gas',
      dataModelId: 'dm-energia-casa',
      enabled: true,
    });
  });

  it('gives others the enabled workspaces of their teams, sites or outsourcer, minus forbidden ones', async () => {
    const of = async (username: string) => names((await get('/api/cntmng/user/workspace', await signedIn(ctx.app, username))).json());
    expect(await of('agent')).toEqual(['campagna-grande', 'energia-casa', 'minimo', 'sinistri-auto', 'sms-promo', 'ws-short']);
    // Milano site: both Milano teams.
    expect(await of('sitemanager')).toEqual(['campagna-grande', 'energia-casa', 'minimo', 'sinistri-auto', 'sms-promo', 'ws-short']);
    // NordCall: Milano and Torino; the disabled Torino-minimo link adds nothing new.
    expect(await of('manager')).toEqual(['campagna-grande', 'energia-casa', 'minimo', 'sinistri-auto', 'sms-promo', 'ws-short']);
    await ctx.db.database.query(`UPDATE team_workspaces SET enabled = false WHERE workspace_id = 'minimo'`);
    await ctx.db.database.query(`UPDATE workspaces SET enabled = false WHERE id = 'sinistri-auto'`);
    try {
      expect(await of('agent')).toEqual(['campagna-grande', 'energia-casa', 'sms-promo', 'ws-short']);
    } finally {
      await ctx.db.database.query(`UPDATE team_workspaces SET enabled = true WHERE workspace_id = 'minimo' AND team_id <> 't-torino-retention'`);
      await ctx.db.database.query(`UPDATE workspaces SET enabled = true WHERE id = 'sinistri-auto'`);
    }
  });

  it('answers ?userId= for user administrators only', async () => {
    const admin = await get('/api/cntmng/user/workspace?userId=u-scaduto', await signedIn(ctx.app, 'admin'));
    expect(admin.statusCode).toBe(200);
    // Every workspace of scaduto's part of the organisation, for the assign-workspaces dialog; sms-promo is forbidden to them.
    expect(names(admin.json())).toEqual(['campagna-grande', 'energia-casa', 'minimo', 'sinistri-auto', 'sms-promo', 'ws-short']);
    const forbidden = (admin.json() as { data: { id: string; forbidden: boolean }[] }).data.filter((w) => w.forbidden).map((w) => w.id);
    expect(forbidden).toEqual(['sms-promo']);
    const agent = await get('/api/cntmng/user/workspace?userId=u-admin', await signedIn(ctx.app, 'agent'));
    expect(agent.statusCode).toBe(403);
    const unknown = await get('/api/cntmng/user/workspace?userId=u-nobody', await signedIn(ctx.app, 'admin'));
    expect(unknown.statusCode).toBe(404);
    expect((await get('/api/cntmng/user/workspace')).statusCode).toBe(401);
  });

  it('returns a whole workspace document, 403 without access, 404 when unknown', async () => {
    const agent = await signedIn(ctx.app, 'agent');
    const response = await get('/api/cntmng/user/workspace/energia-casa', agent);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ id: 'energia-casa', dataModelId: 'dm-energia-casa', sessionTimeout: 1_800_000 });
    expect(Object.keys(data).length).toBeGreaterThan(5);
    expect((await get('/api/cntmng/user/workspace/ws-napoli-only', agent)).statusCode).toBe(403);
    expect((await get('/api/cntmng/user/workspace/nope', agent)).statusCode).toBe(404);
  });

  it('returns a data model the user reaches through a workspace', async () => {
    const agent = await signedIn(ctx.app, 'agent');
    const response = await get('/api/dmll/data-model/dm-energia-casa', agent);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).toBe('dm-energia-casa');
    expect((await get('/api/dmll/data-model/dm-nope', agent)).statusCode).toBe(404);
    expect((await get('/api/dmll/data-model/dm-energia-casa')).statusCode).toBe(401);
    // A data model used only by a workspace of another team.
    await ctx.db.database.query(`INSERT INTO data_models (id, document) VALUES ('dm-napoli', '{"id":"dm-napoli"}'::jsonb)`);
    await ctx.db.database.query(`UPDATE workspaces SET data_model_id = 'dm-napoli' WHERE id = 'ws-napoli-only'`);
    expect((await get('/api/dmll/data-model/dm-napoli', agent)).statusCode).toBe(403);
    expect((await get('/api/dmll/data-model/dm-napoli', await signedIn(ctx.app, 'admin'))).statusCode).toBe(200);
  });
});

describe('branding', () => {
  it('falls back to the default logos, served by the app, without signing in', async () => {
    const response = await get('/api/cntmng/assets');
    expect(response.json()).toEqual({ data: { logoLogin: '/api/cntmng/assets/logo-login.svg', logoNav: '/api/cntmng/assets/logo-nav.svg' } });
    const logo = await get('/api/cntmng/assets/logo-login.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.body).toMatch(/^<svg/);
    expect((await get('/api/cntmng/assets/other.svg')).statusCode).toBe(400);
  });

  it('uses the organisation branding, then a workspace branding, when set', async () => {
    const nav = 'data:image/svg+xml;base64,PHN2Zy8+';
    await ctx.db.database.query(`INSERT INTO app_settings (key, value) VALUES ('branding', $1::jsonb)`, [JSON.stringify({ logoNav: nav })]);
    expect((await get('/api/cntmng/assets')).json().data).toEqual({ logoLogin: '/api/cntmng/assets/logo-login.svg', logoNav: nav });
    await ctx.db.database.query(`UPDATE workspaces SET document = document || '{"branding":{"logoLogin":"/custom.png"}}'::jsonb WHERE id = 'minimo'`);
    expect((await get('/api/cntmng/assets?workspaceId=minimo')).json().data).toEqual({ logoLogin: '/custom.png', logoNav: nav });
  });
});
