import { resolve } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { build } from '@server/app';
import { seedDemo } from '@server/db/seed';
import { createPreparedTestDatabase, createTestDatabase, type TestDatabase } from './test-database';

export const FIXTURES_DIR = resolve(__dirname, '../../../fixtures');
export const DEMO_PASSWORD = 'Demo2026!';
/** 21 Nov 2026, 09:00 UTC: after the expired demo user's last change, like the real date the fixtures assume. */
export const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);

/** A clock the test moves by hand. */
export function testClock(start = T0) {
  let now = start;
  const clock = () => now;
  return Object.assign(clock, {
    advance(ms: number) {
      now += ms;
    },
    set(at: number) {
      now = at;
    },
  });
}
export type TestClock = ReturnType<typeof testClock>;

export interface TestContext {
  app: FastifyInstance;
  db: TestDatabase;
  clock: TestClock;
  close(): Promise<void>;
}

/** A seeded app on a fresh database (PGlite or PostgreSQL, see test-database.ts). */
export async function createTestApp(options: { seed?: boolean } = {}): Promise<TestContext> {
  const db = options.seed === false
    ? await createTestDatabase()
    : await createPreparedTestDatabase('demo-seed', (database) => seedDemo(database, { fixturesDir: FIXTURES_DIR, clock: testClock() }).then(() => undefined));
  const clock = testClock();
  const app = await build({ database: db.database, clock, fixturesDir: FIXTURES_DIR, jwtSecret: 'test-secret-of-sufficient-length-0123456789' });
  await app.ready();
  return {
    app,
    db,
    clock,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/** The `jwt` cookie a response set, as a Cookie header value. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'jwt');
  if (!cookie) throw new Error(`no jwt cookie in ${response.statusCode} ${response.body}`);
  return `jwt=${cookie.value}`;
}

export async function signin(app: FastifyInstance, username: string, password = DEMO_PASSWORD, group?: string) {
  return app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password, ...(group ? { group } : {}) } });
}

/** Signs in and returns the Cookie header value. */
export async function signedIn(app: FastifyInstance, username: string, group?: string): Promise<string> {
  const response = await signin(app, username, DEMO_PASSWORD, group);
  if (response.statusCode !== 200) throw new Error(`signin ${username}: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}

/** Row counts of every table a rejected request must leave alone. */
export async function tableCounts(ctx: TestContext): Promise<Record<string, number>> {
  const tables = ['users', 'sessions', 'failed_logins', 'agent_presence', 'workspaces', 'contacts', 'app_settings', 'user_groups'];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await ctx.db.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = row.n;
  }
  return counts;
}
