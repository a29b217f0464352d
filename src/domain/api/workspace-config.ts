import type { FromSchema } from 'json-schema-to-ts';
import { envelope, errorResponses, noQuery } from './common';
import { workspaceSummarySchema } from './workspace';

/**
 * The Workspaces tab of /workspaceconfig (spec 1 §2, §3; DESIGN.md "Configuration is versioned data"): admins change a
 * workspace and its data model at run time. Every call needs the `workspaceconfig` permission on the server, except
 * the push channel (`changes`), which every signed-in user holds open and which only carries notices of the
 * workspaces that user may open.
 *
 * Versions: a workspace and its data model each count their own versions. Each workspace version records the data
 * model version it was published with, so "version N" of a workspace names a whole configuration (both documents).
 */

const idText = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$' } as const;
const version = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const comment = { type: 'string', maxLength: 2000 } as const;
const nullableText = { type: ['string', 'null'] } as const;

/** A whole workspace or data model document as the admin wrote it (checked by validate/publish, not by the route). */
export const configDocumentSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  additionalProperties: true,
} as const;
export type ConfigDocument = { id: string } & Record<string, unknown>;

/** One problem of a draft: where (document and JSON pointer), which rule, and a sentence in the user's language. */
export const configProblemSchema = {
  type: 'object',
  required: ['document', 'pointer', 'rule', 'message', 'severity'],
  properties: {
    document: { type: 'string', enum: ['workspace', 'dataModel'] },
    /** RFC 6901 pointer inside that document ('' is the whole document). */
    pointer: { type: 'string' },
    /** A stable code of the rule broken: `schema:required`, `group-field-missing`, `dependency-cycle`… */
    rule: { type: 'string' },
    message: { type: 'string' },
    severity: { type: 'string', enum: ['error', 'warning'] },
  },
  additionalProperties: false,
} as const;
export type ConfigProblem = FromSchema<typeof configProblemSchema>;

/**
 * The 400 of publish, create, rollback (and the 409 of publish): the usual error body plus the problem list and,
 * on a conflict, the version now live.
 */
export const configErrorSchema = {
  type: 'object',
  required: ['statusCode', 'error', 'message', 'errors'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['message'],
        properties: {
          message: { type: 'string' },
          field: { type: 'string' },
          pointer: { type: 'string' },
          rule: { type: 'string' },
          document: { type: 'string', enum: ['workspace', 'dataModel'] },
          severity: { type: 'string', enum: ['error', 'warning'] },
        },
        additionalProperties: false,
      },
    },
    /** 409: the workspace version now live (and its data model's). */
    currentVersion: { type: 'integer' },
    currentDataModelVersion: { type: 'integer' },
  },
  additionalProperties: false,
} as const;
export type ConfigError = FromSchema<typeof configErrorSchema>;

export const configWorkspaceRowSchema = {
  type: 'object',
  required: ['id', 'name', 'dataModelId', 'enabled', 'version', 'dataModelVersion', 'publishedAt', 'publishedBy'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    dataModelId: { type: 'string' },
    enabled: { type: 'boolean' },
    version: { type: 'integer' },
    dataModelVersion: { type: 'integer' },
    /** When and by whom the current version was published (null for a seeded version nobody published). */
    publishedAt: nullableText,
    publishedBy: nullableText,
  },
  additionalProperties: false,
} as const;
export type ConfigWorkspaceRow = FromSchema<typeof configWorkspaceRowSchema>;

/** A whole configuration: both documents and their versions. */
export const configurationSchema = {
  type: 'object',
  required: ['workspace', 'dataModel', 'version', 'dataModelVersion'],
  properties: {
    workspace: configDocumentSchema,
    dataModel: configDocumentSchema,
    version: { type: 'integer' },
    dataModelVersion: { type: 'integer' },
  },
  additionalProperties: false,
} as const;
export type Configuration = { workspace: ConfigDocument; dataModel: ConfigDocument; version: number; dataModelVersion: number };

