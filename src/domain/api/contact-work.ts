import type { FromSchema } from 'json-schema-to-ts';
import { CONTACT_ID_PATTERN, PHONE_PATTERN } from '../constants';
import { contactRowSchema, type ContactRow } from './contacts';
import { envelope, errorResponses, noQuery, noBody } from './common';
import { EVENT_TYPES } from './events';

/**
 * Working one contact (spec 2 §2.3–2.9, §4, §5, §7): open, save with optimistic locking, administrative edit,
 * close, insert, clone, actions, widgets, attachments and documents, the message outbox and the address lookups.
 * Success answers are `{ data }`; failures carry the ApiError body, whose `errors[].field` names what failed:
 * a JSON pointer into the request body for form values (`/inputs/telefono`), the body key otherwise (`phone`).
 *
 * Status codes the browser acts on:
 * - 400: the body breaks the contract or the form's schema (one entry per field);
 * - 403: a permission rule denies, or the contact is outside what the user sees;
 * - 404: no such contact, action, widget, attachment or document;
 * - 409: the `version` sent is stale (someone saved meanwhile); nothing was changed: reload and re-apply;
 * - 413 / 415: attachment too big / not a pdf, png or jpeg (messages as spec 2 §8 words them);
 * - 422: the contact cannot take this change: closed or not processable (save, action, upload), already closed
 *   (close), entry state not manual (insert), clone not enabled, an array already at arrayMaxItems.
 */

const contactId = { type: 'string', pattern: CONTACT_ID_PATTERN } as const;
const name = { type: 'string', minLength: 1, maxLength: 200 } as const;
const nullableString = { type: ['string', 'null'] } as const;
/** Field name -> value. Values are checked against the translator's schema of the view, not here. */
const valueMapSchema = { type: 'object', additionalProperties: true } as const;

export const contactParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: contactId },
  additionalProperties: false,
} as const;

export const contactResponseSchema = envelope(contactRowSchema);
export type ContactResponse = { data: ContactRow };

/** Request header of GET contact: 'true' when the agent opened the contact from the list (session flag agentScriptOpen). */
export const AGENT_SCRIPT_OPEN_HEADER = 'agent-script-open';

export const contactGetHeadersSchema = {
  type: 'object',
  properties: { [AGENT_SCRIPT_OPEN_HEADER]: { type: 'string', enum: ['true', 'false'] } },
} as const;

export const allowedStateSchema = {
  type: 'object',
  required: ['code', 'label'],
  properties: { code: { type: 'string' }, label: { type: 'string' } },
  additionalProperties: false,
} as const;
export type AllowedState = FromSchema<typeof allowedStateSchema>;

/** The kinds of history entry: the contact's events (src/domain/api/events.ts, one table for both). */
export const HISTORY_TYPES = EVENT_TYPES;

export const historyEntrySchema = {
  type: 'object',
  required: ['at', 'type', 'state', 'outcome', 'notes', 'userId', 'agentId'],
  properties: {
    at: { type: 'string', description: 'ISO date-time' },
    type: { type: 'string', enum: HISTORY_TYPES },
    state: nullableString,
    outcome: nullableString,
    notes: nullableString,
    /** Who made the change (null for changes made outside a user's request). */
    userId: nullableString,
    /** The agent the contact went to (take, assign). */
    agentId: nullableString,
    /** userId's and agentId's usernames: every reader of the history sees who, not only those who may list users. */
    userName: nullableString,
    agentName: nullableString,
  },
  additionalProperties: false,
} as const;
export type HistoryEntry = FromSchema<typeof historyEntrySchema>;

/**
 * The agent's save (show screen). `version` is the contact's version as loaded: a stale one gets 409 and nothing
 * changes. inputs/outputs may be partial: only the fields sent change; `null` clears a field. Fields the data
 * model marks editable:false, fields left out of the show form (isDetailVisible:false) and attachment/doc arrays
 * (owned by the attachment and document calls) are ignored; names the data model lacks get 400.
 */
