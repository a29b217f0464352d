import type { FromSchema } from 'json-schema-to-ts';
import { ROLES } from '../roles';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { envelope, errorResponses, idNameSchema, okSchema, noQuery, noBody } from './common';

/**
 * The sign-in, session and password-change calls of spec 1 §7 and spec 3 §7.
 * Success answers are `{ data: ... }`; failures carry the ApiError body (src/domain/api/common.ts).
 * The session travels in the `jwt` cookie (httpOnly, SameSite=Lax, Path=/).
 */

export const roleSchema = { type: 'string', enum: ROLES } as const;

export const loggedUserSchema = {
  type: 'object',
  required: ['id', 'username', 'role', 'groupId', 'isSysadmin', 'groups'],
  properties: {
    id: { type: 'string' },
    username: { type: 'string' },
    role: roleSchema,
    /** The group a system administrator chose at sign-in; null for everyone else. */
    groupId: { type: ['string', 'null'] },
    isSysadmin: { type: 'boolean' },
    /** The groups a system administrator may choose from; empty for everyone else. */
    groups: { type: 'array', items: idNameSchema },
  },
  additionalProperties: false,
} as const;
export type LoggedUser = FromSchema<typeof loggedUserSchema>;

export const loginDataSchema = {
  type: 'object',
  required: ['user', 'sessionStart', 'sessionTimeout'],
  properties: {
    user: loggedUserSchema,
    /** Epoch milliseconds of the session start (sign-in or last renew). */
    sessionStart: { type: 'number' },
    /** Idle timeout in milliseconds: the current workspace's sessionTimeout, default 1,800,000. */
    sessionTimeout: { type: 'number' },
    /** The workspace the session is bound to (the first one the user may open), or null when the user has none. */
    workspaceId: { type: ['string', 'null'] },
  },
  additionalProperties: false,
} as const;
export type LoginData = FromSchema<typeof loginDataSchema>;

/** The answer to a system administrator who signed in without a group: choose one and sign in again. No cookie. */
export const groupRequiredSchema = {
  type: 'object',
  required: ['groupRequired', 'groups'],
  properties: {
    groupRequired: { type: 'boolean', const: true },
    groups: { type: 'array', items: idNameSchema },
  },
  additionalProperties: false,
} as const;
export type GroupRequired = FromSchema<typeof groupRequiredSchema>;

export const signinResultSchema = { anyOf: [loginDataSchema, groupRequiredSchema] } as const;
export type SigninResult = LoginData | GroupRequired;
export const isGroupRequired = (result: SigninResult): result is GroupRequired =>
  (result as GroupRequired).groupRequired === true;

export const signinBodySchema = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
    /** Group id; required for a system administrator, ignored for everyone else. */
    group: { type: 'string', minLength: 1, maxLength: 100 },
  },
  additionalProperties: false,
} as const;
export type SigninBody = FromSchema<typeof signinBodySchema>;

/** The new-password rules of spec 1 §5, as one pattern per rule so the field errors name the rule broken. */
export const NEW_PASSWORD_RULES = [
  { key: 'lowercase', pattern: '[a-z]', message: 'newPassword must contain a lower-case letter' },
  { key: 'uppercase', pattern: '[A-Z]', message: 'newPassword must contain an upper-case letter' },
  { key: 'digit', pattern: '[0-9]', message: 'newPassword must contain a digit' },
  { key: 'special', pattern: '[!@#$%^&*]', message: 'newPassword must contain a special character among !@#$%^&*' },
] as const;

export const passChangeBodySchema = {
  type: 'object',
  required: ['username', 'oldPassword', 'newPassword'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    oldPassword: { type: 'string', minLength: 1, maxLength: 200 },
    newPassword: {
      type: 'string',
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: 200,
      allOf: [
        { pattern: '[a-z]' },
        { pattern: '[A-Z]' },
        { pattern: '[0-9]' },
        { pattern: '[!@#$%^&*]' },
      ],
    },
    /** Group id for a system administrator (as in sign-in). */
    group: { type: 'string', minLength: 1, maxLength: 100 },
  },
  additionalProperties: false,
} as const;
export type PassChangeBody = FromSchema<typeof passChangeBodySchema>;

