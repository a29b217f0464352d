import { AUTH_MESSAGES } from '@domain/errors';
import { createTestApp, DEMO_PASSWORD, sessionCookie, signin, tableCounts, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const passChange = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/auth/signin/pass-change', payload });

describe('POST /api/auth/signin/pass-change', () => {
  it.each([
    ['Short1!', 'newPassword must NOT have fewer than 8 characters'],
    ['UPPERCASE1!', 'newPassword must contain a lower-case letter'],
    ['lowercase1!', 'newPassword must contain an upper-case letter'],
    ['NoDigitsHere!', 'newPassword must contain a digit'],
    ['NoSpecial123', 'newPassword must contain a special character among !@#$%^&*'],
  ])('refuses %s with a message naming the rule and writes nothing', async (newPassword, message) => {
    const before = await tableCounts(ctx);
    const response = await passChange({ username: 'temporaneo', oldPassword: DEMO_PASSWORD, newPassword });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field: 'newPassword', message });
    expect(await tableCounts(ctx)).toEqual(before);
  });

  it('names every missing field', async () => {
    const response = await passChange({});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['newPassword', 'oldPassword', 'username']);
  });

  it('refuses a new password equal to the old one', async () => {
    const response = await passChange({ username: 'temporaneo', oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'newPassword', message: 'newPassword must differ from oldPassword' }]);
  });

  it('answers 401 LOGIN FAILED for a wrong old password and changes nothing', async () => {
    const response = await passChange({ username: 'temporaneo', oldPassword: 'Wrong2026!', newPassword: 'Nuova2026!' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(AUTH_MESSAGES.loginFailed);
    expect((await signin(ctx.app, 'temporaneo')).json().errors).toEqual([{ message: AUTH_MESSAGES.temporaryPassword }]);
  });

  it('changes a temporary password, clears the status and signs in', async () => {
    const response = await passChange({ username: 'temporaneo', oldPassword: DEMO_PASSWORD, newPassword: 'Nuova2026!' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ user: { id: 'u-temporaneo', role: 'basic' }, sessionStart: ctx.clock() });
    const session = await ctx.app.inject({ url: '/api/auth/session', headers: { cookie: sessionCookie(response) } });
    expect(session.json().data.username).toBe('temporaneo');
    expect((await signin(ctx.app, 'temporaneo')).statusCode).toBe(401);
    expect((await signin(ctx.app, 'temporaneo', 'Nuova2026!')).statusCode).toBe(200);
    const [row] = await ctx.db.database.query<{ status: string }>(`SELECT status FROM users WHERE id = 'u-temporaneo'`);
    expect(row.status).toBe('');
  });

  it('changes an expired password and restarts its age', async () => {
    expect((await signin(ctx.app, 'scaduto')).statusCode).toBe(403);
    const response = await passChange({ username: 'scaduto', oldPassword: DEMO_PASSWORD, newPassword: 'Rinnovata#2026' });
    expect(response.statusCode).toBe(200);
    expect((await signin(ctx.app, 'scaduto', 'Rinnovata#2026')).statusCode).toBe(200);
    ctx.clock.advance(91 * 86_400_000);
    expect((await signin(ctx.app, 'scaduto', 'Rinnovata#2026')).json().errors).toEqual([{ message: AUTH_MESSAGES.passwordExpired }]);
  });

  it('asks a system administrator for a group first, changing nothing until the request carries one', async () => {
    const response = await passChange({ username: 'sysadmin', oldPassword: DEMO_PASSWORD, newPassword: 'Sistema#2026' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.groupRequired).toBe(true);
    expect(response.headers['set-cookie']).toBeUndefined();
    // The screen sends the same change again with the chosen group: the old password still opens it.
    expect((await signin(ctx.app, 'sysadmin', 'Sistema#2026', 'g-nordcall')).statusCode).toBe(401);
    const changed = await passChange({ username: 'sysadmin', oldPassword: DEMO_PASSWORD, newPassword: 'Sistema#2026', group: 'g-nordcall' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.user.groupId).toBe('g-nordcall');
    expect(changed.headers['set-cookie']).toBeDefined();
    const withGroup = await signin(ctx.app, 'sysadmin', 'Sistema#2026', 'g-nordcall');
    expect(withGroup.json().data.user.groupId).toBe('g-nordcall');
  });
});