export const contactSaveBodySchema = {
  type: 'object',
  required: ['version'],
  properties: {
    version: { type: 'integer', minimum: 0, maximum: 2147483647 },
    /** Omitted when the agent keeps the state. Must be a manual state of the workspace. */
    state: { type: 'string', minLength: 1, maxLength: 100 },
    /** Stored truncated to 255 characters (spec 2 §9). */
    notes: { type: 'string', maxLength: 100_000 },
    /** For workspaces with outcomes: one of their values. */
    outcome: { type: 'string', minLength: 1, maxLength: 100 },
    inputs: valueMapSchema,
    outputs: valueMapSchema,
  },
  additionalProperties: false,
} as const;
export type ContactSaveBody = FromSchema<typeof contactSaveBodySchema>;

/** Administrative edit (spec 2 §2.4): validated against the 'edit' view; agentId must be a user the caller may assign. */
export const contactEditBodySchema = {
  type: 'object',
  required: ['version'],
  properties: {
    version: { type: 'integer', minimum: 0, maximum: 2147483647 },
    agentId: { type: ['string', 'null'], maxLength: 100 },
    /** 1 to 10; a new contact gets PRIORITY_DEFAULT (10). */
    priority: { type: 'integer', minimum: 1, maximum: 10 },
    inputs: valueMapSchema,
    outputs: valueMapSchema,
  },
  additionalProperties: false,
} as const;
export type ContactEditBody = FromSchema<typeof contactEditBodySchema>;

export const contactCloseBodySchema = {
  type: ['object', 'null'],
  properties: { notes: { type: 'string', maxLength: 100_000 } },
  additionalProperties: false,
} as const;
export type ContactCloseBody = { notes?: string } | null;

/** A new contact: rawData is the input map (validated against the 'create' form); outputs are optional. */
export const contactInsertBodySchema = {
  type: 'object',
  required: ['rawData'],
  properties: { rawData: valueMapSchema, outputs: valueMapSchema },
  additionalProperties: false,
} as const;
export type ContactInsertBody = FromSchema<typeof contactInsertBodySchema>;

