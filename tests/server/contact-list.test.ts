import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTACT_MESSAGES, contactRoutes, type ContactRow } from '@domain/api/contacts';
import { FIXTURES_DIR, createTestApp, signedIn, type TestContext } from './support/test-app';

/** Contact list routes (spec 2 §2.2, §4, §5, §6, §7) on PGlite or PostgreSQL (TEST_DB=postgres). */

interface FixtureContact {
  id: string;
  state: string;
  closed: boolean;
  processable: boolean;
  suspended: boolean;
  availability: string;
  agentId: string | null;
  priority: number;
  createdAt: string;
  inputs: Record<string, unknown>;
}
const fixture = (slug: string): FixtureContact[] => JSON.parse(readFileSync(join(FIXTURES_DIR, 'workspaces', slug, 'contacts.json'), 'utf8'));
const SINISTRI = fixture('sinistri-auto');
const ENERGIA = fixture('energia-casa');
const byCreatedDesc = (a: FixtureContact, b: FixtureContact) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

let ctx: TestContext;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const user of ['admin', 'teamleader', 'agent', 'manager']) cookies[user] = await signedIn(ctx.app, user);
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: unknown, user: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie: cookies[user] } });
const get = (url: string, user: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies[user] } });
const search = async (workspace: string, filter: object, user = 'admin') => {
  const response = await post(`/api/cntmng/contact/search/${workspace}`, filter, user);
  expect(response.statusCode).toBe(200);
  return response.json() as { data: ContactRow[]; total: number };
};
const sql = <T extends Record<string, unknown>>(text: string, params: (string | number | boolean | null | string[])[] = []) =>
  ctx.db.database.query<T>(text, params);

