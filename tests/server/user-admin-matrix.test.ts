import type { Role } from '@domain/roles';
import { createTestApp, type TestContext } from './support/test-app';
import { PLACES, makeUser, multipartFile, signedInTo, type Place } from './support/users-fixture';

/**
 * Who may do what to whom in user administration (spec 1 §5, §6), on PGlite or PostgreSQL (TEST_DB=postgres): each of
 * the six roles against each kind of target, for every user-management and profiling route. The server decides; a
 * refused call is a 403 and changes nothing.
 *
 * Every actor works in 'energia-casa', whose viewsConfig shows /setting to admin, manager, site-manager and
 * team-leader (basic and middle have no 'setting'). The demo actors sit in NordCall: the manager over the outsourcer,
 * the site-manager over Milano, the team-leader over Milano Inbound and Outbound.
 */

let ctx: TestContext;
const WORKSPACE = 'energia-casa';

const ACTORS = {
  admin: { id: 'u-admin', username: 'admin' },
  manager: { id: 'u-manager', username: 'manager' },
  'site-manager': { id: 'u-sitemanager', username: 'sitemanager' },
  'team-leader': { id: 'u-teamleader', username: 'teamleader' },
  basic: { id: 'u-agent', username: 'agent' },
  middle: { id: 'u-statistic', username: 'statistic' },
} as const satisfies Record<Role, { id: string; username: string }>;
type Actor = keyof typeof ACTORS;
const ACTOR_ROLES = Object.keys(ACTORS) as Actor[];
const cookies = {} as Record<Actor, string>;

/** The kinds of target, each made fresh for every call so that one call never changes another's target. */
const TARGETS = {
  own: null,
  otherAdmin: { role: 'admin', place: PLACES.none },
  managerOfNordcall: { role: 'manager', place: PLACES.nordcall },
  siteManagerOfMilano: { role: 'site-manager', place: PLACES.milano },
  teamLeaderOfInbound: { role: 'team-leader', place: PLACES.milanoInbound },
  basicOfInbound: { role: 'basic', place: PLACES.milanoInbound },
  basicOfTorino: { role: 'basic', place: PLACES.torino },
  basicOfNapoli: { role: 'basic', place: PLACES.napoli },
  statistic: { role: 'middle', place: PLACES.nordcall },
} as const satisfies Record<string, { role: Role; place: Place } | null>;
type Target = keyof typeof TARGETS;
const TARGET_KINDS = Object.keys(TARGETS) as Target[];

/**
 * Row actions (reset, lock, unlock, the user's workspaces), spec 1 §6: nobody on their own row; an admin on anyone else,
 * other admins included; a manager and a site-manager on the roles they may assign, inside their outsourcer or call
 * centre; a team-leader on the users of their teams but never on admins or team leaders; basic and middle on nobody.
 */
const MANAGE: Record<Actor, Target[]> = {
  admin: ['otherAdmin', 'managerOfNordcall', 'siteManagerOfMilano', 'teamLeaderOfInbound', 'basicOfInbound', 'basicOfTorino', 'basicOfNapoli', 'statistic'],
  manager: ['siteManagerOfMilano', 'teamLeaderOfInbound', 'basicOfInbound', 'basicOfTorino'],
  'site-manager': ['teamLeaderOfInbound', 'basicOfInbound'],
  'team-leader': ['basicOfInbound'],
  basic: [],
  middle: [],
};

/** Per-workspace enablement: as MANAGE, but admin rows are always enabled and locked. */
const TOGGLE_WORKSPACE: Record<Actor, Target[]> = { ...MANAGE, admin: MANAGE.admin.filter((t) => t !== 'otherAdmin') };

/** Per-report rights: admin or team-leader only (manageReportsRights); admins always have them, basic users never. */
const TOGGLE_REPORT: Record<Actor, Target[]> = {
  admin: ['managerOfNordcall', 'siteManagerOfMilano', 'teamLeaderOfInbound', 'statistic'],
  manager: [],
  'site-manager': [],
  'team-leader': [],
  basic: [],
  middle: [],
};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const actor of ACTOR_ROLES) cookies[actor] = await signedInTo(ctx, ACTORS[actor].username, ACTORS[actor].id, WORKSPACE);
});
afterAll(async () => {
  await ctx?.close();
});

async function target(actor: Actor, kind: Target): Promise<{ id: string; username: string }> {
  const spec = TARGETS[kind];
  return spec === null ? ACTORS[actor] : makeUser(ctx, spec.role, spec.place);
}

const post = (actor: Actor, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: cookies[actor] } });
const get = (actor: Actor, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies[actor] } });