export const newContactSchema = {
  type: 'object',
  required: ['id', 'visible'],
  properties: {
    id: { type: 'string', pattern: CONTACT_ID_PATTERN },
    /**
     * Whether the caller can open the new contact: it is unassigned, and an agent of a workspace with
     * onlyAssignedContacts sees only their own (the show call would answer 403). The create form then stays, empty.
     */
    visible: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;
export type NewContact = FromSchema<typeof newContactSchema>;

/** Why an action of a contact is disabled (the action list's `reason`); the browser shows them in the user's language. */
export const ACTION_BLOCKED_REASONS = {
  closed: 'The contact is closed',
  notProcessable: 'The contact is not processable',
  notYours: 'Take the contact to run its actions: it is not assigned to you',
} as const;

export const contactActionSchema = {
  type: 'object',
  required: ['key', 'type', 'name', 'enabled', 'reason'],
  properties: {
    key: { type: 'string' },
    type: { type: 'string', enum: ['sms'] },
    name: { type: 'string' },
    enabled: { type: 'boolean' },
    /** Why the action is disabled; null when enabled. */
    reason: nullableString,
  },
  additionalProperties: false,
} as const;
export type ContactAction = FromSchema<typeof contactActionSchema>;

export const actionParamsSchema = {
  type: 'object',
  required: ['id', 'action'],
  properties: { id: contactId, action: name },
  additionalProperties: false,
} as const;

/** phone: empty (the contact's own number, from the template's phoneField) or optional +39 then 9 or 10 digits. */
export const actionBodySchema = {
  type: ['object', 'null'],
  properties: { phone: { type: 'string', pattern: PHONE_PATTERN } },
  additionalProperties: false,
} as const;
export type ActionBody = { phone?: string } | null;

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
/** Where a message goes: a phone (SMS) or the web app's endpoint (webappConfigs). */
export const OUTBOX_CHANNELS = ['sms', 'webapp'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export const OUTBOX_TRIGGERS = ['state', 'action', 'manual'] as const;

export const outboxMessageSchema = {
  type: 'object',
  required: ['id', 'channel', 'workspaceId', 'contactId', 'configId', 'trigger', 'sender', 'recipient', 'body', 'url', 'status', 'error', 'createdAt', 'createdBy', 'attempts', 'providerId', 'sentAt', 'updatedAt'],
  properties: {
    id: { type: 'integer' },
    channel: { type: 'string', enum: OUTBOX_CHANNELS },
    workspaceId: { type: 'string' },
    contactId: nullableString,
    /** The smsConfigs / webappConfigs id. */
    configId: { type: 'string' },
    /** 'state': onStateReached of a save; 'action': the send-action button; 'manual': the /sms screen. */
    trigger: { type: 'string', enum: OUTBOX_TRIGGERS },
    sender: nullableString,
    recipient: nullableString,
    body: { type: 'string' },
    url: nullableString,
    /**
     * queued: waiting for the dispatcher (also between retries, and for good when no gateway is configured);
     * sending: claimed by a dispatcher; sent: the gateway accepted it (providerId); failed: refused or out of
     * retries, or not sendable at all (error says why).
     */
    status: { type: 'string', enum: OUTBOX_STATUSES },
    /** The last delivery error (kept while a retry is pending). */
    error: nullableString,
    createdAt: { type: 'string' },
    createdBy: nullableString,
    /** Delivery attempts made so far. */
    attempts: { type: 'integer' },
    /** The gateway's id of the message, once sent. */
    providerId: nullableString,
    sentAt: nullableString,
    /** The last status change. */
    updatedAt: nullableString,
  },
  additionalProperties: false,
} as const;
export type OutboxMessage = FromSchema<typeof outboxMessageSchema>;

export const outboxQuerySchema = {
  type: 'object',
  required: ['workspace'],
  properties: {
    workspace: { type: 'string', minLength: 1, maxLength: 100 },
    contactId,
    /** Only messages in this status. */
    status: { type: 'string', enum: OUTBOX_STATUSES },
    /** Only messages of this channel (the /sms screen's outbox asks for 'sms', so web-app messages do not crowd it out). */
    channel: { type: 'string', enum: OUTBOX_CHANNELS },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
  },
  additionalProperties: false,
} as const;

export const widgetSchema = {
  type: 'object',
  required: ['id', 'name', 'config'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    /** icon, and the _notValid / _failed variants (color, icon, text). */
    config: { type: 'object', additionalProperties: true },
  },
  additionalProperties: false,
} as const;
export type WidgetInfo = FromSchema<typeof widgetSchema>;

export const widgetParamsSchema = {
  type: 'object',
  required: ['id', 'n'],
  properties: { id: contactId, n: { type: 'string', minLength: 1, maxLength: 200, description: "The widget's id, or its position (0-based)." } },
  additionalProperties: false,
} as const;

/** What the widget computed; `_isValid: false` shows the _notValid variant, `_isFailed: true` the _failed one. */
export const widgetDataSchema = {
  type: 'object',
  properties: { _isValid: { type: 'boolean' }, _isFailed: { type: 'boolean' }, error: { type: 'string' } },
  additionalProperties: true,
} as const;
export type WidgetData = { _isValid?: boolean; _isFailed?: boolean; error?: string } & Record<string, unknown>;

export const fileParamsSchema = {
  type: 'object',
  required: ['id', 'field', 'name'],
  properties: { id: contactId, field: name, name: { type: 'string', minLength: 1, maxLength: 255 } },
  additionalProperties: false,
} as const;

export const RESULT_FORMAT_HEADER = 'result-format';
export const fileGetHeadersSchema = {
  type: 'object',
  properties: { [RESULT_FORMAT_HEADER]: { type: 'string', enum: ['base64', 'buffer'], description: 'base64 (default): { data: { contentType, data } }; buffer: the raw bytes.' } },
} as const;

export const fileContentSchema = {
  type: 'object',
  required: ['contentType', 'data'],
  properties: { contentType: { type: 'string' }, data: { type: 'string', description: 'base64' } },
  additionalProperties: false,
} as const;
export type FileContent = FromSchema<typeof fileContentSchema>;

export const uploadResultSchema = {
  type: 'object',
  required: ['field', 'name', 'contentType', 'size', 'items'],
  properties: {
    field: { type: 'string' },
    name: { type: 'string' },
    contentType: { type: 'string', enum: ['application/pdf', 'image/png', 'image/jpeg'] },
    size: { type: 'integer' },
    /** The array output after the upload (the media list). */
    items: { type: 'array', items: { type: 'object', additionalProperties: true } },
    /** The contact's version after the upload: a file change is a change of the contact, like a save. */
    version: { type: 'integer' },
  },
  additionalProperties: false,
} as const;
export type UploadResult = FromSchema<typeof uploadResultSchema>;

/** A deleted attachment: ok, and the contact's version after the change. */
export const deleteResultSchema = {
  type: 'object',
  required: ['ok'],
  properties: { ok: { type: 'boolean' }, version: { type: 'integer' } },
  additionalProperties: false,
} as const;
export type DeleteResult = FromSchema<typeof deleteResultSchema>;

const tags = ['contact work'] as const;
const fileErrors = errorResponses(400, 401, 403, 404);

export const contactWorkRoutes = {
  getContact: {
    method: 'GET',
    url: '/api/cntmng/contact/:id',
    schema: {
      summary: 'One contact, with its version for the save. The Agent-Script-Open request header is recorded and echoed.',
      tags,
      params: contactParamsSchema,
      headers: contactGetHeadersSchema,
      querystring: noQuery,
      response: { 200: contactResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
  },
  states: {
    method: 'GET',
    url: '/api/cntmng/contact/:id/states',
    schema: {
      summary: 'The states the agent may move the contact to: manual states other than the current one, by label; none once closed.',
      tags,
      params: contactParamsSchema,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: allowedStateSchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  stateHistory: {
    method: 'GET',
    url: '/api/cntmng/contact/:id/stateHistory',
    schema: {
      summary: 'The history of the contact, oldest first: insert or clone, states, outcomes, take, release, assign, close, edit.',
      tags,
      params: contactParamsSchema,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: historyEntrySchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  save: {
    method: 'PUT',
    url: '/api/cntmng/contact/:id',
    schema: {
      summary: "The agent's save: state, notes, outcome, editable inputs and outputs, checked against the show form of the role.",
      description:
        'Stale version: 409, nothing changed. Closed or not-processable contact: 422. Values breaking the form schema: 400 with one ' +
        'error per field (field = JSON pointer, e.g. /inputs/telefono). A state whose onStateReached is sms or webapp writes the ' +
        'templated message to the outbox (GET /api/cntmng/outbox).',
      tags,
      params: contactParamsSchema,
      body: contactSaveBodySchema,
      querystring: noQuery,
      response: { 200: contactResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
  },
  edit: {
    method: 'PUT',
    url: '/api/cntmng/contact/:id/edit',
    schema: {
      summary: 'Administrative edit: agentId, priority (1-10), inputs and outputs, checked against the edit form.',
      description: 'agentId: a user the caller sees (agentList permission), else only the caller or null. Stale version: 409.',
      tags,
      params: contactParamsSchema,
      body: contactEditBodySchema,
      querystring: noQuery,
      response: { 200: contactResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
  },
  close: {
    method: 'POST',
    url: '/api/cntmng/contact/:id/close',
    schema: {
      summary: 'Closes the contact (availability closed); notes optional. Already closed: 422.',
      tags,
      params: contactParamsSchema,
      body: contactCloseBodySchema,
      querystring: noQuery,
      response: { 200: contactResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
    },
  },
  insert: {
    method: 'POST',
    url: '/api/cntmng/contact/insert/:workspace',
    schema: {
      summary: 'Creates a contact in the entry state from rawData (the input map), checked against the create form; answers the 24-hex id.',
      description: 'The workspace entry state must be manual, else 422.',
      tags,
      params: { type: 'object', required: ['workspace'], properties: { workspace: { type: 'string', minLength: 1, maxLength: 100 } }, additionalProperties: false } as const,
      body: contactInsertBodySchema,
      querystring: noQuery,
      response: { 200: envelope(newContactSchema), ...errorResponses(400, 401, 403, 404, 422) },
    },
  },
  clone: {
    method: 'POST',
    url: '/api/cntmng/contact/:id/clone',
    schema: {
      summary: 'Copies the contact into a new one in the entry state (originalContactId = this id); needs cloneEnabled.',
      description: 'Attachment and document arrays are not copied (the files stay with the original).',
      tags,
      params: contactParamsSchema,
      querystring: noQuery,
      body: noBody,
      response: { 200: envelope(newContactSchema), ...errorResponses(400, 401, 403, 404, 422) },
    },
  },
  actions: {
    method: 'GET',
    url: '/api/cntmng/contact/:id/action',
    schema: {
      summary: "The contact's actions: one 'send SMS' per smsConfigs template; disabled ones say why.",
      tags,
      params: contactParamsSchema,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: contactActionSchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  runAction: {
    method: 'POST',
    url: '/api/cntmng/contact/:id/action/:action',
    schema: {
      summary: "Runs an action: the template's SMS goes to the outbox, to `phone` or, when empty, to the contact's phoneField.",
      tags,
      params: actionParamsSchema,
      body: actionBodySchema,
      querystring: noQuery,
      response: { 200: envelope(outboxMessageSchema), ...errorResponses(400, 401, 403, 404, 422) },
    },
  },
  widgets: {
    method: 'GET',
    url: '/api/cntmng/contact/:id/widget',
    schema: {
      summary: "The workspace's widgets (id, name, config).",
      tags,
      params: contactParamsSchema,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: widgetSchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  widgetData: {
    method: 'GET',
    url: '/api/cntmng/contact/:id/widget/:n',
    schema: {
      summary: "A widget's data, computed over the contact; a failure answers 200 with _isFailed: true.",
      tags,
      params: widgetParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(widgetDataSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  uploadAttachment: {
    method: 'POST',
    url: '/api/cntmng/contact/:id/attachment/:field/:name',
    schema: {
      summary: 'Uploads a file (multipart part fileContent) into an attachment array output; same name replaces.',
      description:
        "Type from the file's bytes: pdf, png or jpeg, else 415 'FILE NON SUPPORTATO'. Over attachmentConfigs.maxSize " +
        "(default 5,000,000 bytes): 413 'IL FILE SUPERA LA DIMENSIONE LIMITE DI {n} MB'. The contact's version goes up by one " +
        '(the answer carries it), so a save sent with the version read before the upload answers 409. Needs the write ' +
        "rule: the contact is the caller's own, or the caller may act on others' contacts (workOthers).",
      tags,
      consumes: ['multipart/form-data'],
      params: fileParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(uploadResultSchema), ...fileErrors, ...errorResponses(413, 415, 422) },
    },
  },
  getAttachment: {
    method: 'GET',
    url: '/api/cntmng/contact/:id/attachment/:field/:name',
    schema: {
      summary: 'An attachment: Result-Format base64 (default) answers { data: { contentType, data } }, buffer the raw bytes.',
      tags,
      params: fileParamsSchema,
      headers: fileGetHeadersSchema,
      produces: ['application/json', 'application/pdf', 'image/png', 'image/jpeg'],
      querystring: noQuery,
      response: { 200: envelope(fileContentSchema), ...fileErrors },
    },
  },
  deleteAttachment: {
    method: 'DELETE',
    url: '/api/cntmng/contact/:id/attachment/:field/:name',
    schema: {
      summary: 'Deletes an attachment and its entry in the array output.',
      description: "The contact's version goes up by one (the answer carries it), as for an upload. Needs the write rule.",
      tags,
      params: fileParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(deleteResultSchema), ...fileErrors, ...errorResponses(422) },
    },
  },
  getDocument: {
    method: 'GET',
    url: '/api/cntmng/contact/:id/doc/:field/:name',
    schema: {
      summary: "A document of a doc array output (by name or docId): a PDF of the contact's data, generated once and kept.",
      tags,
      params: fileParamsSchema,
      headers: fileGetHeadersSchema,
      produces: ['application/json', 'application/pdf'],
      querystring: noQuery,
      response: { 200: envelope(fileContentSchema), ...fileErrors },
    },
  },
  outbox: {
    method: 'GET',
    url: '/api/cntmng/outbox',
    schema: {
      summary: "The workspace's outgoing SMS and webapp messages, newest first (admin and team-leader); `status` filters.",
      tags,
      querystring: outboxQuerySchema,
      response: { 200: envelope({ type: 'array', items: outboxMessageSchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
} as const;

/** Address lookups (spec 2 §2.6, §7). An empty query answers an empty list. At most 50 items, best matches first. */
export const provinceItemSchema = {
  type: 'object',
  required: ['p', 'x', 'r'],
  properties: { p: { type: 'string', description: 'province' }, x: { type: 'string', description: 'acronym' }, r: { type: 'string', description: 'region' } },
  additionalProperties: false,
} as const;
export type ProvinceItem = FromSchema<typeof provinceItemSchema>;

export const cityItemSchema = {
  type: 'object',
  required: ['p', 'x', 'c'],
  properties: { p: { type: 'string' }, x: { type: 'string' }, c: { type: 'string', description: 'city' } },
  additionalProperties: false,
} as const;
export type CityItem = FromSchema<typeof cityItemSchema>;

export const streetItemSchema = {
  type: 'object',
  required: ['s', 'c', 'p', 'x'],
  properties: { s: { type: 'string', description: 'street' }, c: { type: 'string' }, p: { type: 'string' }, x: { type: 'string' } },
  additionalProperties: false,
} as const;
export type StreetItem = FromSchema<typeof streetItemSchema>;

const q = { type: 'string', maxLength: 100, default: '' } as const;
/** 'nan' (or empty) means any province. */
const provinceAcr = { type: 'string', maxLength: 100, default: 'nan', description: "Province acronym (or name), 'nan' for none." } as const;
const addressTags = ['address'] as const;

export const addressRoutes = {
  provinces: {
    method: 'GET',
    url: '/api/cntmng/utils/address/provinces',
    schema: {
      summary: 'Provinces whose name or acronym matches p.',
      tags: addressTags,
      querystring: { type: 'object', properties: { p: q }, additionalProperties: false } as const,
      response: { 200: envelope({ type: 'array', items: provinceItemSchema } as const), ...errorResponses(400, 401, 403) },
    },
  },
  cities: {
    method: 'GET',
    url: '/api/cntmng/utils/address/cities',
    schema: {
      summary: "Municipalities whose name contains c, in province p ('nan' for any).",
      tags: addressTags,
      querystring: { type: 'object', properties: { p: provinceAcr, c: q }, additionalProperties: false } as const,
      response: { 200: envelope({ type: 'array', items: cityItemSchema } as const), ...errorResponses(400, 401, 403) },
    },
  },
  streets: {
    method: 'GET',
    url: '/api/cntmng/utils/address/streets',
    schema: {
      summary: "Streets whose name contains s, in city c (exact, case-insensitive; empty for any) and province p ('nan' for any).",
      tags: addressTags,
      querystring: { type: 'object', properties: { p: provinceAcr, c: { type: 'string', maxLength: 100, default: '' }, s: q }, additionalProperties: false } as const,
      response: { 200: envelope({ type: 'array', items: streetItemSchema } as const), ...errorResponses(400, 401, 403) },
    },
  },
} as const;

/**
 * Messages the spec quotes (spec 2 §8), sent as they are in every language. The server's other refusals are in its
 * catalogue (src/server/server-messages.ts), worded in the caller's language.
 */
export const CONTACT_WORK_MESSAGES = {
  fileNotSupported: 'FILE NON SUPPORTATO',
  fileTooLarge: (maxBytes: number) => `IL FILE SUPERA LA DIMENSIONE LIMITE DI ${Math.round((maxBytes / 1_000_000) * 100) / 100} MB`,
} as const;
