import { REPORT_TEMPLATES, type ReportTemplateName } from '@domain/report-templates';
import { SqlParams } from '../../repositories/contact-query';

/**
 * The report templates' SQL (the names, columns and filters are in src/domain/report-templates.ts). A workspace only
 * names a template; every value it or the user gives reaches the query as a parameter, never as SQL text. Each
 * query answers the template's columns, in order, and ends with its ORDER BY (the JSON page appends LIMIT/OFFSET;
 * the CSV reads it from a cursor).
 */

export interface ReportQuery {
  workspaceId: string;
  from: Date;
  to: Date;
  timezone: string;
  /** Only the work of these teams' agents; null: no team filter. */
  teamIds: readonly string[] | null;
  /** A value of the data model's contact property (inputs[field]), exactly. */
  contactProp: { field: string; value: string } | null;
  /** A contact id. */
  refProp: string | null;
}

interface Scope {
  p: SqlParams;
  ws: string;
  from: string;
  to: string;
  tz: string;
  /** The team ids parameter, or null without a team filter. */
  teams: string | null;
  /** Conditions on a contact id column from the extra filters ('' when none). */
  contactFilter(column: string): string;
  /** The condition that a user id column belongs to the chosen teams ('' when no team filter). */
  teamFilter(column: string): string;
}

function scopeOf(q: ReportQuery): Scope {
  const p = new SqlParams();
  const ws = p.add(q.workspaceId);
  const from = p.add(q.from);
  const to = p.add(q.to);
  const tz = p.add(q.timezone);
  const contactProp = q.contactProp ? { field: p.add(q.contactProp.field), value: p.add(q.contactProp.value) } : null;
  const refProp = q.refProp === null ? null : p.add(q.refProp.toLowerCase());
  const teams = q.teamIds === null ? null : p.add(q.teamIds);
  return {
    p, ws, from, to, tz, teams,
    contactFilter: (column) =>
      [
        refProp ? ` AND ${column} = ${refProp}` : '',
        contactProp ? ` AND ${column} IN (SELECT id FROM contacts WHERE workspace_id = ${ws} AND inputs @> jsonb_build_object(${contactProp.field}::text, ${contactProp.value}::text))` : '',
      ].join(''),
    teamFilter: (column) => (teams ? ` AND ${column} IN (SELECT user_id FROM user_teams WHERE team_id = ANY(${teams}::text[]))` : ''),
  };
}

const day = (column: string, tz: string) => `to_char(${column} AT TIME ZONE ${tz}, 'YYYY-MM-DD')`;

const SQL: Record<ReportTemplateName, (s: Scope) => string> = {
  contacts_by_state_outcome_day: (s) => `
    SELECT ${day('e.at', s.tz)} AS day, e.state, coalesce(e.outcome, '') AS outcome, count(DISTINCT e.contact_id)::int AS contacts
    FROM contact_events e
    WHERE e.workspace_id = ${s.ws} AND e.at >= ${s.from} AND e.at <= ${s.to} AND e.previous_state IS DISTINCT FROM e.state
      ${s.contactFilter('e.contact_id')}${s.teamFilter('coalesce(e.user_id, e.agent_id)')}
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,

  agent_productivity_day: (s) => `
    SELECT ${day('e.at', s.tz)} AS day, a.agent AS "agentId", coalesce(u.username, a.agent) AS username,
      count(*) FILTER (WHERE e.type = 'take')::int AS taken,
      count(*) FILTER (WHERE e.type = 'release')::int AS released,
      count(*) FILTER (WHERE e.type = 'state')::int AS "stateChanges",
      count(*) FILTER (WHERE e.type IN ('save', 'edit'))::int AS saves,
      count(*) FILTER (WHERE e.type = 'close')::int AS closed
    FROM contact_events e
    CROSS JOIN LATERAL (SELECT CASE WHEN e.type IN ('take', 'release') THEN e.agent_id ELSE coalesce(e.user_id, e.agent_id) END AS agent) a
    LEFT JOIN users u ON u.id = a.agent
    WHERE e.workspace_id = ${s.ws} AND e.at >= ${s.from} AND e.at <= ${s.to}
      AND e.type IN ('take', 'release', 'state', 'save', 'edit', 'close') AND a.agent IS NOT NULL${s.teamFilter('a.agent')}
    GROUP BY 1, 2, 3 ORDER BY 1, 3, 2`,

  contact_events_export: (s) => `
    SELECT e.id::text AS "eventId", to_char(e.at AT TIME ZONE ${s.tz}, 'DD/MM/YYYY HH24:MI:SS') AS at, e.type, e.state,
      e.previous_state AS "previousState", e.outcome, rtrim(e.contact_id) AS "contactId", coalesce(e.user_id, e.agent_id) AS "agentId", e.notes
    FROM contact_events e
    WHERE e.workspace_id = ${s.ws} AND e.at >= ${s.from} AND e.at <= ${s.to}
      ${s.contactFilter('e.contact_id')}${s.teamFilter('coalesce(e.user_id, e.agent_id)')}
    ORDER BY e.at, e.id`,

  outbox_sent_day: (s) => `
    SELECT ${day('o.created_at', s.tz)} AS day, o.channel, o.config_id AS "configId", o.status, count(*)::int AS messages
    FROM sms_outbox o
    WHERE o.workspace_id = ${s.ws} AND o.created_at >= ${s.from} AND o.created_at <= ${s.to}
      ${s.contactFilter('o.contact_id')}${s.teamFilter('o.created_by')}
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,

  contacts_created_closed_team: (s) => `
    WITH moves AS (
      SELECT ${day('c.created_at', s.tz)} AS day, c.agent_id, 1 AS created, 0 AS closed FROM contacts c
      WHERE c.workspace_id = ${s.ws} AND c.created_at >= ${s.from} AND c.created_at <= ${s.to}
      UNION ALL
      SELECT ${day('c.last_state_change_at', s.tz)}, c.agent_id, 0, 1 FROM contacts c
      WHERE c.workspace_id = ${s.ws} AND c.closed AND c.last_state_change_at >= ${s.from} AND c.last_state_change_at <= ${s.to})
    SELECT m.day, t.id AS "teamId", coalesce(t.name, '') AS team, sum(m.created)::int AS created, sum(m.closed)::int AS closed
    FROM moves m LEFT JOIN user_teams ut ON ut.user_id = m.agent_id LEFT JOIN teams t ON t.id = ut.team_id
    WHERE ${s.teams ? `t.id = ANY(${s.teams}::text[])` : 'true'}
    GROUP BY 1, 2, 3 ORDER BY 1, 3, 2`,
};

/** The template's query with its parameters, and its columns. */
export function reportQuery(template: ReportTemplateName, q: ReportQuery): { sql: string; params: SqlParams; columns: readonly string[] } {
  const scope = scopeOf(q);
  return { sql: SQL[template](scope), params: scope.p, columns: REPORT_TEMPLATES[template].columns };
}
