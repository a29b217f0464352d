import { AUTH_MESSAGES } from '@domain/errors';
import { createTestApp, DEMO_PASSWORD, sessionCookie, signedIn, signin, tableCounts, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/auth/signin', () => {
  it.each([
    ['admin', 'admin'],
    ['manager', 'manager'],
    ['sitemanager', 'site-manager'],
    ['teamleader', 'team-leader'],
    ['agent', 'basic'],
    ['statistic', 'middle'],
  ])('signs in %s with role %s and sets an httpOnly SameSite jwt cookie', async (username, role) => {
    const response = await signin(ctx.app, username);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.user).toEqual({ id: `u-${username}`, username, role, groupId: null, isSysadmin: false, groups: [] });
    expect(data.sessionStart).toBe(ctx.clock());
    expect(data.sessionTimeout).toBeGreaterThan(0);
    const cookie = response.cookies.find((c) => c.name === 'jwt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.headers['set-cookie']).toMatch(/HttpOnly/);
    expect(response.headers['set-cookie']).toMatch(/SameSite=Lax/);
  });

  it('answers 401 LOGIN FAILED for a wrong password and for an unknown user alike, and records the failure only', async () => {
    const before = await tableCounts(ctx);
    const wrongPassword = await signin(ctx.app, 'manager', 'Wrong2026!');
    const unknownUser = await signin(ctx.app, 'nobody-here', DEMO_PASSWORD);
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: AUTH_MESSAGES.loginFailed, errors: [{ message: AUTH_MESSAGES.loginFailed }] });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const after = await tableCounts(ctx);
    expect(after).toEqual({ ...before, failed_logins: before.failed_logins + 2 });
  });

  it('answers a locked (disabled) user 401 Account locked after the right password only: a wrong one is LOGIN FAILED, as for anyone', async () => {
    await ctx.db.database.query(`UPDATE users SET status = 'disabled' WHERE id = 'u-statistic'`);
    try {
      const before = await tableCounts(ctx);
      const right = await signin(ctx.app, 'statistic');
      expect(right.statusCode).toBe(401);
      expect(right.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: AUTH_MESSAGES.accountLocked, errors: [{ message: AUTH_MESSAGES.accountLocked }] });
      expect(right.headers['set-cookie']).toBeUndefined();
      // the right password is no failed guess; nor does it open a session
      expect(await tableCounts(ctx)).toEqual(before);
      const wrong = await signin(ctx.app, 'statistic', 'Wrong2026!');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe(AUTH_MESSAGES.loginFailed);
    } finally {
      await ctx.db.database.query(`UPDATE users SET status = '' WHERE id = 'u-statistic'`);
    }
  });

  it('throttles a username after 5 failures in 15 minutes with 429, stored in the database', async () => {
    for (let i = 0; i < 5; i += 1) expect((await signin(ctx.app, 'sitemanager', `Nope${i}!aA`)).statusCode).toBe(401);
    const blocked = await signin(ctx.app, 'sitemanager');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    // Other usernames are not affected.
    expect((await signin(ctx.app, 'manager')).statusCode).toBe(200);
    // The window slides: 15 minutes later the right password works again.
    ctx.clock.advance(15 * 60_000 + 1);
    expect((await signin(ctx.app, 'sitemanager')).statusCode).toBe(200);
  });

  it('lets no parallel burst of guesses past the limit', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => signin(ctx.app, 'teamleader', `Guess${i}!aA`)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(5);
    expect((await signin(ctx.app, 'teamleader')).statusCode).toBe(429);
    ctx.clock.advance(15 * 60_000 + 1);
    expect((await signin(ctx.app, 'teamleader')).statusCode).toBe(200);
  });

  it('asks a system administrator for a group, without a cookie, then signs in with one', async () => {
    const first = await signin(ctx.app, 'sysadmin');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      data: { groupRequired: true, groups: [{ id: 'g-nordcall', name: 'Gruppo NordCall' }, { id: 'g-sudservice', name: 'Gruppo SudService' }] },
    });
    expect(first.headers['set-cookie']).toBeUndefined();

    const second = await signin(ctx.app, 'sysadmin', DEMO_PASSWORD, 'g-sudservice');
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user).toMatchObject({ id: 'u-sysadmin', role: 'admin', isSysadmin: true, groupId: 'g-sudservice' });
    expect(second.json().data.user.groups).toHaveLength(2);

    const current = await ctx.app.inject({ url: '/api/auth/current-user', headers: { cookie: sessionCookie(second) } });
    expect(current.json().data.groupId).toBe('g-sudservice');
  });

  it('refuses a group the system administrator does not belong to, naming the field', async () => {
    const response = await signin(ctx.app, 'sysadmin', DEMO_PASSWORD, 'g-unknown');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'group', message: "group 'g-unknown' is not one of the user's groups" }]);
  });

  it('answers 403 with the expired-password message for a user past the password age', async () => {
    const before = await tableCounts(ctx);
    const response = await signin(ctx.app, 'scaduto');
    expect(response.statusCode).toBe(403);
    expect(response.json().errors).toEqual([{ message: AUTH_MESSAGES.passwordExpired }]);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await tableCounts(ctx)).toEqual(before);
  });

  it('answers 403 with the temporary-password message for a tmp-psw user', async () => {
    const response = await signin(ctx.app, 'temporaneo');
    expect(response.statusCode).toBe(403);
    expect(response.json().errors).toEqual([{ message: AUTH_MESSAGES.temporaryPassword }]);
  });

  it.each([
    [{ password: DEMO_PASSWORD }, 'username', 'username is required'],
    [{ username: 'admin' }, 'password', 'password is required'],
    [{ username: '', password: DEMO_PASSWORD }, 'username', 'username must NOT have fewer than 1 characters'],
    [{ username: 'admin', password: { nested: true } }, 'password', 'password must be string'],
    // a JSON body is taken as sent: a number is not coerced into the string the schema asks for
    [{ username: 5, password: DEMO_PASSWORD }, 'username', 'username must be string'],
  ])('answers 400 naming the field for %j and writes nothing', async (payload, field, message) => {
    const before = await tableCounts(ctx);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors).toContainEqual({ field, message });
    expect(body.message).toContain(field);
    expect(await tableCounts(ctx)).toEqual(before);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});

