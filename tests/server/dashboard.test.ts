import type { AgentKpi, AvailabilityData, StateData } from '@domain/api/dashboard';
import type { Queryable } from '@server/db/database';
import { T0, createTestApp, signedIn, type TestContext } from './support/test-app';

/**
 * The dashboards' figures (spec 3 §2 Dashboard, §7) against a small workspace whose every contact and change is
 * written below, at known times, through the same triggers the routes use; the expected numbers are counted by hand
 * from that story (the backlog also by a plain recount of it). PGlite, or PostgreSQL with TEST_DB=postgres.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offset: number) => new Date(T0 + offset);

interface Story {
  id: string;
  created: number;
  /** State changes after the insert: [offset, state, availability]. */
  changes: [number, string, string][];
  closedAt?: number;
}

const id = (n: number) => `d0000000000000000000000${n}`;
// T0 is Saturday 21 November 2026, 09:00 UTC (10:00 in Rome). The period is the last two days.
const STORY: Record<string, Story> = {
  A: { id: id(1), created: -5 * DAY, changes: [] },
  B: { id: id(2), created: -36 * HOUR, changes: [[-30 * HOUR, 'WORK', 'processing'], [-20 * HOUR, 'DONE', 'closed']], closedAt: -20 * HOUR },
  C: { id: id(3), created: -40 * HOUR, changes: [[-2 * HOUR, 'DONE', 'closed']], closedAt: -2 * HOUR },
  D: { id: id(4), created: -10 * HOUR, changes: [[-9 * HOUR, 'WORK', 'processing']] },
  E: { id: id(5), created: -3 * HOUR, changes: [[-1 * HOUR, 'KO', 'closed']], closedAt: -1 * HOUR },
  F: { id: id(6), created: -30 * 60_000, changes: [] },
  G: { id: id(7), created: -4 * DAY, changes: [[-1 * DAY, 'DONE', 'closed']], closedAt: -1 * DAY },
};

let ctx: TestContext;
const cookies: Record<string, string> = {};

async function as(tx: Queryable, user: string | null, when: number): Promise<void> {
  await tx.query("SELECT set_config('contact_manager.user_id', $1, true), set_config('contact_manager.at', $2, true)", [user ?? '', at(when).toISOString()]);
}

