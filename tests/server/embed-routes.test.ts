import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ContactRow } from '@domain/api/contacts';
import { CALLER_ID_WINDOW_DAYS } from '@domain/constants';
import type { DispositionNode, SavedDisposition } from '@domain/api/embed';
import { checkDispositionChoice, dispositionOptions } from '@domain/api/embed';
import type { Workspace } from '@domain/generated/workspace';
import { validateConfiguration } from '@translator/validate';
import { callerIdVariants } from '@server/routes/embed-routes';
import { FIXTURES_DIR, T0, createTestApp, signedIn, type TestContext } from './support/test-app';

/** The embedded entry's calls (spec 2 §2.7, §2.10, §7) on PGlite or PostgreSQL (TEST_DB=postgres). */
let ctx: TestContext;
const cookies = new Map<string, string>();
const DAY = 86_400_000;

const as = async (user: string) => {
  if (!cookies.has(user)) cookies.set(user, await signedIn(ctx.app, user));
  return cookies.get(user) as string;
};
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, user: string | null, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user ? { cookie: await as(user) } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const insertPromo = async (cellulare: string, nome = 'Embed'): Promise<string> => {
  const response = await call('POST', '/api/cntmng/contact/insert/sms-promo', 'admin', {
    rawData: { nome, cellulare, codicePromo: 'EMBD2026', scadenza: '2026-12-31' },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { id: string } }).data.id;
};

