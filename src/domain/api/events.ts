import type { FromSchema } from 'json-schema-to-ts';
import { CONTACT_ID_PATTERN } from '../constants';
import { envelope, errorResponses, noQuery } from './common';

/**
 * The events log (spec 3 §2 Events log, §3 Event, §7): every change to a contact is an event row, written in the
 * transaction that makes the change (the contact history, the dashboards' state figures and the reports read the
 * same table). The search needs a contact id; the detail answers the event's extraData.
 */

/**
 * Every kind of event. insert, clone, take, release, assign, state, outcome, save/edit (with the changed fields),
 * close, suspend and bulk (one per contact of a bulk action run, with the run id) come from any change of the
 * contact row; attachment-added/-removed from the contact's files; action-queued (a contact action) and
 * message-queued (an SMS or webapp message a reached state sends) from the outbox; disposition from the embedded
 * entry's dialog; callerid-lookup when a caller id from the embedded entry finds the contact.
 */
export const EVENT_TYPES = [
  'insert', 'clone', 'take', 'release', 'assign', 'state', 'outcome', 'save', 'edit', 'close', 'suspend',
  'attachment-added', 'attachment-removed', 'action-queued', 'message-queued', 'bulk', 'callerid-lookup', 'disposition',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Events table page size (spec 3 §9) and the largest page the search answers. */
export const EVENTS_PAGE_SIZE = 10;
export const EVENTS_MAX_PAGE_LENGTH = 1000;

const nullableString = { type: ['string', 'null'] } as const;
const userId = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const eventSchema = {
  type: 'object',
  required: ['id', 'type', 'state', 'contactId', 'agentId', 'at', 'showDetail'],
  properties: {
    /** Increasing with time: the order events were written in. */
    id: { type: 'string', pattern: '^[0-9]+$' },
    type: { type: 'string', enum: EVENT_TYPES },
    /** The contact's state after the event. */
    state: nullableString,
    contactId: { type: 'string' },
    /** Who made the change; for a release nobody asked for, the agent who had the contact. */
    agentId: nullableString,
    at: { type: 'string', format: 'date-time' },
    /** Whether extraData has something to show (the detail drawer). */
    showDetail: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;
export type EventRow = FromSchema<typeof eventSchema>;

export const eventDetailSchema = {
  type: 'object',
  required: [...eventSchema.required, 'previousState', 'outcome', 'notes', 'runId', 'extraData'],
  properties: {
    ...eventSchema.properties,
    previousState: nullableString,
    outcome: nullableString,
    notes: nullableString,
    /** The bulk action run that made the change. */
    runId: { type: ['string', 'null'] },
    /** What the event carries beyond its columns: changed fields (from, to), the file, the message, the run... */
    extraData: { type: ['object', 'null'], additionalProperties: true },
  },
  additionalProperties: false,
} as const;
export type EventDetail = Omit<FromSchema<typeof eventDetailSchema>, 'extraData'> & { extraData: Record<string, unknown> | null };

export const eventsSearchBodySchema = {
  type: 'object',
  required: ['contactId'],
  properties: {
    /** Required: the log shows the events of one contact. */
    contactId: { type: 'string', pattern: CONTACT_ID_PATTERN },
    /** Only events made by these users (any of them). */
    agents: { type: 'array', items: userId, maxItems: 500, uniqueItems: true },
    /** Events at or after this instant. */
    from: { type: 'string', format: 'date-time' },
    /** Events at or before this instant. */
    to: { type: 'string', format: 'date-time' },
    /** Zero-based. */
    page: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
    length: { type: 'integer', minimum: 1, maximum: EVENTS_MAX_PAGE_LENGTH, default: EVENTS_PAGE_SIZE },
    sort: { type: 'string', enum: ['at', 'type', 'agentId', 'state'], default: 'at' },
    order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
  },
  additionalProperties: false,
} as const;
export type EventsSearchBody = FromSchema<typeof eventsSearchBodySchema>;

export const eventsSearchResultSchema = {
  type: 'object',
  required: ['data', 'total'],
  properties: { data: { type: 'array', items: eventSchema }, total: { type: 'integer' } },
  additionalProperties: false,
} as const;
export type EventsSearchResult = { data: EventRow[]; total: number };

const workspaceId = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const eventsWorkspaceParamsSchema = {
  type: 'object',
  required: ['workspaceId'],
  properties: { workspaceId },
  additionalProperties: false,
} as const;

export const eventParamsSchema = {
  type: 'object',
  required: ['workspaceId', 'eventId'],
  properties: { workspaceId, eventId: { type: 'string', pattern: '^[0-9]{1,18}$' } },
  additionalProperties: false,
} as const;

const tags = ['events'] as const;

export const eventsRoutes = {
  search: {
    method: 'POST',
    url: '/api/cntmng/events/:workspaceId',
    schema: {
      summary: "One page of a contact's events in the workspace (newest first by default), and their total.",
      description:
        'contactId is required (the log shows one contact). agents: only events made by these users. from/to: ISO instants, both included. ' +
        `page is zero-based, length from 1 to ${EVENTS_MAX_PAGE_LENGTH} (default ${EVENTS_PAGE_SIZE}). Permission events.`,
      tags,
      params: eventsWorkspaceParamsSchema,
      body: eventsSearchBodySchema,
      querystring: noQuery,
      response: { 200: eventsSearchResultSchema, ...errorResponses(400, 401, 403, 404) },
    },
  },
  /** The same search as a GET (spec 3 §7: POST and GET /api/cntmng/events/{id}), its fields in the query string. */
  searchByQuery: {
    method: 'GET',
    url: '/api/cntmng/events/:workspaceId',
    schema: {
      summary: "One page of a contact's events in the workspace, as the POST answers it, the search in the query string.",
      description: 'The fields of the POST body as query parameters: contactId (required), agents (repeated: agents=a&agents=b), from, to, page, length, sort, order. Permission events.',
      tags,
      params: eventsWorkspaceParamsSchema,
      querystring: eventsSearchBodySchema,
      response: { 200: eventsSearchResultSchema, ...errorResponses(400, 401, 403, 404) },
    },
  },
  detail: {
    method: 'GET',
    url: '/api/cntmng/events/:workspaceId/:eventId',
    schema: {
      summary: 'One event of the workspace with its extraData (the detail drawer). Permission events.',
      tags,
      params: eventParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(eventDetailSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
} as const;
