import { SIGN_IN_THROTTLE, signInAllowance } from '@server/auth/sign-in-throttle';
import { AUTH_MESSAGES } from '@domain/errors';
import { createTestApp, DEMO_PASSWORD, signedIn, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const MINUTE = 60_000;

/** A sign-in from one client address. */
const signinFrom = (address: string, username: string, password = DEMO_PASSWORD) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/signin', remoteAddress: address, payload: { username, password } });

const failedRows = async (username: string): Promise<number> =>
  (await ctx.db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM failed_logins WHERE username = $1', [username]))[0].n;

const unlock = (cookie: string | undefined, username: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/unlock', headers: cookie ? { cookie } : {}, payload: { username } });

describe('signInAllowance', () => {
  const at = (failures: number, usernameFailures = failures, lastFailureAt: Date | null = new Date(0)) => ({ failures, usernameFailures, lastFailureAt });

  it('lets an address make the free failures, then waits a doubling delay after the last one, capped', () => {
    expect(signInAllowance(at(0, 0, null), 0, SIGN_IN_THROTTLE)).toEqual({ kind: 'open', slots: 5 });
    expect(signInAllowance(at(3), 0, SIGN_IN_THROTTLE)).toEqual({ kind: 'open', slots: 2 });
    expect(signInAllowance(at(5), 0, SIGN_IN_THROTTLE)).toEqual({ kind: 'wait', retryAfterMs: 1 * MINUTE });
    expect(signInAllowance(at(6), 0, SIGN_IN_THROTTLE)).toEqual({ kind: 'wait', retryAfterMs: 2 * MINUTE });
    expect(signInAllowance(at(8), 0, SIGN_IN_THROTTLE)).toEqual({ kind: 'wait', retryAfterMs: 8 * MINUTE });
    expect(signInAllowance(at(12), 0, SIGN_IN_THROTTLE)).toEqual({ kind: 'wait', retryAfterMs: 15 * MINUTE });
    expect(signInAllowance(at(6), 2 * MINUTE, SIGN_IN_THROTTLE)).toEqual({ kind: 'open', slots: 1 });
  });

  it('past the username ceiling holds back only addresses that failed, never one without failures', () => {
    expect(signInAllowance(at(0, 40, null), 0, SIGN_IN_THROTTLE)).toEqual({ kind: 'open', slots: 1 });
    expect(signInAllowance(at(1, 40), 0, SIGN_IN_THROTTLE)).toEqual({ kind: 'wait', retryAfterMs: 2 * MINUTE });
    expect(signInAllowance(at(1, 19), 0, SIGN_IN_THROTTLE)).toEqual({ kind: 'open', slots: 4 });
  });
});

describe('sign-in throttling', () => {
  it('signs in 12 parallel correct passwords from one address, and records no failure', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, () => signinFrom('192.0.2.10', 'manager')));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(await failedRows('manager')).toBe(0);
    const checks = await ctx.db.database.query('SELECT * FROM sign_in_checks');
    expect(checks).toEqual([]);
  });

  it('signs in parallel correct passwords from an address with failures: they wait for each other, never 429', async () => {
    for (let i = 0; i < 4; i += 1) expect((await signinFrom('192.0.2.11', 'statistic', `Typo${i}!aA`)).statusCode).toBe(401);
    const responses = await Promise.all(Array.from({ length: 8 }, () => signinFrom('192.0.2.11', 'statistic')));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    // The success forgets this address's failures.
    expect(await failedRows('statistic')).toBe(0);
  });

  it('slows guessing: 5 failures, then one guess per doubling wait, answered 429 with Retry-After in between', async () => {
    const address = '198.51.100.20';
    for (let i = 0; i < 5; i += 1) expect((await signinFrom(address, 'teamleader', `Guess${i}!aA`)).statusCode).toBe(401);
    const blocked = await signinFrom(address, 'teamleader', DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(blocked.headers['retry-after']).toBe('60');
    // A 429 checks no password and writes nothing.
    expect(await failedRows('teamleader')).toBe(5);

    ctx.clock.advance(MINUTE);
    expect((await signinFrom(address, 'teamleader', 'Guess5!aA')).statusCode).toBe(401);
    const longer = await signinFrom(address, 'teamleader', 'Guess6!aA');
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('120');
    ctx.clock.advance(2 * MINUTE);
    expect((await signinFrom(address, 'teamleader', 'Guess6!aA')).statusCode).toBe(401);
    expect((await signinFrom(address, 'teamleader')).headers['retry-after']).toBe('240');
  });

  it('cannot be used to lock the real user out: another address signs in with the right password', async () => {
    const attacker = '203.0.113.66';
    for (let i = 0; i < 8; i += 1) await signinFrom(attacker, 'admin', `Attack${i}!aA`);
    expect((await signinFrom(attacker, 'admin')).statusCode).toBe(429);
    expect((await signinFrom('192.0.2.1', 'admin')).statusCode).toBe(200);
    // The attacker's address is still held back: the real user's success forgets only the real user's address.
    expect((await signinFrom(attacker, 'admin')).statusCode).toBe(429);
  });

  it('past the per-username ceiling, guesses from many addresses slow down while a clean address still signs in', async () => {
    const username = 'agent';
    for (let i = 0; i < SIGN_IN_THROTTLE.usernameCeiling; i += 1) {
      expect((await signinFrom(`203.0.113.${100 + i}`, username, `Spray${i}!aA`)).statusCode).toBe(401);
    }
    // An address that already failed once now has to wait before its second guess.
    expect((await signinFrom('203.0.113.100', username, 'Spray-again!aA')).statusCode).toBe(429);
    // A new address still gets its guess checked (401), and the real user from a clean address signs in.
    expect((await signinFrom('203.0.113.200', username, 'Fresh!aA1')).statusCode).toBe(401);
    expect((await signinFrom('192.0.2.2', username)).statusCode).toBe(200);
  });

  it('lets a parallel burst of guesses from one address check no more passwords than the free failures', async () => {
    const address = '198.51.100.30';
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => signinFrom(address, 'sitemanager', `Burst${i}!aA`)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(await failedRows('sitemanager')).toBe(5);
    expect((await signinFrom(address, 'sitemanager')).statusCode).toBe(429);
    expect((await signinFrom('192.0.2.3', 'sitemanager')).statusCode).toBe(200);
  });

  it('lets an admin unlock a username for every address; others may not', async () => {
    const address = '198.51.100.40';
    for (let i = 0; i < 5; i += 1) await signinFrom(address, 'scaduto', `Guess${i}!aA`);
    expect((await signinFrom(address, 'scaduto')).statusCode).toBe(429);

    expect((await unlock(undefined, 'scaduto')).statusCode).toBe(401);
    const notAdmin = await unlock(await signedIn(ctx.app, 'teamleader'), 'scaduto');
    expect(notAdmin.statusCode).toBe(403);
    expect(await failedRows('scaduto')).toBe(5);

    const done = await unlock(await signedIn(ctx.app, 'admin'), 'scaduto');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { username: 'scaduto', clearedFailures: 5 } });
    // scaduto's password has expired: the right password now reaches that check instead of a 429.
    const after = await signinFrom(address, 'scaduto');
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(AUTH_MESSAGES.passwordExpired);
  });

  it('ignores a password check left unfinished by a stopped process once it is older than the check timeout', async () => {
    const address = '198.51.100.50';
    const startedAt = new Date(ctx.clock() - SIGN_IN_THROTTLE.checkTimeoutMs - 1);
    for (let i = 0; i < 5; i += 1) {
      await ctx.db.database.query('INSERT INTO sign_in_checks (username, ip, started_at) VALUES ($1, $2, $3)', ['manager', address, startedAt]);
    }
    expect((await signinFrom(address, 'manager')).statusCode).toBe(200);
    expect(await ctx.db.database.query('SELECT * FROM sign_in_checks')).toEqual([]);
  });
});
