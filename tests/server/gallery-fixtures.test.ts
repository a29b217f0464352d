import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GALLERY_SAMPLE_CONTACTS } from '@domain/api/gallery';
import { createTestApp, FIXTURES_DIR, signedIn, type TestContext } from './support/test-app';

/** QA's gallery reads the fixture workspaces from the server (none ships in the browser bundle); admins only. */

let ctx: TestContext;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestApp();
  for (const username of ['admin', 'teamleader', 'agent']) cookies[username] = await signedIn(ctx.app, username);
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, username: string | null) => ctx.app.inject({ url, headers: username ? { cookie: cookies[username] } : {} });
const slugsOnDisk = readdirSync(join(FIXTURES_DIR, 'workspaces')).sort();
const fixtureFile = (slug: string, name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'workspaces', slug, `${name}.json`), 'utf8'));

describe('GET /api/cntmng/gallery/fixtures', () => {
  it('lists the fixture folders, sorted, for an admin', async () => {
    const response = await get('/api/cntmng/gallery/fixtures', 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: slugsOnDisk });
  });

  it.each([['teamleader', 403], ['agent', 403], [null, 401]] as const)('%s gets %i', async (username, status) => {
    expect((await get('/api/cntmng/gallery/fixtures', username)).statusCode).toBe(status);
    expect((await get(`/api/cntmng/gallery/fixtures/${slugsOnDisk[0]}`, username)).statusCode).toBe(status);
  });
});

describe('GET /api/cntmng/gallery/fixtures/{slug}', () => {
  it.each(slugsOnDisk)('%s: the files as they are, with the first sample contacts in file order', async (slug) => {
    const response = await get(`/api/cntmng/gallery/fixtures/${slug}`, 'admin');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.workspace).toEqual(fixtureFile(slug, 'workspace'));
    expect(data.model).toEqual(fixtureFile(slug, 'data-model'));
    const contacts = fixtureFile(slug, 'contacts') as unknown[];
    expect(data.contacts).toEqual(contacts.slice(0, GALLERY_SAMPLE_CONTACTS));
    expect(data.contacts.length).toBeGreaterThanOrEqual(1);
  });

  it('an unknown fixture is a 404, a path that is no slug a 400 naming it', async () => {
    expect((await get('/api/cntmng/gallery/fixtures/no-such-fixture', 'admin')).statusCode).toBe(404);
    const traversal = await get('/api/cntmng/gallery/fixtures/..%2F..%2Fpackage', 'admin');
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().message).toMatch(/slug/);
  });
});
