import type {} from '@fastify/cookie';
import type {} from '@fastify/jwt';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AUTH_MESSAGES } from '@domain/errors';
import type { Workspace } from '@domain/generated/workspace';
import type { PermissionContext, PermissionName } from '@domain/permissions';
import { can } from '@translator/can';
import { translatePermissions, type PermissionRules } from '@translator/translate-permissions';
import { HttpError } from '../http-error';
import { say } from '../server-messages';
import { sessionExpiresAt, type SessionRecord } from '../repositories/session-repository';
import type { UserRecord } from '../repositories/user-repository';
import type { WorkspaceDocument, WorkspaceStamp } from '../repositories/workspace-repository';
import { globalPlugin } from './global-plugin';

export const SESSION_COOKIE = 'jwt';

export interface AuthContext {
  session: SessionRecord;
  user: UserRecord;
  /** The workspace the session is bound to (agent sign-in or the default at sign-in), if any. */
  workspace: WorkspaceDocument | null;
  /** How `workspace` was read in this request (its versions, whether the user may open it): workspaceAccess reads no more. */
  workspaceStamp?: WorkspaceStamp;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a live session or 401. Sets request.auth. */
    authenticate: preHandlerAsyncHookHandler;
    /** Signs the session id into the jwt cookie. */
    issueSessionCookie(reply: FastifyReply, session: SessionRecord): void;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const unauthorized = (message: string = AUTH_MESSAGES.unauthorized) => new HttpError(401, message);

export function permissionContext(auth: AuthContext, extra: Omit<PermissionContext, 'user' | 'workspace'> = {}): PermissionContext {
  return userPermissionContext(auth.user, auth.workspace, extra);
}

/** The same context for a user in a workspace other than the session's (a route acting on another workspace). */
export function userPermissionContext(user: UserRecord, workspace: WorkspaceDocument | null, extra: Omit<PermissionContext, 'user' | 'workspace'> = {}): PermissionContext {
  return {
    user: { id: user.id, username: user.username, role: user.role, teamIds: user.teamIds, siteIds: user.siteIds, outsourcerId: user.outsourcerId, isSysadmin: user.isSysadmin },
    workspace,
    ...extra,
  };
}

const NO_WORKSPACE = {};
const translated = new WeakMap<object, PermissionRules>();

/**
 * The translator's rules of a workspace document, translated once per document object: a request checks several
 * permissions (the route's declared access, then the handler's), and the server never changes a document it read.
 */
export function workspaceRules(workspace: object | null | undefined): PermissionRules {
  const key = workspace ?? NO_WORKSPACE;
  let rules = translated.get(key);
  if (!rules) {
    rules = translatePermissions((workspace ?? null) as Workspace | null);
    translated.set(key, rules);
  }
  return rules;
}

/** The translator's json-logic rule for `permission`, evaluated for the signed-in user in the session's workspace. */
export function hasPermission(auth: AuthContext, permission: PermissionName, extra?: Omit<PermissionContext, 'user' | 'workspace'>): boolean {
  const rules = workspaceRules(auth.workspace);
  return can(rules[permission], permissionContext(auth, extra));
}

/** preHandler for a route that needs `permission` (after `authenticate`). */
export const requirePermission =
  (permission: PermissionName): preHandlerAsyncHookHandler =>
  async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    if (!hasPermission(auth, permission)) throw new HttpError(403, 'Forbidden', [{ message: say('missingPermission', { permissions: permission }) }]);
  };

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export const authPlugin = globalPlugin<{ secureCookie: boolean }>('auth', async (app, { secureCookie }) => {
  app.decorateRequest('auth', null);

  app.decorate('issueSessionCookie', (reply: FastifyReply, session: SessionRecord) => {
    reply.setCookie(SESSION_COOKIE, app.jwt.sign({ sid: session.id }), { httpOnly: true, sameSite: 'lax', path: '/', secure: secureCookie || reply.request.protocol === 'https' });
  });

  app.decorate('authenticate', async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    // Already done for this request (a route's declared access authenticates before validation).
    if (request.auth) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) throw unauthorized();
    let sid: string;
    try {
      const payload = app.jwt.verify<{ sid?: unknown }>(token);
      if (typeof payload.sid !== 'string') throw new Error('no session id');
      sid = payload.sid;
    } catch {
      // Unknown or tampered cookie: logged out.
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      throw unauthorized();
    }
    const live = await app.repos.sessions.findLive(sid);
    const session = live?.session;
    if (!live || !session || session.endedAt) {
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      // The session's own user is told that their account was locked (a lock ends their sessions).
      throw unauthorized(live?.user?.status === 'disabled' ? AUTH_MESSAGES.accountLocked : undefined);
    }
    const now = app.clock();
    if (now >= sessionExpiresAt(session)) {
      await app.repos.sessions.end(session.id, new Date(now), 'timeout');
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      throw unauthorized(AUTH_MESSAGES.sessionExpired);
    }
    const { user, workspace: stamp } = live;
    if (!user || user.status === 'disabled') {
      await app.repos.sessions.end(session.id, new Date(now), 'disabled');
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      throw unauthorized(user ? AUTH_MESSAGES.accountLocked : undefined);
    }
    const workspace = stamp ? await app.repos.workspaces.documentAt(stamp) : null;
    request.auth = { session, user, workspace, ...(stamp && workspace ? { workspaceStamp: stamp } : {}) };
  });
});