const statusOf = async (id: string) => (await ctx.db.database.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [id]))[0].status;
const forbiddenTo = async (id: string, workspaceId: string) =>
  (await ctx.db.database.query('SELECT 1 FROM user_forbidden_workspaces WHERE user_id = $1 AND workspace_id = $2', [id, workspaceId])).length > 0;

const cells = ACTOR_ROLES.flatMap((actor) => TARGET_KINDS.map((kind) => [actor, kind] as const));

describe('row actions: role × target', () => {
  it.each(cells)('%s resets the password of %s only when allowed', async (actor, kind) => {
    const user = await target(actor, kind);
    const allowed = MANAGE[actor].includes(kind);
    const response = await post(actor, '/api/auth/signup/temporary', { username: user.username });
    expect({ actor, kind, status: response.statusCode }).toEqual({ actor, kind, status: allowed ? 200 : 403 });
    if (allowed) {
      expect(response.json().data).toMatchObject({ id: user.id, username: user.username, status: 'tmp-psw' });
      expect(await statusOf(user.id)).toBe('tmp-psw');
    } else {
      expect(await statusOf(user.id)).toBe('');
    }
  });

  it.each(cells)('%s locks and unlocks %s only when allowed', async (actor, kind) => {
    const user = await target(actor, kind);
    const allowed = MANAGE[actor].includes(kind);
    const lock = await post(actor, '/api/cntmng/user/disable', { userIds: [user.id] });
    expect({ actor, kind, status: lock.statusCode }).toEqual({ actor, kind, status: allowed ? 200 : 403 });
    expect(await statusOf(user.id)).toBe(allowed ? 'disabled' : '');
    if (!allowed) {
      // refused even when an admin locked the user: unlock is a reset, under the same rule
      if (kind === 'own') return;
      await post('admin', '/api/cntmng/user/disable', { userIds: [user.id] });
    }
    const unlock = await post(actor, '/api/auth/signup/temporary', { username: user.username });
    expect({ actor, kind, status: unlock.statusCode }).toEqual({ actor, kind, status: allowed ? 200 : 403 });
    expect(await statusOf(user.id)).toBe(allowed ? 'tmp-psw' : 'disabled');
  });

  it.each(cells)("%s reads the workspaces of %s only when allowed", async (actor, kind) => {
    const user = await target(actor, kind);
    const response = await get(actor, `/api/cntmng/user/workspace?userId=${user.id}`);
    // one's own workspaces are one's own list, open to everyone
    const expected = kind === 'own' || MANAGE[actor].includes(kind) ? 200 : 403;
    expect({ actor, kind, status: response.statusCode }).toEqual({ actor, kind, status: expected });
  });

  it.each(cells)('%s enables and disables %s for a workspace only when allowed', async (actor, kind) => {
    const user = await target(actor, kind);
    const allowed = TOGGLE_WORKSPACE[actor].includes(kind);
    const disable = await post(actor, '/api/cntmng/profiling', { entity: 'workspace', action: 'disable', userIds: [user.id], entityIds: [WORKSPACE] });
    expect({ actor, kind, status: disable.statusCode }).toEqual({ actor, kind, status: allowed ? 200 : 403 });
    expect(await forbiddenTo(user.id, WORKSPACE)).toBe(allowed);
    if (allowed) {
      expect(disable.json().data).toEqual({ changed: 1 });
      const enable = await post(actor, '/api/cntmng/profiling', { entity: 'workspace', action: 'enable', userIds: [user.id], entityIds: [WORKSPACE] });
      expect(enable.json().data).toEqual({ changed: 1 });
      expect(await forbiddenTo(user.id, WORKSPACE)).toBe(false);
    }
  });

  it.each(cells)('%s enables and disables a report for %s only when allowed', async (actor, kind) => {
    const user = await target(actor, kind);
    const allowed = TOGGLE_REPORT[actor].includes(kind);
    const response = await post(actor, '/api/cntmng/profiling', { entity: 'report', action: 'disable', userIds: [user.id], entityIds: ['rep-stati'], workspaceId: WORKSPACE });
    expect({ actor, kind, status: response.statusCode }).toEqual({ actor, kind, status: allowed ? 200 : 403 });
    const rows = await ctx.db.database.query('SELECT 1 FROM user_forbidden_reports WHERE user_id = $1', [user.id]);
    expect(rows.length).toBe(allowed ? 1 : 0);
  });
});

