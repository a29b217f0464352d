import { AUTH_MESSAGES } from '@domain/errors';
import { createTestApp, signedIn, type TestContext } from './support/test-app';

/**
 * What a request knows of its user and workspace is read again only after a change (migrations/028-auth-epoch.ts):
 * every write to the tables it comes from, by the app or by any other writer on the database, is seen by the very
 * next request; with no change, a request reads only its session.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const currentUser = async (cookie: string) => ctx.app.inject({ url: '/api/auth/current-user', headers: { cookie } });
/** Statements of the full session read (user, memberships, workspace stamp) the app runs while `work` runs. */
async function fullReadsDuring(work: () => Promise<unknown>): Promise<number> {
  const spy = jest.spyOn(ctx.db.database, 'query');
  try {
    await work();
    return spy.mock.calls.filter(([sql]) => String(sql).includes('read_live_session_')).length;
  } finally {
    spy.mockRestore();
  }
}

describe('the session read and its epoch', () => {
  it('with no change, requests after the first read only their session', async () => {
    const cookie = await signedIn(ctx.app, 'teamleader');
    await currentUser(cookie);
    const reads = await fullReadsDuring(async () => {
      for (let i = 0; i < 5; i++) expect((await currentUser(cookie)).statusCode).toBe(200);
    });
    expect(reads).toBe(0);
  });

  it("sees a change of the user's role written by another writer on the next request", async () => {
    const cookie = await signedIn(ctx.app, 'teamleader');
    expect((await currentUser(cookie)).json().data.role).toBe('team-leader');
    await ctx.db.database.query("UPDATE users SET role = 'manager' WHERE id = 'u-teamleader'");
    try {
      expect((await currentUser(cookie)).json().data.role).toBe('manager');
    } finally {
      await ctx.db.database.query("UPDATE users SET role = 'team-leader' WHERE id = 'u-teamleader'");
    }
    expect((await currentUser(cookie)).json().data.role).toBe('team-leader');
  });

  it('a user disabled by another writer is refused on the next request', async () => {
    const cookie = await signedIn(ctx.app, 'agent');
    expect((await currentUser(cookie)).statusCode).toBe(200);
    await ctx.db.database.query("UPDATE users SET status = 'disabled' WHERE id = 'u-agent'");
    try {
      const refused = await currentUser(cookie);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(AUTH_MESSAGES.accountLocked);
      // the session ended with it, and says why again
      expect((await currentUser(cookie)).json().message).toBe(AUTH_MESSAGES.accountLocked);
    } finally {
      await ctx.db.database.query("UPDATE users SET status = '' WHERE id = 'u-agent'");
    }
  });

  it('a workspace closed to the user by another writer is refused on the next request', async () => {
    const cookie = await signedIn(ctx.app, 'agent');
    const bound = await ctx.app.inject({ method: 'POST', url: '/api/cntmng/agent/signin', headers: { cookie }, payload: { agentId: 'ext-epoch', workspaceId: 'energia-casa' } });
    expect(bound.statusCode).toBe(200);
    const kpi = () => ctx.app.inject({ url: '/api/cntmng/kpi/energia-casa?timezone=Europe%2FRome', headers: { cookie } });
    expect((await kpi()).statusCode).toBe(200);
    await ctx.db.database.query("INSERT INTO user_forbidden_workspaces (user_id, workspace_id) VALUES ('u-agent', 'energia-casa')");
    try {
      expect((await kpi()).statusCode).toBe(403);
    } finally {
      await ctx.db.database.query("DELETE FROM user_forbidden_workspaces WHERE user_id = 'u-agent' AND workspace_id = 'energia-casa'");
    }
    expect((await kpi()).statusCode).toBe(200);
  });

  it('a change that rolls back moves nothing, and the next request still reads only its session', async () => {
    const cookie = await signedIn(ctx.app, 'teamleader');
    await currentUser(cookie);
    await expect(ctx.db.database.transaction(async (tx) => {
      await tx.query("UPDATE users SET role = 'admin' WHERE id = 'u-teamleader'");
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    const reads = await fullReadsDuring(async () => expect((await currentUser(cookie)).json().data.role).toBe('team-leader'));
    expect(reads).toBe(0);
  });
});