beforeAll(async () => {
  ctx = await createTestApp();
  for (const user of ['admin', 'teamleader', 'agent', 'statistic']) cookies[user] = await signedIn(ctx.app, user);
  const db = ctx.db.database;
  const workspace = {
    id: 'dash', name: 'Dashboard test', dataModelId: 'dm-minimo', enabled: true,
    states: { NEW: { label: 'Nuovo', manual: true }, WORK: { label: 'In lavorazione', manual: true }, DONE: { label: 'Fatto' }, KO: { label: 'Rifiutato' } },
    entryState: 'NEW', closingStates: ['KO', 'DONE'], dashboardConfig: { maxAllowedDuration: 3 },
  };
  await db.query(`INSERT INTO workspaces (id, name, data_model_id, enabled, document) VALUES ('dash', 'Dashboard test', 'dm-minimo', true, $1::jsonb)`, [JSON.stringify(workspace)]);
  await db.query(`INSERT INTO team_workspaces (team_id, workspace_id) VALUES ('t-milano-inbound', 'dash')`);
  for (const [name, story] of Object.entries(STORY)) {
    await db.transaction(async (tx) => {
      await as(tx, 'u-admin', story.created);
      await tx.query(
        `INSERT INTO contacts (id, workspace_id, state, availability, created_at, last_state_change_at, inputs) VALUES ($1, 'dash', 'NEW', 'toProcess', $2, $2, $3::jsonb)`,
        [story.id, at(story.created), JSON.stringify({ nome: name })],
      );
    });
    for (const [when, state, availability] of story.changes) {
      await db.transaction(async (tx) => {
        await as(tx, 'u-teamleader', when);
        await tx.query(`UPDATE contacts SET state = $2, availability = $3, closed = $4, last_state_change_at = $5 WHERE id = $1`, [story.id, state, availability, availability === 'closed', at(when)]);
      });
    }
  }
  // Takes and releases: F taken by the agent today; D by the team leader just after midnight (Rome); A taken by the
  // agent yesterday and released from them this morning.
  const assign = async (contact: string, agent: string | null, actor: string, when: number, availability: string) =>
    db.transaction(async (tx) => {
      await as(tx, actor, when);
      await tx.query('UPDATE contacts SET agent_id = $2, availability = $3 WHERE id = $1', [contact, agent, availability]);
    });
  await assign(STORY.F.id, 'u-agent', 'u-agent', -20 * 60_000, 'processing');
  await assign(STORY.D.id, 'u-teamleader', 'u-teamleader', -8.5 * HOUR, 'processing');
  await assign(STORY.A.id, 'u-agent', 'u-agent', -26 * HOUR, 'processing');
  await assign(STORY.A.id, null, 'u-agent', -5 * HOUR, 'toProcess');
  await db.query(`UPDATE agent_presence SET last_heartbeat = NULL`);
  await db.query(
    `INSERT INTO agent_presence (user_id, agent_id, workspace_id, last_signin, last_heartbeat) VALUES
       ('u-agent', 'u-agent', 'dash', $1, $2), ('u-teamleader', 'u-teamleader', 'dash', $1, $3)
     ON CONFLICT (user_id) DO UPDATE SET last_signin = EXCLUDED.last_signin, last_heartbeat = EXCLUDED.last_heartbeat`,
    [at(-2 * HOUR), at(-30_000), at(-10 * 60_000)],
  );
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, body: object, user: string | null = 'admin') =>
  ctx.app.inject({ method: 'POST', url, headers: user ? { cookie: cookies[user] } : {}, payload: body });
const from = at(-2 * DAY).toISOString();

describe("POST /api/cntmng/dashboard/{id} ('Disponibilità Contatti')", () => {
  it('counts the contacts changed in the period by availability and by state, and pages them last changed first', async () => {
    const response = await post('/api/cntmng/dashboard/dash', { from, length: 4 });
    expect(response.statusCode).toBe(200);
    const data: AvailabilityData = response.json().data;
    // A was created before the period and never changed: it is not counted.
    expect(Object.fromEntries(data.availability.map((a) => [a.availability, a.count]))).toEqual({ closed: 4, processing: 2 });
    expect(data.states).toEqual([
      { state: 'DONE', label: 'Fatto', count: 3 },
      { state: 'KO', label: 'Rifiutato', count: 1 },
      { state: 'NEW', label: 'Nuovo', count: 1 },
      { state: 'WORK', label: 'In lavorazione', count: 1 },
    ]);
    expect(data.total).toBe(6);
    expect(data.contacts.map((c) => c.inputs.nome)).toEqual(['F', 'E', 'C', 'D']);
    expect(data.contacts[1]).toEqual({ contactId: STORY.E.id, state: 'KO', availability: 'closed', lastStateChangeAt: at(-HOUR).toISOString(), inputs: { nome: 'E' } });
    const next: AvailabilityData = (await post('/api/cntmng/dashboard/dash', { from, length: 4, page: 1 })).json().data;
    expect(next.contacts.map((c) => c.inputs.nome)).toEqual(['B', 'G']);
    expect(data.to).toBe(new Date(T0).toISOString());
  });

  it('refuses a period longer than the workspace allows, or in the future, naming from', async () => {
    const tooLong = await post('/api/cntmng/dashboard/dash', { from: at(-3 * DAY - HOUR).toISOString() });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([{ field: 'from', message: 'from: the duration may be at most 3 days' }]);
    expect((await post('/api/cntmng/dashboard/dash', { from: at(-3 * DAY).toISOString() })).statusCode).toBe(200);
    expect((await post('/api/cntmng/dashboard/dash', { from: at(HOUR).toISOString() })).json().errors[0].field).toBe('from');
    expect((await post('/api/cntmng/dashboard/dash', {})).json().errors[0]).toEqual({ field: 'from', message: 'from is required' });
    expect((await post('/api/cntmng/dashboard/dash', { from, timezone: 'Mars/Olympus' })).json().errors[0].field).toBe('timezone');
  });

  it('admin and team-leader by default; 403 for the others, 401 signed out, 404 for an unknown workspace', async () => {
    expect((await post('/api/cntmng/dashboard/dash', { from }, 'teamleader')).statusCode).toBe(200);
    expect((await post('/api/cntmng/dashboard/dash', { from }, 'agent')).statusCode).toBe(403);
    expect((await post('/api/cntmng/dashboard/dash', { from }, 'statistic')).statusCode).toBe(403);
    expect((await post('/api/cntmng/dashboard/dash', { from }, null)).statusCode).toBe(401);
    expect((await post('/api/cntmng/dashboard/nowhere', { from })).statusCode).toBe(404);
  });
});

describe("POST /api/cntmng/dashboard/{id}/state ('Dashboard Contatti')", () => {
  it('hourly backlog: open contacts at the end of each hour, with those that came in and were closed in it', async () => {
    const data: StateData = (await post('/api/cntmng/dashboard/dash/state', { from })).json().data;
    expect(data.backlog).toHaveLength(49);
    expect(data.backlog[0]).toEqual({ hour: at(-48 * HOUR).toISOString(), open: 2, entered: 0, closed: 0 });
    expect(data.backlog.at(-1)).toEqual({ hour: at(0).toISOString(), open: 3, entered: 0, closed: 0 });
    // Every hour, recounted from the story: created before the hour's end, minus closed before it.
    const stories = Object.values(STORY);
    for (const bucket of data.backlog) {
      const end = new Date(bucket.hour).getTime() + HOUR - T0;
      const open = stories.filter((s) => s.created < end).length - stories.filter((s) => s.closedAt !== undefined && s.closedAt < end).length;
      const inHour = (offset: number | undefined) => offset !== undefined && offset >= end - HOUR && offset < end;
      expect(bucket).toEqual({ hour: bucket.hour, open, entered: stories.filter((s) => inHour(s.created)).length, closed: stories.filter((s) => inHour(s.closedAt)).length });
    }
  });

  it('state changes by day in Rome from the entry state to the last closing state, time to close and the same-day count', async () => {
    const data: StateData = (await post('/api/cntmng/dashboard/dash/state', { from })).json().data;
    expect(data).toMatchObject({ firstState: 'NEW', endState: 'DONE' });
    // D came in at 23:00 UTC on the 20th: the 21st in Rome.
    expect(data.daily).toEqual([
      { day: '2026-11-19', first: 2, end: 0 },
      { day: '2026-11-20', first: 0, end: 2 },
      { day: '2026-11-21', first: 3, end: 1 },
    ]);
    // B: 16 hours from NEW to DONE; C: 38 hours. G reached DONE in the period but came in before it.
    expect(data.transitions).toEqual({ started: 5, completed: 2, sameDay: 1, averageHours: 27, medianHours: 27 });
    expect(Object.fromEntries(data.durations.map((d) => [d.bucket, d.count]))).toEqual({ '1h': 0, '4h': 0, '1d': 1, '3d': 1, '7d': 0, more: 0 });
  });

  it('takes other states, and refuses unknown ones naming the field', async () => {
    const work: StateData = (await post('/api/cntmng/dashboard/dash/state', { from, firstState: 'WORK', endState: 'DONE', timezone: 'UTC' })).json().data;
    expect(work.transitions).toEqual({ started: 2, completed: 1, sameDay: 1, averageHours: 10, medianHours: 10 });
    // In UTC, D reached WORK at midnight on the 21st.
    expect(work.daily).toEqual([{ day: '2026-11-20', first: 1, end: 2 }, { day: '2026-11-21', first: 1, end: 1 }]);
    const unknown = await post('/api/cntmng/dashboard/dash/state', { from, endState: 'NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'endState', message: "endState 'NOPE' is not a state of workspace dash" }]);
  });
});

describe("GET /api/cntmng/dashboard/agents/kpi ('Dashboard Operatori')", () => {
  const get = (query: string, user = 'admin') => ctx.app.inject({ method: 'GET', url: `/api/cntmng/dashboard/agents/kpi?${query}`, headers: { cookie: cookies[user] } });

  it("lists the workspace's agents with presence and today's takes and releases", async () => {
    const response = await get('workspaceId=dash');
    expect(response.statusCode).toBe(200);
    const agents: AgentKpi[] = response.json().data;
    expect(agents).toEqual([
      { agentId: 'u-agent', username: 'agent', isOnline: true, lastSignin: at(-2 * HOUR).toISOString(), dailyTaken: 1, dailyReleased: 1 },
      { agentId: 'u-scaduto', username: 'scaduto', isOnline: false, lastSignin: null, dailyTaken: 0, dailyReleased: 0 },
      { agentId: 'u-teamleader', username: 'teamleader', isOnline: false, lastSignin: at(-2 * HOUR).toISOString(), dailyTaken: 1, dailyReleased: 0 },
    ]);
  });

  it('counts the day in the time zone asked for', async () => {
    // In UTC, D's take (00:30 UTC) is still today, A's release too; in Tokyo (UTC+9) today began at 15:00 UTC yesterday.
    const tokyo: AgentKpi[] = (await get('workspaceId=dash&timezone=Asia/Tokyo')).json().data;
    expect(tokyo.find((a) => a.agentId === 'u-agent')).toMatchObject({ dailyTaken: 1, dailyReleased: 1 });
    const losAngeles: AgentKpi[] = (await get('workspaceId=dash&timezone=America/Los_Angeles')).json().data;
    // In Los Angeles it is 01:00 on the 21st: only F's take (00:40 there) is today.
    expect(losAngeles.find((a) => a.agentId === 'u-agent')).toMatchObject({ dailyTaken: 1, dailyReleased: 0 });
    expect(losAngeles.find((a) => a.agentId === 'u-teamleader')).toMatchObject({ dailyTaken: 0 });
  });

  it('requires the workspace and the dashboard permission', async () => {
    expect((await get('')).json().errors[0]).toEqual({ field: 'workspaceId', message: 'workspaceId is required' });
    expect((await get('workspaceId=dash', 'agent')).statusCode).toBe(403);
    expect((await get('workspaceId=dash', 'teamleader')).statusCode).toBe(200);
  });
});
