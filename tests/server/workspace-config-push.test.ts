import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ACCESS_CHANGE_EVENT, CONFIG_CHANGE_EVENT, type AccessChange, type ConfigChange, type Configuration } from '@domain/api/workspace-config';
import { withDefaultUser } from '@server/db/postgres-database';
import { freePort, startServer } from '../e2e/support/server-process';
import { DEMO_PASSWORD, FIXTURES_DIR, createTestApp, signedIn, type TestContext } from './support/test-app';
import { TEST_DATABASE_URL, usePostgres } from './support/test-database';

/**
 * The push channel (issue 13 "screens follow without a reload"): GET /api/cntmng/workspaceconfig/changes is a
 * Server-Sent Events stream fed by PostgreSQL LISTEN/NOTIFY. Opened over real HTTP (inject cannot hold a stream):
 * a publish reaches the streams of the same server (PGlite and PostgreSQL) and, on PostgreSQL, those of a second
 * server process on the same database; a user gets only the notices of workspaces they may open.
 */

const BASE = '/api/cntmng/workspaceconfig/workspaces';
/** Well within the "within a second" on an idle machine; loose enough for two shared cores. */
const DELIVERY_TIMEOUT_MS = 3_000;

let ctx: TestContext;
let origin: string;
const streams: EventStream[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  origin = await listen(ctx.app);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await ctx?.close();
});

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

interface EventStream {
  status: number;
  headers: Headers;
  events: ConfigChange[];
  /** The `access` events. */
  access: AccessChange[];
  text(): string;
  waitFor(test: (change: ConfigChange) => boolean): Promise<ConfigChange>;
  waitForAccess(test: (change: AccessChange) => boolean): Promise<AccessChange>;
  close(): void;
}

/** Opens the stream like a browser's EventSource and collects its `published` and `access` events. */
async function openStream(at: string, cookie: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${at}/api/cntmng/workspaceconfig/changes`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  let text = '';
  const events: ConfigChange[] = [];
  const access: AccessChange[] = [];
  let notify = () => undefined as void;
  const reader = response.body?.getReader();
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader!.read();
        if (chunk.done) return;
        text += decoder.decode(chunk.value, { stream: true });
        const frames = text.split('\n\n');
        events.length = 0;
        access.length = 0;
        for (const frame of frames) {
          const lines = frame.split('\n');
          const data = lines.find((line) => line.startsWith('data: '));
          if (!data) continue;
          if (lines.includes(`event: ${CONFIG_CHANGE_EVENT}`)) events.push(JSON.parse(data.slice(6)) as ConfigChange);
          if (lines.includes(`event: ${ACCESS_CHANGE_EVENT}`)) access.push(JSON.parse(data.slice(6)) as AccessChange);
        }
        notify();
      }
    } catch {
      // aborted
    }
  })();
  const waitIn = <T>(list: T[], test: (item: T) => boolean): Promise<T> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching event within ${DELIVERY_TIMEOUT_MS} ms; got: ${text}`)), DELIVERY_TIMEOUT_MS);
      const look = () => {
        const found = list.find(test);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      };
      notify = look;
      look();
    });
  const stream: EventStream = {
    status: response.status,
    headers: response.headers,
    events,
    access,
    text: () => text,
    waitFor: (test) => waitIn(events, test),
    waitForAccess: (test) => waitIn(access, test),
    close: () => controller.abort(),
  };
  streams.push(stream);
  return stream;
}

const read = async (cookie: string, id: string): Promise<Configuration> =>
  (await ctx.app.inject({ url: `${BASE}/${id}`, headers: { cookie } })).json().data;

async function publishName(cookie: string, id: string, name: string): Promise<number> {
  const live = await read(cookie, id);
  const response = await ctx.app.inject({ method: 'PUT', url: `${BASE}/${id}`, headers: { cookie }, payload: { baseVersion: live.version, workspace: { ...live.workspace, name }, dataModel: live.dataModel } });
  expect(response.statusCode).toBe(200);
  return response.json().data.version;
}