export const versionEntrySchema = {
  type: 'object',
  required: ['version', 'dataModelVersion', 'at', 'by', 'comment', 'action', 'fromVersion'],
  properties: {
    version: { type: 'integer' },
    dataModelVersion: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    by: nullableText,
    comment: nullableText,
    /** What made this version: the seed, a create or import, a publish, or a rollback (to fromVersion's document). */
    action: { type: 'string', enum: ['seed', 'create', 'publish', 'rollback'] },
    /** The version it was edited from (publish) or restored (rollback); null for the first. */
    fromVersion: { type: ['integer', 'null'] },
  },
  additionalProperties: false,
} as const;
export type VersionEntry = FromSchema<typeof versionEntrySchema>;

/** One recorded change: publish, rollback, create, enable or disable (who, when, from → to, comment). */
export const auditEntrySchema = {
  type: 'object',
  required: ['id', 'workspaceId', 'action', 'fromVersion', 'toVersion', 'at', 'by', 'comment'],
  properties: {
    id: { type: 'string' },
    workspaceId: { type: 'string' },
    action: { type: 'string', enum: ['create', 'publish', 'rollback', 'enable', 'disable'] },
    fromVersion: { type: ['integer', 'null'] },
    toVersion: { type: ['integer', 'null'] },
    at: { type: 'string', format: 'date-time' },
    by: nullableText,
    comment: nullableText,
  },
  additionalProperties: false,
} as const;
export type AuditEntry = FromSchema<typeof auditEntrySchema>;

