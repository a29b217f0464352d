import { DURATION_BUCKETS, type AgentKpi, type AvailabilityData, type StateData } from '@domain/api/dashboard';
import type { Database, Row, SqlParam } from '../db/database';

/**
 * The dashboards' figures (spec 3 §2 Dashboard), each one SQL query over indexes that match it
 * (migrations/007-events.ts, 014-dashboard-backlog.ts): contacts by their last change (contacts_workspace_touched),
 * the moments contacts reached a state (state_arrivals, migration 017), the 15-minute counts of those that count on
 * any day (state_arrival_slots, migration 018) and of those that are their contact's last in the state (migration
 * 024), each one's first arrival in each later state (state_arrival_ends, migration 023), takes and releases by day
 * (contact_events_workspace_type_at), closed contacts by their last change (contacts_closed_touched), and the open
 * contacts now from the counter the contacts' changes keep (workspace_open_contacts). Nothing is downloaded to be
 * counted in JavaScript.
 */

const iso = (value: Date | string): string => new Date(value).toISOString();
const num = (value: unknown): number => Number(value ?? 0);
const hours = (value: unknown): number | null => (value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100);

/** When the contact last changed state, or was created: what the availability panel and its table go by. */
const TOUCHED = 'coalesce(last_state_change_at, created_at)';
/** A contact's first arrival in the state $4 in the period [$2, $3] (state_arrivals, migration 017). */
const STARTED = 'workspace_id = $1 AND state = $4 AND at >= $2 AND at <= $3 AND (previous_at IS NULL OR previous_at < $2)';
/**
 * The contacts that reached the state $4 in the period [$2, $3], each counted by its last arrival of the period (the
 * one whose next arrival in the state is after the period, or has none), with the period's whole 15-minute slots
 * [$6, $7): in those slots, the arrivals with no next one (last_arrivals of state_arrival_slots, migration 024) and
 * those whose next one is after the period (the arrivals after it, by their previous_at: none when the period ends
 * now); in the partial slots at the ends, each arrival tested for a next one within the period. That test is a scalar
 * subquery, so that it is always one probe of state_arrivals_contact per arrival: written as NOT EXISTS, a planner
 * without statistics (PGlite has no autovacuum; PostgreSQL's lags behind a file import) chose a nested loop over a
 * materialized scan of the whole state, and a 20,000-row import in the current slot made 'Dashboard Contatti' take
 * 25-70 s, holding the embedded database for everyone.
 */
export const STARTED_COUNT = `(SELECT coalesce(sum(last_arrivals), 0) FROM state_arrival_slots WHERE workspace_id = $1 AND state = $4 AND slot >= $6 AND slot < $7)
  + (SELECT count(*) FROM state_arrivals WHERE workspace_id = $1 AND state = $4 AND at > $3 AND previous_at >= $6 AND previous_at < $7)
  + (SELECT count(*) FROM (
       SELECT contact_id, at, event_id FROM state_arrivals WHERE workspace_id = $1 AND state = $4 AND at >= $2 AND at < $6 AND at <= $3
       UNION ALL
       SELECT contact_id, at, event_id FROM state_arrivals WHERE workspace_id = $1 AND state = $4 AND at >= $7 AND at >= $2 AND at <= $3) AS y
     WHERE (
         SELECT 1 FROM state_arrivals x WHERE x.workspace_id = $1 AND x.contact_id = y.contact_id AND x.state = $4
           AND (x.at, x.event_id) > (y.at, y.event_id) AND x.at <= $3 LIMIT 1) IS NULL)`;

const SLOT_MS = 15 * 60_000;
/**
 * The whole 15-minute UTC slots of [from, to] (state_arrival_slots, migration 018), as [first slot's start, end of the
 * last one): empty (both the same moment, within the period) when the period holds no whole slot.
 */
function wholeSlots(from: Date, to: Date): [Date, Date] {
  const start = Math.ceil(from.getTime() / SLOT_MS) * SLOT_MS;
  return [new Date(start), new Date(Math.max(start, Math.floor(to.getTime() / SLOT_MS) * SLOT_MS))];
}

export interface Period { workspaceId: string; from: Date; to: Date; timezone: string }