export const sessionInfoSchema = {
  type: 'object',
  required: ['id', 'username', 'role', 'sessionStart', 'sessionTimeout'],
  properties: {
    id: { type: 'string' },
    username: { type: 'string' },
    role: roleSchema,
    sessionStart: { type: 'number' },
    sessionTimeout: { type: 'number' },
    workspaceId: { type: ['string', 'null'] },
  },
  additionalProperties: false,
} as const;
export type SessionInfo = FromSchema<typeof sessionInfoSchema>;

export const renewDataSchema = {
  type: 'object',
  required: ['sessionStart', 'sessionTimeout'],
  properties: { sessionStart: { type: 'number' }, sessionTimeout: { type: 'number' } },
  additionalProperties: false,
} as const;
export type RenewData = FromSchema<typeof renewDataSchema>;

export const userListItemSchema = {
  type: 'object',
  required: ['id', 'username'],
  properties: { id: { type: 'string' }, username: { type: 'string' }, role: roleSchema },
  additionalProperties: false,
} as const;
export type UserListItem = FromSchema<typeof userListItemSchema>;

export const signinUnlockBodySchema = {
  type: 'object',
  required: ['username'],
  properties: { username: { type: 'string', minLength: 1, maxLength: 100 } },
  additionalProperties: false,
} as const;
export type SigninUnlockBody = FromSchema<typeof signinUnlockBodySchema>;

export const signinUnlockResultSchema = {
  type: 'object',
  required: ['username', 'clearedFailures'],
  properties: {
    username: { type: 'string' },
    /** Failed sign-ins forgotten, from every address. */
    clearedFailures: { type: 'integer', minimum: 0 },
  },
  additionalProperties: false,
} as const;
export type SigninUnlockResult = FromSchema<typeof signinUnlockResultSchema>;

const tags = ['auth'] as const;

export const authRoutes = {
  signin: {
    method: 'POST',
    url: '/api/auth/signin',
    schema: {
      summary: 'Sign in; sets the jwt cookie. A system administrator without a group gets the groups to choose from.',
      tags,
      body: signinBodySchema,
      querystring: noQuery,
      response: { 200: envelope(signinResultSchema), ...errorResponses(400, 401, 403, 429) },
    },
  },
  signout: {
    method: 'POST',
    url: '/api/auth/signout',
    schema: { summary: 'Sign out: ends the session and expires the jwt cookie.', tags, querystring: noQuery, body: noBody, response: { 200: envelope(okSchema) } },
  },
  currentUser: {
    method: 'GET',
    url: '/api/auth/current-user',
    schema: { summary: 'The signed-in user.', tags, querystring: noQuery, response: { 200: envelope(loggedUserSchema), ...errorResponses(401) } },
  },
  session: {
    method: 'GET',
    url: '/api/auth/session',
    schema: {
      summary: 'Session check: who is signed in, with the role, session start and idle timeout.',
      tags,
      querystring: noQuery,
      response: { 200: envelope(sessionInfoSchema), ...errorResponses(401) },
    },
  },
  renew: {
    method: 'GET',
    url: '/api/auth/renew',
    schema: {
      summary: 'Renews the session: resets its start and re-issues the jwt cookie.',
      tags,
      querystring: noQuery,
      response: { 200: envelope(renewDataSchema), ...errorResponses(401) },
    },
  },
  passChange: {
    method: 'POST',
    url: '/api/auth/signin/pass-change',
    schema: {
      summary: 'Changes an expired or temporary password and signs in.',
      tags,
      body: passChangeBodySchema,
      querystring: noQuery,
      response: { 200: envelope(signinResultSchema), ...errorResponses(400, 401, 429) },
    },
  },
  unlock: {
    method: 'POST',
    url: '/api/auth/unlock',
    schema: {
      summary: 'Admin only: forgets the failed sign-ins of a username, so every address may sign in without waiting.',
      tags,
      body: signinUnlockBodySchema,
      querystring: noQuery,
      response: { 200: envelope(signinUnlockResultSchema), ...errorResponses(400, 401, 403) },
    },
  },
  users: {
    method: 'GET',
    url: '/api/auth/user',
    schema: {
      summary: 'Users list (agents list) for admin and team-leader.',
      tags,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: userListItemSchema } as const), ...errorResponses(401, 403) },
    },
  },
} as const;

export type SigninResponse = { data: SigninResult };
export type CurrentUserResponse = { data: LoggedUser };
export type SessionResponse = { data: SessionInfo };
export type RenewResponse = { data: RenewData };
export type UsersResponse = { data: UserListItem[] };
export type SigninUnlockResponse = { data: SigninUnlockResult };