/** RFC 6902 operations (fast-json-patch's `compare`). */
export const jsonPatchSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['op', 'path'],
    properties: {
      op: { type: 'string', enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
      path: { type: 'string' },
      from: { type: 'string' },
      value: {},
    },
    additionalProperties: false,
  },
} as const;
export type JsonPatch = Array<{ op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test'; path: string; from?: string; value?: unknown }>;

export const draftBodySchema = {
  type: 'object',
  required: ['workspace', 'dataModel'],
  properties: { workspace: configDocumentSchema, dataModel: configDocumentSchema },
  additionalProperties: false,
} as const;
export type DraftBody = { workspace: ConfigDocument; dataModel: ConfigDocument };

export const createBodySchema = {
  type: 'object',
  required: ['workspace', 'dataModel'],
  properties: { workspace: configDocumentSchema, dataModel: configDocumentSchema, comment },
  additionalProperties: false,
} as const;
export type CreateBody = DraftBody & { comment?: string };

export const publishBodySchema = {
  type: 'object',
  required: ['baseVersion', 'workspace', 'dataModel'],
  properties: {
    /** The workspace version the draft was edited from: another publish since then answers 409. */
    baseVersion: version,
    /** The data model version the draft was edited from (checked the same way when given). */
    baseDataModelVersion: version,
    workspace: configDocumentSchema,
    dataModel: configDocumentSchema,
    comment,
  },
  additionalProperties: false,
} as const;
export type PublishBody = DraftBody & { baseVersion: number; baseDataModelVersion?: number; comment?: string };

export const publishedSchema = {
  type: 'object',
  required: ['version', 'dataModelVersion'],
  properties: { version: { type: 'integer' }, dataModelVersion: { type: 'integer' } },
  additionalProperties: false,
} as const;
export type Published = FromSchema<typeof publishedSchema>;

export const validationResultSchema = {
  type: 'object',
  required: ['valid', 'problems'],
  properties: { valid: { type: 'boolean' }, problems: { type: 'array', items: configProblemSchema } },
  additionalProperties: false,
} as const;
export type ValidationResult = FromSchema<typeof validationResultSchema>;

/** Most examples an impact answer lists. */
export const IMPACT_MAX_EXAMPLES = 20;

export const impactSchema = {
  type: 'object',
  required: ['checked', 'failing', 'examples'],
  properties: {
    /** Contacts of the workspace checked against the draft's create/edit schema. */
    checked: { type: 'integer' },
    /** How many of them would no longer pass. */
    failing: { type: 'integer' },
    examples: {
      type: 'array',
      maxItems: IMPACT_MAX_EXAMPLES,
      items: {
        type: 'object',
        required: ['contactId', 'field', 'message'],
        properties: { contactId: { type: 'string' }, field: { type: 'string' }, message: { type: 'string' } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;
export type Impact = FromSchema<typeof impactSchema>;

export const rollbackBodySchema = {
  type: 'object',
  required: ['baseVersion', 'toVersion'],
  properties: { baseVersion: version, toVersion: version, comment },
  additionalProperties: false,
} as const;
export type RollbackBody = FromSchema<typeof rollbackBodySchema>;

export const enabledBodySchema = {
  type: 'object',
  required: ['enabled'],
  properties: { enabled: { type: 'boolean' }, comment },
  additionalProperties: false,
} as const;
export type EnabledBody = FromSchema<typeof enabledBodySchema>;

export const diffQuerySchema = {
  type: 'object',
  required: ['from', 'to'],
  properties: { from: version, to: version },
  additionalProperties: false,
} as const;
export type DiffQuery = FromSchema<typeof diffQuerySchema>;

export const diffSchema = {
  type: 'object',
  required: ['from', 'to', 'workspace', 'dataModel'],
  properties: {
    from: { type: 'integer' },
    to: { type: 'integer' },
    /** Applying these to version `from`'s workspace gives version `to`'s. */
    workspace: jsonPatchSchema,
    /** The same for the data models the two versions were published with. */
    dataModel: jsonPatchSchema,
  },
  additionalProperties: false,
} as const;
export type ConfigDiff = { from: number; to: number; workspace: JsonPatch; dataModel: JsonPatch };

export const workspaceIdParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: idText },
  additionalProperties: false,
} as const;

export const versionParamsSchema = {
  type: 'object',
  required: ['id', 'version'],
  properties: { id: idText, version },
  additionalProperties: false,
} as const;

/** The notice the push channel sends (`event: published`, this as `data`) when a workspace's live version changes. */
export const configChangeSchema = {
  type: 'object',
  required: ['workspaceId', 'version', 'dataModelId', 'dataModelVersion', 'enabled', 'action', 'at', 'by'],
  properties: {
    workspaceId: { type: 'string' },
    version: { type: 'integer' },
    dataModelId: { type: 'string' },
    dataModelVersion: { type: 'integer' },
    enabled: { type: 'boolean' },
    action: { type: 'string', enum: ['create', 'publish', 'rollback', 'enable', 'disable'] },
    at: { type: 'string', format: 'date-time' },
    by: nullableText,
  },
  additionalProperties: false,
} as const;
export type ConfigChange = FromSchema<typeof configChangeSchema>;

/** The SSE event name of a configuration change notice. */
export const CONFIG_CHANGE_EVENT = 'published';

/**
 * The notice the push channel sends (`event: access`, this as `data`) when the workspaces a user may open may have
 * changed without any workspace changing: a team's association with workspaces (Teams tab), a user's workspace rights
 * (/setting). Each non-admin stream gets its user's list as GET /api/cntmng/user/workspace answers it.
 */
export const accessChangeSchema = {
  type: 'object',
  required: ['workspaces'],
  properties: { workspaces: { type: 'array', items: workspaceSummarySchema } },
  additionalProperties: false,
} as const;
export type AccessChange = FromSchema<typeof accessChangeSchema>;

/** The SSE event name of an access change notice. */
export const ACCESS_CHANGE_EVENT = 'access';

const tags = ['workspaceconfig'] as const;
const BASE = '/api/cntmng/workspaceconfig/workspaces';

export const workspaceConfigRoutes = {
  list: {
    method: 'GET',
    url: BASE,
    schema: {
      summary: 'Every workspace with its data model, enabled flag, current version and when and by whom it was last published.',
      tags,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: configWorkspaceRowSchema } as const), ...errorResponses(401, 403) },
    },
  },
  create: {
    method: 'POST',
    url: BASE,
    schema: {
      summary: 'Create or import a workspace with a new or existing data model (version 1 of the workspace). 400 lists every problem; 409 when the workspace id is taken.',
      tags,
      body: createBodySchema,
      querystring: noQuery,
      response: { 200: envelope(publishedSchema), 400: configErrorSchema, 409: configErrorSchema, ...errorResponses(401, 403) },
    },
  },
  read: {
    method: 'GET',
    url: `${BASE}/:id`,
    schema: {
      summary: "The workspace's and its data model's current documents and versions.",
      tags,
      params: workspaceIdParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(configurationSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  publish: {
    method: 'PUT',
    url: `${BASE}/:id`,
    schema: {
      summary:
        'Publish a draft: a new version of the workspace (and of its data model when it changed) in one transaction. ' +
        '400 with every problem when the draft is invalid; 409 with the current version when someone published since baseVersion. Nothing is written on either.',
      tags,
      params: workspaceIdParamsSchema,
      body: publishBodySchema,
      querystring: noQuery,
      response: { 200: envelope(publishedSchema), 400: configErrorSchema, 409: configErrorSchema, ...errorResponses(401, 403, 404) },
    },
  },
  validate: {
    method: 'POST',
    url: `${BASE}/:id/validate`,
    schema: {
      summary: "Validate a draft without saving it: every problem at once, each with its JSON pointer, rule and a message in the user's language.",
      tags,
      params: workspaceIdParamsSchema,
      body: draftBodySchema,
      querystring: noQuery,
      response: { 200: envelope(validationResultSchema), ...errorResponses(400, 401, 403) },
    },
  },
  impact: {
    method: 'POST',
    url: `${BASE}/:id/impact`,
    schema: {
      summary: "How many of the workspace's contacts would no longer pass the draft's create/edit schema, with up to 20 examples.",
      tags,
      params: workspaceIdParamsSchema,
      body: draftBodySchema,
      querystring: noQuery,
      response: { 200: envelope(impactSchema), 400: configErrorSchema, ...errorResponses(401, 403, 404) },
    },
  },
  versions: {
    method: 'GET',
    url: `${BASE}/:id/versions`,
    schema: {
      summary: "The workspace's versions, newest first (version, when, who, comment, what made it).",
      tags,
      params: workspaceIdParamsSchema,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: versionEntrySchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  version: {
    method: 'GET',
    url: `${BASE}/:id/versions/:version`,
    schema: {
      summary: 'One past version: the workspace document and the data model it was published with.',
      tags,
      params: versionParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(configurationSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  diff: {
    method: 'GET',
    url: `${BASE}/:id/diff`,
    schema: {
      summary: 'RFC 6902 JSON Patch from version `from` to version `to`, for the workspace and for its data model.',
      tags,
      params: workspaceIdParamsSchema,
      querystring: diffQuerySchema,
      response: { 200: envelope(diffSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  rollback: {
    method: 'POST',
    url: `${BASE}/:id/rollback`,
    schema: {
      summary: "Publish an old version's documents as a new version (history is never rewritten). 409 when baseVersion is not the current one.",
      tags,
      params: workspaceIdParamsSchema,
      body: rollbackBodySchema,
      querystring: noQuery,
      response: { 200: envelope(publishedSchema), 400: configErrorSchema, 409: configErrorSchema, ...errorResponses(401, 403, 404) },
    },
  },
  enabled: {
    method: 'POST',
    url: `${BASE}/:id/enabled`,
    schema: {
      summary: 'Enable or disable the workspace (recorded like a publish).',
      tags,
      params: workspaceIdParamsSchema,
      body: enabledBodySchema,
      querystring: noQuery,
      response: { 200: envelope({ type: 'object', required: ['enabled'], properties: { enabled: { type: 'boolean' } }, additionalProperties: false } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  export: {
    method: 'GET',
    url: `${BASE}/:id/export`,
    schema: {
      summary: 'The current workspace and data model as one JSON file (`{ workspace, dataModel }`), ready to import; attachment `{id}-v{version}.json`.',
      tags,
      params: workspaceIdParamsSchema,
      querystring: noQuery,
      response: { 200: draftBodySchema, ...errorResponses(400, 401, 403, 404) },
    },
  },
  audit: {
    method: 'GET',
    url: `${BASE}/:id/audit`,
    schema: {
      summary: 'Every recorded change of the workspace, newest first: create, publish, rollback, enable, disable (who, when, from → to, comment).',
      tags,
      params: workspaceIdParamsSchema,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: auditEntrySchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  changes: {
    method: 'GET',
    url: '/api/cntmng/workspaceconfig/changes',
    schema: {
      summary:
        'The push channel (text/event-stream): an `event: published` notice (data: a configuration change) for every publish, rollback, create, ' +
        'enable or disable of a workspace the signed-in user may open, within a second, fed by PostgreSQL LISTEN/NOTIFY so that every server ' +
        'process on one database sees it; an `event: access` notice (data: the user\'s workspace list) when a team association or a user\'s ' +
        'workspace rights change. Any signed-in user; a comment line every 25 s keeps it open.',
      tags,
      querystring: noQuery,
      response: { 200: { type: 'string' } as const, ...errorResponses(401) },
    },
  },
} as const;
