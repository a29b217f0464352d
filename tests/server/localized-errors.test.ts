import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { ContactRow } from '@domain/api/contacts';
import { DEMO_PASSWORD, FIXTURES_DIR, createTestApp, signedIn, signin, type TestContext } from './support/test-app';

/**
 * Refusals in the caller's language (server-messages.ts): the app sends its language as Accept-Language, Italian by
 * default; en-US and en-GB get English, and so does a call that names none (an API client, not the app).
 */

interface FixtureContact { id: string; closed: boolean; processable: boolean; suspended: boolean; agentId: string | null }
const workable = (slug: string): FixtureContact[] =>
  (JSON.parse(readFileSync(join(FIXTURES_DIR, 'workspaces', slug, 'contacts.json'), 'utf8')) as FixtureContact[]).filter((c) => !c.closed && c.processable && !c.suspended);

const IT = { 'accept-language': 'it-IT' };
const EN = { 'accept-language': 'en-US' };
const CONFIG = '/api/cntmng/workspaceconfig/workspaces';

let ctx: TestContext;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const user of ['admin', 'agent']) cookies[user] = await signedIn(ctx.app, user);
});
afterAll(async () => {
  await ctx?.close();
});

const call = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown): Promise<LightMyRequestResponse> =>
  ctx.app.inject({ method, url, headers: { cookie: cookies[user], ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const load = async (id: string): Promise<ContactRow> => (await call('admin', 'GET', `/api/cntmng/contact/${id}`, {})).json().data;

/** The body of a refusal: its status, its message and each error's message and field. */
const refusal = (response: LightMyRequestResponse) => {
  const body = response.json() as { message: string; errors: Array<{ message: string; field?: string }> };
  return { status: response.statusCode, message: body.message, errors: body.errors.map(({ message, field }) => ({ message, ...(field ? { field } : {}) })) };
};

describe('a refusal speaks the language the app sends', () => {
  it("an agent's save of a contact not assigned to them (403)", async () => {
    const free = workable('sinistri-auto').filter((c) => c.agentId === null)[0];
    const body = { version: (await load(free.id)).version, notes: 'x' };
    const it = refusal(await call('agent', 'PUT', `/api/cntmng/contact/${free.id}`, IT, body));
    expect(it).toEqual({ status: 403, message: 'Forbidden', errors: [{ message: `Il contatto ${free.id} non è assegnato a te: prendilo in carico prima di modificarlo` }] });
    const en = refusal(await call('agent', 'PUT', `/api/cntmng/contact/${free.id}`, EN, body));
    expect(en.errors).toEqual([{ message: `Contact ${free.id} is not assigned to you: take it before changing it` }]);
  });

  it('a contact that does not exist (404)', async () => {
    const url = '/api/cntmng/contact/000000000000000000000000';
    expect(refusal(await call('admin', 'GET', url, IT))).toEqual({ status: 404, message: 'Contatto 000000000000000000000000 non trovato', errors: [{ message: 'Contatto 000000000000000000000000 non trovato' }] });
    expect(refusal(await call('admin', 'GET', url, EN)).message).toBe('Contact 000000000000000000000000 not found');
    // no Accept-Language: not the app, English
    expect(refusal(await call('admin', 'GET', url, {})).message).toBe('Contact 000000000000000000000000 not found');
  });

  it('a workspace not enabled for the user (403): a new one, linked to no team yet', async () => {
    const live = (await call('admin', 'GET', `${CONFIG}/minimo`, {})).json().data as { workspace: object; dataModel: object };
    const created = await call('admin', 'POST', CONFIG, {}, { workspace: { ...live.workspace, id: 'nuovo-workspace', name: 'Nuovo' }, dataModel: live.dataModel });
    expect(created.statusCode).toBe(200);
    const url = '/api/cntmng/user/workspace/nuovo-workspace';
    expect(refusal(await call('agent', 'GET', url, IT))).toEqual({ status: 403, message: 'Forbidden', errors: [{ message: 'Il workspace nuovo-workspace non è abilitato per questo utente' }] });
    expect(refusal(await call('agent', 'GET', url, EN)).errors).toEqual([{ message: 'Workspace nuovo-workspace is not enabled for this user' }]);
  });

  it('a workspace that already exists (409) and a publish over a newer version (409)', async () => {
    const live = (await call('admin', 'GET', `${CONFIG}/minimo`, {})).json().data as { workspace: object; dataModel: object; version: number; dataModelVersion: number };
    const documents = { workspace: live.workspace, dataModel: live.dataModel };
    const it = refusal(await call('admin', 'POST', CONFIG, IT, documents));
    expect(it).toEqual({ status: 409, message: 'Il workspace minimo esiste già', errors: [{ message: 'Il workspace minimo esiste già' }] });
    expect(refusal(await call('admin', 'POST', CONFIG, { 'accept-language': 'en-GB,en;q=0.9' }, documents)).message).toBe('Workspace minimo already exists');

    const stale = { ...documents, baseVersion: live.version + 1 };
    const italian = await call('admin', 'PUT', `${CONFIG}/minimo`, IT, stale);
    expect(italian.statusCode).toBe(409);
    expect(italian.json()).toMatchObject({
      currentVersion: live.version,
      message: `Il workspace minimo è alla versione ${live.version} (modello dati alla versione ${live.dataModelVersion}): qualcuno ha pubblicato dopo la versione ${live.version + 1}`,
    });
    expect((await call('admin', 'PUT', `${CONFIG}/minimo`, EN, stale)).json().message).toMatch(/^Workspace minimo is at version/);
  });

  it("a field the contact's workspace does not have, with the field named (400)", async () => {
    const c = workable('sinistri-auto')[5];
    const body = { version: (await load(c.id)).version, inputs: { numeroContratto: 'X1' } };
    const it = refusal(await call('admin', 'PUT', `/api/cntmng/contact/${c.id}`, IT, body));
    expect(it.status).toBe(400);
    expect(it.errors).toContainEqual({ field: 'inputs.numeroContratto', message: 'inputs.numeroContratto non è un campo del workspace sinistri-auto' });
    expect(it.message).toMatch(/^inputs\.numeroContratto non è un campo del workspace sinistri-auto/);
    expect(refusal(await call('admin', 'PUT', `/api/cntmng/contact/${c.id}`, EN, body)).errors).toContainEqual({ field: 'inputs.numeroContratto', message: 'inputs.numeroContratto is not a field of workspace sinistri-auto' });
  });

  it("a request breaking the route's schema, each field named (400)", async () => {
    const italian = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', headers: IT, payload: { password: 'x' } });
    expect(refusal(italian)).toEqual({ status: 400, message: 'username è obbligatorio', errors: [{ field: 'username', message: 'username è obbligatorio' }] });
    const typed = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', headers: IT, payload: { username: 5, password: 'x' } });
    expect(refusal(typed).errors).toEqual([{ field: 'username', message: 'username deve essere di tipo string' }]);
    // English: ajv's own words
    expect(refusal(await signin(ctx.app, '', 'x')).errors[0]).toEqual({ field: 'username', message: 'username must NOT have fewer than 1 characters' });
  });

  it('keeps the texts the spec quotes and the browser reacts to as they are, in every language', async () => {
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', headers: IT, payload: { username: 'admin', password: 'wrong-password' } });
    expect(refusal(wrong)).toMatchObject({ status: 401, message: 'LOGIN FAILED' });
    const expired = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', headers: IT, payload: { username: 'scaduto', password: DEMO_PASSWORD } });
    expect(refusal(expired)).toEqual({ status: 403, message: 'Password has expired', errors: [{ message: 'Password has expired' }] });
  });
});
