import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContactRow } from '@domain/api/contacts';
import { FIXTURES_DIR, createTestApp, signedIn, type TestContext } from './support/test-app';
import { PLACES, makeUser } from './support/users-fixture';

/**
 * Writes need write rights (issue 12, must have 4) and a save is checked against the contact's own workspace
 * (issue 17, item 1), on PGlite or PostgreSQL (TEST_DB=postgres).
 */

interface FixtureContact { id: string; closed: boolean; processable: boolean; suspended: boolean; agentId: string | null }
const fixture = (slug: string): FixtureContact[] => JSON.parse(readFileSync(join(FIXTURES_DIR, 'workspaces', slug, 'contacts.json'), 'utf8'));
const workable = (c: FixtureContact) => !c.closed && c.processable && !c.suspended;
/** Workable contacts of a workspace matching `test`, each used by one test only (`skip` picks a different one). */
const pick = (slug: string, test: (c: FixtureContact) => boolean, skip = 0): FixtureContact => {
  const found = fixture(slug).filter((c) => workable(c) && test(c))[skip];
  if (!found) throw new Error(`no fixture contact in ${slug}`);
  return found;
};

let ctx: TestContext;
const cookies: Record<string, string> = {};
let teammate: { id: string; username: string };

beforeAll(async () => {
  ctx = await createTestApp();
  for (const user of ['admin', 'teamleader', 'agent', 'manager']) cookies[user] = await signedIn(ctx.app, user);
  // A second basic agent in the agent's team (Milano Inbound): the agent sees their contacts, but they are not the agent's.
  teammate = await makeUser(ctx, 'basic', PLACES.milanoInbound, 'teammate');
});
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { cookie: cookies[user], ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const base = (id: string) => `/api/cntmng/contact/${id}`;
const load = async (id: string): Promise<ContactRow> => {
  const response = await call('GET', base(id), 'admin');
  expect(response.statusCode).toBe(200);
  return response.json().data;
};
const assign = (id: string, agentId: string | null) => ctx.db.database.query('UPDATE contacts SET agent_id = $2 WHERE id = $1', [id, agentId]);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a png image')]);
function upload(id: string, field: string, name: string, user: string) {
  const boundary = '----writerights' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fileContent"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`);
  return ctx.app.inject({
    method: 'POST',
    url: `${base(id)}/attachment/${field}/${encodeURIComponent(name)}`,
    payload: Buffer.concat([head, PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: cookies[user] },
  });
}
const removeFile = (id: string, field: string, name: string, user: string) => call('DELETE', `${base(id)}/attachment/${field}/${encodeURIComponent(name)}`, user);

describe('saving needs write rights', () => {
  it("refuses an agent saving a teammate's contact (403) and changes nothing", async () => {
    const c = pick('sinistri-auto', (x) => x.agentId === null, 0);
    await assign(c.id, teammate.id);
    const before = await load(c.id);
    // The agent sees the contact (same team) ...
    expect((await call('GET', base(c.id), 'agent')).statusCode).toBe(200);
    // ... but may not write it.
    const response = await call('PUT', base(c.id), 'agent', { version: before.version, notes: 'not mine' });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].message).toContain('assigned to another user');
    expect(await load(c.id)).toEqual(before);
  });

  it("refuses an agent saving the team leader's contact and an unassigned one without taking it", async () => {
    const leaders = pick('sinistri-auto', (x) => x.agentId === 'u-teamleader');
    expect((await call('PUT', base(leaders.id), 'agent', { version: (await load(leaders.id)).version, notes: 'x' })).statusCode).toBe(403);
    const free = pick('sinistri-auto', (x) => x.agentId === null, 1);
    const refused = await call('PUT', base(free.id), 'agent', { version: (await load(free.id)).version, notes: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].message).toContain('take it');
  });

  it('lets an agent save a contact they took (200)', async () => {
    const c = pick('sinistri-auto', (x) => x.agentId === null, 2);
    const taken = await call('POST', `/api/cntmng/contact/take/${c.id}`, 'agent');
    expect(taken.statusCode).toBe(200);
    const response = await call('PUT', base(c.id), 'agent', { version: taken.json().data.version, notes: 'mine now' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ agentId: 'u-agent', notes: 'mine now' });
  });

  it("lets admin and team leader act on others' contacts (spec 2 §2.4, §6: workOthers)", async () => {
    const c = pick('sinistri-auto', (x) => x.agentId === 'u-agent');
    const byLeader = await call('PUT', base(c.id), 'teamleader', { version: (await load(c.id)).version, notes: 'from the team leader' });
    expect(byLeader.statusCode).toBe(200);
    const free = pick('sinistri-auto', (x) => x.agentId === null, 3);
    expect((await call('PUT', base(free.id), 'admin', { version: (await load(free.id)).version, notes: 'from admin' })).statusCode).toBe(200);
  });

  it('refuses a manager whose viewsConfig gives only list and show (energia-casa) with 403', async () => {
    // energia-casa: manager has list and show visible, edit not: they read contacts but may not write others'.
    const c = pick('energia-casa', (x) => x.agentId === 'u-agent', 5);
    const before = await load(c.id);
    expect((await call('GET', base(c.id), 'manager')).statusCode).toBe(200);
    const response = await call('PUT', base(c.id), 'manager', { version: before.version, notes: 'manager' });
    expect(response.statusCode).toBe(403);
    expect(await load(c.id)).toEqual(before);
  });
});