describe('bulk calls are all-or-nothing', () => {
  it('a lock naming one user the caller may not lock locks nobody', async () => {
    const mine = await makeUser(ctx, 'basic', PLACES.milanoInbound);
    const foreign = await makeUser(ctx, 'basic', PLACES.napoli);
    const response = await post('team-leader', '/api/cntmng/user/disable', { userIds: [mine.id, foreign.id] });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors).toEqual([{ field: 'userIds', message: `You may not lock ${foreign.username}` }]);
    expect(await statusOf(mine.id)).toBe('');
  });

  it('an unknown user is a 404 and nothing changes', async () => {
    const mine = await makeUser(ctx, 'basic', PLACES.milanoInbound);
    const response = await post('admin', '/api/cntmng/user/disable', { userIds: [mine.id, 'u-nobody'] });
    expect(response.statusCode).toBe(404);
    expect(await statusOf(mine.id)).toBe('');
  });
});

describe('creating users: creator × role × place', () => {
  /** Roles a creator may assign (spec 1 §6), each inside the creator's part of the organisation. */
  const ASSIGN: Record<Actor, Role[]> = {
    admin: ['manager', 'site-manager', 'team-leader', 'basic', 'middle'],
    manager: ['site-manager', 'team-leader', 'basic'],
    'site-manager': ['team-leader', 'basic'],
    'team-leader': ['basic'],
    basic: [],
    middle: [],
  };
  const placeFor = (role: Role): Place =>
    role === 'manager' ? PLACES.nordcall : role === 'site-manager' ? PLACES.milano : role === 'middle' || role === 'admin' ? PLACES.none : PLACES.milanoInbound;
  const body = (role: Role, place: Place) => ({
    username: `new_${role.replace('-', '')}_${Math.random().toString(36).slice(2, 8)}`,
    role,
    outsourcerId: place.outsourcerId ?? null,
    siteId: place.siteIds ?? [],
    teamId: place.teamIds ?? [],
  });

  beforeAll(async () => {
    // energia-casa hides the create button from managers and site-managers; show it so their role rules are what answers
    await ctx.db.database.query(
      `UPDATE workspaces SET document = jsonb_set(jsonb_set(document, '{viewsConfig,manager,setting,newUserHidden}', 'false'), '{viewsConfig,site-manager,setting,newUserHidden}', 'false') WHERE id = $1`,
      [WORKSPACE],
    );
  });
  afterAll(async () => {
    await ctx.db.database.query(
      `UPDATE workspaces SET document = jsonb_set(jsonb_set(document, '{viewsConfig,manager,setting,newUserHidden}', 'true'), '{viewsConfig,site-manager,setting,newUserHidden}', 'true') WHERE id = $1`,
      [WORKSPACE],
    );
  });

  const roleCells = ACTOR_ROLES.flatMap((actor) => (['admin', 'manager', 'site-manager', 'team-leader', 'basic', 'middle'] as Role[]).map((role) => [actor, role] as const));

  it.each(roleCells)('%s creates a %s only when the role is theirs to assign', async (actor, role) => {
    const payload = body(role, placeFor(role));
    const response = await post(actor, '/api/cntmng/user/signup', payload);
    const allowed = ASSIGN[actor].includes(role);
    expect({ actor, role, status: response.statusCode }).toEqual({ actor, role, status: allowed ? 200 : 403 });
    const created = await ctx.db.database.query<{ role: string; status: string }>('SELECT role, status FROM users WHERE username = $1', [payload.username]);
    expect(created).toEqual(allowed ? [{ role, status: 'tmp-psw' }] : []);
  });

  it.each([
    ['manager', 'basic', PLACES.napoli],
    ['site-manager', 'basic', PLACES.torino],
    ['team-leader', 'basic', PLACES.torino],
    ['team-leader', 'basic', { outsourcerId: 'o-nordcall', siteIds: ['s-milano', 's-torino'], teamIds: ['t-milano-inbound', 't-torino-retention'] }],
  ] as const)('%s cannot place a %s outside their part of the organisation (%j)', async (actor, role, place) => {
    const payload = body(role, place);
    const response = await post(actor, '/api/cntmng/user/signup', payload);
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].message).toBe('the new user would be placed outside your part of the organisation');
    expect(await ctx.db.database.query('SELECT 1 FROM users WHERE username = $1', [payload.username])).toEqual([]);
  });

  it('a workspace that hides the create button from a role refuses that role on the server too', async () => {
    await ctx.db.database.query(`UPDATE workspaces SET document = jsonb_set(document, '{viewsConfig,manager,setting,newUserHidden}', 'true') WHERE id = $1`, [WORKSPACE]);
    const response = await post('manager', '/api/cntmng/user/signup', body('basic', PLACES.milanoInbound));
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].message).toMatch(/newUserHidden/);
    await ctx.db.database.query(`UPDATE workspaces SET document = jsonb_set(document, '{viewsConfig,manager,setting,newUserHidden}', 'false') WHERE id = $1`, [WORKSPACE]);
  });
});

