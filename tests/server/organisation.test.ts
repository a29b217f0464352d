import { createTestApp, signedIn, type TestContext } from './support/test-app';

/**
 * Outsourcer, call-centre and team lists (spec 1 §6, §7) on PGlite or PostgreSQL (TEST_DB=postgres), over the demo
 * organisation: NordCall (Milano: Inbound, Outbound; Torino: Retention) and SudService (Napoli: Sales).
 */

let ctx: TestContext;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestApp();
  for (const username of ['admin', 'statistic', 'manager', 'sitemanager', 'teamleader', 'agent']) cookies[username] = await signedIn(ctx.app, username);
});
afterAll(async () => {
  await ctx?.close();
});

type Lookup = 'getOutsourcer' | 'getSite' | 'getTeam';
const call = (lookup: Lookup, username: string | null, payload?: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/api/auth/${lookup}`, headers: username ? { cookie: cookies[username] } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const ids = async (lookup: Lookup, username: string, payload?: unknown): Promise<string[]> => {
  const response = await call(lookup, username, payload);
  expect({ lookup, username, status: response.statusCode }).toEqual({ lookup, username, status: 200 });
  const { data } = response.json() as { data: { id: string; name: string }[] };
  for (const item of data) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
  return data.map((item) => item.id);
};

const ALL_TEAMS = ['t-milano-inbound', 't-milano-outbound', 't-napoli-sales', 't-torino-retention'];

describe('POST /api/auth/getOutsourcer|getSite|getTeam by role', () => {
  it.each(['admin', 'statistic'])('%s (admin, middle) sees the whole organisation, ordered by name', async (username) => {
    const outsourcers = await call('getOutsourcer', username);
    expect(outsourcers.json()).toEqual({ data: [{ id: 'o-nordcall', name: 'NordCall Srl' }, { id: 'o-sudservice', name: 'SudService SpA' }] });
    expect(await ids('getSite', username, { outsourcerId: [] })).toEqual(['s-milano', 's-napoli', 's-torino']);
    expect(await ids('getTeam', username, { siteId: [] })).toEqual(ALL_TEAMS);
  });

  it("a manager sees their outsourcer's sites and teams only", async () => {
    expect(await ids('getOutsourcer', 'manager')).toEqual(['o-nordcall']);
    expect(await ids('getSite', 'manager', { outsourcerId: [] })).toEqual(['s-milano', 's-torino']);
    expect(await ids('getTeam', 'manager', { siteId: [] })).toEqual(['t-milano-inbound', 't-milano-outbound', 't-torino-retention']);
    // asking for another outsourcer's sites or teams answers nothing of theirs
    expect(await ids('getSite', 'manager', { outsourcerId: ['o-sudservice'] })).toEqual([]);
    expect(await ids('getTeam', 'manager', { siteId: ['s-napoli'] })).toEqual([]);
  });

  it("a site-manager sees their sites' teams, and the outsourcer above them", async () => {
    expect(await ids('getOutsourcer', 'sitemanager')).toEqual(['o-nordcall']);
    expect(await ids('getSite', 'sitemanager', { outsourcerId: [] })).toEqual(['s-milano']);
    expect(await ids('getTeam', 'sitemanager', { siteId: [] })).toEqual(['t-milano-inbound', 't-milano-outbound']);
    expect(await ids('getTeam', 'sitemanager', { siteId: ['s-torino'] })).toEqual([]);
  });

  it.each(['teamleader', 'agent'])('%s (team-leader, basic) gets 403 on every list', async (username) => {
    for (const [lookup, payload] of [['getOutsourcer', undefined], ['getSite', { outsourcerId: [] }], ['getTeam', { siteId: [] }]] as const) {
      const response = await call(lookup, username, payload);
      expect({ lookup, status: response.statusCode }).toEqual({ lookup, status: 403 });
      expect(response.json().errors).toEqual([{ message: 'Missing permission: orgLists' }]);
    }
  });

  it('needs a session', async () => {
    expect((await call('getOutsourcer', null)).statusCode).toBe(401);
    expect((await call('getTeam', null, { siteId: [] })).statusCode).toBe(401);
  });
});

describe('filtering by ids', () => {
  it('getSite narrows to the given outsourcers', async () => {
    expect(await ids('getSite', 'admin', { outsourcerId: ['o-sudservice'] })).toEqual(['s-napoli']);
    expect(await ids('getSite', 'admin', { outsourcerId: ['o-nordcall', 'o-sudservice'] })).toEqual(['s-milano', 's-napoli', 's-torino']);
    expect(await ids('getSite', 'admin', { outsourcerId: ['o-unknown'] })).toEqual([]);
  });

  it('getTeam narrows to the given sites', async () => {
    expect(await ids('getTeam', 'admin', { siteId: ['s-milano'] })).toEqual(['t-milano-inbound', 't-milano-outbound']);
    expect(await ids('getTeam', 'admin', { siteId: ['s-torino', 's-napoli'] })).toEqual(['t-napoli-sales', 't-torino-retention']);
    expect(await ids('getTeam', 'manager', { siteId: ['s-milano', 's-napoli'] })).toEqual(['t-milano-inbound', 't-milano-outbound']);
    expect(await ids('getTeam', 'admin', { siteId: ['s-unknown'] })).toEqual([]);
  });
});

describe('body validation (a JSON body is taken as sent, without coercion)', () => {
  it.each<[Lookup, unknown, string]>([
    ['getSite', {}, 'outsourcerId'],
    ['getSite', { outsourcerId: 's-milano' }, 'outsourcerId'],
    ['getSite', { outsourcerId: [5] }, 'outsourcerId.0'],
    ['getSite', { outsourcerId: [''] }, 'outsourcerId.0'],
    ['getSite', { outsourcerId: [], extra: true }, 'extra'],
    ['getTeam', {}, 'siteId'],
    ['getTeam', { siteId: 's-milano' }, 'siteId'],
    ['getTeam', { siteId: [null] }, 'siteId.0'],
    ['getTeam', { siteId: ['s-milano', 's-milano'] }, 'siteId'],
  ])('%s %j answers 400 naming %s', async (lookup, payload, field) => {
    const response = await call(lookup, 'admin', payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors.map((e: { field?: string }) => e.field)).toContain(field);
    expect(body.message).toContain(field);
  });
});
