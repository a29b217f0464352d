import type { FromSchema } from 'json-schema-to-ts';
import filterDocument from '../../../schemas/contact-filter.schema.json';
import { CONTACT_ID_PATTERN } from '../constants';
import type { ContactFilter } from '../generated/contact-filter';
import { envelope, errorResponses, noQuery, noBody } from './common';

/**
 * The contact-list calls of spec 2 §7: search, take and release, takeNext, KPIs, enum values, bulk actions and the
 * CSV export. Success answers are `{ data }` (search adds `total`); failures carry the ApiError body.
 */

/**
 * schemas/contact-filter.schema.json as a route schema: the same file the generated ContactFilter type comes from.
 * Its `$id` and `$schema` are left out so it can sit inside several route schemas (bulk actions, CSV export).
 *
 * dataModelFilters values, per field of the data model (names are checked against it, 400 naming the field):
 * - a scalar: equal to the value (JSONB containment, served by the GIN index);
 * - an array of scalars: equal to any of them;
 * - `{ from, to }` (number, date, time fields): within the range, bounds included;
 * - `{ contains }` (string, text fields): case-insensitive substring.
 * Empty strings and nulls are ignored, so a partially filled filter form can be sent as it is.
 */
const { $id: _filterId, $schema: _filterDraft, ...contactFilterDocument } = filterDocument;
export const contactFilterSchema: Record<string, unknown> = contactFilterDocument;
export type { ContactFilter };

export const workspaceParamsSchema = {
  type: 'object',
  required: ['workspace'],
  properties: { workspace: { type: 'string', minLength: 1, maxLength: 100 } },
  additionalProperties: false,
} as const;

export const contactIdParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: CONTACT_ID_PATTERN } },
  additionalProperties: false,
} as const;
export type ContactIdParams = FromSchema<typeof contactIdParamsSchema>;

export const workspaceIdParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  additionalProperties: false,
} as const;

const nullableString = { type: ['string', 'null'] } as const;

/** One contact as the list, take and release calls answer it. */
export const contactRowSchema = {
  type: 'object',
  required: [
    'id', 'workspaceId', 'state', 'outcome', 'notes', 'closed', 'processable', 'suspended', 'availability', 'agentId',
    'originalContactId', 'priority', 'createdAt', 'lastStateChangeAt', 'version', 'inputs', 'outputs',
  ],
  properties: {
    id: { type: 'string', pattern: CONTACT_ID_PATTERN },
    workspaceId: { type: 'string' },
    state: { type: 'string' },
    outcome: nullableString,
    notes: nullableString,
    closed: { type: 'boolean' },
    processable: { type: 'boolean' },
    suspended: { type: 'boolean' },
    availability: { type: 'string', enum: ['toProcess', 'waiting', 'processing', 'closed'] },
    agentId: nullableString,
    originalContactId: nullableString,
    priority: { type: 'integer', minimum: 1, maximum: 10 },
    createdAt: { type: 'string', format: 'date-time' },
    lastStateChangeAt: { type: ['string', 'null'], format: 'date-time' },
    version: { type: 'integer', minimum: 0 },
    inputs: { type: 'object', additionalProperties: true },
    outputs: { type: 'object', additionalProperties: true },
  },
  additionalProperties: false,
} as const;
export type ContactRow = FromSchema<typeof contactRowSchema>;

/**
 * The list counts matching contacts up to this many: beyond it an exact count costs more than the page (a full scan of
 * a million contacts), so the search answers `total: LIST_TOTAL_CAP, totalCapped: true`, shown as "10.000+". A filter
 * on fixed columns alone (states, agents, teams, the flags, priority) is counted exactly however many match: the
 * server keeps those counts as contacts change.
 */
export const LIST_TOTAL_CAP = 10_000;
/** The most contacts one bulk action works on the whole filter: its contacts limit when the list's total is a lower bound. */
export const BULK_COUNT_MAX = 1_000_000;