const windowOf = (days = CALLER_ID_WINDOW_DAYS) => ({ createdFrom: new Date(ctx.clock() - days * DAY).toISOString(), createdTo: new Date(ctx.clock()).toISOString() });
const searchRef = (user: string, refValue: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/cntmng/contact/searchRef', user, { ref: 'cellulare', refValue, workspaceIds: ['sms-promo'], ...windowOf(), ...extra });

let single: string;
let pair: string[];
beforeAll(async () => {
  ctx = await createTestApp();
  single = await insertPromo('3471112223', 'Uno');
  pair = [await insertPromo('3479998887', 'Primo'), await insertPromo('+393479998887', 'Secondo')];
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/cntmng/contact/searchRef', () => {
  it('finds one contact by the caller id, none for an unknown number, several for a shared one (with or without +39)', async () => {
    const one = await searchRef('agent', '3471112223');
    expect(one.statusCode).toBe(200);
    expect(one.json().total).toBe(1);
    expect((one.json().data as ContactRow[]).map((row) => row.id)).toEqual([single]);

    const withPrefix = await searchRef('agent', '+393471112223');
    expect((withPrefix.json().data as ContactRow[]).map((row) => row.id)).toEqual([single]);

    const none = await searchRef('agent', '3000000000');
    expect(none.json()).toEqual({ data: [], total: 0 });

    const several = await searchRef('agent', '3479998887');
    expect(several.json().total).toBe(2);
    expect((several.json().data as ContactRow[]).map((row) => row.id).sort()).toEqual([...pair].sort());
  });

  it("defaults ref to the data model's modelContactProperty and keeps to the date window", async () => {
    const byDefault = await call('POST', '/api/cntmng/contact/searchRef', 'agent', { refValue: '3471112223', workspaceIds: ['sms-promo'], ...windowOf() });
    expect(byDefault.json().total).toBe(1);
    const future = await searchRef('agent', '3471112223', { createdFrom: new Date(T0 + DAY).toISOString(), createdTo: new Date(T0 + 2 * DAY).toISOString() });
    expect(future.json().total).toBe(0);
    // A fixture contact that came in more than two days ago: outside a one-day window, inside the usual one.
    const fixtures = JSON.parse(readFileSync(resolve(FIXTURES_DIR, 'workspaces/sms-promo/contacts.json'), 'utf8')) as Array<{ inputs: { cellulare?: string }; agentId: string | null; closed: boolean; createdAt: string }>;
    const old = fixtures.find((c) => c.agentId === null && c.inputs.cellulare && Date.parse(c.createdAt) < T0 - 2 * DAY) as { inputs: { cellulare: string } };
    expect((await searchRef('admin', old.inputs.cellulare, windowOf(1))).json().total).toBe(0);
    expect((await searchRef('admin', old.inputs.cellulare)).json().total).toBeGreaterThanOrEqual(1);
  });

  it('respects visibility: with onlyAssignedContacts a basic agent finds only contacts assigned to them', async () => {
    const rawData = { nome: 'Anna', cognome: 'Neri', telefono: '3475550001', fornitura: 'luce', privacy: true, clienteId: 'EC-EMB-1', tipoOfferta: 'luce-fissa' };
    const inserted = await call('POST', '/api/cntmng/contact/insert/energia-casa', 'admin', { rawData });
    expect(inserted.statusCode).toBe(200);
    const id = (inserted.json() as { data: { id: string } }).data.id;
    const lookup = (user: string) => call('POST', '/api/cntmng/contact/searchRef', user, { refValue: '3475550001', workspaceIds: ['energia-casa'], ...windowOf() });
    expect((await lookup('agent')).json().total).toBe(0);
    expect((await lookup('admin')).json().total).toBe(1);
    // The agent cannot take a contact outside what they see (issue 12): the admin assigns it to them.
    expect((await call('POST', `/api/cntmng/contact/take/${id}`, 'agent')).statusCode).toBe(403);
    const { version } = (await call('GET', `/api/cntmng/contact/${id}`, 'admin')).json().data as ContactRow;
    expect((await call('PUT', `/api/cntmng/contact/${id}/edit`, 'admin', { version, agentId: 'u-agent' })).statusCode).toBe(200);
    expect(((await lookup('agent')).json().data as ContactRow[]).map((row) => row.id)).toEqual([id]);
  });

  it('refuses a ref that is not an input field (400 naming it), no session (401), no list permission (403), an unknown workspace (404)', async () => {
    const bad = await searchRef('agent', '3471112223', { ref: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('ref');
    const badDates = await searchRef('agent', '3471112223', { createdFrom: new Date(T0).toISOString(), createdTo: new Date(T0 - DAY).toISOString() });
    expect(badDates.statusCode).toBe(400);
    expect((await call('POST', '/api/cntmng/contact/searchRef', null, { refValue: '1', workspaceIds: ['sms-promo'] })).statusCode).toBe(401);
    expect((await searchRef('statistic', '3471112223')).statusCode).toBe(403);
    expect((await searchRef('agent', '3471112223', { workspaceIds: ['no-such-workspace'] })).statusCode).toBe(404);
    const missing = await call('POST', '/api/cntmng/contact/searchRef', 'agent', { workspaceIds: ['sms-promo'] });
    expect(missing.statusCode).toBe(400);
  });

  it('treats caller ids with and without the Italian prefix as the same number', () => {
    expect(callerIdVariants('+39 347 111 2223')).toEqual(expect.arrayContaining(['3471112223', '+393471112223']));
    expect(callerIdVariants('00393471112223')).toEqual(expect.arrayContaining(['3471112223']));
  });
});

describe('disposition tree, save and read-back', () => {
  it('answers the campaign tree, else the default; 404 for a workspace without one', async () => {
    const own = await call('GET', '/api/cntmng/disposition/sms-promo?campaign=promo-natale', 'agent');
    expect(own.statusCode).toBe(200);
    expect(own.json().data.campaign).toBe('promo-natale');
    expect((own.json().data.levels as DispositionNode[]).map((n) => n.value)).toEqual(['ADESIONE', 'RIFIUTO']);
    expect((own.json().data.levels as DispositionNode[])[0].children?.[0]).toEqual({ value: 'SMS', label: 'Conferma via SMS', children: [{ value: 'SUBITO', label: 'Invio immediato' }, { value: 'PROGRAMMATO', label: 'Invio programmato' }] });
    const fallback = await call('GET', '/api/cntmng/disposition/sms-promo?campaign=other', 'agent');
    expect(fallback.json().data).toMatchObject({ campaign: null });
    expect((fallback.json().data.levels as DispositionNode[]).map((n) => n.value)).toEqual(['RAGGIUNTO', 'NON_RAGGIUNTO', 'ERRATO']);
    expect((await call('GET', '/api/cntmng/disposition/minimo', 'agent')).statusCode).toBe(404);
    expect((await call('GET', '/api/cntmng/disposition/sms-promo', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/cntmng/disposition/sms-promo', 'statistic')).statusCode).toBe(403);
  });

  it('stores a three-level disposition with the call data and reads it back by contact and by guid', async () => {
    const body = { l1: 'ADESIONE', l2: 'SMS', l3: 'SUBITO', comment: 'Conferma subito', contactId: single, campaign: 'promo-natale', agent: 'agent-7', guid: 'call-0001', callerid: '3471112223' };
    const saved = await call('POST', '/api/cntmng/disposition/sms-promo', 'agent', body);
    expect(saved.statusCode).toBe(200);
    const data = saved.json().data as SavedDisposition;
    expect(data).toMatchObject({ ...body, workspaceId: 'sms-promo', labels: ['Adesione promo Natale', 'Conferma via SMS', 'Invio immediato'], createdBy: 'u-agent', createdAt: new Date(T0).toISOString() });

    const [row] = await ctx.db.database.query<{ l3: string; comment: string }>('SELECT l3, comment FROM dispositions WHERE id = $1', [Number(data.id)]);
    expect(row).toEqual({ l3: 'SUBITO', comment: 'Conferma subito' });

    const back = await call('GET', `/api/cntmng/disposition/sms-promo/saved?contactId=${single}`, 'agent');
    expect(back.statusCode).toBe(200);
    expect((back.json().data as SavedDisposition[]).map((d) => d.id)).toContain(data.id);
    const byGuid = await call('GET', '/api/cntmng/disposition/sms-promo/saved?guid=call-0001', 'agent');
    expect((byGuid.json().data as SavedDisposition[]).map((d) => d.id)).toEqual([data.id]);
    expect((await call('GET', '/api/cntmng/disposition/sms-promo/saved', 'agent')).statusCode).toBe(400);
  });

  it('accepts a final level above three (no children) and a call without a contact', async () => {
    const short = await call('POST', '/api/cntmng/disposition/sms-promo', 'agent', { l1: 'ERRATO', contactId: null, campaign: 'any', guid: 'call-0002', callerid: '3000000000' });
    expect(short.statusCode).toBe(200);
    expect(short.json().data).toMatchObject({ l1: 'ERRATO', l2: null, l3: null, contactId: null, labels: ['Numero errato'], comment: '' });
    const two = await call('POST', '/api/cntmng/disposition/sms-promo', 'agent', { l1: 'RIFIUTO', l2: 'PREZZO', contactId: single, campaign: 'promo-natale' });
    expect(two.json().data).toMatchObject({ l2: 'PREZZO', l3: null });
  });

  it('refuses a missing or unknown level (400 naming it), a foreign contact (404), and checks permissions', async () => {
    const missingL2 = await call('POST', '/api/cntmng/disposition/sms-promo', 'agent', { l1: 'ADESIONE', contactId: single, campaign: 'promo-natale' });
    expect(missingL2.statusCode).toBe(400);
    expect(missingL2.json().errors).toEqual([{ field: 'l2', message: "l2 is required: 'ADESIONE' has further levels" }]);
    const missingL3 = await call('POST', '/api/cntmng/disposition/sms-promo', 'agent', { l1: 'ADESIONE', l2: 'SMS', contactId: single, campaign: 'promo-natale' });
    expect(missingL3.json().errors[0].field).toBe('l3');
    const unknown = await call('POST', '/api/cntmng/disposition/sms-promo', 'agent', { l1: 'RAGGIUNTO', contactId: single, campaign: 'promo-natale' });
    expect(unknown.json().errors[0].field).toBe('l1');
    const extra = await call('POST', '/api/cntmng/disposition/sms-promo', 'agent', { l1: 'ERRATO', l2: 'X', contactId: single, campaign: 'c' });
    expect(extra.json().errors[0].field).toBe('l2');
    const noL1 = await call('POST', '/api/cntmng/disposition/sms-promo', 'agent', { contactId: single, campaign: 'c' });
    expect(noL1.statusCode).toBe(400);
    const foreign = await call('POST', '/api/cntmng/disposition/energia-casa', 'admin', { l1: 'NUMERO_ERRATO', contactId: single, campaign: 'c' });
    expect(foreign.statusCode).toBe(404);
    expect((await call('POST', '/api/cntmng/disposition/sms-promo', 'statistic', { l1: 'ERRATO', contactId: null, campaign: 'c' })).statusCode).toBe(403);
    const before = await ctx.db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM dispositions');
    await call('POST', '/api/cntmng/disposition/sms-promo', 'agent', { l1: 'ADESIONE', contactId: single, campaign: 'promo-natale' });
    expect(await ctx.db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM dispositions')).toEqual(before);
  });

  it('offers the levels the dialog shows: level 2 and 3 only under a node with children', () => {
    const tree: DispositionNode[] = [{ value: 'A', label: 'A', children: [{ value: 'A1', label: 'A1', children: [{ value: 'A1x', label: 'x' }] }, { value: 'A2', label: 'A2' }] }, { value: 'B', label: 'B' }];
    expect(dispositionOptions(tree, {}, 'l2')).toEqual([]);
    expect(dispositionOptions(tree, { l1: 'A' }, 'l2').map((n) => n.value)).toEqual(['A1', 'A2']);
    expect(dispositionOptions(tree, { l1: 'A', l2: 'A1' }, 'l3').map((n) => n.value)).toEqual(['A1x']);
    expect(checkDispositionChoice(tree, { l1: 'A', l2: 'A2' }).ok).toBe(true);
    expect(checkDispositionChoice(tree, { l1: 'B' }).ok).toBe(true);
    expect(checkDispositionChoice(tree, {})).toMatchObject({ ok: false, level: 'l1', message: 'l1 is required' });
  });
});

describe('workspace validation of dispositionConfig', () => {
  it('refuses a fourth level and duplicate sibling values, naming the pointer', () => {
    const workspace = JSON.parse(readFileSync(resolve(FIXTURES_DIR, 'workspaces/sms-promo/workspace.json'), 'utf8')) as Workspace;
    const model = JSON.parse(readFileSync(resolve(FIXTURES_DIR, 'workspaces/sms-promo/data-model.json'), 'utf8')) as unknown;
    expect(validateConfiguration(workspace, model).filter((p) => p.severity === 'error')).toEqual([]);
    const deep: Workspace = {
      ...workspace,
      dispositionConfig: { levels: [{ value: 'A', label: 'A', children: [{ value: 'B', label: 'B', children: [{ value: 'C', label: 'C', children: [{ value: 'D', label: 'D' }] }] }] }, { value: 'A', label: 'again' }] },
    };
    const problems = validateConfiguration(deep, model).filter((p) => p.severity === 'error').map((p) => p.pointer);
    expect(problems).toEqual(expect.arrayContaining(['/dispositionConfig/levels/0/children/0/children/0/children', '/dispositionConfig/levels/1/value']));
  });
});

describe('GET /embed-host.html', () => {
  it('serves the host page for integrators, outside the API document', async () => {
    const response = await ctx.app.inject({ url: '/embed-host.html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('id="app-frame"');
    expect(response.body).toContain("addEventListener('message'");
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(doc.paths['/embed-host.html']).toBeUndefined();
    expect(doc.paths['/api/cntmng/contact/searchRef']).toBeDefined();
  });
});
