import type { FromSchema } from 'json-schema-to-ts';
import { ADMIN_TABLE_PAGE_SIZES } from '../constants';
import { ROLES } from '../roles';
import { envelope, errorResponses, noQuery } from './common';

/**
 * User administration (spec 1 §2 User settings, §3 User row and payloads, §4, §5, §6, §7): the user table, the
 * create-user wizard's calls, reset, lock and unlock, the bulk load and bulk check, and per-workspace and per-report
 * rights. Every rule of §6 is enforced by the server (src/server/services/users/), not only by the screen.
 */

/** Letters, digits, underscore and hyphen (spec 1 §5). */
export const USERNAME_PATTERN = '^[A-Za-z0-9_-]+$';
export const USERNAME_MAX_LENGTH = 100;

const id = { type: 'string', minLength: 1, maxLength: 100 } as const;
const idList = { type: 'array', items: id, maxItems: 500, uniqueItems: true } as const;
const usernameSchema = { type: 'string', minLength: 1, maxLength: USERNAME_MAX_LENGTH, pattern: USERNAME_PATTERN } as const;
const roleSchema = { type: 'string', enum: ROLES } as const;

export const USER_STATUSES = ['', 'tmp-psw', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The user row of spec 1 §3, with what the caller may do with it (the same rules the server enforces). */
export const userRowSchema = {
  type: 'object',
  required: ['id', 'username', 'role', 'status', 'lastPasswordChange', 'outsourcerId', 'outsourcerName', 'siteIds', 'teamIds', 'siteNames', 'teamNames', 'manageable'],
  properties: {
    id: { type: 'string' },
    username: { type: 'string' },
    role: roleSchema,
    /** '' active, 'tmp-psw' temporary password (orange), 'disabled' locked (red). */
    status: { type: 'string', enum: USER_STATUSES },
    /** ISO date-time. */
    lastPasswordChange: { type: 'string' },
    outsourcerId: { type: ['string', 'null'] },
    outsourcerName: { type: ['string', 'null'] },
    siteIds: { type: 'array', items: { type: 'string' } },
    teamIds: { type: 'array', items: { type: 'string' } },
    siteNames: { type: 'array', items: { type: 'string' } },
    teamNames: { type: 'array', items: { type: 'string' } },
    /** Row actions (reset, lock, unlock, workspaces): not on one's own row, and only as spec 1 §6 allows. */
    manageable: { type: 'boolean' },
    /** With `workspaceId` in the search: whether the user may open that workspace (not forbidden to them). */
    workspaceEnabled: { type: 'boolean' },
    /** With `workspaceId`: whether the caller may toggle this user for that workspace. */
    workspaceToggleable: { type: 'boolean' },
    /** With `reportId`: whether the report is enabled for this user (admins always, basic never). */
    reportEnabled: { type: 'boolean' },
    /** With `reportId`: whether the caller may toggle this user for that report. */
    reportToggleable: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;
export type UserRow = FromSchema<typeof userRowSchema>;

export const USER_SORTS = ['username', 'role', 'status', 'lastPasswordChange'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const userSearchBodySchema = {
  type: 'object',
  properties: {
    /** 0-based page. */
    page: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
    length: { type: 'integer', enum: ADMIN_TABLE_PAGE_SIZES, default: ADMIN_TABLE_PAGE_SIZES[0] },
    sort: { type: 'string', enum: USER_SORTS, default: 'username' },
    order: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
    /** Part of the username or of the role (as shown: middle is 'statistic'), case-insensitive. */
    text: { type: 'string', maxLength: 100 },
    outsourcerIds: idList,
    siteIds: idList,
    teamIds: idList,
    /** Adds workspaceEnabled / workspaceToggleable to each row for this workspace. */
    workspaceId: id,
    /** Adds reportEnabled / reportToggleable for this report of `workspaceId` (default: the session's workspace). */
    reportId: id,
  },
  additionalProperties: false,
} as const;
export type UserSearchBody = FromSchema<typeof userSearchBodySchema, { keepDefaultedPropertiesOptional: true }>;

export const userSearchResultSchema = {
  type: 'object',
  required: ['data', 'total'],
  properties: { data: { type: 'array', items: userRowSchema }, total: { type: 'integer', minimum: 0 } },
  additionalProperties: false,
} as const;
export type UserSearchResult = { data: UserRow[]; total: number };

export const availabilityQuerySchema = {
  type: 'object',
  required: ['username'],
  properties: { username: usernameSchema },
  additionalProperties: false,
} as const;
export type AvailabilityQuery = FromSchema<typeof availabilityQuerySchema>;

export const availabilitySchema = {
  type: 'object',
  required: ['available'],
  properties: { available: { type: 'boolean' } },
  additionalProperties: false,
} as const;
export type Availability = FromSchema<typeof availabilitySchema>;

/** The new-user payload of spec 1 §3. */
export const signupBodySchema = {
  type: 'object',
  required: ['username', 'role'],
  properties: {
    username: usernameSchema,
    role: roleSchema,
    /** The group the creator works in (default: the session's). */
    groupId: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
    outsourcerId: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
    siteId: { ...idList, default: [] },
    teamId: { ...idList, default: [] },
  },
  additionalProperties: false,
} as const;
export type SignupBody = FromSchema<typeof signupBodySchema, { keepDefaultedPropertiesOptional: true }>;

/** A temporary password, shown once: the user must change it at the next sign-in. */
export const temporaryPasswordSchema = {
  type: 'object',
  required: ['id', 'username', 'status', 'password'],
  properties: {
    id: { type: 'string' },
    username: { type: 'string' },
    status: { type: 'string', const: 'tmp-psw' },
    password: { type: 'string' },
  },
  additionalProperties: false,
} as const;
export type TemporaryPassword = FromSchema<typeof temporaryPasswordSchema>;

/** The reset payload of spec 1 §3; on a disabled user it also unlocks them (spec 1 §4). */
export const resetBodySchema = {
  type: 'object',
  required: ['username'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: USERNAME_MAX_LENGTH },
    groupId: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
  },
  additionalProperties: false,
} as const;
export type ResetBody = FromSchema<typeof resetBodySchema>;

export const userIdsBodySchema = {
  type: 'object',
  required: ['userIds'],
  properties: { userIds: { type: 'array', items: id, minItems: 1, maxItems: 1000, uniqueItems: true } },
  additionalProperties: false,
} as const;
export type UserIdsBody = FromSchema<typeof userIdsBodySchema>;

export const disableResultSchema = {
  type: 'object',
  required: ['userIds', 'endedSessions'],
  properties: {
    userIds: { type: 'array', items: { type: 'string' } },
    /** Open sessions of these users that ended with the lock. */
    endedSessions: { type: 'integer', minimum: 0 },
  },
  additionalProperties: false,
} as const;
export type DisableResult = FromSchema<typeof disableResultSchema>;

export const PROFILING_ENTITIES = ['workspace', 'report'] as const;
export const PROFILING_ACTIONS = ['enable', 'disable'] as const;
export type ProfilingAction = (typeof PROFILING_ACTIONS)[number];

export const profilingBodySchema = {
  type: 'object',
  required: ['entity', 'action', 'userIds', 'entityIds'],
  properties: {
    entity: { type: 'string', enum: PROFILING_ENTITIES },
    action: { type: 'string', enum: PROFILING_ACTIONS },
    userIds: { type: 'array', items: id, minItems: 1, maxItems: 1000, uniqueItems: true },
    /** Workspace ids, or report ids of `workspaceId`. */
    entityIds: { type: 'array', items: id, minItems: 1, maxItems: 500, uniqueItems: true },
    /** For reports: the workspace they belong to (default: the session's workspace). */
    workspaceId: id,
  },
  additionalProperties: false,
} as const;
export type ProfilingBody = FromSchema<typeof profilingBodySchema>;

export const profilingResultSchema = {
  type: 'object',
  required: ['changed'],
  properties: {
    /** (user, entity) pairs whose right changed; asking for the state they already have changes nothing. */
    changed: { type: 'integer', minimum: 0 },
  },
  additionalProperties: false,
} as const;
export type ProfilingResult = FromSchema<typeof profilingResultSchema>;

export const allowedUserSchema = {
  type: 'object',
  required: ['id', 'username', 'role'],
  properties: { id: { type: 'string' }, username: { type: 'string' }, role: roleSchema },
  additionalProperties: false,
} as const;
export type AllowedUser = FromSchema<typeof allowedUserSchema>;

export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id },
  additionalProperties: false,
} as const;

export const reportAllowedQuerySchema = {
  type: 'object',
  properties: { workspaceId: id },
  additionalProperties: false,
} as const;

/** Bulk files (spec 1 §5, §9): CSV only, under 5,000,000 bytes. */
export const BULK_MESSAGES = {
  notSupported: 'FILE NON SUPPORTATO',
  tooLarge: 'IL FILE SUPERA LA DIMENSIONE LIMITE DI 5 MB',
} as const;

/** Messages the user administration sends (spec 1 §8 names 'user name already used' and 'Unauthorized'). */
export const USER_ADMIN_MESSAGES = {
  usernameTaken: 'user name already used',
} as const;

/** The columns of the bulk files, in order (README: "Bulk load of users"). */
export const BULK_COLUMNS = ['username', 'role', 'outsourcer', 'sites', 'teams'] as const;
/** The columns of the answer: one line per input row. */
export const BULK_RESULT_COLUMNS = ['row', 'username', 'result', 'message'] as const;
export const BULK_RESULTS = { ok: 'OK', error: 'ERROR' } as const;

const usersTags = ['users'] as const;
const profilingTags = ['profiling'] as const;

const bulkResponse = {
  200: { type: 'string', description: 'text/csv: row,username,result,message; one line per input row, streamed as rows are done.' },
  ...errorResponses(400, 401, 403, 413, 415),
} as const;

export const userAdminRoutes = {
  search: {
    method: 'POST',
    url: '/api/cntmng/user/search',
    schema: {
      summary: "The user table: one page of the users in the caller's part of the organisation, and their total.",
      tags: usersTags,
      body: userSearchBodySchema,
      querystring: noQuery,
      response: { 200: userSearchResultSchema, ...errorResponses(400, 401, 403, 404) },
    },
  },
  availability: {
    method: 'GET',
    url: '/api/cntmng/user',
    schema: {
      summary: 'Whether a username is still free (case-insensitive): data.available.',
      tags: usersTags,
      querystring: availabilityQuerySchema,
      response: { 200: envelope(availabilitySchema), ...errorResponses(400, 401, 403) },
    },
  },
  signup: {
    method: 'POST',
    url: '/api/cntmng/user/signup',
    schema: {
      summary: 'Creates a user with a temporary password (data.password, shown once), in a role and place the creator may assign.',
      tags: usersTags,
      body: signupBodySchema,
      querystring: noQuery,
      response: { 200: envelope(temporaryPasswordSchema), ...errorResponses(400, 401, 403, 409) },
    },
  },
  reset: {
    method: 'POST',
    url: '/api/auth/signup/temporary',
    schema: {
      summary: 'Resets a password to a new temporary one (data.password); on a disabled user it also unlocks them.',
      tags: usersTags,
      body: resetBodySchema,
      querystring: noQuery,
      response: { 200: envelope(temporaryPasswordSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  disable: {
    method: 'POST',
    url: '/api/cntmng/user/disable',
    schema: {
      summary: 'Locks users: they cannot sign in and their open sessions end. All or none: 403 names whom the caller may not lock.',
      tags: usersTags,
      body: userIdsBodySchema,
      querystring: noQuery,
      response: { 200: envelope(disableResultSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  bulkLoad: {
    method: 'POST',
    url: '/api/cntmng/user/signup/massive',
    schema: {
      summary: 'Admin only. Creates the users of a CSV file (multipart part fileContent), each row in its own transaction; answers a CSV (signup-{timestamp}.csv).',
      tags: usersTags,
      consumes: ['multipart/form-data'],
      produces: ['text/csv'],
      querystring: noQuery,
      response: bulkResponse,
    },
  },
  bulkCheck: {
    method: 'POST',
    url: '/api/cntmng/user/check/massive',
    schema: {
      summary: 'Admin only. Checks a CSV file with the rules of the bulk load and changes nothing; answers a CSV (check-{timestamp}.csv).',
      tags: usersTags,
      consumes: ['multipart/form-data'],
      produces: ['text/csv'],
      querystring: noQuery,
      response: bulkResponse,
    },
  },
  profiling: {
    method: 'POST',
    url: '/api/cntmng/profiling',
    schema: {
      summary: 'Enables or disables workspaces or reports for users, in bulk. All or none: 403 names the pairs the caller may not change.',
      tags: profilingTags,
      body: profilingBodySchema,
      querystring: noQuery,
      response: { 200: envelope(profilingResultSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  workspaceAllowedUsers: {
    method: 'GET',
    url: '/api/cntmng/user/workspace/:id/allowedUsers',
    schema: {
      summary: "Users who may open the workspace (its teams' users, minus those it is forbidden to), within the caller's part of the organisation.",
      tags: profilingTags,
      params: idParamsSchema,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: allowedUserSchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  reportAllowedUsers: {
    method: 'GET',
    url: '/api/cntmng/report/:id/allowedUsers',
    schema: {
      summary: 'Users the report is enabled for (of the workspace given, default the session\'s), within the caller\'s part of the organisation.',
      tags: profilingTags,
      params: idParamsSchema,
      querystring: reportAllowedQuerySchema,
      response: { 200: envelope({ type: 'array', items: allowedUserSchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
} as const;

export type SearchUsersResponse = UserSearchResult;
export type AvailabilityResponse = { data: Availability };
export type TemporaryPasswordResponse = { data: TemporaryPassword };
export type DisableResponse = { data: DisableResult };
export type ProfilingResponse = { data: ProfilingResult };
export type AllowedUsersResponse = { data: AllowedUser[] };
