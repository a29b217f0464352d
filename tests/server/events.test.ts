import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContactRow } from '@domain/api/contacts';
import type { EventDetail, EventRow } from '@domain/api/events';
import { FIXTURES_DIR, T0, createTestApp, signedIn, type TestContext } from './support/test-app';

/**
 * Every change to a contact is an event written with it, and only with it (spec 3 §2 Events log, §3 Event); the
 * events log calls (spec 3 §7). PGlite, or PostgreSQL with TEST_DB=postgres.
 */

interface FixtureContact { id: string; state: string; priority: number; closed: boolean; processable: boolean; suspended: boolean; agentId: string | null; inputs: Record<string, unknown>; outputs: Record<string, unknown> }
const fixture = (slug: string): FixtureContact[] => JSON.parse(readFileSync(join(FIXTURES_DIR, 'workspaces', slug, 'contacts.json'), 'utf8'));
const workable = (c: FixtureContact) => !c.closed && c.processable && !c.suspended;
const used = new Set<string>();
/** A fixture contact no other test of this file has touched. */
const fresh = (slug: string, test: (c: FixtureContact) => boolean = workable): FixtureContact => {
  const found = fixture(slug).find((c) => test(c) && !used.has(c.id));
  if (!found) throw new Error(`no fixture contact left in ${slug}`);
  used.add(found.id);
  return found;
};