describe(`the push channel (${usePostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('refuses a signed-out caller (401)', async () => {
    const response = await fetch(`${origin}/api/cntmng/workspaceconfig/changes`);
    expect(response.status).toBe(401);
  });

  it('streams text/event-stream, uncached, with the security headers, and a publish arrives as a `published` event', async () => {
    const admin = await signedIn(ctx.app, 'admin');
    const stream = await openStream(origin, admin);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toMatch(/no-cache/);
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');

    const started = Date.now();
    const version = await publishName(admin, 'minimo', 'Minimo rinominato');
    const change = await stream.waitFor((c) => c.workspaceId === 'minimo' && c.version === version);
    expect(Date.now() - started).toBeLessThan(DELIVERY_TIMEOUT_MS);
    expect(change).toEqual({ workspaceId: 'minimo', version, dataModelId: 'dm-minimo', dataModelVersion: 1, enabled: true, action: 'publish', at: expect.any(String), by: 'admin' });
    stream.close();
  });

  it('sends a user only the notices of workspaces they may open, and that one they had was disabled', async () => {
    const admin = await signedIn(ctx.app, 'admin');
    const agent = await signedIn(ctx.app, 'agent');
    const adminStream = await openStream(origin, admin);
    const agentStream = await openStream(origin, agent);
    const live = await read(admin, 'minimo');
    // A new workspace is linked to no team: the agent may not open it.
    const created = await ctx.app.inject({
      method: 'POST', url: BASE, headers: { cookie: admin },
      payload: { workspace: { ...live.workspace, id: 'solo-admin', name: 'Solo admin' }, dataModel: live.dataModel },
    });
    expect(created.statusCode).toBe(200);
    await adminStream.waitFor((c) => c.workspaceId === 'solo-admin' && c.action === 'create');
    const version = await publishName(admin, 'minimo', 'Minimo di nuovo');
    await agentStream.waitFor((c) => c.workspaceId === 'minimo' && c.version === version);
    await adminStream.waitFor((c) => c.workspaceId === 'minimo' && c.version === version);
    expect(agentStream.events.map((c) => c.workspaceId)).not.toContain('solo-admin');

    const disabled = await ctx.app.inject({ method: 'POST', url: `${BASE}/minimo/enabled`, headers: { cookie: admin }, payload: { enabled: false } });
    expect(disabled.statusCode).toBe(200);
    expect(await adminStream.waitFor((c) => c.workspaceId === 'minimo' && c.action === 'disable')).toEqual(expect.objectContaining({ enabled: false }));
    // The agent had it: they hear it was disabled.
    expect(await agentStream.waitFor((c) => c.workspaceId === 'minimo' && c.action === 'disable')).toEqual(expect.objectContaining({ enabled: false }));
    await ctx.app.inject({ method: 'POST', url: `${BASE}/minimo/enabled`, headers: { cookie: admin }, payload: { enabled: true } });
    adminStream.close();
    agentStream.close();
  });

  const ids = (change: AccessChange) => change.workspaces.map((w) => w.id);

  it('a team associated with a workspace, or no longer: its users hear it as an `access` notice with their list', async () => {
    const admin = await signedIn(ctx.app, 'admin');
    const agent = await signedIn(ctx.app, 'agent');
    const live = await read(admin, 'minimo');
    const created = await ctx.app.inject({
      method: 'POST', url: BASE, headers: { cookie: admin },
      payload: { workspace: { ...live.workspace, id: 'per-milano', name: 'Per Milano' }, dataModel: live.dataModel },
    });
    expect(created.statusCode).toBe(200);
    const adminStream = await openStream(origin, admin);
    const agentStream = await openStream(origin, agent);
    const associate = (action: 'enable' | 'disable') =>
      ctx.app.inject({ method: 'POST', url: '/api/cntmng/teams/associate', headers: { cookie: admin }, payload: { teamIds: ['t-milano-inbound'], workspaceIds: ['per-milano'], action } });

    expect((await associate('enable')).json().data).toEqual({ changed: 1 });
    const opened = await agentStream.waitForAccess((c) => ids(c).includes('per-milano'));
    // the list GET /api/cntmng/user/workspace answers
    const listed = await ctx.app.inject({ url: '/api/cntmng/user/workspace', headers: { cookie: agent } });
    expect(opened.workspaces).toEqual(listed.json().data);

    expect((await associate('disable')).json().data).toEqual({ changed: 1 });
    const closed = await agentStream.waitForAccess((c) => !ids(c).includes('per-milano'));
    expect(ids(closed)).toContain('minimo');
    // an admin opens every workspace whatever the teams say: nothing to tell
    expect(adminStream.access).toEqual([]);
    adminStream.close();
    agentStream.close();
  });

  it("a user's workspace rights changed in /setting reach their stream as an `access` notice", async () => {
    const admin = await signedIn(ctx.app, 'admin');
    const agent = await signedIn(ctx.app, 'agent');
    const agentStream = await openStream(origin, agent);
    const rights = (action: 'enable' | 'disable') =>
      ctx.app.inject({ method: 'POST', url: '/api/cntmng/profiling', headers: { cookie: admin }, payload: { entity: 'workspace', action, userIds: ['u-agent'], entityIds: ['sms-promo'] } });

    expect((await rights('disable')).json().data).toEqual({ changed: 1 });
    expect(ids(await agentStream.waitForAccess((c) => !ids(c).includes('sms-promo')))).toContain('minimo');
    expect((await rights('enable')).json().data).toEqual({ changed: 1 });
    await agentStream.waitForAccess((c) => ids(c).includes('sms-promo'));
    agentStream.close();
  });
});

/** The second server is a process of its own (src/server/main.ts), as in production, on this file's schema. */
if (usePostgres) {
  describe('the push channel across server processes (PostgreSQL LISTEN/NOTIFY)', () => {
    let second: ChildProcess | undefined;
    let secondOrigin: string;
    let dataDir: string;

    beforeAll(async () => {
      const [{ schema }] = await ctx.db.database.query<{ schema: string }>('SELECT current_schema() AS schema');
      const databaseUrl = new URL(withDefaultUser(TEST_DATABASE_URL));
      databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
      dataDir = await mkdtemp(join(tmpdir(), 'cm-second-server-'));
      const port = await freePort();
      second = await startServer(port, { dataDir, fixturesDir: FIXTURES_DIR, webRoot: join(dataDir, 'no-web'), databaseUrl: databaseUrl.toString() });
      secondOrigin = `http://127.0.0.1:${port}`;
    }, 120_000);
    afterAll(async () => {
      if (second && second.exitCode === null) {
        const exited = new Promise((done) => second!.once('exit', done));
        second.kill('SIGTERM');
        await exited;
      }
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('a publish through the first server reaches the stream an admin opened on the second process', async () => {
      const signin = await fetch(`${secondOrigin}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
      });
      expect(signin.status).toBe(200);
      const jwt = signin.headers.getSetCookie().find((cookie) => cookie.startsWith('jwt='));
      expect(jwt).toBeDefined();
      const stream = await openStream(secondOrigin, jwt!.split(';')[0]);
      expect(stream.status).toBe(200);

      const version = await publishName(await signedIn(ctx.app, 'admin'), 'sms-promo', 'SMS promo (dal primo server)');
      expect(await stream.waitFor((c) => c.workspaceId === 'sms-promo' && c.version === version)).toEqual(
        expect.objectContaining({ workspaceId: 'sms-promo', version, action: 'publish', by: 'admin' }),
      );
      stream.close();
    });
  });
}