describe('session calls', () => {
  it('current-user and session answer for the cookie holder, 401 without a cookie', async () => {
    const cookie = await signedIn(ctx.app, 'teamleader');
    const current = await ctx.app.inject({ url: '/api/auth/current-user', headers: { cookie } });
    expect(current.json()).toEqual({ data: { id: 'u-teamleader', username: 'teamleader', role: 'team-leader', groupId: null, isSysadmin: false, groups: [] } });
    const session = await ctx.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().data).toMatchObject({ id: 'u-teamleader', username: 'teamleader', role: 'team-leader', sessionStart: ctx.clock() });
    for (const url of ['/api/auth/current-user', '/api/auth/session', '/api/auth/renew']) {
      const anonymous = await ctx.app.inject({ url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ statusCode: 401, errors: [{ message: AUTH_MESSAGES.unauthorized }] });
    }
  });

  it('treats a tampered or foreign cookie as logged out', async () => {
    const cookie = await signedIn(ctx.app, 'agent');
    const [header, payload, signature] = cookie.slice('jwt='.length).split('.');
    const forged = Buffer.from(JSON.stringify({ sid: 'someone-else' })).toString('base64url');
    for (const bad of [`jwt=${header}.${forged}.${signature}`, `jwt=${header}.${payload}.${signature.slice(0, -2)}xx`, 'jwt=garbage', 'jwt=']) {
      const response = await ctx.app.inject({ url: '/api/auth/session', headers: { cookie: bad } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('signout ends the session and expires the cookie; the old cookie no longer works', async () => {
    const cookie = await signedIn(ctx.app, 'agent');
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'jwt');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime() ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(Date.now());
    expect(out.headers['set-cookie']).toMatch(/Path=\//);
    expect((await ctx.app.inject({ url: '/api/auth/session', headers: { cookie } })).statusCode).toBe(401);
    // Signing out again, or without a cookie, is harmless.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/signout' })).statusCode).toBe(200);
  });

  it('renew resets the session start and re-issues the cookie', async () => {
    const cookie = await signedIn(ctx.app, 'teamleader');
    const start = ctx.clock();
    ctx.clock.advance(60_000);
    const renewed = await ctx.app.inject({ url: '/api/auth/renew', headers: { cookie } });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data.sessionStart).toBe(start + 60_000);
    const fresh = sessionCookie(renewed);
    const session = await ctx.app.inject({ url: '/api/auth/session', headers: { cookie: fresh } });
    expect(session.json().data.sessionStart).toBe(start + 60_000);
  });

  it('lists users for admin and team-leader, 403 for an agent', async () => {
    const admin = await ctx.app.inject({ url: '/api/auth/user', headers: { cookie: await signedIn(ctx.app, 'admin') } });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['admin', 'agent', 'manager', 'sysadmin', 'teamleader', 'temporaneo']),
    );
    const leader = await ctx.app.inject({ url: '/api/auth/user', headers: { cookie: await signedIn(ctx.app, 'teamleader') } });
    expect(leader.statusCode).toBe(200);
    const names = leader.json().data.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['agent', 'scaduto', 'teamleader']));
    expect(names).not.toContain('temporaneo');
    const agent = await ctx.app.inject({ url: '/api/auth/user', headers: { cookie: await signedIn(ctx.app, 'agent') } });
    expect(agent.statusCode).toBe(403);
    expect(agent.json().errors).toEqual([{ message: 'Missing permission: agentList' }]);
  });
});