let ctx: TestContext;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestApp();
  for (const user of ['admin', 'teamleader', 'agent', 'statistic']) cookies[user] = await signedIn(ctx.app, user);
});
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...(user ? { cookie: cookies[user] } : {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const contactUrl = (id: string) => `/api/cntmng/contact/${id}`;
const load = async (id: string): Promise<ContactRow> => (await call('GET', contactUrl(id), 'admin')).json().data;

/** Every event of a contact, oldest first, through the events log. */
async function eventsOf(workspace: string, contactId: string): Promise<EventRow[]> {
  const response = await call('POST', `/api/cntmng/events/${workspace}`, 'admin', { contactId, length: 1000, order: 'asc' });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}
const detail = async (workspace: string, id: string): Promise<EventDetail> => (await call('GET', `/api/cntmng/events/${workspace}/${id}`, 'admin')).json().data;

/** Runs `change` and answers the events it wrote on the contact. */
async function written(workspace: string, contactId: string, change: () => Promise<unknown>): Promise<EventRow[]> {
  const before = await eventsOf(workspace, contactId);
  await change();
  const after = await eventsOf(workspace, contactId);
  expect(after.slice(0, before.length)).toEqual(before);
  return after.slice(before.length);
}

const ok = async <R extends { statusCode: number; body: string }>(pending: Promise<R>, status = 200): Promise<R> => {
  const response = await pending;
  expect({ status: response.statusCode, body: response.statusCode === status ? '' : response.body }).toEqual({ status, body: '' });
  return response;
};

describe('every change writes its event', () => {
  it('insert and clone', async () => {
    const inserted = await ok(call('POST', '/api/cntmng/contact/insert/minimo', 'admin', { rawData: { nome: 'Mario', cognome: 'Rossi', telefono: '3331112222' } }));
    const id = inserted.json().data.id as string;
    const [insert] = await eventsOf('minimo', id);
    expect(insert).toMatchObject({ type: 'insert', state: 'NUOVO', contactId: id, agentId: 'u-admin', at: new Date(T0).toISOString(), showDetail: false });

    const original = fresh('sinistri-auto');
    const cloned = (await ok(call('POST', `${contactUrl(original.id)}/clone`, 'admin'))).json().data.id as string;
    const [clone] = await eventsOf('sinistri-auto', cloned);
    expect(clone).toMatchObject({ type: 'clone', state: 'APERTO', agentId: 'u-admin', showDetail: true });
    expect((await detail('sinistri-auto', clone.id)).extraData).toEqual({ originalContactId: original.id });
  });

  it('take, release, and a refused take writes nothing', async () => {
    const c = fresh('minimo', (x) => workable(x) && x.agentId === null);
    const events = await written('minimo', c.id, async () => {
      await ok(call('POST', `/api/cntmng/contact/take/${c.id}`, 'agent'));
      await ok(call('POST', `/api/cntmng/contact/take/${c.id}`, 'teamleader'), 409);
      await ok(call('POST', `/api/cntmng/contact/release/${c.id}`, 'agent'));
    });
    expect(events.map((e) => [e.type, e.agentId, e.state])).toEqual([['take', 'u-agent', c.state], ['release', 'u-agent', c.state]]);
  });

  it('a save: the changed fields (from, to), then the state reached; a refused save writes no event', async () => {
    const c = fresh('energia-casa', (x) => workable(x) && x.state === 'NUOVO' && x.agentId === 'u-agent');
    const before = await load(c.id);
    const refused = await written('energia-casa', c.id, async () => {
      await ok(call('PUT', contactUrl(c.id), 'agent', { version: before.version, state: 'DA_RICHIAMARE', inputs: { nome: 'Giulia', telefono: 'not a phone' } }), 400);
      await ok(call('PUT', contactUrl(c.id), 'agent', { version: before.version + 5, state: 'DA_RICHIAMARE' }), 409);
      await ok(call('PUT', contactUrl(c.id), 'agent', { version: before.version, state: 'NO_SUCH_STATE' }), 400);
    });
    expect(refused).toEqual([]);
    expect((await load(c.id)).version).toBe(before.version);

    const events = await written('energia-casa', c.id, () => ok(call('PUT', contactUrl(c.id), 'agent', { version: before.version, state: 'DA_RICHIAMARE', notes: 'Richiamare', inputs: { nome: 'Giulia' } })));
    // Each event carries the state the contact has after the save.
    expect(events.map((e) => [e.type, e.state, e.agentId])).toEqual([['save', 'DA_RICHIAMARE', 'u-agent'], ['state', 'DA_RICHIAMARE', 'u-agent']]);
    expect((await detail('energia-casa', events[0].id)).extraData).toEqual({ changed: { inputs: { nome: { from: c.inputs.nome ?? null, to: 'Giulia' } } } });
    expect(await detail('energia-casa', events[1].id)).toMatchObject({ previousState: 'NUOVO', state: 'DA_RICHIAMARE', notes: 'Richiamare', extraData: { from: 'NUOVO', to: 'DA_RICHIAMARE' } });
  });

  it('outcome and the message a reached state sends', async () => {
    const c = fresh('sms-promo', (x) => workable(x) && x.state === 'DA_CONTATTARE');
    const before = await load(c.id);
    const events = await written('sms-promo', c.id, () => ok(call('PUT', contactUrl(c.id), 'admin', { version: before.version, state: 'SMS_INVIATO', outcome: 'INTERESSATO' })));
    expect(events.map((e) => e.type)).toEqual(['state', 'outcome', 'message-queued']);
    const message = await detail('sms-promo', events[2].id);
    expect(message.extraData).toMatchObject({ channel: 'sms', configId: 'promo-base', recipient: c.inputs.cellulare, status: 'queued' });
    expect(message).toMatchObject({ outcome: 'INTERESSATO', agentId: 'u-admin' });
  });

  it('a contact action', async () => {
    const c = fresh('sms-promo');
    const events = await written('sms-promo', c.id, async () => {
      await ok(call('POST', `${contactUrl(c.id)}/action/promo-promemoria`, 'admin', { phone: '12345' }), 400);
      await ok(call('POST', `${contactUrl(c.id)}/action/promo-promemoria`, 'admin', { phone: '+393471234567' }));
    });
    expect(events.map((e) => [e.type, e.agentId])).toEqual([['action-queued', 'u-admin']]);
    expect((await detail('sms-promo', events[0].id)).extraData).toMatchObject({ channel: 'sms', configId: 'promo-promemoria', recipient: '+393471234567' });
  });

  it('an edit (assignment, priority, fields) and a close', async () => {
    const c = fresh('sinistri-auto', (x) => workable(x) && x.agentId === null && Array.isArray(x.outputs.perizia) && x.outputs.perizia.length > 0);
    const before = await load(c.id);
    const events = await written('sinistri-auto', c.id, async () => {
      await ok(call('PUT', `${contactUrl(c.id)}/edit`, 'teamleader', { version: before.version, agentId: 'u-agent', priority: before.priority === 2 ? 3 : 2, inputs: { marca: 'Fiat' } }));
      await ok(call('POST', `${contactUrl(c.id)}/close`, 'admin', { notes: 'Pratica chiusa' }));
      await ok(call('POST', `${contactUrl(c.id)}/close`, 'admin', {}), 422);
    });
    expect(events.map((e) => [e.type, e.agentId])).toEqual([['edit', 'u-teamleader'], ['assign', 'u-teamleader'], ['close', 'u-admin']]);
    const edit = await detail('sinistri-auto', events[0].id);
    expect(edit.extraData).toEqual({ changed: { inputs: { marca: { from: c.inputs.marca ?? null, to: 'Fiat' } }, priority: { from: before.priority, to: before.priority === 2 ? 3 : 2 } } });
    expect(edit.notes).toBe(`inputs.marca, priority ${before.priority === 2 ? 3 : 2}`);
    expect(await detail('sinistri-auto', events[2].id)).toMatchObject({ notes: 'Pratica chiusa', showDetail: false, extraData: null });
  });

  it('attachments added and removed (the array change is not an edit of its own)', async () => {
    const c = fresh('sinistri-auto');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('image')]);
    const boundary = '----events';
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fileContent"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const fileUrl = `${contactUrl(c.id)}/attachment/fotoDanni/foto.png`;
    const events = await written('sinistri-auto', c.id, async () => {
      await ok(ctx.app.inject({ method: 'POST', url: fileUrl, payload, headers: { cookie: cookies.admin, 'content-type': `multipart/form-data; boundary=${boundary}` } }));
      await ok(call('DELETE', fileUrl, 'admin'));
    });
    expect(events.map((e) => [e.type, e.agentId])).toEqual([['attachment-added', 'u-admin'], ['attachment-removed', 'u-admin']]);
    expect((await detail('sinistri-auto', events[0].id)).extraData).toEqual({ field: 'fotoDanni', name: 'foto.png', contentType: 'image/png', size: png.length });
  });

  it('a bulk action: one event per contact, naming the run; a refused run writes none', async () => {
    const [a, b] = [fresh('sinistri-auto', (x) => workable(x) && x.priority !== 1), fresh('sinistri-auto', (x) => workable(x) && x.priority !== 1)];
    const refused = await written('sinistri-auto', a.id, () => ok(call('POST', '/api/cntmng/workspace/sinistri-auto/massiveAction/sollecito', 'admin', { contactIds: [a.id] }), 400));
    expect(refused).toEqual([]);
    const events = await written('sinistri-auto', a.id, () => ok(call('POST', '/api/cntmng/workspace/sinistri-auto/massiveAction/priorita', 'admin', { contactIds: [a.id, b.id] })));
    expect(events.map((e) => [e.type, e.agentId])).toEqual([['bulk', 'u-admin']]);
    const [run] = await ctx.db.database.query<{ id: string }>("SELECT id::text FROM massive_action_runs WHERE action = 'priorita' ORDER BY id DESC LIMIT 1");
    const bulk = await detail('sinistri-auto', events[0].id);
    expect(bulk).toMatchObject({ runId: run.id, extraData: { runId: Number(run.id), action: 'priorita', changes: { priority: { to: 1 } } } });
    const [other] = (await eventsOf('sinistri-auto', b.id)).slice(-1);
    expect((await detail('sinistri-auto', other.id)).runId).toBe(run.id);
  });

  it('a suspension', async () => {
    const c = fresh('minimo');
    const events = await written('minimo', c.id, () => ctx.db.database.transaction(async (tx) => {
      await tx.query("SELECT set_config('contact_manager.user_id', 'u-admin', true)");
      await tx.query('UPDATE contacts SET suspended = true WHERE id = $1', [c.id]);
    }));
    expect(events.map((e) => [e.type, e.agentId])).toEqual([['suspend', 'u-admin']]);
  });

  it('a caller-id lookup and a disposition from the embedded entry', async () => {
    const c = fresh('sms-promo');
    const window = { createdFrom: new Date(T0 - 3 * 365 * 86_400_000).toISOString(), createdTo: new Date(T0).toISOString() };
    const events = await written('sms-promo', c.id, async () => {
      const found = await ok(call('POST', '/api/cntmng/contact/searchRef', 'agent', { ref: 'cellulare', refValue: String(c.inputs.cellulare), workspaceIds: ['sms-promo'], ...window }));
      expect(found.json().data.map((r: ContactRow) => r.id)).toContain(c.id);
      await ok(call('POST', '/api/cntmng/disposition/sms-promo', 'agent', { l1: 'ADESIONE', l2: 'SMS', l3: 'SUBITO', comment: 'ok', contactId: c.id, campaign: 'promo-natale', agent: 'agent-7', guid: 'call-9', callerid: String(c.inputs.cellulare) }));
    });
    expect(events.map((e) => [e.type, e.agentId])).toEqual([['callerid-lookup', 'u-agent'], ['disposition', 'u-agent']]);
    expect((await detail('sms-promo', events[0].id)).extraData).toMatchObject({ callerid: c.inputs.cellulare, ref: 'cellulare' });
    expect((await detail('sms-promo', events[1].id)).extraData).toMatchObject({ campaign: 'promo-natale', guid: 'call-9', levels: ['ADESIONE', 'SMS', 'SUBITO'], comment: 'ok' });
  });
});