export const searchResultSchema = {
  type: 'object',
  required: ['data', 'total'],
  properties: {
    data: { type: 'array', items: contactRowSchema },
    /** Matching contacts; when totalCapped, a lower bound: at least this many (LIST_TOTAL_CAP, or fewer for a data-model range or contains, whose matches are not counted to the end). */
    total: { type: 'integer' },
    /** True when total is a lower bound, not the exact count ("N+"): more than LIST_TOTAL_CAP contacts match a filter with outcomes, ids, dates, data-model, enum or custom conditions, or a range or contains filter was counted over a sample. */
    totalCapped: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;
export type SearchResponse = FromSchema<typeof searchResultSchema>;

export const takeNextDataSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' } },
  additionalProperties: false,
} as const;
export type TakeNextData = FromSchema<typeof takeNextDataSchema>;

/** Label -> value maps for the KPI strip. */
const kpiMapSchema = { type: 'object', additionalProperties: { type: 'number' } } as const;
export const kpiDataSchema = {
  type: 'object',
  required: ['standard', 'custom'],
  properties: {
    /** Da Lavorare, In Attesa, In Lavorazione, Chiusi Oggi, Sospesi, Non lavorabili, Totale. */
    standard: kpiMapSchema,
    /** One entry per workspace state (by label), and the custom filter's label when the workspace has one. */
    custom: kpiMapSchema,
  },
  additionalProperties: false,
} as const;
export type KpiData = { standard: Record<string, number>; custom: Record<string, number> };

export const kpiQuerySchema = {
  type: 'object',
  properties: { timezone: { type: 'string', minLength: 1, maxLength: 64, default: 'Europe/Rome', description: "Where 'today' is for Chiusi Oggi." } },
  additionalProperties: false,
} as const;

export const enumParamsSchema = {
  type: 'object',
  required: ['id', 'kind', 'field'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 100 },
    kind: { type: 'string', enum: ['inputs', 'outputs'] },
    field: { type: 'string', minLength: 1, maxLength: 200 },
  },
  additionalProperties: false,
} as const;
export type EnumParams = FromSchema<typeof enumParamsSchema>;

export const enumSectionParamsSchema = {
  type: 'object',
  required: ['id', 'kind'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 100 },
    kind: { type: 'string', enum: ['inputs', 'outputs'] },
  },
  additionalProperties: false,
} as const;

export const enumQuerySchema = {
  type: 'object',
  properties: { contactId: { type: 'string', pattern: CONTACT_ID_PATTERN } },
  additionalProperties: false,
} as const;

/** The parents' current values, by field name (spec 2 §7); the contact's stored values fill the missing ones. */
const scalarSchema = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] } as const;

export const enumBodySchema = { type: 'object', additionalProperties: scalarSchema } as const;
export type EnumBody = Record<string, string | number | boolean | null>;

export const enumValueSchema = {
  type: 'object',
  required: ['value', 'label'],
  properties: { value: { type: 'string' }, label: { type: 'string' } },
  additionalProperties: false,
} as const;
export type EnumValue = FromSchema<typeof enumValueSchema>;

/** A stored enum value with the parents' values it belongs to (empty for a field without parents). */
export const enumRowSchema = {
  type: 'object',
  required: ['value', 'label', 'parents'],
  properties: { value: { type: 'string' }, label: { type: 'string' }, parents: { type: 'object', additionalProperties: { type: 'string' } } },
  additionalProperties: false,
} as const;
export type EnumRow = FromSchema<typeof enumRowSchema>;

/**
 * Every enum of a form section, by field: static values, and remote ones with the parents' values each belongs to, so
 * the form picks a dependent field's values for any parents' values without asking again. A field with more stored
 * values than ENUM_SECTION_MAX_ROWS is left out (the form asks for it per field). `version`: the workspace's.
 */
export const enumSectionSchema = {
  type: 'object',
  required: ['version', 'values'],
  properties: {
    version: { type: 'integer' },
    values: { type: 'object', additionalProperties: { type: 'array', items: enumRowSchema } },
  },
  additionalProperties: false,
} as const;
export const ENUM_SECTION_MAX_ROWS = 2_000;
export type EnumSection = FromSchema<typeof enumSectionSchema>;

export const massiveActionParamsSchema = {
  type: 'object',
  required: ['id', 'action'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 }, action: { type: 'string', minLength: 1, maxLength: 100 } },
  additionalProperties: false,
} as const;

export const massiveActionBodySchema = {
  type: 'object',
  properties: {
    /** The list filter; the action's associatedFilter is merged over it. Used when contactIds is empty. */
    filters: contactFilterSchema,
    /** Contacts limit when working the whole filter (default: every matching contact). */
    count: { type: 'integer', minimum: 1, maximum: BULK_COUNT_MAX },
    /** The selected rows; when present and non-empty the action works these (still within what the user sees). */
    contactIds: { type: 'array', items: { type: 'string', pattern: CONTACT_ID_PATTERN }, maxItems: 10_000 },
    additionalParams: { type: 'object', additionalProperties: scalarSchema },
    /** For assign actions: at most the action's assignMaxAgents users, dealt round-robin. */
    agentsToBeAssigned: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 100 }, uniqueItems: true },
  },
  additionalProperties: false,
} as const;
export type MassiveActionBody = {
  filters?: ContactFilter;
  count?: number;
  contactIds?: string[];
  additionalParams?: Record<string, string | number | boolean | null>;
  agentsToBeAssigned?: string[];
};

export const exportBodySchema = {
  type: 'object',
  properties: {
    filters: contactFilterSchema,
    /** IANA zone the dates are written in. */
    timezone: { type: 'string', minLength: 1, maxLength: 64, default: 'Europe/Rome' },
  },
  additionalProperties: false,
} as const;
export type ExportBody = { filters?: ContactFilter; timezone?: string };

