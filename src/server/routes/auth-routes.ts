import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { authRoutes, type LoggedUser, type LoginData, type SigninResult } from '../../domain/api/auth';
import { DEFAULT_SESSION_TIMEOUT_MS } from '../../domain/constants';
import { AUTH_MESSAGES } from '../../domain/errors';
import { decoyHash, hashPassword, passwordRuleViolations, verifyPassword } from '../auth/password';
import { HttpError } from '../http-error';
import { SESSION_COOKIE, requireAuth, requirePermission, unauthorized } from '../plugins/auth';
import type { SessionRecord } from '../repositories/session-repository';
import type { UserRecord } from '../repositories/user-repository';

/** Failed logins for one username within this window, at most this many, before 429. */
export const FAILED_LOGIN_WINDOW_MS = 15 * 60_000;
export const FAILED_LOGIN_LIMIT = 5;
const DAY_MS = 86_400_000;

export const toLoggedUser = (user: UserRecord, groupId: string | null): LoggedUser => ({
  id: user.id,
  username: user.username,
  role: user.role,
  groupId,
  isSysadmin: user.isSysadmin,
  groups: user.isSysadmin ? user.groups : [],
});

export async function authRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { users, sessions, workspaces, settings } = app.repos;

  /**
   * Checks the credentials: 429 after too many recent failures, 401 'LOGIN FAILED' for an unknown user, a wrong
   * password or a disabled user (never saying which). The only write on a rejected attempt is its failed-login row.
   * The attempt is recorded before the check and forgotten when it succeeds, so parallel guesses each see the others
   * and no burst gets past the limit.
   */
  async function checkCredentials(request: FastifyRequest, username: string, password: string): Promise<UserRecord> {
    const now = app.clock();
    const attempt = await users.recordFailedLogin(username, new Date(now), request.ip);
    const recent = await users.countFailedLogins(username, new Date(now - FAILED_LOGIN_WINDOW_MS));
    if (recent > FAILED_LOGIN_LIMIT) throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts);
    const user = await users.findByUsername(username);
    const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !matches || user.status === 'disabled') throw new HttpError(401, AUTH_MESSAGES.loginFailed);
    await users.forgetFailedLogin(attempt);
    return user;
  }

  /** A system administrator must name one of their groups; everyone else has none. */
  function chooseGroup(user: UserRecord, group: string | undefined): { groupId: string | null } | { groupRequired: true } {
    if (!user.isSysadmin) return { groupId: null };
    if (!group) return { groupRequired: true };
    if (!user.groups.some((g) => g.id === group)) {
      throw new HttpError(400, AUTH_MESSAGES.groupRequired, [{ field: 'group', message: `group '${group}' is not one of the user's groups` }]);
    }
    return { groupId: group };
  }

  /** Opens a session bound to the user's first workspace (the browser rebinds it with agent sign-in). */
  async function openSession(reply: FastifyReply, user: UserRecord, groupId: string | null, write?: (tx: Parameters<Parameters<typeof app.db.transaction>[0]>[0]) => Promise<void>): Promise<LoginData> {
    const now = app.clock();
    const [first] = await workspaces.listFor(user);
    const workspace = first ? await workspaces.findDocument(first.id) : null;
    const timeoutMs = workspace?.sessionTimeout ?? DEFAULT_SESSION_TIMEOUT_MS;
    const session = await app.db.transaction(async (tx) => {
      if (write) await write(tx);
      return sessions.create(tx, { userId: user.id, groupId, workspaceId: workspace?.id ?? null, at: new Date(now), timeoutMs });
    });
    app.issueSessionCookie(reply, session);
    return loginData(user, session);
  }

  const loginData = (user: UserRecord, session: SessionRecord): LoginData => ({
    user: toLoggedUser(user, session.groupId),
    sessionStart: session.renewedAt.getTime(),
    sessionTimeout: session.timeoutMs,
    workspaceId: session.workspaceId,
  });

  app.route({
    ...authRoutes.signin,
    handler: async (request, reply): Promise<{ data: SigninResult }> => {
      const { username, password, group } = request.body;
      const user = await checkCredentials(request, username, password);
      if (user.status === 'tmp-psw') throw new HttpError(403, AUTH_MESSAGES.temporaryPassword);
      const maxAgeDays = await settings.passwordMaxAgeDays();
      if (app.clock() - user.lastPasswordChange.getTime() > maxAgeDays * DAY_MS) throw new HttpError(403, AUTH_MESSAGES.passwordExpired);
      const choice = chooseGroup(user, group);
      if ('groupRequired' in choice) return { data: { groupRequired: true, groups: user.groups } };
      return { data: await openSession(reply, user, choice.groupId) };
    },
  });

  app.route({
    ...authRoutes.passChange,
    handler: async (request, reply): Promise<{ data: SigninResult }> => {
      const { username, oldPassword, newPassword, group } = request.body;
      const problems = passwordRuleViolations(newPassword);
      if (problems.length) throw new HttpError(400, problems.join('; '), problems.map((message) => ({ field: 'newPassword', message })));
      if (newPassword === oldPassword) {
        throw new HttpError(400, 'newPassword must differ from oldPassword', [{ field: 'newPassword', message: 'newPassword must differ from oldPassword' }]);
      }
      const user = await checkCredentials(request, username, oldPassword);
      const choice = chooseGroup(user, group);
      const hash = await hashPassword(newPassword);
      const changedAt = new Date(app.clock());
      if ('groupRequired' in choice) {
        await users.setPassword(app.db, user.id, hash, changedAt);
        return { data: { groupRequired: true, groups: user.groups } };
      }
      const changed: UserRecord = { ...user, status: user.status === 'tmp-psw' ? '' : user.status, lastPasswordChange: changedAt };
      return { data: await openSession(reply, changed, choice.groupId, (tx) => users.setPassword(tx, user.id, hash, changedAt)) };
    },
  });

  app.route({
    ...authRoutes.signout,
    handler: async (request, reply) => {
      // Signing out always succeeds: a missing or stale cookie is already logged out.
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        try {
          const { sid } = app.jwt.verify<{ sid?: unknown }>(token);
          if (typeof sid === 'string') await sessions.end(sid, new Date(app.clock()), 'signout');
        } catch {
          // tampered or foreign token: nothing to end
        }
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
      return { data: { ok: true } };
    },
  });

  app.route({
    ...authRoutes.currentUser,
    preHandler: app.authenticate,
    handler: async (request) => {
      const { user, session } = requireAuth(request);
      return { data: toLoggedUser(user, session.groupId) };
    },
  });

  app.route({
    ...authRoutes.session,
    preHandler: app.authenticate,
    handler: async (request) => {
      const { user, session } = requireAuth(request);
      return {
        data: {
          id: user.id,
          username: user.username,
          role: user.role,
          sessionStart: session.renewedAt.getTime(),
          sessionTimeout: session.timeoutMs,
          workspaceId: session.workspaceId,
        },
      };
    },
  });

  app.route({
    ...authRoutes.renew,
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const { session } = requireAuth(request);
      const renewed = await sessions.renew(session.id, new Date(app.clock()));
      if (!renewed) throw unauthorized();
      app.issueSessionCookie(reply, renewed);
      return { data: { sessionStart: renewed.renewedAt.getTime(), sessionTimeout: renewed.timeoutMs } };
    },
  });

  app.route({
    ...authRoutes.users,
    preHandler: [app.authenticate, requirePermission('agentList')],
    handler: async (request) => ({ data: await users.listVisibleTo(requireAuth(request).user) }),
  });
}