describe('POST /api/cntmng/events/{workspaceId}', () => {
  let contactId: string;
  beforeAll(async () => {
    // Twelve events at known times: the insert, then take/release pairs an hour apart by two agents.
    const HOUR = 3_600_000;
    ctx.clock.set(T0 - 12 * HOUR);
    const inserted = await ok(call('POST', '/api/cntmng/contact/insert/minimo', 'admin', { rawData: { nome: 'Log', cognome: 'Eventi', telefono: '3331234567' } }));
    contactId = inserted.json().data.id;
    for (let i = 0; i < 11; i++) {
      ctx.clock.set(T0 - (11 - i) * HOUR);
      const user = Math.floor(i / 2) % 2 === 0 ? 'agent' : 'teamleader';
      await ok(call('POST', `/api/cntmng/contact/${i % 2 === 0 ? 'take' : 'release'}/${contactId}`, user));
    }
    ctx.clock.set(T0);
  });
  const search = (body: Record<string, unknown>, user: string | null = 'admin', workspace = 'minimo') => call('POST', `/api/cntmng/events/${workspace}`, user, body);

  it('pages by 10, newest first, with the total', async () => {
    const first = await ok(search({ contactId }));
    expect(first.json().total).toBe(12);
    const page: EventRow[] = first.json().data;
    expect(page).toHaveLength(10);
    expect(page.map((e) => e.at)).toEqual([...page.map((e) => e.at)].sort().reverse());
    expect(page[0].at).toBe(new Date(T0 - 3_600_000).toISOString());
    const second: EventRow[] = (await ok(search({ contactId, page: 1 }))).json().data;
    expect(second.map((e) => e.type)).toEqual(['take', 'insert']);
    expect(new Set([...page, ...second].map((e) => e.id)).size).toBe(12);
  });

  it('filters by agents and by time, both ends included', async () => {
    const byAgent: EventRow[] = (await ok(search({ contactId, agents: ['u-teamleader'], length: 100 }))).json().data;
    expect(byAgent.length).toBeGreaterThan(0);
    expect(byAgent.filter((e) => e.agentId !== 'u-teamleader')).toEqual([]);
    const window = await ok(search({ contactId, from: new Date(T0 - 4 * 3_600_000).toISOString(), to: new Date(T0 - 2 * 3_600_000).toISOString() }));
    expect(window.json().total).toBe(3);
  });

  it('requires a contact id and a length of at least 1, naming the field', async () => {
    const missing = await search({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toEqual({ field: 'contactId', message: 'contactId is required' });
    const zero = await search({ contactId, length: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors[0]).toEqual({ field: 'length', message: 'length must be >= 1' });
    expect((await search({ contactId: 'abc' })).json().errors[0].field).toBe('contactId');
    const backwards = await search({ contactId, from: new Date(T0 + 1000).toISOString(), to: new Date(T0).toISOString() });
    expect(backwards.json().errors).toEqual([{ field: 'from', message: 'The start date must not be after the end date' }]);
    const italian = await call('POST', '/api/cntmng/events/minimo', 'admin', { contactId, from: new Date(T0 + 1000).toISOString(), to: new Date(T0).toISOString() }, { 'accept-language': 'it-IT' });
    expect(italian.json().errors).toEqual([{ field: 'from', message: 'La data di inizio non può essere successiva alla data di fine' }]);
  });

  it('answers nothing for a contact of another workspace', async () => {
    expect((await ok(search({ contactId }, 'admin', 'sinistri-auto'))).json()).toEqual({ data: [], total: 0 });
  });

  it('answers the same search as a GET with the fields in the query string (spec 3 §7: POST and GET)', async () => {
    const byGet = (query: string, user: string | null = 'admin') => call('GET', `/api/cntmng/events/minimo?${query}`, user);
    expect((await ok(byGet(`contactId=${contactId}&page=1`))).json()).toEqual((await ok(search({ contactId, page: 1 }))).json());
    // One agent, or several by repeating the key.
    const one: EventRow[] = (await ok(byGet(`contactId=${contactId}&agents=u-teamleader&length=100`))).json().data;
    expect(one.length).toBeGreaterThan(0);
    expect(one.filter((e) => e.agentId !== 'u-teamleader')).toEqual([]);
    const both = await ok(byGet(`contactId=${contactId}&agents=u-teamleader&agents=u-agent&length=100&order=asc`));
    expect(both.json().total).toBe((await ok(search({ contactId, agents: ['u-teamleader', 'u-agent'] }))).json().total);
    expect((await byGet('length=5')).json().errors[0]).toEqual({ field: 'contactId', message: 'contactId is required' });
    expect((await byGet(`contactId=${contactId}&length=0`)).json().errors[0]).toEqual({ field: 'length', message: 'length must be >= 1' });
    expect((await byGet(`contactId=${contactId}`, 'agent')).statusCode).toBe(403);
    expect((await byGet(`contactId=${contactId}`, null)).statusCode).toBe(401);
  });

  it('admin and team-leader by default; 401 signed out', async () => {
    expect((await search({ contactId }, 'teamleader')).statusCode).toBe(200);
    expect((await search({ contactId }, 'agent')).statusCode).toBe(403);
    expect((await search({ contactId }, 'statistic')).statusCode).toBe(403);
    expect((await search({ contactId }, null)).statusCode).toBe(401);
  });
});

describe('GET /api/cntmng/events/{workspaceId}/{eventId}', () => {
  it('answers the event with its extraData; 404 from another workspace or unknown', async () => {
    const c = fresh('energia-casa', (x) => workable(x) && x.state === 'NUOVO');
    const before = await load(c.id);
    await ok(call('PUT', contactUrl(c.id), 'admin', { version: before.version, state: 'APPUNTAMENTO' }));
    const [state] = (await eventsOf('energia-casa', c.id)).filter((e) => e.type === 'state').slice(-1);
    const response = await ok(call('GET', `/api/cntmng/events/energia-casa/${state.id}`, 'admin'));
    expect(response.json().data).toEqual({ ...state, previousState: 'NUOVO', outcome: null, notes: before.notes, runId: null, extraData: { from: 'NUOVO', to: 'APPUNTAMENTO' } });
    expect((await call('GET', `/api/cntmng/events/minimo/${state.id}`, 'admin')).statusCode).toBe(404);
    expect((await call('GET', '/api/cntmng/events/energia-casa/999999999', 'admin')).statusCode).toBe(404);
    expect((await call('GET', '/api/cntmng/events/energia-casa/x1', 'admin')).statusCode).toBe(400);
  });
});