describe('POST /api/cntmng/contact/search/{workspace}', () => {
  it('answers the first page, newest first, without suspended contacts, and the total', async () => {
    const { data, total } = await search('sinistri-auto', {});
    const expected = SINISTRI.filter((c) => !c.suspended).sort(byCreatedDesc);
    expect(total).toBe(expected.length);
    expect(data.map((c) => c.id)).toEqual(expected.slice(0, 10).map((c) => c.id));
    expect(data[0]).toMatchObject({ workspaceId: 'sinistri-auto', inputs: expect.any(Object), outputs: expect.any(Object) });
    expect(data[0].createdAt).toBe(expected[0].createdAt);
  });

  it('pages and sorts on fixed columns and data-model fields', async () => {
    const expected = SINISTRI.filter((c) => !c.suspended).sort(byCreatedDesc);
    const page = await search('sinistri-auto', { page: 2, length: 25 });
    expect(page.data.map((c) => c.id)).toEqual(expected.slice(50, 75).map((c) => c.id));

    const byPriority = await search('sinistri-auto', { sort: 'priority', order: 'asc', length: 100 });
    const priorities = byPriority.data.map((c) => c.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));

    const byAmount = await search('sinistri-auto', { sort: 'inputs.importoStimato', order: 'desc', length: 50, dataModelFilters: { inputs: { compagnia: 'zurich' } } });
    const amounts = byAmount.data.map((c) => c.inputs.importoStimato as number);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

    const byName = await search('sinistri-auto', { sort: 'cognome', order: 'asc', length: 100 });
    const names = byName.data.map((c) => String(c.inputs.cognome ?? '~'));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('filters on states, processable, suspended, priority and creation dates', async () => {
    const states = await search('sinistri-auto', { states: ['IN_PERIZIA', 'RESPINTO'], length: 100 });
    expect(states.total).toBe(SINISTRI.filter((c) => !c.suspended && ['IN_PERIZIA', 'RESPINTO'].includes(c.state)).length);
    expect(new Set(states.data.map((c) => c.state))).toEqual(new Set(['IN_PERIZIA', 'RESPINTO']));

    const notProcessable = await search('sinistri-auto', { notProcessable: true, length: 100 });
    expect(notProcessable.total).toBe(SINISTRI.filter((c) => !c.suspended && !c.processable).length);
    expect(notProcessable.data.filter((c) => c.processable)).toEqual([]);

    const onlySuspended = await search('sinistri-auto', { onlySuspended: true, includeSuspended: true, length: 100 });
    expect(onlySuspended.total).toBe(SINISTRI.filter((c) => c.suspended).length);
    expect(onlySuspended.data.filter((c) => !c.suspended)).toEqual([]);
    // onlySuspended forces includeSuspended on (spec 2 §2.2): alone, or against includeSuspended false, the same answer.
    expect((await search('sinistri-auto', { onlySuspended: true, length: 100 })).total).toBe(onlySuspended.total);
    expect((await search('sinistri-auto', { onlySuspended: true, includeSuspended: false, length: 100 })).total).toBe(onlySuspended.total);
    expect((await search('sinistri-auto', { includeSuspended: true })).total).toBe(SINISTRI.length);

    const priority = await search('sinistri-auto', { priority: 3, length: 100 });
    expect(priority.total).toBe(SINISTRI.filter((c) => !c.suspended && c.priority === 3).length);

    const from = '2026-11-01T00:00:00.000Z';
    const to = '2026-11-10T23:59:59.999Z';
    const created = await search('sinistri-auto', { createdFrom: from, createdTo: to, length: 100 });
    expect(created.total).toBe(SINISTRI.filter((c) => !c.suspended && c.createdAt >= from && c.createdAt <= to).length);
  });

  it('filters on data-model fields: equality, any-of, ranges, substrings, booleans', async () => {
    const visible = SINISTRI.filter((c) => !c.suspended);
    const eq = await search('sinistri-auto', { dataModelFilters: { inputs: { compagnia: 'zurich', feriti: true } } });
    expect(eq.total).toBe(visible.filter((c) => c.inputs.compagnia === 'zurich' && c.inputs.feriti === true).length);
    expect(eq.total).toBeGreaterThan(0);

    const anyOf = await search('sinistri-auto', { dataModelFilters: { inputs: { compagnia: ['axa', 'vittoria'] } } });
    expect(anyOf.total).toBe(visible.filter((c) => ['axa', 'vittoria'].includes(c.inputs.compagnia as string)).length);

    const range = await search('sinistri-auto', { dataModelFilters: { inputs: { importoStimato: { from: 5000, to: '10000' } } } });
    expect(range.total).toBe(visible.filter((c) => typeof c.inputs.importoStimato === 'number' && (c.inputs.importoStimato as number) >= 5000 && (c.inputs.importoStimato as number) <= 10000).length);

    const contains = await search('sinistri-auto', { dataModelFilters: { inputs: { cognome: { contains: 'ros' } } } });
    expect(contains.total).toBe(visible.filter((c) => String(c.inputs.cognome ?? '').toLowerCase().includes('ros')).length);

    // Blank values of a partially filled form are ignored.
    expect((await search('sinistri-auto', { dataModelFilters: { inputs: { targa: '', cognome: null } } })).total).toBe(visible.length);
  });

  it('filters on enum values, agents, teams and the custom filter', async () => {
    const visible = SINISTRI.filter((c) => !c.suspended);
    const enums = await search('sinistri-auto', { enumFilters: { inputs: { tipoSinistro: ['grandine', 'cristalli'] } } });
    expect(enums.total).toBe(visible.filter((c) => ['grandine', 'cristalli'].includes(c.inputs.tipoSinistro as string)).length);

    const agents = await search('sinistri-auto', { assignedAgents: ['u-agent'] });
    expect(agents.total).toBe(visible.filter((c) => c.agentId === 'u-agent').length);

    const team = await search('sinistri-auto', { teamIds: ['t-milano-outbound'] });
    expect(team.total).toBe(visible.filter((c) => c.agentId === 'u-teamleader').length);

    const custom = await search('sinistri-auto', { customFilter: true, length: 100 });
    expect(custom.total).toBe(visible.filter((c) => c.inputs.feriti === true).length);
    expect(custom.data.filter((c) => c.inputs.feriti !== true)).toEqual([]);
  });

  it('filters on the assigned agent\'s outsourcer and call centre (spec 2 §6, issue 17 item 6)', async () => {
    const org = JSON.parse(readFileSync(join(FIXTURES_DIR, 'organisation.json'), 'utf8')) as { users: Array<{ id: string; outsourcerId: string | null; siteIds: string[] | null }> };
    const visible = SINISTRI.filter((c) => !c.suspended);
    const assignedTo = (ids: string[]) => visible.filter((c) => c.agentId !== null && ids.includes(c.agentId)).length;
    const of = (test: (u: (typeof org.users)[number]) => boolean) => org.users.filter(test).map((u) => u.id);

    const nord = await search('sinistri-auto', { outsourcerIds: ['o-nordcall'] });
    expect(nord.total).toBe(assignedTo(of((u) => u.outsourcerId === 'o-nordcall')));
    expect(nord.total).toBeGreaterThan(0);
    const milano = await search('sinistri-auto', { siteIds: ['s-milano'], length: 100 });
    expect(milano.total).toBe(assignedTo(of((u) => (u.siteIds ?? []).includes('s-milano'))));
    expect(milano.total).toBeGreaterThan(0);
    const none = await search('sinistri-auto', { outsourcerIds: ['o-sudservice'], siteIds: ['s-milano'] });
    expect(none.total).toBe(0);
    expect((await post('/api/cntmng/contact/search/sinistri-auto', { siteIds: 's-milano' }, 'admin')).statusCode).toBe(400);
  });

  it('answers 400 naming the field for unknown fields, wrong types and bad paging', async () => {
    const cases: [object, string][] = [
      [{ sort: 'inputs.nope' }, 'sort'],
      [{ sort: 'password_hash; DROP TABLE contacts' }, 'sort'],
      [{ dataModelFilters: { inputs: { nope: 'x' } } }, 'dataModelFilters.inputs.nope'],
      [{ dataModelFilters: { inputs: { importoStimato: 'molto' } } }, 'dataModelFilters.inputs.importoStimato'],
      [{ dataModelFilters: { inputs: { compagnia: { from: 'a' } } } }, 'dataModelFilters.inputs.compagnia'],
      [{ dataModelFilters: { outputs: { fotoDanni: 'x' } } }, 'dataModelFilters.outputs.fotoDanni'],
      [{ enumFilters: { inputs: { "x') OR 1=1 --": ['a'] } } }, "enumFilters.inputs.x') OR 1=1 --"],
      [{ length: 0 }, 'length'],
      [{ length: 5000 }, 'length'],
      [{ order: 'up' }, 'order'],
      [{ priority: 11 }, 'priority'],
      [{ unknownFilter: 1 }, 'unknownFilter'],
    ];
    for (const [filter, field] of cases) {
      const response = await post('/api/cntmng/contact/search/sinistri-auto', filter, 'admin');
      expect({ filter, status: response.statusCode }).toEqual({ filter, status: 400 });
      expect(response.json().errors.map((e: { field?: string }) => e.field)).toContain(field);
    }
    const [row] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM contacts');
    expect(row.n).toBeGreaterThan(1000);
  });

  it('follows the org hierarchy: admin all, team leader their teams and unassigned, manager their outsourcer', async () => {
    const foreign = SINISTRI.filter((c) => !c.suspended && c.agentId === null).slice(0, 4).map((c) => c.id);
    await sql(`UPDATE contacts SET agent_id = 'u-temporaneo' WHERE id = ANY($1)`, [foreign]);
    try {
      const all = await search('sinistri-auto', { length: 100 });
      const leader = await search('sinistri-auto', { length: 100 }, 'teamleader');
      expect(leader.total).toBe(all.total - 4);
      const leaderAll = await search('sinistri-auto', { contactIds: foreign }, 'teamleader');
      expect(leaderAll.total).toBe(0);
      expect((await search('sinistri-auto', { contactIds: foreign })).total).toBe(4);
      // energia-casa: manager sees the list (viewsConfig) but not SudService's agent.
      const energiaForeign = ENERGIA.filter((c) => !c.suspended && c.agentId === null).slice(0, 2).map((c) => c.id);
      await sql(`UPDATE contacts SET agent_id = 'u-temporaneo' WHERE id = ANY($1)`, [energiaForeign]);
      expect((await search('energia-casa', { contactIds: energiaForeign }, 'manager')).total).toBe(0);
      expect((await search('energia-casa', { contactIds: energiaForeign })).total).toBe(2);
      await sql(`UPDATE contacts SET agent_id = NULL WHERE id = ANY($1)`, [energiaForeign]);
    } finally {
      await sql(`UPDATE contacts SET agent_id = NULL WHERE id = ANY($1)`, [foreign]);
    }
  });

  it('shows a basic user only their contacts when the workspace has onlyAssignedContacts', async () => {
    const mine = await search('energia-casa', { length: 100 }, 'agent');
    expect(mine.total).toBe(ENERGIA.filter((c) => !c.suspended && c.agentId === 'u-agent').length);
    expect(mine.data.filter((c) => c.agentId !== 'u-agent')).toEqual([]);
    // Without the flag, basic sees the team's contacts and the unassigned ones.
    const minimo = await search('minimo', {}, 'agent');
    expect(minimo.total).toBe(fixture('minimo').filter((c) => !c.suspended).length);
  });

  it('answers 403 without the list permission and 404 for an unknown workspace', async () => {
    const manager = await post('/api/cntmng/contact/search/sinistri-auto', {}, 'manager');
    expect(manager.statusCode).toBe(403);
    expect(manager.json().errors[0].message).toBe('Missing permission: list');
    expect((await post('/api/cntmng/contact/search/nessuno', {}, 'admin')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/cntmng/contact/search/minimo', payload: {} })).statusCode).toBe(401);
    // The custom filter needs its own permission (admin and team-leader).
    const custom = await post('/api/cntmng/contact/search/sinistri-auto', { customFilter: true }, 'agent');
    expect(custom.statusCode).toBe(403);
  });
});

describe('take and release', () => {
  const takeable = (contacts: FixtureContact[]) => contacts.filter((c) => c.agentId === null && !c.suspended && c.processable && !c.closed);

  it('takes an available contact once; a second take is 409', async () => {
    const [contact] = takeable(SINISTRI);
    const taken = await post(`/api/cntmng/contact/take/${contact.id}`, undefined, 'agent');
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data).toMatchObject({ id: contact.id, agentId: 'u-agent', availability: 'processing' });
    const again = await post(`/api/cntmng/contact/take/${contact.id}`, undefined, 'teamleader');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Contact already assigned');
  });

  it('taking a contact one already holds again is idempotent: 200 with the contact, no new version, no second take event', async () => {
    const contact = takeable(SINISTRI)[3];
    const takes = async () => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM contact_events WHERE contact_id = $1 AND type = 'take'`, [contact.id]))[0].n;
    const before = await takes();
    const taken = await post(`/api/cntmng/contact/take/${contact.id}`, undefined, 'agent');
    expect(taken.statusCode).toBe(200);
    expect(await takes()).toBe(before + 1);
    const again = await post(`/api/cntmng/contact/take/${contact.id}`, undefined, 'agent');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(taken.json().data);
    expect(await takes()).toBe(before + 1);
    // Still someone else's for everybody else.
    expect((await post(`/api/cntmng/contact/take/${contact.id}`, undefined, 'teamleader')).statusCode).toBe(409);
  });

  it('refuses suspended, not processable and closed contacts', async () => {
    const suspended = SINISTRI.find((c) => c.suspended && c.agentId === null && c.processable && !c.closed);
    const notProcessable = SINISTRI.find((c) => !c.processable && c.agentId === null && !c.suspended) ?? SINISTRI.find((c) => !c.processable);
    const closed = SINISTRI.find((c) => c.closed);
    if (notProcessable) await sql(`UPDATE contacts SET agent_id = NULL WHERE id = $1`, [notProcessable.id]);
    if (closed) await sql(`UPDATE contacts SET agent_id = NULL WHERE id = $1`, [closed.id]);
    for (const [contact, message] of [
      [suspended, 'A suspended contact cannot be taken'],
      [notProcessable, 'A contact that is not processable cannot be taken'],
      [closed, 'A closed contact cannot be taken'],
    ] as const) {
      expect(contact).toBeDefined();
      const response = await post(`/api/cntmng/contact/take/${contact!.id}`, undefined, 'agent');
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(message);
    }
    const [row] = await sql<{ agent_id: string | null }>('SELECT agent_id FROM contacts WHERE id = $1', [suspended!.id]);
    expect(row.agent_id).toBeNull();
  });

  it('answers 400 for a malformed id, 404 for an unknown one, 403 without the take permission', async () => {
    expect((await post('/api/cntmng/contact/take/not-an-id', undefined, 'agent')).json().errors[0].field).toBe('id');
    expect((await post('/api/cntmng/contact/take/000000000000000000000000', undefined, 'agent')).statusCode).toBe(404);
    const [contact] = takeable(ENERGIA);
    const manager = await post(`/api/cntmng/contact/take/${contact.id}`, undefined, 'manager');
    expect(manager.statusCode).toBe(403);
    expect(manager.json().errors[0].message).toBe('Missing permission: take');
  });

  it('releases: the assigned agent, or a team leader for a team contact; never an unassigned one', async () => {
    const [a, b] = takeable(SINISTRI).slice(1, 3);
    expect((await post(`/api/cntmng/contact/take/${a.id}`, undefined, 'agent')).statusCode).toBe(200);
    expect((await post(`/api/cntmng/contact/take/${b.id}`, undefined, 'teamleader')).statusCode).toBe(200);
    const released = await post(`/api/cntmng/contact/release/${a.id}`, undefined, 'agent');
    expect(released.statusCode).toBe(200);
    expect(released.json().data).toMatchObject({ id: a.id, agentId: null, availability: 'toProcess' });
    expect((await post(`/api/cntmng/contact/release/${a.id}`, undefined, 'agent')).statusCode).toBe(409);
    expect((await post(`/api/cntmng/contact/release/${b.id}`, undefined, 'agent')).statusCode).toBe(403);
    expect((await post(`/api/cntmng/contact/take/${a.id}`, undefined, 'agent')).statusCode).toBe(200);
    const byLeader = await post(`/api/cntmng/contact/release/${a.id}`, undefined, 'teamleader');
    expect(byLeader.json().data.agentId).toBeNull();
  });
});

describe('GET /api/cntmng/workspace/{id}/takeNext', () => {
  it('takes the available contact with the best priority, then the oldest', async () => {
    const [expected] = await sql<{ id: string }>(
      `SELECT id FROM contacts WHERE workspace_id = 'energia-casa' AND agent_id IS NULL AND NOT suspended AND processable AND NOT closed
       ORDER BY priority, created_at, id LIMIT 1`,
    );
    const response = await get('/api/cntmng/workspace/energia-casa/takeNext', 'agent');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: expected.id.trim() });
    const [row] = await sql<{ agent_id: string; availability: string }>('SELECT agent_id, availability FROM contacts WHERE id = $1', [expected.id]);
    expect(row).toEqual({ agent_id: 'u-agent', availability: 'processing' });
  });

  it("needs takeConfig.available and answers 'NUOVO CONTATTO NON DISPONIBILE' when nothing is left", async () => {
    expect((await get('/api/cntmng/workspace/sinistri-auto/takeNext', 'agent')).statusCode).toBe(403);
    const left = await sql<{ id: string }>(
      `UPDATE contacts SET suspended = true WHERE workspace_id = 'energia-casa' AND agent_id IS NULL AND NOT suspended AND processable AND NOT closed RETURNING id`,
    );
    try {
      const none = await get('/api/cntmng/workspace/energia-casa/takeNext', 'agent');
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(CONTACT_MESSAGES.noNewContact);
    } finally {
      await sql('UPDATE contacts SET suspended = false WHERE id = ANY($1)', [left.map((r) => r.id)]);
    }
  });
});

describe('GET /api/cntmng/kpi/{workspaceId}', () => {
  it('answers the standard map by availability and the custom map from the workspace', async () => {
    const before = await search('minimo', { includeSuspended: true, length: 1 });
    const response = await get('/api/cntmng/kpi/minimo', 'admin');
    expect(response.statusCode).toBe(200);
    const { standard, custom } = response.json().data;
    const rows = await sql<{ availability: string; n: number }>(`SELECT availability, count(*)::int AS n FROM contacts WHERE workspace_id = 'minimo' GROUP BY availability`);
    const counts = Object.fromEntries(rows.map((r) => [r.availability, r.n]));
    // The fixtures' contacts closed since midnight in Rome.
    const [{ n: closedToday }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM contacts WHERE workspace_id = 'minimo' AND closed AND last_state_change_at >= date_trunc('day', $1::timestamptz, 'Europe/Rome')`,
      [new Date(ctx.clock()).toISOString()],
    );
    expect(standard).toMatchObject({
      'Da Lavorare': counts.toProcess ?? 0,
      'In Attesa': counts.waiting ?? 0,
      'In Lavorazione': counts.processing ?? 0,
      Totale: before.total,
      'Chiusi Oggi': closedToday,
    });
    expect(Object.keys(custom)).toEqual(['Nuovo', 'Chiuso']);

    // Closing one today counts under 'Chiusi Oggi'.
    const [open] = await sql<{ id: string }>(`SELECT id FROM contacts WHERE workspace_id = 'minimo' AND NOT closed LIMIT 1`);
    await sql(`UPDATE contacts SET closed = true, availability = 'closed', last_state_change_at = $2 WHERE id = $1`, [open.id, new Date(ctx.clock()).toISOString()]);
    expect((await get('/api/cntmng/kpi/minimo', 'admin')).json().data.standard['Chiusi Oggi']).toBe(closedToday + 1);
  });

  it('adds the custom filter count for those who may use it, and checks the timezone', async () => {
    const admin = (await get('/api/cntmng/kpi/sinistri-auto', 'admin')).json().data;
    expect(admin.custom['Sinistri con feriti']).toBe(SINISTRI.filter((c) => c.inputs.feriti === true).length);
    expect(admin.custom['In perizia']).toBe(SINISTRI.filter((c) => c.state === 'IN_PERIZIA').length);
    const agent = (await get('/api/cntmng/kpi/sinistri-auto', 'agent')).json().data;
    expect(agent.custom['Sinistri con feriti']).toBeUndefined();
    const bad = await get('/api/cntmng/kpi/sinistri-auto?timezone=Mars/Olympus', 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('timezone');
    expect((await get('/api/cntmng/kpi/sinistri-auto', 'manager')).statusCode).toBe(403);
  });
});

describe('POST /api/cntmng/workspace/{id}/enum/{kind}/{field}', () => {
  const enumCall = (path: string, body: unknown, user = 'agent') => post(`/api/cntmng/workspace/${path}`, body, user);

  it('answers static values from enumConfig', async () => {
    const response = await enumCall('energia-casa/enum/inputs/fornitura', {});
    expect(response.json().data).toEqual([
      { value: 'luce', label: 'Luce' },
      { value: 'gas', label: 'Gas' },
      { value: 'dual', label: 'Luce e Gas' },
    ]);
  });

  it("answers remote values filtered by the parents' values, or all of them without parents", async () => {
    const gas = await enumCall('energia-casa/enum/inputs/tipoOfferta', { fornitura: 'gas' });
    expect(gas.json().data).toEqual([
      { value: 'gas-fisso', label: 'Gas Fisso' },
      { value: 'gas-indicizzato', label: 'Gas Indicizzato' },
    ]);
    expect((await enumCall('energia-casa/enum/inputs/tipoOfferta', {})).json().data).toHaveLength(7);
    const offers = await enumCall('energia-casa/enum/inputs/offerta', { tipoOfferta: 'dual-flex', unrelated: 'x' });
    expect(offers.json().data.map((v: { value: string }) => v.value)).toEqual(['dual-flex-12', 'dual-flex-24']);
    const outputs = await enumCall('energia-casa/enum/outputs/offertaScelta', { fornitoreAttuale: 'edison' });
    expect(outputs.json().data).toEqual([{ value: 'passa-da-edison', label: 'Cambio da Edison' }]);
  });

  it("fills a missing parent from the contact named by contactId", async () => {
    const contact = ENERGIA.find((c) => c.inputs.tipoOfferta === 'gas-fisso')!;
    const response = await enumCall(`energia-casa/enum/inputs/offerta?contactId=${contact.id}`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((v: { value: string }) => v.value)).toEqual(['gas-fisso-12', 'gas-fisso-24']);
    // The body wins over the stored value.
    const body = await enumCall(`energia-casa/enum/inputs/offerta?contactId=${contact.id}`, { tipoOfferta: 'luce-verde' });
    expect(body.json().data.map((v: { value: string }) => v.value)).toEqual(['luce-verde-12', 'luce-verde-24']);
  });

  it('answers 404 for a field without enum configuration and 400 for a bad kind', async () => {
    expect((await enumCall('energia-casa/enum/inputs/nome', {})).statusCode).toBe(404);
    const kind = await enumCall('energia-casa/enum/sideways/fornitura', {});
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors[0].field).toBe('kind');
    expect((await enumCall('energia-casa/enum/inputs/offerta?contactId=xyz', {})).json().errors[0].field).toBe('contactId');
  });
});

describe('POST /api/cntmng/workspace/{id}/massiveAction/{action}', () => {
  const bulk = (action: string, body: object, user = 'admin', workspace = 'sinistri-auto') =>
    post(`/api/cntmng/workspace/${workspace}/massiveAction/${action}`, body, user);

  it('assigns the selected contacts round-robin to at most assignMaxAgents agents', async () => {
    const ids = SINISTRI.filter((c) => !c.suspended && !c.closed).slice(0, 4).map((c) => c.id);
    const response = await bulk('assegna', { contactIds: ids, agentsToBeAssigned: ['u-agent', 'u-teamleader'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: 4 });
    const rows = await sql<{ agent_id: string }>('SELECT agent_id FROM contacts WHERE id = ANY($1)', [ids]);
    const assigned = rows.map((r) => r.agent_id).sort();
    expect(assigned).toEqual(['u-agent', 'u-agent', 'u-teamleader', 'u-teamleader']);

    const tooMany = await bulk('assegna', { contactIds: ids, agentsToBeAssigned: ['u-agent', 'u-teamleader', 'u-admin', 'u-manager'] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toEqual({ field: 'agentsToBeAssigned', message: 'agentsToBeAssigned may name at most 3 agents' });
    const none = await bulk('assegna', { contactIds: ids });
    expect(none.json().errors[0].field).toBe('agentsToBeAssigned');
  });

  it('refuses agents the caller may not assign', async () => {
    const response = await bulk('assegna', { contactIds: [SINISTRI[0].id], agentsToBeAssigned: ['u-temporaneo'] }, 'teamleader');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('agentsToBeAssigned.0');
  });

  it('works the whole filter within the contacts limit', async () => {
    const response = await bulk('assegna', { filters: { states: ['APERTO'], sort: 'priority', order: 'asc' }, count: 5, agentsToBeAssigned: ['u-agent'] });
    expect(response.json()).toEqual({ data: 5 });
    const [run] = await sql<{ requested: number; worked: number; agents: string[] }>(`SELECT requested, worked, agents FROM massive_action_runs ORDER BY id DESC LIMIT 1`);
    expect(run).toEqual({ requested: 5, worked: 5, agents: ['u-agent'] });
  });

  it('checks additionalParams: required, regex, unknown names', async () => {
    const missing = await bulk('sollecito', { filters: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'additionalParams.protocollo', message: 'Numero protocollo is required' }]);
    const wrong = await bulk('sollecito', { additionalParams: { protocollo: 'PR-12' } });
    expect(wrong.json().errors[0].field).toBe('additionalParams.protocollo');
    const unknown = await bulk('sollecito', { additionalParams: { protocollo: 'PR-123456', extra: 'x' } });
    expect(unknown.json().errors[0].field).toBe('additionalParams.extra');

    const inPerizia = SINISTRI.filter((c) => !c.suspended && c.state === 'IN_PERIZIA' && !c.closed).length;
    const ok = await bulk('sollecito', { additionalParams: { protocollo: 'PR-123456', nota: 'urgente' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toBe(inPerizia);
    const [row] = await sql<{ notes: string }>(`SELECT notes FROM contacts WHERE state = 'DOCUMENTI_MANCANTI' AND notes LIKE 'Numero protocollo%' LIMIT 1`);
    expect(row.notes).toBe('Numero protocollo: PR-123456; Nota: urgente');
  });

  it('counts an invalid regex as valid', async () => {
    await sql(
      `UPDATE workspaces SET document = jsonb_set(document, '{massiveActions}', document->'massiveActions' || $1::jsonb) WHERE id = 'sinistri-auto'`,
      [JSON.stringify([{ key: 'rotto', label: 'Regex rotta', onAction: { type: 'priority', priority: 2 }, additionalParams: [{ name: 'codice', label: 'Codice', required: true, regex: '([' }] }])],
    );
    const ids = SINISTRI.filter((c) => !c.suspended && c.priority !== 2).slice(0, 2).map((c) => c.id);
    const response = await bulk('rotto', { contactIds: ids, additionalParams: { codice: 'qualsiasi' } });
    expect(response.json()).toEqual({ data: 2 });
  });

  it('answers 403 without the massiveActions permission and 404 for an unknown action', async () => {
    expect((await bulk('assegna', { contactIds: [SINISTRI[0].id], agentsToBeAssigned: ['u-agent'] }, 'agent')).statusCode).toBe(403);
    expect((await bulk('nessuna', {})).statusCode).toBe(404);
    // A workspace without massiveActions grants nobody the permission.
    expect((await bulk('assegna', {}, 'admin', 'minimo')).statusCode).toBe(403);
  });
});

describe('POST /api/cntmng/exportCsv/{id}', () => {
  const parseCsv = (text: string) => text.trimEnd().split('\r\n');
  /** As the app asks for it: in the app's language (Accept-Language), Italian here. */
  const exportIn = (workspace: string, payload: object, language = 'it-IT', user = 'admin') =>
    ctx.app.inject({ method: 'POST', url: `/api/cntmng/exportCsv/${workspace}`, payload, headers: { cookie: cookies[user], 'accept-language': language } });

  it('streams the filtered contacts with the visible columns as report-{timestamp}.csv', async () => {
    const response = await exportIn('sinistri-auto', { filters: { states: ['APERTO'] }, timezone: 'Europe/Rome' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="report-\d{14}\.csv"$/);
    const lines = parseCsv(response.body);
    // The list's columns: the ribbon, the data-model columns with isVisible by columnIndex, the contact columns, the id.
    expect(lines[0]).toBe(
      'Disponibilità,Numero sinistro,Targa,Data sinistro,Cognome contraente,Compagnia controparte,Tipo sinistro,Liquidato,Stato,Ultimo cambio stato,Esito,Priorità,Agente assegnato,ID',
    );
    const [expected] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM contacts WHERE workspace_id = 'sinistri-auto' AND state = 'APERTO' AND NOT suspended`);
    expect(lines).toHaveLength(expected.n + 1);
    const first = SINISTRI.filter((c) => c.state === 'APERTO' && !c.suspended).sort((a, b) => a.id.localeCompare(b.id))[0];
    expect(lines[1].split(",").at(-1)).toBe(first.id);
    // the state's label, as the list shows it, not its code
    expect(lines[1]).toContain(',Aperto,');
  });

  it.each([
    ['it-IT', 'it-IT', 'Disponibilità', ['In Lavorazione', 'Da Lavorare'], ['Stato', 'Ultimo cambio stato', 'Esito', 'Priorità', 'Agente assegnato', 'ID']],
    // Italian is the default of every language but English
    ['de-DE', 'de-DE,de;q=0.9', 'Disponibilità', ['In Lavorazione', 'Da Lavorare'], ['Stato', 'Ultimo cambio stato', 'Esito', 'Priorità', 'Agente assegnato', 'ID']],
    ['en-GB', 'en-GB', 'Availability', ['In progress', 'To process'], ['State', 'Last state change', 'Outcome', 'Priority', 'Assigned agent', 'ID']],
    ['en-US', 'en-US,en;q=0.9', 'Availability', ['In progress', 'To process'], ['State', 'Last state change', 'Outcome', 'Priority', 'Assigned agent', 'ID']],
  ])('in %s: the headers and the availability in that language, enumerated values by their label as on screen', async (_language, header, availability, availabilities, fixed) => {
    const [gas, dual] = ['677cdf00ba939bbd3eda9835', '677cdf01be8929e91a90746e'];
    const contacts = ENERGIA.filter((c) => c.id === gas || c.id === dual);
    expect(contacts.map((c) => [c.id, c.state, c.availability, c.inputs.fornitura])).toEqual([[gas, 'NUOVO', 'processing', 'gas'], [dual, 'NON_RISPONDE', 'toProcess', 'dual']]);
    const response = await exportIn('energia-casa', { filters: { contactIds: [gas, dual] }, timezone: 'Europe/Rome' }, header);
    expect(response.statusCode).toBe(200);
    const [head, ...rows] = parseCsv(response.body).map((line) => line.split(','));
    // the workspace's own column labels stay as configured; the fixed ones are product text
    expect(head).toEqual([availability, 'Codice cliente', 'Nome', 'Cognome', 'Telefono', 'Sigla provincia', 'Comune', 'Tipo fornitura', 'Fornitore attuale', ...fixed]);
    const byId = new Map(rows.map((row) => [row.at(-1), row]));
    const cell = (id: string, column: string) => byId.get(id)?.[head.indexOf(column)];
    expect([cell(gas, availability), cell(dual, availability)]).toEqual(availabilities);
    expect([cell(gas, 'Tipo fornitura'), cell(dual, 'Tipo fornitura')]).toEqual(['Gas', 'Luce e Gas']);
    expect([cell(gas, fixed[0]), cell(dual, fixed[0])]).toEqual(['Nuovo', 'Non risponde']);
  });

  it('writes dates in the requested time zone', async () => {
    const contact = SINISTRI.find((c) => !c.suspended)!;
    await sql(`UPDATE contacts SET last_state_change_at = '2025-07-01T10:05:00Z' WHERE id = $1`, [contact.id]);
    const rome = parseCsv((await exportIn('sinistri-auto', { filters: { contactIds: [contact.id] }, timezone: 'Europe/Rome' })).body);
    const lastChange = rome[0].split(',').indexOf('Ultimo cambio stato');
    expect(rome[1].split(',')[lastChange]).toBe('01/07/2025 12:05');
    const utc = parseCsv((await exportIn('sinistri-auto', { filters: { contactIds: [contact.id] }, timezone: 'UTC' })).body);
    expect(utc[1].split(',')[lastChange]).toBe('01/07/2025 10:05');
  });

  it.each([
    ['it-IT', 'Agente assegnato', 'Data sinistro', 'Sì'],
    ['en-GB', 'Assigned agent', 'Data sinistro', 'Yes'],
  ])('in %s: the assigned agent by username, yes/no fields and dates as the list shows them', async (language, agentColumn, dateColumn, yes) => {
    const [taken, free] = SINISTRI.filter((c) => !c.suspended && c.inputs.dataSinistro);
    const before = await sql<{ id: string; agent_id: string | null; outputs: unknown }>('SELECT id, agent_id, outputs FROM contacts WHERE id = ANY($1)', [[taken.id, free.id]]);
    await sql(`UPDATE contacts SET agent_id = 'u-agent', outputs = outputs || '{"liquidato": true}'::jsonb WHERE id = $1`, [taken.id]);
    await sql(`UPDATE contacts SET agent_id = NULL, outputs = outputs || '{"liquidato": false}'::jsonb WHERE id = $1`, [free.id]);
    try {
      const response = await exportIn('sinistri-auto', { filters: { contactIds: [taken.id, free.id] }, timezone: 'Europe/Rome' }, language);
      expect(response.statusCode).toBe(200);
      const [head, ...rows] = parseCsv(response.body).map((line) => line.split(','));
      const byId = new Map(rows.map((row) => [row.at(-1), row]));
      const cell = (id: string, column: string) => byId.get(id)?.[head.indexOf(column)];
      // the list shows the username (its agent column), not the user id
      expect([cell(taken.id, agentColumn), cell(free.id, agentColumn)]).toEqual(['agent', '']);
      // Sì/No (Yes/No), as the list's yes/no cells, not true/false
      expect([cell(taken.id, 'Liquidato'), cell(free.id, 'Liquidato')]).toEqual([yes, 'No']);
      // DD/MM/YYYY (spec 2 §9), as the list's date cells, not the stored YYYY-MM-DD
      const [year, month, day] = String(taken.inputs.dataSinistro).split('-');
      expect(cell(taken.id, dateColumn)).toBe(`${day}/${month}/${year}`);
      expect(cell(free.id, dateColumn)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    } finally {
      for (const row of before) await sql('UPDATE contacts SET agent_id = $2, outputs = $3::jsonb WHERE id = $1', [row.id, row.agent_id, JSON.stringify(row.outputs)]);
    }
  });

  it('answers 403 by the workspace permission rule, 400 for a bad filter or time zone', async () => {
    // sinistri-auto's own permissionRules keep the export to admins.
    expect((await post('/api/cntmng/exportCsv/sinistri-auto', {}, 'teamleader')).statusCode).toBe(403);
    expect((await post('/api/cntmng/exportCsv/minimo', {}, 'teamleader')).statusCode).toBe(200);
    expect((await post('/api/cntmng/exportCsv/minimo', {}, 'agent')).statusCode).toBe(403);
    const badField = await post('/api/cntmng/exportCsv/sinistri-auto', { filters: { dataModelFilters: { inputs: { nope: 1 } } } }, 'admin');
    expect(badField.statusCode).toBe(400);
    expect(badField.json().errors[0].field).toBe('dataModelFilters.inputs.nope');
    const badZone = await post('/api/cntmng/exportCsv/sinistri-auto', { timezone: 'Nowhere/Land' }, 'admin');
    expect(badZone.json().errors[0].field).toBe('timezone');
  });
});

describe('OpenAPI document', () => {
  it('lists every contact-list route with its schemas', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json();
    for (const route of Object.values(contactRoutes)) {
      const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation?.responses['200']).toBeDefined();
    }
    expect(doc.paths['/api/cntmng/contact/search/{workspace}'].post.requestBody.content['application/json'].schema.properties.dataModelFilters).toBeDefined();
  });
});