describe('attachments need write rights and move the version', () => {
  it("refuses upload and delete on a teammate's contact", async () => {
    const c = pick('sinistri-auto', (x) => x.agentId === null, 4);
    await assign(c.id, teammate.id);
    expect((await upload(c.id, 'fotoDanni', 'altrui.png', 'admin')).statusCode).toBe(200);
    const before = await load(c.id);
    expect((await upload(c.id, 'fotoDanni', 'mio.png', 'agent')).statusCode).toBe(403);
    expect((await removeFile(c.id, 'fotoDanni', 'altrui.png', 'agent')).statusCode).toBe(403);
    expect(await load(c.id)).toEqual(before);
  });

  it('an upload bumps the version: a save with the version read before it answers 409; a delete bumps it too', async () => {
    const c = pick('sinistri-auto', (x) => x.agentId === 'u-agent', 1);
    const before = await load(c.id);
    const uploaded = await upload(c.id, 'fotoDanni', 'nuova.png', 'agent');
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().data.version).toBe(before.version + 1);
    const afterUpload = await load(c.id);
    expect(afterUpload.version).toBe(before.version + 1);

    const stale = await call('PUT', base(c.id), 'agent', { version: before.version, notes: 'stale', outputs: { fotoDanni: [] } });
    expect(stale.statusCode).toBe(409);
    expect(await load(c.id)).toEqual(afterUpload);

    const removed = await removeFile(c.id, 'fotoDanni', 'nuova.png', 'agent');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ ok: true, version: before.version + 2 });
    expect((await call('PUT', base(c.id), 'agent', { version: afterUpload.version, notes: 'stale again' })).statusCode).toBe(409);
    expect((await call('PUT', base(c.id), 'agent', { version: before.version + 2, notes: 'fresh' })).statusCode).toBe(200);
  });
});

describe('take needs to see the contact', () => {
  it('refuses (403) an agent taking a contact outside what they see (energia-casa: onlyAssignedContacts)', async () => {
    const c = pick('energia-casa', (x) => x.agentId === null);
    const before = await load(c.id);
    const response = await call('POST', `/api/cntmng/contact/take/${c.id}`, 'agent');
    expect(response.statusCode).toBe(403);
    expect(await load(c.id)).toEqual(before);
    // The same contact is takeable by the team leader, who sees unassigned contacts.
    expect((await call('POST', `/api/cntmng/contact/take/${c.id}`, 'teamleader')).statusCode).toBe(200);
  });

  it("refuses a team leader of another site taking a contact of someone they do not see", async () => {
    const napoli = await makeUser(ctx, 'team-leader', PLACES.napoli, 'napolitl');
    const cookie = await signedIn(ctx.app, napoli.username);
    const c = pick('sinistri-auto', (x) => x.agentId === 'u-agent', 2);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/cntmng/contact/take/${c.id}`, headers: { cookie } });
    expect([403, 404]).toContain(response.statusCode);
  });
});

describe("a save is checked against the contact's own workspace (issue 17, item 1)", () => {
  it("answers 400 naming the fields a body built from minimo's form has and campagna-grande lacks, and changes nothing", async () => {
    const c = pick('campagna-grande', (x) => x.agentId === 'u-agent');
    const before = await load(c.id);
    // What minimo's show form sends: its four inputs and its one output.
    const response = await call('PUT', base(c.id), 'admin', {
      version: before.version,
      inputs: { nome: 'Da Minimo', cognome: 'Rossi', telefono: '3331234567', note: 'scritto nel form di Minimo' },
      outputs: { esito: 'OK' },
    });
    expect(response.statusCode).toBe(400);
    const errors: Array<{ field: string; message: string }> = response.json().errors;
    expect(errors.map((e) => e.field).sort()).toEqual(['inputs.note', 'outputs.esito']);
    expect(errors.find((e) => e.field === 'inputs.note')?.message).toContain('campagna-grande');
    expect(await load(c.id)).toEqual(before);
  });
});

describe("a contact's actions need write rights", () => {
  const outboxRows = async (id: string) => (await ctx.db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sms_outbox WHERE contact_id = $1', [id]))[0].n;

  it("shows an agent the actions of a teammate's contact disabled with the reason, refuses running one (403) and sends nothing", async () => {
    const c = pick('sms-promo', (x) => x.agentId === null, 0);
    await assign(c.id, teammate.id);
    const listed = await call('GET', `${base(c.id)}/action`, 'agent');
    expect(listed.statusCode).toBe(200);
    const actions = listed.json().data as Array<{ key: string; enabled: boolean; reason: string | null }>;
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(action).toMatchObject({ enabled: false, reason: 'Take the contact to run its actions: it is not assigned to you' });
    const before = await outboxRows(c.id);
    const refused = await call('POST', `${base(c.id)}/action/${actions[0].key}`, 'agent', { phone: '+393331234567' });
    expect(refused.statusCode).toBe(403);
    expect(await outboxRows(c.id)).toBe(before);
  });

  it('lets the agent run them on their own contact, and the team leader on anyone\'s', async () => {
    const c = pick('sms-promo', (x) => x.agentId === null, 1);
    await assign(c.id, 'u-agent');
    const actions = (await call('GET', `${base(c.id)}/action`, 'agent')).json().data as Array<{ key: string; enabled: boolean }>;
    expect(actions.every((a) => a.enabled)).toBe(true);
    const before = await outboxRows(c.id);
    expect((await call('POST', `${base(c.id)}/action/${actions[0].key}`, 'agent', { phone: '+393331234567' })).statusCode).toBe(200);
    expect((await call('POST', `${base(c.id)}/action/${actions[0].key}`, 'teamleader', { phone: '+393331234568' })).statusCode).toBe(200);
    expect(await outboxRows(c.id)).toBe(before + 2);
  });
});
