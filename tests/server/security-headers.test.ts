import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '@server/app';
import { originMatchesHost, parseEmbedHosts } from '@server/plugins/security';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { DEMO_PASSWORD, FIXTURES_DIR, T0 } from './support/test-app';
import { seedDemo } from '@server/db/seed';

const PBX = 'https://pbx.example.com';
const PUBLIC_ORIGIN = 'https://contacts.example.com';

let web: string;
let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'cm-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Contact Manager</title><div id="root"></div><script type="module" src="/assets/main.js"></script>');
  writeFileSync(join(web, 'assets', 'main.js'), 'console.log("app")');
  db = await createTestDatabase();
  await seedDemo(db.database, { fixturesDir: FIXTURES_DIR, clock: () => T0 });
  app = await build({
    database: db.database,
    clock: () => T0,
    webRoot: web,
    jwtSecret: 'security-test-secret-0123456789abcdef',
    embedHosts: [PBX, 'https://*.crm.example.org'],
    publicOrigin: PUBLIC_ORIGIN,
    trustProxy: true,
  });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
  rmSync(web, { recursive: true, force: true });
});

/** The Content-Security-Policy of a response as directive name -> sources. */
const csp = (header: unknown): Record<string, string[]> =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

describe('security headers', () => {
  it.each(['/login', '/contacts/list', '/api/auth/session', '/assets/main.js'])('%s: a CSP with scripts from the app only (no inline script), nosniff, a referrer policy, framed by the app only', async (url) => {
    const response = await app.inject({ url });
    const policy = csp(response.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets the configured telephony hosts frame the embedded entry, and nothing else', async () => {
    const response = await app.inject({ url: '/contacts/embed/unknown/promo/agent/guid/3331234567/sms-promo' });
    expect(response.statusCode).toBe(200);
    expect(csp(response.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'", PBX, 'https://*.crm.example.org']);
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('allows the inline script of the host page for integrators by its hash, and lets it frame any app address', async () => {
    const response = await app.inject({ url: '/embed-host.html' });
    const html = readFileSync(resolve(__dirname, '../../src/server/public/embed-host.html'), 'utf8');
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const policy = csp(response.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'", `'sha256-${createHash('sha256').update(script).digest('base64')}'`]);
    expect(policy['frame-src']).toEqual(["'self'", 'http:', 'https:']);
  });

  it('sends Strict-Transport-Security when the public origin is HTTPS', async () => {
    const response = await app.inject({ url: '/login' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('Origin check on state-changing requests', () => {
  const signin = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/auth/signin', headers, payload: { username: 'manager', password: DEMO_PASSWORD } });

  it.each([
    ['another site', 'https://evil.example'],
    ['a sandboxed page', 'null'],
    ['a look-alike of an embed host', 'https://pbx.example.com.evil.example'],
    ['the app on another scheme', 'http://contacts.example.com'],
  ])('refuses %s with 403, before the body is read', async (_label, origin) => {
    const response = await signin({ origin });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors).toEqual([
      { field: 'Origin', message: `Requests from ${origin} are not allowed: the origin is neither this server nor an allowed embed host` },
    ]);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['no Origin (a server, not a page)', {}],
    ['the origin the request reached', { origin: 'http://localhost' }],
    ['the public origin behind a proxy', { origin: PUBLIC_ORIGIN }],
    ['the forwarded origin from a trusted proxy', { origin: 'https://app.internal:8443', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.internal:8443' }],
    ['an allowed embed host', { origin: PBX }],
    ['a subdomain of an allowed wildcard host', { origin: 'https://eu.crm.example.org' }],
  ])('accepts %s', async (_label, headers: Record<string, string>) => {
    expect((await signin(headers)).statusCode).toBe(200);
  });

  describe('a GET that changes something (take-next assigns a contact, renew sets the session cookie)', () => {
    const TAKE_NEXT = '/api/cntmng/workspace/energia-casa/takeNext';
    let cookie = '';
    const assigned = async () => (await db.database.query<{ n: number }>("SELECT count(*)::int AS n FROM contacts WHERE agent_id = 'u-agent'"))[0].n;
    beforeAll(async () => {
      const signedIn = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'agent', password: DEMO_PASSWORD } });
      cookie = `jwt=${signedIn.cookies.find((c) => c.name === 'jwt')!.value}`;
    });

    it.each([
      ['GET reached by a link on another site', 'GET', { 'sec-fetch-site': 'cross-site' }, 'Sec-Fetch-Site'],
      ['GET from a sibling subdomain', 'GET', { 'sec-fetch-site': 'same-site' }, 'Sec-Fetch-Site'],
      ['HEAD reached by a link on another site', 'HEAD', { 'sec-fetch-site': 'cross-site' }, 'Sec-Fetch-Site'],
      ['GET fetched by another site', 'GET', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, 'Origin'],
    ] as const)('refuses a %s, and no contact is taken', async (_label, method, headers, field) => {
      const before = await assigned();
      const response = await app.inject({ method, url: TAKE_NEXT, headers: { cookie, ...headers } });
      expect(response.statusCode).toBe(403);
      if (method === 'GET') expect(response.json().errors[0].field).toBe(field);
      expect(await assigned()).toBe(before);
      const renew = await app.inject({ method, url: '/api/auth/renew', headers: { cookie, ...headers } });
      expect(renew.statusCode).toBe(403);
      expect(renew.headers['set-cookie']).toBeUndefined();
    });

    it.each([
      ['the app itself', { 'sec-fetch-site': 'same-origin' }],
      ['a typed address or a bookmark', { 'sec-fetch-site': 'none' }],
      ['a client that is not a browser', {}],
      ['an allowed embed host', { origin: PBX, 'sec-fetch-site': 'cross-site' }],
    ])('lets %s take the next contact', async (_label, headers: Record<string, string>) => {
      const before = await assigned();
      const response = await app.inject({ url: TAKE_NEXT, headers: { cookie, ...headers } });
      expect(response.statusCode).toBe(200);
      expect(await assigned()).toBe(before + 1);
    });
  });

  it('leaves reads alone whatever their Origin', async () => {
    const response = await app.inject({ url: '/api/auth/session', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('session cookie', () => {
  it('is Secure on a request that came over HTTPS, and when told so', async () => {
    const overHttps = await app.inject({ method: 'POST', url: '/api/auth/signin', headers: { 'x-forwarded-proto': 'https' }, payload: { username: 'agent', password: DEMO_PASSWORD } });
    expect(overHttps.cookies.find((c) => c.name === 'jwt')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    const plain = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'agent', password: DEMO_PASSWORD } });
    expect(plain.cookies.find((c) => c.name === 'jwt')?.secure).toBeFalsy();
  });
});

describe('embed host configuration', () => {
  it('reads a list of host sources and names the ones that are not', () => {
    expect(parseEmbedHosts('https://pbx.example.com, http://127.0.0.1:*  https://*.crm.example.org')).toEqual(['https://pbx.example.com', 'http://127.0.0.1:*', 'https://*.crm.example.org']);
    expect(() => parseEmbedHosts('https://pbx.example.com/path *')).toThrow('https://pbx.example.com/path, *');
  });

  it.each([
    ['https://pbx.example.com', 'https://pbx.example.com', true],
    ['https://pbx.example.com:443', 'https://pbx.example.com', true],
    ['https://pbx.example.com:8443', 'https://pbx.example.com', false],
    ['http://127.0.0.1:5173', 'http://127.0.0.1:*', true],
    ['https://crm.example.org', 'https://*.crm.example.org', false],
    ['https://a.b.crm.example.org', 'https://*.crm.example.org', true],
    ['not an origin', 'https://pbx.example.com', false],
  ])('%s against %s: %s', (origin, host, expected) => {
    expect(originMatchesHost(origin, host)).toBe(expected);
  });
});
