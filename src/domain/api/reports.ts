import type { FromSchema } from 'json-schema-to-ts';
import { envelope, errorResponses, noQuery } from './common';

/**
 * Custom reports (spec 3 §2 Custom reports, §3 report definition and request, §5, §6, §7): the definitions a user may
 * run in a workspace, and a run for a date interval as JSON rows (paged) or as a CSV file streamed from the database.
 */

/**
 * The interval problems of spec 3 §5, in Italian (the screen has them in three languages; the server answers them in
 * the caller's language from its catalogue, src/server/server-messages.ts).
 */
export const REPORT_MESSAGES = {
  invalidInterval: 'Intervallo di date non valido',
  invalidIntervalMax: (maxRange: number) => `Intervallo di date non valido: massimo ${maxRange} giorni`,
} as const;

export const REPORT_PAGE_SIZE = 20;
export const REPORT_MAX_PAGE_LENGTH = 1000;
export const REPORT_DAY_MS = 86_400_000;

/** The days an interval spans, both ends included: from 00:00 to 23:59:59.999 of the same day is one day (23 or 25 hours on a daylight-saving change too). */
export const intervalDays = (from: Date, to: Date): number => Math.max(1, Math.round((to.getTime() - from.getTime() + 1) / REPORT_DAY_MS));

/** What is wrong with an interval for a report, or null (spec 3 §5). */
export const intervalProblem = (from: Date, to: Date, maxRange: number | undefined): string | null => {
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from.getTime() > to.getTime()) return REPORT_MESSAGES.invalidInterval;
  if (maxRange !== undefined && intervalDays(from, to) > maxRange) return REPORT_MESSAGES.invalidIntervalMax(maxRange);
  return null;
};

/** `{templateName}-YYYY-MM-DD-HH-mm-ss.csv`, the time as the clock reads in `timeZone`. */
export const reportFileName = (templateName: string, at: Date, timeZone = 'Europe/Rome'): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${templateName}-${parts.year}-${parts.month}-${parts.day}-${parts.hour}-${parts.minute}-${parts.second}.csv`;
};

const filterPropSchema = {
  type: 'object',
  required: ['enabled', 'label'],
  properties: { enabled: { type: 'boolean' }, label: { type: 'string' } },
  additionalProperties: false,
} as const;

export const reportDefinitionSchema = {
  type: 'object',
  required: ['id', 'name', 'renderAllowed', 'templateName', 'columns', 'filters'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    /** The results may be shown on screen (search); otherwise only exported as CSV. */
    renderAllowed: { type: 'boolean' },
    templateName: { type: 'string' },
    /** The longest interval, in days. */
    maxRange: { type: 'integer' },
    filterContactProp: filterPropSchema,
    filterRefProp: filterPropSchema,
    /** The template's columns, and the filters it applies. */
    columns: { type: 'array', items: { type: 'string' } },
    filters: {
      type: 'object',
      required: ['contactProp', 'refProp', 'teams'],
      properties: { contactProp: { type: 'boolean' }, refProp: { type: 'boolean' }, teams: { type: 'boolean' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;
export type ReportDefinition = FromSchema<typeof reportDefinitionSchema>;

/** The most outsourcer, call-centre or team ids one report request names. */
export const REPORT_MAX_ORG_IDS = 500;

export const reportRunBodySchema = {
  type: 'object',
  required: ['from', 'to', 'format'],
  properties: {
    /** The start of the first day (ISO instant), included. */
    from: { type: 'string', format: 'date-time' },
    /** The end of the last day (ISO instant), included. */
    to: { type: 'string', format: 'date-time' },
    /**
     * The organisation filter (roles other than team-leader and basic): only the work of the agents of the chosen
     * teams, else of every team of the chosen call centres, else of the chosen outsourcers. The server resolves an
     * organisation to its teams, so a choice of many teams is sent as its call centre or outsourcer, and an
     * organisation with no team yields no rows.
     */
    outsourcerIds: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 100 }, maxItems: REPORT_MAX_ORG_IDS, uniqueItems: true },
    siteIds: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 100 }, maxItems: REPORT_MAX_ORG_IDS, uniqueItems: true },
    teamIds: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 100 }, maxItems: REPORT_MAX_ORG_IDS, uniqueItems: true },
    extraFilters: {
      type: 'object',
      properties: {
        /** A value of the data model's contact property (modelContactProperty), when the report enables the filter. */
        contactProp: { type: 'string', maxLength: 200 },
        /** A contact id, when the report enables the reference filter. */
        refProp: { type: 'string', maxLength: 200 },
      },
      additionalProperties: false,
    },
    format: { type: 'string', enum: ['json', 'csv'] },
    /** JSON only: the page (zero-based) and its length. */
    page: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
    length: { type: 'integer', minimum: 1, maximum: REPORT_MAX_PAGE_LENGTH, default: REPORT_PAGE_SIZE },
    /** The time zone of the days (default Europe/Rome). */
    timezone: { type: 'string', minLength: 1, maxLength: 64 },
  },
  additionalProperties: false,
} as const;
export type ReportRunBody = FromSchema<typeof reportRunBodySchema>;

export type ReportRow = Record<string, string | number | null>;

export const reportRowsSchema = {
  type: 'object',
  required: ['data', 'total'],
  properties: {
    data: { type: 'array', items: { type: 'object', additionalProperties: { type: ['string', 'number', 'null'] } } },
    total: { type: 'integer' },
  },
  additionalProperties: false,
} as const;
export type ReportRowsResult = { data: ReportRow[]; total: number };

const workspaceId = { type: 'string', minLength: 1, maxLength: 100 } as const;
const tags = ['reports'] as const;

export const reportRoutes = {
  list: {
    method: 'GET',
    url: '/api/cntmng/report/:workspaceId',
    schema: {
      summary: "The workspace's report definitions the user may run (none for basic; _fake entries and reports disabled for the user left out).",
      tags,
      params: { type: 'object', required: ['workspaceId'], properties: { workspaceId }, additionalProperties: false },
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: reportDefinitionSchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  run: {
    method: 'POST',
    url: '/api/cntmng/report/:workspaceId/:reportId',
    schema: {
      summary: 'Runs a report for an interval: JSON rows a page at a time, or the whole result as text/csv streamed from a database cursor.',
      description:
        'format json answers { data: rows, total } (only for renderAllowed reports); format csv answers text/csv named {templateName}-YYYY-MM-DD-HH-mm-ss.csv. ' +
        `Interval: from must not be after to (400 'Invalid interval', in Italian '${REPORT_MESSAGES.invalidInterval}'), and span at most maxRange days (400 'Invalid interval: at most {maxRange} days', in Italian '${REPORT_MESSAGES.invalidIntervalMax(7).replace('7', '{maxRange}')}'). ` +
        'Permission reports; 403 for basic, for a user the report is disabled for, and for a team filter outside the caller\'s organisation or role.',
      tags,
      params: { type: 'object', required: ['workspaceId', 'reportId'], properties: { workspaceId, reportId: { type: 'string', minLength: 1, maxLength: 200 } }, additionalProperties: false },
      body: reportRunBodySchema,
      querystring: noQuery,
      response: { 200: { ...reportRowsSchema, description: 'JSON rows; with format csv the body is text/csv.' }, ...errorResponses(400, 401, 403, 404) },
    },
  },
} as const;
