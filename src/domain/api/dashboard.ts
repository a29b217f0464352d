import type { FromSchema } from 'json-schema-to-ts';
import { envelope, errorResponses, noQuery } from './common';

/**
 * The dashboards (spec 3 §2 Dashboard, §3 dashboardConfig, §7): 'Disponibilità Contatti', 'Dashboard Contatti' and
 * 'Dashboard Operatori', each computed by the server in SQL over the contacts and their events. The duration is a
 * number of days (1 to the workspace's maxAllowedDuration, at most 15); the browser sends it as `from`, the start of
 * the first day, and the server refuses a `from` further back than the workspace allows.
 */

export const DASHBOARD_TABS = ['availability', 'contacts', 'agents'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const DASHBOARD_DURATION_DEFAULT = 15;
export const DASHBOARD_DURATION_MAX = 15;
/** An agent is online while their last heartbeat (sent every 60 s) is this recent. */
export const AGENT_ONLINE_MS = 150_000;
export const DASHBOARD_ROWS_MAX = 100;

/** The tabs a workspace shows, in the spec's order (default: all three). */
export const activeDashboards = (workspace: { dashboardConfig?: { activeDashboards?: readonly string[] } } | null | undefined): DashboardTab[] => {
  const listed = workspace?.dashboardConfig?.activeDashboards;
  return listed ? DASHBOARD_TABS.filter((tab) => listed.includes(tab)) : [...DASHBOARD_TABS];
};

/** The longest duration, in days, the workspace allows. */
export const maxDuration = (workspace: { dashboardConfig?: { maxAllowedDuration?: number } } | null | undefined): number =>
  Math.max(1, Math.min(DASHBOARD_DURATION_MAX, workspace?.dashboardConfig?.maxAllowedDuration ?? DASHBOARD_DURATION_MAX));

/** The time `at` shows on the clocks of `timeZone`, read as if it were UTC (the instant itself for a zone Intl does not know). */
const wallClock = (at: Date, timeZone: string): number => {
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
        .formatToParts(at)
        .map((p) => [p.type, Number(p.value)]),
    );
    return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, at.getUTCMilliseconds());
  } catch {
    return at.getTime();
  }
};

/**
 * How many days a dashboard period lasts, counted on the clocks of its time zone: from local midnight 15 days back to
 * now is under 15 days even when the clocks went back an hour in between (the browser's period starts at local midnight).
 */
export const periodDays = (from: Date, to: Date, timeZone: string): number => (wallClock(to, timeZone) - wallClock(from, timeZone)) / 86_400_000;

const timezone = { type: 'string', minLength: 1, maxLength: 64, default: 'Europe/Rome', description: 'IANA time zone of the days and hours (default Europe/Rome).' } as const;
const stateCode = { type: 'string', minLength: 1, maxLength: 200 } as const;
const instant = { type: 'string', format: 'date-time' } as const;
const count = { type: 'integer', minimum: 0 } as const;

export const dashboardParamsSchema = {
  type: 'object',
  required: ['workspaceId'],
  properties: { workspaceId: { type: 'string', minLength: 1, maxLength: 100 } },
  additionalProperties: false,
} as const;

export const availabilityBodySchema = {
  type: 'object',
  required: ['from'],
  properties: {
    /** The start of the period: contacts changed (or created) since then. */
    from: instant,
    timezone,
    /** The contact table's page (zero-based) and length. */
    page: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
    length: { type: 'integer', minimum: 1, maximum: DASHBOARD_ROWS_MAX, default: 10 },
  },
  additionalProperties: false,
} as const;
export type AvailabilityBody = FromSchema<typeof availabilityBodySchema>;

export const availabilityDataSchema = {
  type: 'object',
  required: ['from', 'to', 'availability', 'states', 'contacts', 'total'],
  properties: {
    from: instant,
    to: instant,
    /** Contacts by availability (toProcess, waiting, processing, closed, or a value the product does not know). */
    availability: { type: 'array', items: { type: 'object', required: ['availability', 'count'], properties: { availability: { type: 'string' }, count }, additionalProperties: false } },
    /** Contacts by state, with the state's label. */
    states: { type: 'array', items: { type: 'object', required: ['state', 'label', 'count'], properties: { state: { type: 'string' }, label: { type: 'string' }, count }, additionalProperties: false } },
    /** One page of the contacts, last changed first. */
    contacts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['contactId', 'state', 'availability', 'lastStateChangeAt', 'inputs'],
        properties: {
          contactId: { type: 'string' },
          state: { type: 'string' },
          availability: { type: 'string' },
          lastStateChangeAt: instant,
          inputs: { type: 'object', additionalProperties: true },
        },
        additionalProperties: false,
      },
    },
    total: count,
  },
  additionalProperties: false,
} as const;
export type AvailabilityData = Omit<FromSchema<typeof availabilityDataSchema>, 'contacts'> & {
  contacts: { contactId: string; state: string; availability: string; lastStateChangeAt: string; inputs: Record<string, unknown> }[];
};