describe('reading: who may list, check availability and load files', () => {
  const visibleTo = async (actor: Actor) => {
    const response = await post(actor, '/api/cntmng/user/search', { length: 20, text: '' });
    return response;
  };

  it.each(ACTOR_ROLES)('%s lists only their part of the organisation (basic and middle: 403)', async (actor) => {
    const inbound = await makeUser(ctx, 'basic', PLACES.milanoInbound, 'seeinbound');
    const torino = await makeUser(ctx, 'basic', PLACES.torino, 'seetorino');
    const napoli = await makeUser(ctx, 'basic', PLACES.napoli, 'seenapoli');
    const response = await visibleTo(actor);
    if (actor === 'basic' || actor === 'middle') {
      expect(response.statusCode).toBe(403);
      return;
    }
    expect(response.statusCode).toBe(200);
    const seen = async (username: string) => {
      const found = await post(actor, '/api/cntmng/user/search', { length: 10, text: username });
      return found.json().data.map((row: { username: string }) => row.username).includes(username);
    };
    expect({
      inbound: await seen(inbound.username),
      torino: await seen(torino.username),
      napoli: await seen(napoli.username),
    }).toEqual({
      inbound: true,
      torino: actor === 'admin' || actor === 'manager',
      napoli: actor === 'admin',
    });
  });

  it.each(ACTOR_ROLES)('%s checks username availability only with the setting permission', async (actor) => {
    const response = await get(actor, '/api/cntmng/user?username=admin');
    expect(response.statusCode).toBe(actor === 'basic' || actor === 'middle' ? 403 : 200);
    if (response.statusCode === 200) expect(response.json()).toEqual({ data: { available: false } });
  });

  it.each(ACTOR_ROLES)('%s may use the bulk check and load only as an admin', async (actor) => {
    for (const path of ['/api/cntmng/user/check/massive', '/api/cntmng/user/signup/massive']) {
      const { payload, contentType } = await multipartFile(`username;role;outsourcer;sites;teams\nbulk_${actor.replace('-', '')}_x;basic;o-nordcall;s-milano;t-milano-inbound\n`, 'users.csv');
      const response = await ctx.app.inject({ method: 'POST', url: path, payload, headers: { cookie: cookies[actor], 'content-type': contentType } });
      expect({ actor, path, status: response.statusCode }).toEqual({ actor, path, status: actor === 'admin' ? 200 : 403 });
    }
  });

  it('the row flags say what the caller may do, by the same rules', async () => {
    const tl = await makeUser(ctx, 'team-leader', PLACES.milanoInbound, 'flagtl');
    const agent = await makeUser(ctx, 'basic', PLACES.milanoInbound, 'flagagent');
    const rows = async (actor: Actor) => {
      const response = await post(actor, '/api/cntmng/user/search', { length: 20, text: 'flag', workspaceId: WORKSPACE });
      return Object.fromEntries(response.json().data.map((r: { username: string; manageable: boolean; workspaceToggleable: boolean }) => [r.username, [r.manageable, r.workspaceToggleable]]));
    };
    expect(await rows('team-leader')).toEqual({ [tl.username]: [false, false], [agent.username]: [true, true] });
    expect(await rows('admin')).toEqual({ [tl.username]: [true, true], [agent.username]: [true, true] });
    const own = await post('team-leader', '/api/cntmng/user/search', { length: 10, text: 'teamleader' });
    expect(own.json().data.find((r: { id: string }) => r.id === 'u-teamleader')).toMatchObject({ manageable: false });
  });
});

