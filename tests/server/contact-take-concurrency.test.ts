import type { AddressInfo } from 'node:net';
import { createTestApp, signedIn, type TestContext } from './support/test-app';

/** Take is one conditional UPDATE: against the real server, of many concurrent takes of one contact exactly one wins. */

let ctx: TestContext;
let base: string;
const cookies: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  // Sign-ins one after the other (parallel sign-ins of one user meet the failed-login throttle's bookkeeping).
  for (const user of ['agent', 'teamleader', 'admin', 'agent']) cookies.push(await signedIn(ctx.app, user));
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST', path: string, cookie: string) => fetch(`${base}${path}`, { method, headers: { cookie } });

async function takeable(workspace: string, n: number): Promise<string[]> {
  const rows = await ctx.db.database.query<{ id: string }>(
    `SELECT id FROM contacts WHERE workspace_id = $1 AND agent_id IS NULL AND NOT suspended AND processable AND NOT closed ORDER BY id LIMIT $2`,
    [workspace, n],
  );
  return rows.map((r) => r.id.trim());
}

describe('concurrent takes over HTTP', () => {
  it('20 parallel takes of one contact: one user wins (200, one take), every other user gets 409', async () => {
    const [id] = await takeable('sinistri-auto', 1);
    const takes = async () => (await ctx.db.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_events WHERE contact_id = $1 AND type = 'take'`, [id]))[0].n;
    const [before] = await ctx.db.database.query<{ version: number }>('SELECT version FROM contacts WHERE id = $1', [id]);
    const takesBefore = await takes();
    const users = Array.from({ length: 20 }, (_, i) => i % cookies.length);
    const responses = await Promise.all(users.map((u) => call('POST', `/api/cntmng/contact/take/${id}`, cookies[u])));
    const statuses = responses.map((r) => r.status);
    const others = await Promise.all(responses.filter((r) => r.status !== 200 && r.status !== 409).map(async (r) => `${r.status} ${await r.text()}`));
    expect(others).toEqual([]);
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ data?: { agentId: string; version: number } }>));
    // The winner's own further takes are idempotent (200, the same contact); everybody else is refused.
    const winners = new Set(bodies.flatMap((b) => (b.data ? [b.data.agentId] : [])));
    expect(winners.size).toBe(1);
    const [row] = await ctx.db.database.query<{ agent_id: string; version: number }>('SELECT agent_id, version FROM contacts WHERE id = $1', [id]);
    expect([...winners]).toEqual([row.agent_id]);
    expect(row.version).toBe(before.version + 1);
    for (const body of bodies) if (body.data) expect(body.data.version).toBe(row.version);
    const cookieOf = (agentId: string) => ({ 'u-agent': 'agent', 'u-teamleader': 'teamleader', 'u-admin': 'admin' } as Record<string, string>)[agentId];
    const winnerCookies = new Set(['agent', 'teamleader', 'admin', 'agent'].flatMap((user, i) => (user === cookieOf(row.agent_id) ? [i] : [])));
    expect(statuses).toEqual(users.map((u) => (winnerCookies.has(u) ? 200 : 409)));
    expect(await takes()).toBe(takesBefore + 1);
  });

  it('a contact somebody has just taken is refused to the agent as taken (409), not as unseen (403)', async () => {
    const [id] = await takeable('sinistri-auto', 1);
    // The admin wins: the agent and the team leader do not see the admin's contacts, but they saw this one free.
    expect((await call('POST', `/api/cntmng/contact/take/${id}`, cookies[2])).status).toBe(200);
    const late = await Promise.all([0, 1].map(async (i) => (await call('POST', `/api/cntmng/contact/take/${id}`, cookies[i])).status));
    expect(late).toEqual([409, 409]);
  });

  it('parallel takes of several contacts each have one winner', async () => {
    const ids = await takeable('minimo', 5);
    const responses = await Promise.all(
      ids.flatMap((id) => Array.from({ length: 6 }, (_, i) => call('POST', `/api/cntmng/contact/take/${id}`, cookies[i % cookies.length]).then((r) => ({ id, status: r.status })))),
    );
    // One winning user per contact: the agent signed in twice may win with both sessions (a take of one's own contact is idempotent).
    const ownersOf = await ctx.db.database.query<{ id: string; agent_id: string }>('SELECT id, agent_id FROM contacts WHERE id = ANY($1)', [ids]);
    for (const id of ids) {
      const owner = ownersOf.find((o) => o.id.trim() === id)?.agent_id;
      const expected = owner === 'u-agent' ? 3 : 1;
      expect(responses.filter((r) => r.id === id && r.status === 200)).toHaveLength(expected);
    }
  });

  it('parallel takeNext calls never hand out one contact twice', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => call('GET', '/api/cntmng/workspace/energia-casa/takeNext', cookies[i % cookies.length])));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    const ids = bodies.map((b) => b.data.id as string);
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