export const stateBodySchema = {
  type: 'object',
  required: ['from'],
  properties: {
    from: instant,
    timezone,
    /** Default: the workspace's entry state. */
    firstState: stateCode,
    /** Default: the workspace's last closing state. */
    endState: stateCode,
  },
  additionalProperties: false,
} as const;
export type StateBody = FromSchema<typeof stateBodySchema>;

export const DURATION_BUCKETS = ['1h', '4h', '1d', '3d', '7d', 'more'] as const;

export const stateDataSchema = {
  type: 'object',
  required: ['from', 'to', 'firstState', 'endState', 'backlog', 'daily', 'transitions', 'durations'],
  properties: {
    from: instant,
    to: instant,
    firstState: { type: 'string' },
    endState: { type: 'string' },
    /** Hour by hour: contacts not closed at the end of the hour, and how many came in and were closed in it. */
    backlog: { type: 'array', items: { type: 'object', required: ['hour', 'open', 'entered', 'closed'], properties: { hour: instant, open: count, entered: count, closed: count }, additionalProperties: false } },
    /** Day by day (in `timezone`): contacts that reached the first state, and the end state. */
    daily: { type: 'array', items: { type: 'object', required: ['day', 'first', 'end'], properties: { day: { type: 'string', format: 'date' }, first: count, end: count }, additionalProperties: false } },
    /**
     * Contacts that reached the first state in the period, those of them that then reached the end state in the
     * period, and the time it took: the average and median in hours, and how many within one day ('handled in same
     * day', durations of at most 1 day).
     */
    transitions: {
      type: 'object',
      required: ['started', 'completed', 'sameDay', 'averageHours', 'medianHours'],
      properties: { started: count, completed: count, sameDay: count, averageHours: { type: ['number', 'null'] }, medianHours: { type: ['number', 'null'] } },
      additionalProperties: false,
    },
    /** The completed transitions by duration: up to 1 hour, 4 hours, 1 day, 3 days, 7 days, more. */
    durations: { type: 'array', items: { type: 'object', required: ['bucket', 'count'], properties: { bucket: { type: 'string', enum: DURATION_BUCKETS }, count }, additionalProperties: false } },
  },
  additionalProperties: false,
} as const;
export type StateData = FromSchema<typeof stateDataSchema>;

export const agentsQuerySchema = {
  type: 'object',
  required: ['workspaceId'],
  properties: { workspaceId: { type: 'string', minLength: 1, maxLength: 100 }, timezone },
  additionalProperties: false,
} as const;

export const agentKpiSchema = {
  type: 'object',
  required: ['agentId', 'username', 'isOnline', 'lastSignin', 'dailyTaken', 'dailyReleased'],
  properties: {
    agentId: { type: 'string' },
    username: { type: 'string' },
    /** A heartbeat within the last AGENT_ONLINE_MS. */
    isOnline: { type: 'boolean' },
    lastSignin: { type: ['string', 'null'], format: 'date-time' },
    /** Contacts the agent took today (in `timezone`) in the workspace, and contacts released from them. */
    dailyTaken: count,
    dailyReleased: count,
  },
  additionalProperties: false,
} as const;
export type AgentKpi = FromSchema<typeof agentKpiSchema>;

const tags = ['dashboard'] as const;

export const dashboardRoutes = {
  availability: {
    method: 'POST',
    url: '/api/cntmng/dashboard/:workspaceId',
    schema: {
      summary: "'Disponibilità Contatti': the contacts changed or created since `from`, by availability and by state, and a page of them.",
      tags,
      params: dashboardParamsSchema,
      body: availabilityBodySchema,
      querystring: noQuery,
      response: { 200: envelope(availabilityDataSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  state: {
    method: 'POST',
    url: '/api/cntmng/dashboard/:workspaceId/state',
    schema: {
      summary: "'Dashboard Contatti': hourly backlog, daily state changes from the first to the end state, time to close and the same-day count since `from`.",
      tags,
      params: dashboardParamsSchema,
      body: stateBodySchema,
      querystring: noQuery,
      response: { 200: envelope(stateDataSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  agents: {
    method: 'GET',
    url: '/api/cntmng/dashboard/agents/kpi',
    schema: {
      summary: "'Dashboard Operatori': the agents of the workspace the caller sees, online or not, their last sign-in, and today's takes and releases.",
      tags,
      querystring: agentsQuerySchema,
      response: { 200: envelope({ type: 'array', items: agentKpiSchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
} as const;
