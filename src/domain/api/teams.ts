import type { FromSchema } from 'json-schema-to-ts';
import { envelope, errorResponses, noQuery } from './common';
import { PROFILING_ACTIONS, idParamsSchema } from './users';

/**
 * The Teams tab of /workspaceconfig (spec 1 §2, §3, §7): which teams a workspace is enabled for, and the
 * 'workspace x team association'. A user reaches a workspace through an enabled team (see workspace-repository).
 */

/** The team row of spec 1 §3. */
export const teamRowSchema = {
  type: 'object',
  required: ['teamId', 'teamName', 'siteId', 'siteName', 'outsourcerId', 'outsourcerName', 'enabled'],
  properties: {
    teamId: { type: 'string' },
    teamName: { type: 'string' },
    siteId: { type: 'string' },
    siteName: { type: 'string' },
    outsourcerId: { type: 'string' },
    outsourcerName: { type: 'string' },
    /** Whether the workspace is enabled for the team. */
    enabled: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;
export type TeamRow = FromSchema<typeof teamRowSchema>;

/** The team-workspace row of spec 1 §3. */
export const teamWorkspaceRowSchema = {
  type: 'object',
  required: ['workspaceId', 'workspaceName', 'enabled', 'profilingDisabled'],
  properties: {
    workspaceId: { type: 'string' },
    workspaceName: { type: 'string' },
    /** For a site or an outsourcer: enabled for at least one of its teams. */
    enabled: { type: 'boolean' },
    /** The workspace's profilingDisabled: only an admin changes its rights. */
    profilingDisabled: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;
export type TeamWorkspaceRow = FromSchema<typeof teamWorkspaceRowSchema>;

export const onlyEnabledQuerySchema = {
  type: 'object',
  properties: { onlyEnabled: { type: 'boolean', default: false } },
  additionalProperties: false,
} as const;
export type OnlyEnabledQuery = FromSchema<typeof onlyEnabledQuerySchema>;

const ids = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 100 }, minItems: 1, maxItems: 500, uniqueItems: true } as const;

export const associateBodySchema = {
  type: 'object',
  required: ['teamIds', 'workspaceIds', 'action'],
  properties: { teamIds: ids, workspaceIds: ids, action: { type: 'string', enum: PROFILING_ACTIONS } },
  additionalProperties: false,
} as const;
export type AssociateBody = FromSchema<typeof associateBodySchema>;

export const associateResultSchema = {
  type: 'object',
  required: ['changed'],
  properties: { changed: { type: 'integer', minimum: 0 } },
  additionalProperties: false,
} as const;
export type AssociateResult = FromSchema<typeof associateResultSchema>;

const tags = ['teams'] as const;
const workspaceRows = envelope({ type: 'array', items: teamWorkspaceRowSchema } as const);

const workspacesBy = (level: 'Team' | 'Site' | 'Outsourcer', what: string) =>
  ({
    method: 'GET',
    url: `/api/cntmng/teams/workspacesBy${level}/:id`,
    schema: {
      summary: `Workspaces of ${what} (onlyEnabled: only those enabled for it), among those the caller may open.`,
      tags,
      params: idParamsSchema,
      querystring: onlyEnabledQuerySchema,
      response: { 200: workspaceRows, ...errorResponses(400, 401, 403, 404) },
    },
  }) as const;

export const teamsRoutes = {
  teamsByWorkspace: {
    method: 'GET',
    url: '/api/cntmng/teams/teamsByWorkspace/:id',
    schema: {
      summary: "Teams in the caller's part of the organisation, with whether the workspace is enabled for each.",
      tags,
      params: idParamsSchema,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: teamRowSchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  workspacesByTeam: workspacesBy('Team', 'a team (every workspace, each with its enabled flag)'),
  workspacesBySite: workspacesBy('Site', "a call centre's teams"),
  workspacesByOutsourcer: workspacesBy('Outsourcer', "an outsourcer's teams"),
  associate: {
    method: 'POST',
    url: '/api/cntmng/teams/associate',
    schema: {
      summary: 'Enables or disables workspaces for teams, in bulk. All or none: 403 names what the caller may not change.',
      tags,
      body: associateBodySchema,
      querystring: noQuery,
      response: { 200: envelope(associateResultSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
} as const;

export type TeamsByWorkspaceResponse = { data: TeamRow[] };
export type TeamWorkspacesResponse = { data: TeamWorkspaceRow[] };
export type AssociateResponse = { data: AssociateResult };
