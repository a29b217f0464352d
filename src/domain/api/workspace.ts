import type { FromSchema } from 'json-schema-to-ts';
import { envelope, errorResponses, noQuery, noBody } from './common';

/**
 * Workspace, data model, agent presence and branding calls of spec 1 §7 (and spec 3 §7 for the heartbeat).
 * "Path not shown" calls live under the same prefixes; every path is in the OpenAPI document.
 */

export const workspaceSummarySchema = {
  type: 'object',
  required: ['id', 'name', 'dataModelId', 'enabled'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    dataModelId: { type: 'string' },
    enabled: { type: 'boolean' },
    /** With ?userId= (assign-workspaces dialog): the workspace is forbidden to that user. */
    forbidden: { type: 'boolean' },
    /** With ?userId=: the workspace's profilingDisabled (a team-leader cannot toggle it). */
    profilingDisabled: { type: 'boolean' },
    /** With ?userId=: whether the caller may enable or disable it for that user. */
    toggleable: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;
export type WorkspaceSummary = FromSchema<typeof workspaceSummarySchema>;

/** A whole workspace or data model document (validated against schemas/*.schema.json when saved). */
export const documentSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' } },
  additionalProperties: true,
} as const;

export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  additionalProperties: false,
} as const;
export type IdParams = FromSchema<typeof idParamsSchema>;

export const userWorkspacesQuerySchema = {
  type: 'object',
  properties: {
    /** Another user's workspaces; only for whoever holds the 'setting' permission. */
    userId: { type: 'string', minLength: 1, maxLength: 100 },
  },
  additionalProperties: false,
} as const;
export type UserWorkspacesQuery = FromSchema<typeof userWorkspacesQuerySchema>;

export const agentSigninBodySchema = {
  type: 'object',
  required: ['agentId', 'workspaceId'],
  properties: {
    agentId: { type: 'string', minLength: 1, maxLength: 100 },
    workspaceId: { type: 'string', minLength: 1, maxLength: 100 },
  },
  additionalProperties: false,
} as const;
export type AgentSigninBody = FromSchema<typeof agentSigninBodySchema>;

export const agentSigninDataSchema = {
  type: 'object',
  required: ['agentId', 'workspaceId', 'signedInAt', 'sessionStart', 'sessionTimeout'],
  properties: {
    agentId: { type: 'string' },
    workspaceId: { type: 'string' },
    signedInAt: { type: 'number' },
    sessionStart: { type: 'number' },
    /** The idle timeout now in force: the workspace's sessionTimeout. */
    sessionTimeout: { type: 'number' },
  },
  additionalProperties: false,
} as const;
export type AgentSigninData = FromSchema<typeof agentSigninDataSchema>;

export const heartbeatDataSchema = {
  type: 'object',
  required: ['at', 'sessionStart', 'sessionTimeout'],
  properties: { at: { type: 'number' }, sessionStart: { type: 'number' }, sessionTimeout: { type: 'number' } },
  additionalProperties: false,
} as const;
export type HeartbeatData = FromSchema<typeof heartbeatDataSchema>;

export const assetsDataSchema = {
  type: 'object',
  required: ['logoLogin', 'logoNav'],
  properties: {
    /** A data: URL or a URL served by the app; the default logo when none is configured. */
    logoLogin: { type: 'string' },
    logoNav: { type: 'string' },
  },
  additionalProperties: false,
} as const;
export type AssetsData = FromSchema<typeof assetsDataSchema>;

export const logoParamsSchema = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', enum: ['logo-login.svg', 'logo-nav.svg'] } },
  additionalProperties: false,
} as const;

export const assetsQuerySchema = {
  type: 'object',
  properties: { workspaceId: { type: 'string', minLength: 1, maxLength: 100 } },
  additionalProperties: false,
} as const;
export type AssetsQuery = FromSchema<typeof assetsQuerySchema>;

export const workspaceRoutes = {
  userWorkspaces: {
    method: 'GET',
    url: '/api/cntmng/user/workspace',
    schema: {
      summary:
        "The user's enabled workspaces (admin: all). ?userId= (needs 'setting' and the right to manage that user): the workspaces " +
        "of that user's team, site or outsourcer (all for an admin), each with forbidden, profilingDisabled and toggleable.",
      tags: ['workspace'],
      querystring: userWorkspacesQuerySchema,
      response: { 200: envelope({ type: 'array', items: workspaceSummarySchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  userWorkspace: {
    method: 'GET',
    url: '/api/cntmng/user/workspace/:id',
    schema: {
      summary: 'A whole workspace document; 403 when the user may not open it.',
      tags: ['workspace'],
      params: idParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(documentSchema), ...errorResponses(401, 403, 404) },
    },
  },
  dataModel: {
    method: 'GET',
    url: '/api/dmll/data-model/:id',
    schema: {
      summary: 'A data model document.',
      tags: ['data-model'],
      params: idParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(documentSchema), ...errorResponses(401, 403, 404) },
    },
  },
  agentSignin: {
    method: 'POST',
    url: '/api/cntmng/agent/signin',
    schema: {
      summary: "Agent sign-in: records presence and binds the session to the workspace (its sessionTimeout applies).",
      tags: ['agent'],
      body: agentSigninBodySchema,
      querystring: noQuery,
      response: { 200: envelope(agentSigninDataSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  heartbeat: {
    method: 'POST',
    url: '/api/cntmng/agent/heartbeat',
    schema: {
      summary: 'Presence heartbeat, every 60 s; does not extend the session. 401 once the session expired.',
      tags: ['agent'],
      querystring: noQuery,
      body: noBody,
      response: { 200: envelope(heartbeatDataSchema), ...errorResponses(401) },
    },
  },
  assets: {
    method: 'GET',
    url: '/api/cntmng/assets',
    schema: {
      summary: 'Branding: login and navigation-bar logos, with the default fallback.',
      tags: ['branding'],
      querystring: assetsQuerySchema,
      response: { 200: envelope(assetsDataSchema), ...errorResponses(400) },
    },
  },
  logo: {
    method: 'GET',
    url: '/api/cntmng/assets/:name',
    schema: {
      summary: 'The default logos (SVG).',
      tags: ['branding'],
      params: logoParamsSchema,
      querystring: noQuery,
      response: { 200: { type: 'string' } as const, ...errorResponses(400, 404) },
    },
  },
} as const;

export type UserWorkspacesResponse = { data: WorkspaceSummary[] };
export type DocumentResponse = { data: { id: string; [key: string]: unknown } };
export type AgentSigninResponse = { data: AgentSigninData };
export type HeartbeatResponse = { data: HeartbeatData };
export type AssetsResponse = { data: AssetsData };
