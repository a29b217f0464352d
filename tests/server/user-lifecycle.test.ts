import { AUTH_MESSAGES } from '@domain/errors';
import { passwordRuleViolations } from '@server/auth/password';
import { createTestApp, sessionCookie, signedIn, signin, type TestContext } from './support/test-app';
import { PLACES, makeUser, signedInTo } from './support/users-fixture';

/**
 * A user's life in user administration (spec 1 §3–§8), on PGlite or PostgreSQL: the user table, the wizard's calls,
 * temporary passwords, lock and unlock, per-workspace rights taking effect at once, allowed users, and teams.
 */

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInTo(ctx, 'admin', 'u-admin', 'energia-casa');
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: object, cookie = admin) => ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const get = (url: string, cookie = admin) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const search = async (body: object, cookie = admin) => {
  const response = await post('/api/cntmng/user/search', body, cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as { data: { username: string; role: string; status: string; siteNames: string[]; teamNames: string[]; lastPasswordChange: string }[]; total: number };
};

describe('the user table', () => {
  beforeAll(async () => {
    for (let i = 0; i < 23; i += 1) await makeUser(ctx, 'basic', i % 2 ? PLACES.torino : PLACES.napoli, `pagetest${String(i).padStart(2, '0')}`);
  });

  it('pages by 10, 15 or 20 with the total, and refuses other sizes naming the field', async () => {
    for (const length of [10, 15, 20]) {
      const page0 = await search({ length, text: 'pagetest' });
      expect(page0.total).toBe(23);
      expect(page0.data).toHaveLength(length);
      const last = await search({ length, page: Math.floor(22 / length), text: 'pagetest' });
      expect(last.data).toHaveLength(23 - Math.floor(22 / length) * length);
    }
    const wrong = await post('/api/cntmng/user/search', { length: 25 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toMatch(/length/);
  });

  it('sorts by username either way, and by last password change', async () => {
    const asc = await search({ length: 20, text: 'pagetest', sort: 'username', order: 'asc' });
    const names = asc.data.map((r) => r.username);
    expect(names).toEqual([...names].sort());
    const desc = await search({ length: 20, text: 'pagetest', sort: 'username', order: 'desc' });
    expect(desc.data[0].username).toMatch(/^pagetest22_/);
    const byChange = await search({ length: 20, sort: 'lastPasswordChange', order: 'asc' });
    // the expired demo user changed their password longest ago
    expect(byChange.data[0].username).toBe('scaduto');
  });

  it('filters text on username and on the role as shown (middle is statistic)', async () => {
    expect((await search({ length: 20, text: 'STATIST' })).data.map((r) => r.username)).toEqual(['statistic']);
    const managers = (await search({ length: 20, text: 'site-man' })).data.map((r) => r.username);
    expect(managers).toEqual(['sitemanager']);
    // The names the table shows for manager and site-manager (spec 1 §6) find them too.
    expect((await search({ length: 20, text: 'outsourcer man' })).data.map((r) => r.username)).toEqual(['manager']);
    expect((await search({ length: 20, text: 'Call Center' })).data.map((r) => r.username)).toEqual(['sitemanager']);
    // LIKE wildcards are taken literally
    expect((await search({ length: 20, text: '%' })).total).toBe(0);
  });

  it('filters by outsourcer, call centre and team, and names the sites and teams of each row', async () => {
    const napoli = await search({ length: 20, outsourcerIds: ['o-sudservice'] });
    expect(napoli.data.filter((r) => r.siteNames.join() !== 'Napoli Direzionale')).toEqual([]);
    expect(napoli.total).toBe(12 + 1); // 12 made here, plus the demo user 'temporaneo'
    const torino = await search({ length: 20, siteIds: ['s-torino'] });
    expect(torino.total).toBe(11);
    expect(torino.data[0]).toMatchObject({ siteNames: ['Torino Lingotto'], teamNames: ['Torino Retention'] });
    const inbound = await search({ length: 20, teamIds: ['t-milano-inbound'] });
    expect(inbound.data.map((r) => r.username).sort()).toEqual(['agent', 'scaduto', 'teamleader']);
    expect(inbound.data.find((r) => r.username === 'teamleader')?.teamNames).toEqual(['Milano Inbound', 'Milano Outbound']);
  });

  it('answers status and last password change as the row of spec 1 §3', async () => {
    const row = (await search({ length: 10, text: 'temporaneo' })).data[0];
    expect(row).toMatchObject({ username: 'temporaneo', role: 'basic', status: 'tmp-psw' });
    expect(new Date(row.lastPasswordChange).toISOString()).toBe(row.lastPasswordChange);
  });
});

describe('the create-user wizard', () => {
  it('says whether a username is free, ignoring case, and refuses one with other characters', async () => {
    expect((await get('/api/cntmng/user?username=nobody_yet')).json()).toEqual({ data: { available: true } });
    expect((await get('/api/cntmng/user?username=ADMIN')).json()).toEqual({ data: { available: false } });
    const bad = await get('/api/cntmng/user?username=mario%20rossi');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toMatch(/username/);
  });

  it('creates a user with a temporary password that meets the password rules, stored only hashed, shown once', async () => {
    const response = await post('/api/cntmng/user/signup', { username: 'mario-rossi', role: 'basic', outsourcerId: 'o-nordcall', siteId: ['s-milano'], teamId: ['t-milano-inbound'] });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ username: 'mario-rossi', status: 'tmp-psw' });
    expect(passwordRuleViolations(data.password)).toEqual([]);
    const [stored] = await ctx.db.database.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [data.id]);
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain(data.password);
    // nothing hands the password out again
    const row = (await search({ length: 10, text: 'mario-rossi' })).data[0];
    expect(JSON.stringify(row)).not.toContain(data.password);
    // the temporary password must be changed at the first sign-in
    const first = await signin(ctx.app, 'mario-rossi', data.password);
    expect(first.statusCode).toBe(403);
    expect(first.json().message).toBe('User has a temporary password, password must be changed');
    const changed = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin/pass-change', payload: { username: 'mario-rossi', oldPassword: data.password, newPassword: 'Nuova2026!x' } });
    expect(changed.statusCode).toBe(200);
  });

  it('generates a different password each time', async () => {
    const passwords = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const response = await post('/api/cntmng/user/signup', { username: `uniq_${i}`, role: 'middle' });
      expect(response.statusCode).toBe(200);
      passwords.add(response.json().data.password);
    }
    expect(passwords.size).toBe(5);
  });

  it("answers 'user name already used' for a taken username, in any case", async () => {
    const response = await post('/api/cntmng/user/signup', { username: 'Agent', role: 'basic', outsourcerId: 'o-nordcall', siteId: ['s-milano'], teamId: ['t-milano-inbound'] });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([{ field: 'username', message: 'user name already used' }]);
  });

  it.each([
    [{ role: 'manager' }, 'outsourcerId', "outsourcer is required for role 'manager'"],
    [{ role: 'site-manager', outsourcerId: 'o-nordcall' }, 'siteId', "a call centre is required for role 'site-manager'"],
    [{ role: 'basic', outsourcerId: 'o-nordcall', siteId: ['s-milano'] }, 'teamId', "a team is required for role 'basic'"],
    [{ role: 'basic', outsourcerId: 'o-nordcall', siteId: ['s-napoli'], teamId: ['t-napoli-sales'] }, 'siteId', "call centre 's-napoli' does not belong to outsourcer 'o-nordcall'"],
    [{ role: 'basic', outsourcerId: 'o-nordcall', siteId: ['s-milano'], teamId: ['t-torino-retention'] }, 'teamId', "team 't-torino-retention' does not belong to the chosen call centres"],
    [{ role: 'team-leader', outsourcerId: 'o-nordcall', siteId: ['s-milano'], teamId: ['t-nowhere'] }, 'teamId', "team 't-nowhere' does not exist"],
    [{ role: 'manager', outsourcerId: 'o-nordcall', siteId: ['s-milano'] }, 'siteId', 'a manager is placed by outsourcer only: no call centre'],
  ])('refuses an incomplete or inconsistent place (%j) with a 400 naming %s', async (place, field, message) => {
    const response = await post('/api/cntmng/user/signup', { username: `place_${field}_${Math.random().toString(36).slice(2, 7)}`, ...place });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field, message });
  });

  it('two concurrent creates of "Foo" and "foo" make one user: the other is told the name is used', async () => {
    const create = (username: string) => post('/api/cntmng/user/signup', { username, role: 'middle' });
    const answers = await Promise.all([create('Foo'), create('foo')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().errors).toEqual([{ field: 'username', message: 'user name already used' }]);
    const rows = await ctx.db.database.query<{ username: string }>("SELECT username FROM users WHERE lower(username) = 'foo'");
    expect(rows).toHaveLength(1);
    // The database itself holds the rule, whoever writes.
    await expect(ctx.db.database.query(
      "INSERT INTO users (id, username, password_hash, role, status, last_password_change) VALUES ('u-t-foo', 'FOO', 'scrypt$x', 'middle', '', now())",
    )).rejects.toThrow(/unique/i);
  });

  it('hashes a temporary password of a create, a reset and an unlock at the cost of every other password', async () => {
    const hashOf = async (username: string) =>
      (await ctx.db.database.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE username = $1', [username]))[0].password_hash;
    const full = /^scrypt\$16384\$8\$1\$/;
    // the cost of a chosen password: the seeded ones
    expect(await hashOf('admin')).toMatch(full);
    expect((await post('/api/cntmng/user/signup', { username: 'costly', role: 'middle' })).statusCode).toBe(200);
    expect(await hashOf('costly')).toMatch(full);
    const user = await makeUser(ctx, 'basic', PLACES.milanoInbound);
    expect((await post('/api/auth/signup/temporary', { username: user.username })).statusCode).toBe(200);
    expect(await hashOf(user.username)).toMatch(full);
    expect((await post('/api/cntmng/user/disable', { userIds: [user.id] })).statusCode).toBe(200);
    expect((await post('/api/auth/signup/temporary', { username: user.username })).statusCode).toBe(200);
    expect(await hashOf(user.username)).toMatch(full);
  });

  it('refuses usernames with other characters, naming the field', async () => {
    const response = await post('/api/cntmng/user/signup', { username: 'mario.rossi', role: 'middle' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toMatch(/username/);
  });
});

describe('reset, lock and unlock', () => {
  it('a reset gives a new temporary password; the old one and its sessions stop working', async () => {
    const user = await makeUser(ctx, 'basic', PLACES.milanoInbound);
    const session = await signedIn(ctx.app, user.username);
    const response = await post('/api/auth/signup/temporary', { username: user.username });
    expect(response.statusCode).toBe(200);
    const { password } = response.json().data;
    expect(passwordRuleViolations(password)).toEqual([]);
    expect((await get('/api/auth/session', session)).statusCode).toBe(401);
    expect((await signin(ctx.app, user.username)).statusCode).toBe(401);
    expect((await signin(ctx.app, user.username, password)).json().message).toBe('User has a temporary password, password must be changed');
  });

  it('a reset of an unknown user is a 404', async () => {
    expect((await post('/api/auth/signup/temporary', { username: 'ghost' })).statusCode).toBe(404);
  });

  it('a locked user cannot sign in and their open sessions end; unlocking resets the password', async () => {
    const user = await makeUser(ctx, 'basic', PLACES.milanoInbound);
    const first = await signedIn(ctx.app, user.username);
    const second = await signedIn(ctx.app, user.username);
    expect((await get('/api/auth/session', first)).statusCode).toBe(200);

    const lock = await post('/api/cntmng/user/disable', { userIds: [user.id] });
    expect(lock.json()).toEqual({ data: { userIds: [user.id], endedSessions: 2 } });
    // the sessions' requests are told why they ended
    for (const cookie of [first, second]) {
      const ended = await get('/api/auth/session', cookie);
      expect(ended.statusCode).toBe(401);
      expect(ended.json().message).toBe(AUTH_MESSAGES.accountLocked);
    }
    const ended = await ctx.db.database.query<{ end_reason: string }>('SELECT end_reason FROM sessions WHERE user_id = $1', [user.id]);
    expect(ended.map((s) => s.end_reason)).toEqual(['disabled', 'disabled']);
    // the right password is told the account is locked; a wrong one learns nothing
    const refused = await signin(ctx.app, user.username);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(AUTH_MESSAGES.accountLocked);
    expect((await signin(ctx.app, user.username, 'Wrong2026!')).json().message).toBe(AUTH_MESSAGES.loginFailed);
    expect((await search({ length: 10, text: user.username })).data[0].status).toBe('disabled');

    const unlock = await post('/api/auth/signup/temporary', { username: user.username });
    expect(unlock.statusCode).toBe(200);
    const { password } = unlock.json().data;
    expect((await search({ length: 10, text: user.username })).data[0].status).toBe('tmp-psw');
    expect((await signin(ctx.app, user.username, password)).json().message).toBe('User has a temporary password, password must be changed');
    const changed = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin/pass-change', payload: { username: user.username, oldPassword: password, newPassword: 'Sblocca2026!' } });
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/auth/session', sessionCookie(changed))).statusCode).toBe(200);
  });
});

describe('per-workspace rights', () => {
  it("a forbidden workspace leaves the user's selector at once and its contacts answer 403; enabling brings it back", async () => {
    const user = await makeUser(ctx, 'basic', PLACES.milanoInbound);
    const cookie = await signedIn(ctx.app, user.username);
    const ids = async () => (await get('/api/cntmng/user/workspace', cookie)).json().data.map((w: { id: string }) => w.id);
    expect(await ids()).toContain('energia-casa');
    const contacts = () => post('/api/cntmng/contact/search/energia-casa', { length: 10 }, cookie);
    expect((await contacts()).statusCode).toBe(200);

    const disable = await post('/api/cntmng/profiling', { entity: 'workspace', action: 'disable', userIds: [user.id], entityIds: ['energia-casa'] });
    expect(disable.json()).toEqual({ data: { changed: 1 } });
    expect(await ids()).not.toContain('energia-casa');
    expect((await get('/api/cntmng/user/workspace/energia-casa', cookie)).statusCode).toBe(403);
    expect((await contacts()).statusCode).toBe(403);
    expect((await post('/api/cntmng/agent/signin', { agentId: user.id, workspaceId: 'energia-casa' }, cookie)).statusCode).toBe(403);

    // asking again changes nothing
    expect((await post('/api/cntmng/profiling', { entity: 'workspace', action: 'disable', userIds: [user.id], entityIds: ['energia-casa'] })).json()).toEqual({ data: { changed: 0 } });
    await post('/api/cntmng/profiling', { entity: 'workspace', action: 'enable', userIds: [user.id], entityIds: ['energia-casa'] });
    expect(await ids()).toContain('energia-casa');
    expect((await contacts()).statusCode).toBe(200);
  });

  it("the assign-workspaces list holds the target's team workspaces with their flags, in bulk too", async () => {
    const a = await makeUser(ctx, 'basic', PLACES.torino);
    const b = await makeUser(ctx, 'basic', PLACES.torino);
    // Torino Retention: energia-casa and sinistri-auto enabled, minimo linked but disabled
    const list = async (id: string) => (await get(`/api/cntmng/user/workspace?userId=${id}`)).json().data.map((w: { id: string; forbidden: boolean }) => `${w.id}:${w.forbidden}`);
    expect(await list(a.id)).toEqual(['energia-casa:false', 'sinistri-auto:false']);
    const bulk = await post('/api/cntmng/profiling', { entity: 'workspace', action: 'disable', userIds: [a.id, b.id], entityIds: ['energia-casa', 'sinistri-auto'] });
    expect(bulk.json()).toEqual({ data: { changed: 4 } });
    expect(await list(b.id)).toEqual(['energia-casa:true', 'sinistri-auto:true']);
  });

  it('a manager sees the workspaces of every team of their outsourcer', async () => {
    const manager = await makeUser(ctx, 'manager', PLACES.nordcall);
    const ids = (await get(`/api/cntmng/user/workspace?userId=${manager.id}`)).json().data.map((w: { id: string }) => w.id);
    expect(ids.sort()).toEqual(['campagna-grande', 'energia-casa', 'minimo', 'sinistri-auto', 'sms-promo']);
  });

  it('allowedUsers lists who may open a workspace, and who has a report', async () => {
    const user = await makeUser(ctx, 'team-leader', PLACES.torino, 'allowedtl');
    const allowed = async () => (await get('/api/cntmng/user/workspace/energia-casa/allowedUsers')).json().data.map((u: { username: string }) => u.username);
    expect(await allowed()).toContain(user.username);
    // Milano Outbound has campagna-grande and sms-promo only
    const outbound = await makeUser(ctx, 'basic', { outsourcerId: 'o-nordcall', siteIds: ['s-milano'], teamIds: ['t-milano-outbound'] });
    expect(await allowed()).not.toContain(outbound.username);
    await post('/api/cntmng/profiling', { entity: 'workspace', action: 'disable', userIds: [user.id], entityIds: ['energia-casa'] });
    expect(await allowed()).not.toContain(user.username);

    const reportUsers = async () => (await get('/api/cntmng/report/rep-stati/allowedUsers?workspaceId=energia-casa')).json().data.map((u: { username: string }) => u.username);
    const statistic = await makeUser(ctx, 'middle', PLACES.nordcall, 'allowedstat');
    expect(await reportUsers()).toContain(statistic.username);
    expect(await reportUsers()).toContain('admin');
    expect(await reportUsers()).not.toContain('agent'); // basic users never have reports
    await post('/api/cntmng/profiling', { entity: 'report', action: 'disable', userIds: [statistic.id], entityIds: ['rep-stati'], workspaceId: 'energia-casa' });
    expect(await reportUsers()).not.toContain(statistic.username);
    const rows = (await search({ length: 10, text: statistic.username, workspaceId: 'energia-casa', reportId: 'rep-stati' })).data;
    expect(rows[0]).toMatchObject({ reportEnabled: false, reportToggleable: true });
    expect((await get('/api/cntmng/report/rep-nowhere/allowedUsers?workspaceId=energia-casa')).statusCode).toBe(404);
  });
});

describe('teams', () => {
  it('lists the teams with their workspace flag, and associates in bulk', async () => {
    const teams = async () => (await get('/api/cntmng/teams/teamsByWorkspace/sms-promo')).json().data;
    expect(await teams()).toContainEqual({
      teamId: 't-milano-outbound', teamName: 'Milano Outbound', siteId: 's-milano', siteName: 'Milano Centrale',
      outsourcerId: 'o-nordcall', outsourcerName: 'NordCall Srl', enabled: true,
    });
    expect((await teams()).find((t: { teamId: string }) => t.teamId === 't-napoli-sales').enabled).toBe(false);

    const torinoUser = await makeUser(ctx, 'basic', PLACES.torino);
    const cookie = await signedIn(ctx.app, torinoUser.username);
    const selector = async () => (await get('/api/cntmng/user/workspace', cookie)).json().data.map((w: { id: string }) => w.id);
    expect(await selector()).not.toContain('sms-promo');

    const on = await post('/api/cntmng/teams/associate', { teamIds: ['t-torino-retention', 't-napoli-sales'], workspaceIds: ['sms-promo'], action: 'enable' });
    expect(on.json()).toEqual({ data: { changed: 2 } });
    expect(await selector()).toContain('sms-promo');
    const byTeam = (await get('/api/cntmng/teams/workspacesByTeam/t-torino-retention?onlyEnabled=true')).json().data.map((w: { workspaceId: string }) => w.workspaceId);
    expect(byTeam.sort()).toEqual(['energia-casa', 'sinistri-auto', 'sms-promo']);
    const allForTeam = (await get('/api/cntmng/teams/workspacesByTeam/t-torino-retention')).json().data;
    expect(allForTeam.find((w: { workspaceId: string }) => w.workspaceId === 'minimo')).toEqual({ workspaceId: 'minimo', workspaceName: 'Minimo', enabled: false, profilingDisabled: false });

    const off = await post('/api/cntmng/teams/associate', { teamIds: ['t-torino-retention', 't-napoli-sales'], workspaceIds: ['sms-promo'], action: 'disable' });
    expect(off.json()).toEqual({ data: { changed: 2 } });
    expect(await selector()).not.toContain('sms-promo');
  });

  it('answers workspaces by site and outsourcer: enabled when enabled for one of their teams', async () => {
    const bySite = (await get('/api/cntmng/teams/workspacesBySite/s-napoli?onlyEnabled=true')).json().data.map((w: { workspaceId: string }) => w.workspaceId);
    expect(bySite).toEqual(['campagna-grande', 'energia-casa']);
    const byOutsourcer = (await get('/api/cntmng/teams/workspacesByOutsourcer/o-nordcall?onlyEnabled=true')).json().data.map((w: { workspaceId: string }) => w.workspaceId);
    expect(byOutsourcer.sort()).toEqual(['campagna-grande', 'energia-casa', 'minimo', 'sinistri-auto', 'sms-promo']);
    expect((await get('/api/cntmng/teams/workspacesBySite/s-nowhere')).statusCode).toBe(404);
  });

  it("a team-leader works with their own teams only, and not in a profilingDisabled workspace", async () => {
    const tl = await signedInTo(ctx, 'teamleader', 'u-teamleader', 'energia-casa');
    const teams = (await get('/api/cntmng/teams/teamsByWorkspace/energia-casa', tl)).json().data.map((t: { teamId: string }) => t.teamId);
    expect(teams).toEqual(['t-milano-inbound', 't-milano-outbound']);
    expect((await post('/api/cntmng/teams/associate', { teamIds: ['t-torino-retention'], workspaceIds: ['energia-casa'], action: 'enable' }, tl)).statusCode).toBe(403);
    expect((await post('/api/cntmng/teams/associate', { teamIds: ['t-milano-outbound'], workspaceIds: ['sinistri-auto'], action: 'enable' }, tl)).statusCode).toBe(403);
    const mine = await post('/api/cntmng/teams/associate', { teamIds: ['t-milano-outbound'], workspaceIds: ['energia-casa'], action: 'enable' }, tl);
    expect(mine.json()).toEqual({ data: { changed: 1 } });
    expect((await get('/api/cntmng/teams/workspacesByTeam/t-napoli-sales', tl)).statusCode).toBe(403);
  });
});