const tags = ['contacts'] as const;

/** The largest page the search answers (the list offers 10, 25, 50 and 100). */
export const MAX_PAGE_LENGTH = 1000;

export const contactRoutes = {
  search: {
    method: 'POST',
    url: '/api/cntmng/contact/search/:workspace',
    schema: {
      summary: 'The contact list: one page of the contacts the user sees that match the filter, and their total.',
      description:
        'sort: a fixed column (id, availability, state, lastStateChangeAt, outcome, priority, agentId, createdAt) or a data-model field ' +
        '(inputs.x, outputs.x). dataModelFilters values per field: a scalar (equal), a list (any of), {from, to} (number, date, time) ' +
        `or {contains} (string, text); blank values are ignored. length at most ${MAX_PAGE_LENGTH}. Unknown fields and wrong types: 400 naming the field.`,
      tags,
      params: workspaceParamsSchema,
      body: contactFilterSchema,
      querystring: noQuery,
      response: { 200: searchResultSchema, ...errorResponses(400, 401, 403, 404) },
    },
  },
  take: {
    method: 'POST',
    url: '/api/cntmng/contact/take/:id',
    schema: {
      summary: 'Assigns the contact to the current user, atomically: of concurrent takes exactly one wins, the others get 409.',
      tags,
      params: contactIdParamsSchema,
      querystring: noQuery,
      body: noBody,
      response: { 200: envelope(contactRowSchema), ...errorResponses(400, 401, 403, 404, 409) },
    },
  },
  release: {
    method: 'POST',
    url: '/api/cntmng/contact/release/:id',
    schema: {
      summary: 'Removes the assignment.',
      tags,
      params: contactIdParamsSchema,
      querystring: noQuery,
      body: noBody,
      response: { 200: envelope(contactRowSchema), ...errorResponses(400, 401, 403, 404, 409) },
    },
  },
  takeNext: {
    method: 'GET',
    url: '/api/cntmng/workspace/:id/takeNext',
    schema: {
      summary: "Takes the next available contact (priority, then age); 404 'NUOVO CONTATTO NON DISPONIBILE' when none.",
      tags,
      params: workspaceIdParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(takeNextDataSchema), ...errorResponses(401, 403, 404) },
    },
  },
  kpi: {
    method: 'GET',
    url: '/api/cntmng/kpi/:workspaceId',
    schema: {
      summary: 'The KPI strip: the standard and custom maps over the contacts the user sees.',
      tags,
      params: {
        type: 'object',
        required: ['workspaceId'],
        properties: { workspaceId: { type: 'string', minLength: 1, maxLength: 100 } },
        additionalProperties: false,
      } as const,
      querystring: kpiQuerySchema,
      response: { 200: envelope(kpiDataSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  enumValues: {
    method: 'POST',
    url: '/api/cntmng/workspace/:id/enum/:kind/:field',
    schema: {
      summary: "A field's enum values: static ones from enumConfig, remote ones filtered by the parents' values.",
      tags,
      params: enumParamsSchema,
      querystring: enumQuerySchema,
      body: enumBodySchema,
      response: { 200: envelope({ type: 'array', items: enumValueSchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  enumSection: {
    method: 'GET',
    url: '/api/cntmng/workspace/:id/enum/:kind',
    schema: {
      summary: "The values of every enum of a form section (static, and remote with the parents' values of each), in one answer: a form asks once per workspace version instead of once per field.",
      tags,
      params: enumSectionParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(enumSectionSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  massiveAction: {
    method: 'POST',
    url: '/api/cntmng/workspace/:id/massiveAction/:action',
    schema: {
      summary: 'Runs a bulk action of the workspace on the selected contacts or on the whole filter; answers the worked count.',
      tags,
      params: massiveActionParamsSchema,
      body: massiveActionBodySchema,
      querystring: noQuery,
      response: { 200: envelope({ type: 'integer' } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  exportCsv: {
    method: 'POST',
    url: '/api/cntmng/exportCsv/:id',
    schema: {
      summary: 'The contacts matching the filter, visible columns, as text/csv (report-{timestamp}.csv), streamed in contact-id order.',
      tags,
      params: workspaceIdParamsSchema,
      body: exportBodySchema,
      produces: ['text/csv'],
      querystring: noQuery,
      response: { 200: { type: 'string', description: 'CSV, one header line then one line per contact.' } as const, ...errorResponses(400, 401, 403, 404) },
    },
  },
} as const;

export type TakeResponse = { data: ContactRow };
export type TakeNextResponse = { data: TakeNextData };
export type KpiResponse = { data: KpiData };
export type EnumValuesResponse = { data: EnumValue[] };
export type MassiveActionResponse = { data: number };

/** Messages the spec quotes (spec 2 §8). */
export const CONTACT_MESSAGES = {
  noNewContact: 'NUOVO CONTATTO NON DISPONIBILE',
} as const;