describe('teams and allowed users: each role', () => {
  /**
   * Spec 1 §2, §6 and the routes' declared access, in energia-casa: /workspaceconfig (its Teams tab: teamsByWorkspace,
   * associate) is for admin and team-leader; the workspaces of a team, call centre or outsourcer and the allowed-users
   * lists serve /setting too (admin, manager, site-manager, team-leader); basic and middle have neither. Past access, a
   * caller works only inside their part of the organisation: Milano Inbound is everyone's who may, Napoli only the
   * admin's; a team-leader's part is their teams, so no call centre or outsourcer as a whole.
   */
  const WORKSPACE_CONFIG: Actor[] = ['admin', 'team-leader'];
  const SETTING_OR_CONFIG: Actor[] = ['admin', 'manager', 'site-manager', 'team-leader'];
  const only = (actors: Actor[]) => Object.fromEntries(ACTOR_ROLES.map((actor) => [actor, actors.includes(actor) ? 200 : 403])) as Record<Actor, number>;
  const calls: Array<[string, (actor: Actor) => Promise<{ statusCode: number }>, Record<Actor, number>]> = [
    ['GET teamsByWorkspace', (actor) => get(actor, `/api/cntmng/teams/teamsByWorkspace/${WORKSPACE}`), only(WORKSPACE_CONFIG)],
    ['GET workspacesByTeam (Milano Inbound)', (actor) => get(actor, '/api/cntmng/teams/workspacesByTeam/t-milano-inbound?onlyEnabled=true'), only(SETTING_OR_CONFIG)],
    ['GET workspacesByTeam (Napoli Sales)', (actor) => get(actor, '/api/cntmng/teams/workspacesByTeam/t-napoli-sales'), only(['admin'])],
    ['GET workspacesBySite (Milano)', (actor) => get(actor, '/api/cntmng/teams/workspacesBySite/s-milano?onlyEnabled=false'), only(['admin', 'manager', 'site-manager'])],
    ['GET workspacesBySite (Napoli)', (actor) => get(actor, '/api/cntmng/teams/workspacesBySite/s-napoli'), only(['admin'])],
    ['GET workspacesByOutsourcer (NordCall)', (actor) => get(actor, '/api/cntmng/teams/workspacesByOutsourcer/o-nordcall'), only(['admin', 'manager'])],
    ['GET workspacesByOutsourcer (SudService)', (actor) => get(actor, '/api/cntmng/teams/workspacesByOutsourcer/o-sudservice'), only(['admin'])],
    ['POST teams/associate (Milano Inbound)', (actor) => post(actor, '/api/cntmng/teams/associate', { teamIds: ['t-milano-inbound'], workspaceIds: [WORKSPACE], action: 'enable' }), only(WORKSPACE_CONFIG)],
    ['POST teams/associate (Napoli Sales)', (actor) => post(actor, '/api/cntmng/teams/associate', { teamIds: ['t-napoli-sales'], workspaceIds: [WORKSPACE], action: 'enable' }), only(['admin'])],
    ['GET user/workspace/{id}/allowedUsers', (actor) => get(actor, `/api/cntmng/user/workspace/${WORKSPACE}/allowedUsers`), only(SETTING_OR_CONFIG)],
    ['GET report/{id}/allowedUsers', (actor) => get(actor, `/api/cntmng/report/rep-stati/allowedUsers?workspaceId=${WORKSPACE}`), only(SETTING_OR_CONFIG)],
  ];
  const callCells = calls.flatMap(([name, call, expected]) => ACTOR_ROLES.map((actor) => [name, actor, call, expected[actor]] as const));

  it.each(callCells)('%s as %s', async (name, actor, call, expected) => {
    const response = await call(actor);
    expect({ name, actor, status: response.statusCode }).toEqual({ name, actor, status: expected });
  });

  it('a refused associate changes nothing', async () => {
    const association = () => ctx.db.database.query('SELECT enabled FROM team_workspaces WHERE team_id = $1 AND workspace_id = $2', ['t-napoli-sales', WORKSPACE]);
    const before = await association();
    for (const actor of ACTOR_ROLES.filter((a) => a !== 'admin')) {
      expect((await post(actor, '/api/cntmng/teams/associate', { teamIds: ['t-napoli-sales'], workspaceIds: [WORKSPACE], action: before.length ? 'disable' : 'enable' })).statusCode).toBe(403);
    }
    expect(await association()).toEqual(before);
  });
});

describe('profilingDisabled', () => {
  it('a team-leader cannot change rights in a workspace with profilingDisabled; an admin can', async () => {
    // sinistri-auto has profilingDisabled and is reached by Milano Inbound
    const agent = await makeUser(ctx, 'basic', PLACES.milanoInbound);
    const body = { entity: 'workspace', action: 'disable', userIds: [agent.id], entityIds: ['sinistri-auto'] };
    expect((await post('team-leader', '/api/cntmng/profiling', body)).statusCode).toBe(403);
    expect(await forbiddenTo(agent.id, 'sinistri-auto')).toBe(false);
    expect((await post('admin', '/api/cntmng/profiling', body)).statusCode).toBe(200);
    expect(await forbiddenTo(agent.id, 'sinistri-auto')).toBe(true);
    const list = await get('team-leader', `/api/cntmng/user/workspace?userId=${agent.id}`);
    const sinistri = list.json().data.find((w: { id: string }) => w.id === 'sinistri-auto');
    expect(sinistri).toMatchObject({ forbidden: true, profilingDisabled: true, toggleable: false });
  });
});
