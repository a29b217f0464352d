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

  it('a workspace not enabled for the user (403), named by its name: a new one, linked to no team yet', async () => {
    const live = (await call('admin', 'GET', `${CONFIG}/minimo`, {})).json().data as { workspace: object; dataModel: object };
    const created = await call('admin', 'POST', CONFIG, {}, { workspace: { ...live.workspace, id: 'nuovo-workspace', name: 'Nuovo Progetto' }, dataModel: live.dataModel });
    expect(created.statusCode).toBe(200);
    const url = '/api/cntmng/user/workspace/nuovo-workspace';
    expect(refusal(await call('agent', 'GET', url, IT))).toEqual({ status: 403, message: 'Forbidden', errors: [{ message: 'Il workspace Nuovo Progetto non è abilitato per questo utente' }] });
    expect(refusal(await call('agent', 'GET', url, EN)).errors).toEqual([{ message: 'Workspace Nuovo Progetto is not enabled for this user' }]);
    // the contact routes' workspace check (workspace-access.ts) says the same
    const list = '/api/cntmng/contact/search/nuovo-workspace';
    expect(refusal(await call('agent', 'POST', list, IT, {}))).toEqual({ status: 403, message: 'Forbidden', errors: [{ message: 'Il workspace Nuovo Progetto non è abilitato per questo utente' }] });
    expect(refusal(await call('agent', 'POST', list, EN, {})).errors).toEqual([{ message: 'Workspace Nuovo Progetto is not enabled for this user' }]);
  });

  it('a malformed contact id (400): what an id is, not its regular expression; other patterns keep ajv\'s English', async () => {
    const url = '/api/cntmng/contact/not-an-id';
    expect(refusal(await call('admin', 'GET', url, IT))).toEqual({ status: 400, message: 'id non è un identificativo valido (24 caratteri esadecimali)', errors: [{ field: 'id', message: 'id non è un identificativo valido (24 caratteri esadecimali)' }] });
    expect(refusal(await call('admin', 'GET', url, EN)).errors).toEqual([{ field: 'id', message: 'id is not a valid id (24 hexadecimal characters)' }]);
    const listed = refusal(await call('admin', 'POST', '/api/cntmng/contact/search/minimo', IT, { contactIds: ['677cdf00ba939bbd3eda9835', 'x'] }));
    expect(listed.errors).toEqual([{ field: 'contactIds.1', message: 'contactIds.1 non è un identificativo valido (24 caratteri esadecimali)' }]);
    const phone = await call('admin', 'POST', `/api/cntmng/contact/${workable('sinistri-auto')[0].id}/action/chiama`, EN, { phone: 'abc' });
    expect(refusal(phone).errors).toEqual([{ field: 'phone', message: expect.stringMatching(/^phone must match pattern "/) }]);
  });

  it('counts in the singular and the plural (400): a draft with one problem, then with two', async () => {
    const live = (await call('admin', 'GET', `${CONFIG}/minimo`, {})).json().data as { workspace: Record<string, unknown>; dataModel: Record<string, unknown>; version: number };
    const draft = (problems: number) => ({
      workspace: { ...live.workspace, ...(problems > 1 ? { id: 'altro-id' } : {}) },
      dataModel: { ...live.dataModel, ...(problems > 0 ? { id: 'altro-modello' } : {}) },
      baseVersion: live.version,
    });
    const one = await call('admin', 'PUT', `${CONFIG}/minimo`, IT, draft(1));
    expect(one.statusCode).toBe(400);
    expect(one.json().errors).toHaveLength(1);
    expect(one.json().message).toBe('La configurazione ha 1 problema');
    expect((await call('admin', 'PUT', `${CONFIG}/minimo`, EN, draft(1))).json().message).toBe('The configuration has 1 problem');
    const two = await call('admin', 'PUT', `${CONFIG}/minimo`, IT, draft(2));
    expect(two.json().errors).toHaveLength(2);
    expect(two.json().message).toBe('La configurazione ha 2 problemi');
    expect((await call('admin', 'PUT', `${CONFIG}/minimo`, EN, draft(2))).json().message).toBe('The configuration has 2 problems');
  });

  it('the contact screens\' refusals name no internal field: the assignee, take next, the custom filter', async () => {
    const c = workable('sinistri-auto')[7];
    await ctx.db.database.query(`UPDATE users SET status = 'disabled' WHERE id = 'u-scaduto'`);
    try {
      const body = { version: (await load(c.id)).version, agentId: 'u-scaduto' };
      expect(refusal(await call('admin', 'PUT', `/api/cntmng/contact/${c.id}/edit`, IT, body)).errors).toEqual([{ field: 'agentId', message: "L'utente scaduto non è attivo" }]);
      expect(refusal(await call('admin', 'PUT', `/api/cntmng/contact/${c.id}/edit`, EN, body)).errors).toEqual([{ field: 'agentId', message: 'The user scaduto is not active' }]);
    } finally {
      await ctx.db.database.query(`UPDATE users SET status = '' WHERE id = 'u-scaduto'`);
    }
    const takeNext = '/api/cntmng/workspace/sinistri-auto/takeNext';
    expect(refusal(await call('agent', 'GET', takeNext, IT)).errors).toEqual([{ message: 'La presa in carico del contatto successivo non è disponibile in questo workspace' }]);
    expect(refusal(await call('agent', 'GET', takeNext, EN)).errors).toEqual([{ message: 'Taking the next contact is not available in this workspace' }]);
    // a custom filter with its label (the list shows the switch) but no rule yet
    await ctx.db.database.query(`UPDATE workspaces SET document = document #- '{customFilterConfig,rule}' WHERE id = 'sinistri-auto'`);
    try {
      const custom = refusal(await call('admin', 'POST', '/api/cntmng/contact/search/sinistri-auto', IT, { customFilter: true }));
      expect(custom).toEqual({ status: 400, message: 'Questo workspace non ha una regola di filtro personalizzato', errors: [{ field: 'customFilter', message: 'Questo workspace non ha una regola di filtro personalizzato' }] });
    } finally {
      await ctx.db.database.query(`UPDATE workspaces SET document = jsonb_set(document, '{customFilterConfig,rule}', '{"==":[{"var":"inputs.feriti"},true]}') WHERE id = 'sinistri-auto'`);
    }
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