export function dashboardRepository(db: Database) {
  /**
   * A query without JIT compilation, for the ones whose row estimates run far above what they read (the backlog's
   * hourly joins: 17,957,436 estimated rows for 352, so PostgreSQL compiled it with inlining and optimisation: 150 to
   * 340 ms of compiling for 25 ms of work at the bench's size; the daily counts: 6 to 55 ms; the transitions: 57 ms),
   * and optionally with more memory for its hash tables and sorts (`workMem`, as PostgreSQL's work_mem).
   */
  const withoutJit = <T extends Row>(sql: string, params: readonly SqlParam[], workMem?: string) =>
    db.transaction(async (tx) => {
      await tx.query(`SELECT set_config('jit', 'off', true), set_config('work_mem', coalesce($1, current_setting('work_mem')), true)`, [workMem ?? null]);
      return tx.query<T>(sql, params);
    });
  return {
    /** 'Disponibilità Contatti': contacts changed or created in the period, by availability and state, and one page. */
    async availability(period: Period, page: number, length: number): Promise<Omit<AvailabilityData, 'from' | 'to' | 'states'> & { states: { state: string; count: number }[] }> {
      const where = `workspace_id = $1 AND ${TOUCHED} >= $2 AND ${TOUCHED} <= $3`;
      const params = [period.workspaceId, period.from, period.to];
      const [groups, rows] = await Promise.all([
        db.query<{ availability: string | null; state: string | null; n: number } & Row>(
          `SELECT availability, state, count(*)::int AS n FROM contacts WHERE ${where} GROUP BY GROUPING SETS ((availability), (state))`,
          params,
        ),
        db.query<{ id: string; state: string; availability: string; touched: Date | string; inputs: Record<string, unknown> } & Row>(
          `SELECT id, state, availability, ${TOUCHED} AS touched, inputs FROM contacts WHERE ${where}
           ORDER BY ${TOUCHED} DESC, id DESC LIMIT ${length} OFFSET ${page * length}`,
          params,
        ),
      ]);
      const availability = groups.filter((g) => g.availability !== null).map((g) => ({ availability: g.availability as string, count: num(g.n) }));
      const states = groups.filter((g) => g.state !== null).map((g) => ({ state: g.state as string, count: num(g.n) }));
      return {
        availability,
        states,
        total: availability.reduce((sum, a) => sum + a.count, 0),
        contacts: rows.map((r) => ({ contactId: r.id.trim(), state: r.state, availability: r.availability, lastStateChangeAt: iso(r.touched), inputs: r.inputs ?? {} })),
      };
    },

    /**
     * 'Dashboard Contatti'. The backlog at the end of each hour is the open contacts now, minus those that came in
     * after that hour, plus those closed after it. The transitions go from a contact's first arrival in `firstState`
     * in the period to its first arrival in `endState` after that, within the period.
     */
    async stateChanges(period: Period, firstState: string, endState: string): Promise<Omit<StateData, 'from' | 'to' | 'firstState' | 'endState'>> {
      const { workspaceId, from, to, timezone } = period;
      const [backlog, daily, transitions] = await Promise.all([
        withoutJit<{ hour: Date | string; open: number; entered: number; closed: number } & Row>(
          `WITH hours AS (
             SELECT generate_series(date_trunc('hour', $2::timestamptz), date_trunc('hour', $3::timestamptz), interval '1 hour') AS hour),
           entered AS (
             SELECT date_trunc('hour', created_at) AS hour, count(*)::int AS n FROM contacts
             WHERE workspace_id = $1 AND created_at >= date_trunc('hour', $2::timestamptz) AND created_at <= $3 GROUP BY 1),
           closed AS (
             SELECT date_trunc('hour', ${TOUCHED}) AS hour, count(*)::int AS n FROM contacts
             WHERE workspace_id = $1 AND ${TOUCHED} >= date_trunc('hour', $2::timestamptz) AND ${TOUCHED} <= $3 AND availability = 'closed' GROUP BY 1),
           open_now AS (SELECT coalesce((SELECT open FROM workspace_open_contacts WHERE workspace_id = $1), 0)::int AS n),
           series AS (
             SELECT h.hour, coalesce(e.n, 0) AS entered, coalesce(c.n, 0) AS closed FROM hours h
             LEFT JOIN entered e ON e.hour = h.hour LEFT JOIN closed c ON c.hour = h.hour)
           SELECT hour, entered, closed,
             ((SELECT n FROM open_now) - coalesce(sum(entered - closed) OVER (ORDER BY hour DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))::int AS open
           FROM series ORDER BY hour`,
          [workspaceId, from, to],
        ),
        // An arrival is its contact's first of the day in the period when the contact's previous arrival in the state
        // is not in the period, or is on an earlier day (state_arrivals, migration 017): counted without deduplicating.
        // The lone arrivals (no previous one within 2 days) always count: taken from their 15-minute slots' counts
        // (state_arrival_slots, migration 018) for the whole slots of the period, when the zone puts each of them in one
        // local day, and read one by one otherwise and in the partial slots at the ends; the near repeats are read one by one.
        withoutJit<{ day: string; first: number; end: number } & Row>(
          `WITH aligned AS (
             SELECT coalesce(bool_and(date_trunc('day', s AT TIME ZONE $4) = date_trunc('day', (s + interval '15 minutes' - interval '1 microsecond') AT TIME ZONE $4)), true) AS ok
             FROM generate_series($7::timestamptz, $8::timestamptz - interval '15 minutes', interval '15 minutes') AS s),
           counted AS (
             SELECT state, date_trunc('day', slot AT TIME ZONE $4) AS day, arrivals AS n FROM state_arrival_slots
             WHERE workspace_id = $1 AND state = ANY(ARRAY[$5, $6]::text[]) AND slot >= $7 AND slot < $8 AND (SELECT ok FROM aligned)
             UNION ALL
             SELECT state, date_trunc('day', at AT TIME ZONE $4), 1 FROM state_arrivals
             WHERE workspace_id = $1 AND state = ANY(ARRAY[$5, $6]::text[]) AND at >= $7 AND at < $8 AND NOT (SELECT ok FROM aligned)
               AND (previous_at IS NULL OR at - previous_at > interval '2 days')
             UNION ALL
             SELECT state, date_trunc('day', at AT TIME ZONE $4), 1 FROM state_arrivals
             WHERE workspace_id = $1 AND state = ANY(ARRAY[$5, $6]::text[]) AND at >= $2 AND at < $7 AND at <= $3
               AND (previous_at IS NULL OR at - previous_at > interval '2 days')
             UNION ALL
             SELECT state, date_trunc('day', at AT TIME ZONE $4), 1 FROM state_arrivals
             WHERE workspace_id = $1 AND state = ANY(ARRAY[$5, $6]::text[]) AND at >= $8 AND at <= $3
               AND (previous_at IS NULL OR at - previous_at > interval '2 days')
             UNION ALL
             SELECT state, date_trunc('day', at AT TIME ZONE $4), 1 FROM state_arrivals
             WHERE workspace_id = $1 AND state = ANY(ARRAY[$5, $6]::text[]) AND at >= $2 AND at <= $3 AND at - previous_at <= interval '2 days'
               AND (previous_at < $2 OR date_trunc('day', previous_at AT TIME ZONE $4) <> date_trunc('day', at AT TIME ZONE $4)))
           SELECT to_char(day, 'YYYY-MM-DD') AS day, coalesce(sum(n) FILTER (WHERE state = $5), 0)::int AS first, coalesce(sum(n) FILTER (WHERE state = $6), 0)::int AS end
           FROM counted GROUP BY day HAVING sum(n) > 0 ORDER BY day`,
          [workspaceId, from, to, timezone, firstState, endState, ...wholeSlots(from, to)],
        ),
        // A contact's first arrival in firstState in the period is the one whose previous is before the period; its
        // end is its first arrival in endState at or after it (state_arrival_ends, migration 023), counted when within
        // the period. The started contacts are counted mostly from 15-minute slots (STARTED_COUNT), the ends read
        // from the index range of the period's starts; with the same state at both ends a start is its own end. The seconds are a float8
        // (date_part), not a numeric (extract), for the aggregates' comparisons and sort (in memory: 32 MB).
        withoutJit<Row>(
          `SELECT (${STARTED_COUNT})::int AS started, count(*)::int AS completed,
             count(*) FILTER (WHERE seconds <= 86400)::int AS same_day,
             avg(seconds) / 3600 AS average_hours,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) / 3600 AS median_hours,
             count(*) FILTER (WHERE seconds <= 3600)::int AS b1h,
             count(*) FILTER (WHERE seconds > 3600 AND seconds <= 14400)::int AS b4h,
             count(*) FILTER (WHERE seconds > 14400 AND seconds <= 86400)::int AS b1d,
             count(*) FILTER (WHERE seconds > 86400 AND seconds <= 259200)::int AS b3d,
             count(*) FILTER (WHERE seconds > 259200 AND seconds <= 604800)::int AS b7d,
             count(*) FILTER (WHERE seconds > 604800)::int AS bmore
           FROM (
             SELECT date_part('epoch', end_at - first_at) AS seconds FROM state_arrival_ends
             WHERE workspace_id = $1 AND first_state = $4 AND end_state = $5 AND first_at >= $2 AND first_at <= $3
               AND (first_previous_at IS NULL OR first_previous_at < $2) AND end_at <= $3
             UNION ALL
             SELECT 0::float8 FROM state_arrivals WHERE $4 = $5 AND ${STARTED}) AS ends`,
          [workspaceId, from, to, firstState, endState, ...wholeSlots(from, to)],
          '32MB',
        ),
      ]);
      const t = transitions[0];
      const bucketColumns = ['b1h', 'b4h', 'b1d', 'b3d', 'b7d', 'bmore'] as const;
      return {
        backlog: backlog.map((b) => ({ hour: iso(b.hour), open: Math.max(0, num(b.open)), entered: num(b.entered), closed: num(b.closed) })),
        daily: daily.map((d) => ({ day: d.day, first: num(d.first), end: num(d.end) })),
        transitions: { started: num(t.started), completed: num(t.completed), sameDay: num(t.same_day), averageHours: hours(t.average_hours), medianHours: hours(t.median_hours) },
        durations: DURATION_BUCKETS.map((bucket, i) => ({ bucket, count: num(t[bucketColumns[i]]) })),
      };
    },

    /**
     * 'Dashboard Operatori': the basic and team-leader users whose teams have the workspace, and anyone who took or
     * released one of its contacts today, limited to `visible` (null: everyone); today's takes and releases by agent.
     */
    async agents(workspaceId: string, now: Date, timezone: string, onlineMs: number, visible: readonly string[] | null): Promise<AgentKpi[]> {
      const rows = await db.query<{ id: string; username: string; last_signin: Date | string | null; last_heartbeat: Date | string | null; taken: number; released: number } & Row>(
        `WITH today AS (
           SELECT agent_id, count(*) FILTER (WHERE type = 'take')::int AS taken, count(*) FILTER (WHERE type = 'release')::int AS released
           FROM contact_events
           WHERE workspace_id = $1 AND type IN ('take', 'release') AND agent_id IS NOT NULL
             AND at >= date_trunc('day', $2::timestamptz, $3) AND at < date_trunc('day', $2::timestamptz, $3) + interval '1 day' AND at <= $2
           GROUP BY agent_id),
         members AS (
           SELECT ut.user_id FROM team_workspaces tw JOIN user_teams ut ON ut.team_id = tw.team_id
           WHERE tw.workspace_id = $1 AND tw.enabled
             AND NOT EXISTS (SELECT 1 FROM user_forbidden_workspaces f WHERE f.user_id = ut.user_id AND f.workspace_id = $1))
         SELECT u.id, u.username, p.last_signin, p.last_heartbeat, coalesce(t.taken, 0) AS taken, coalesce(t.released, 0) AS released
         FROM users u
         LEFT JOIN agent_presence p ON p.user_id = u.id
         LEFT JOIN today t ON t.agent_id = u.id
         WHERE (t.agent_id IS NOT NULL OR (u.role IN ('basic', 'team-leader') AND u.status <> 'disabled' AND u.id IN (SELECT user_id FROM members)))
           AND ($4::text[] IS NULL OR u.id = ANY($4::text[]))
         ORDER BY u.username`,
        [workspaceId, now, timezone, visible],
      );
      return rows.map((r) => ({
        agentId: r.id,
        username: r.username,
        isOnline: r.last_heartbeat !== null && now.getTime() - new Date(r.last_heartbeat).getTime() <= onlineMs,
        lastSignin: r.last_signin === null ? null : iso(r.last_signin),
        dailyTaken: num(r.taken),
        dailyReleased: num(r.released),
      }));
    },
  };
}
export type DashboardRepository = ReturnType<typeof dashboardRepository>;
