import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '@server/app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

describe('serving the built browser app', () => {
  let web: string;
  let db: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'cm-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Contact Manager</title><div id="root"></div>');
    writeFileSync(join(web, 'assets', 'main.js'), 'console.log("app")');
    db = await createTestDatabase();
    app = await build({ database: db.database, webRoot: web, jwtSecret: 'spa-test-secret-0123456789abcdef' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    rmSync(web, { recursive: true, force: true });
  });

  it('serves files of dist/web', async () => {
    const response = await app.inject({ url: '/assets/main.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
  });

  it('lets the browser keep the content-hashed assets, but not index.html', async () => {
    const asset = await app.inject({ url: '/assets/main.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ url: '/contacts/list' });
    expect(page.headers['cache-control']).not.toMatch(/immutable/);
  });

  it.each(['/', '/login', '/contacts/list', '/contacts/embed/a/b/c/d/e/f', '/setting'])('answers the client route %s with index.html', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
  });

  it('keeps API misses as JSON 404s', async () => {
    const response = await app.inject({ url: '/api/cntmng/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });
});
