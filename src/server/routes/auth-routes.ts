import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { authRoutes, type LoggedUser, type LoginData, type SigninResult } from '@domain/api/auth';
import { DEFAULT_SESSION_TIMEOUT_MS } from '@domain/constants';
import { AUTH_MESSAGES } from '@domain/errors';
import { decoyHash, hashPassword, passwordRuleViolations, verifyPassword } from '../auth/password';
import { signInThrottle } from '../auth/sign-in-throttle';
import { HttpError, badField, invalid } from '../http-error';
import { say } from '../server-messages';
import { SESSION_COOKIE, requireAuth, unauthorized } from '../plugins/auth';
import type { SessionRecord } from '../repositories/session-repository';
import type { UserRecord } from '../repositories/user-repository';

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
  const throttle = signInThrottle(app.repos.signInThrottle, app.clock);

  /**
   * Checks the credentials: 429 (with Retry-After) while this username and address must wait after failures, 401
   * 'LOGIN FAILED' for an unknown user or a wrong password (never saying which), 401 'Account locked' for a disabled
   * user whose password is right (only the password's owner learns that the account exists and is locked). A rejected
   * password writes its failed-login row and nothing else; a correct one writes none (see auth/sign-in-throttle.ts).
   */
  async function checkCredentials(request: FastifyRequest, reply: FastifyReply, username: string, password: string): Promise<UserRecord> {
    const outcome = await throttle.attempt(username, request.ip, async () => {
      const user = await users.findByUsername(username);
      const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
      return user && matches ? { ok: true, result: user } : { ok: false, result: null };
    });
    if (outcome.kind === 'throttled') {
      reply.header('retry-after', String(Math.max(1, Math.ceil(outcome.retryAfterMs / 1000))));
      throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts);
    }
    if (!outcome.result) throw new HttpError(401, AUTH_MESSAGES.loginFailed);
    if (outcome.result.status === 'disabled') throw new HttpError(401, AUTH_MESSAGES.accountLocked);
    return outcome.result;
  }

  /** A system administrator must name one of their groups; everyone else has none. */
  function chooseGroup(user: UserRecord, group: string | undefined): { groupId: string | null } | { groupRequired: true } {
    if (!user.isSysadmin) return { groupId: null };
    if (!group) return { groupRequired: true };
    if (!user.groups.some((g) => g.id === group)) {
      throw new HttpError(400, AUTH_MESSAGES.groupRequired, [{ field: 'group', message: say('groupNotTheUsers', { group }) }]);
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
    config: { access: { public: 'sign-in: the credentials are the check' } },
    handler: async (request, reply): Promise<{ data: SigninResult }> => {
      const { username, password, group } = request.body;
      const user = await checkCredentials(request, reply, username, password);
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
    config: { access: { public: 'changing an expired or temporary password: the old password is the check' } },
    handler: async (request, reply): Promise<{ data: SigninResult }> => {
      const { username, oldPassword, newPassword, group } = request.body;
      const problems = passwordRuleViolations(newPassword);
      if (problems.length) throw invalid(problems.map((message) => ({ field: 'newPassword', message })));
      if (newPassword === oldPassword) {
        throw badField('newPassword', say('passwordSameAsOld'));
      }
      const user = await checkCredentials(request, reply, username, oldPassword);
      const choice = chooseGroup(user, group);
      // Nothing is written until the change can finish: a user who must pick a group gets the groups and sends the
      // same request again with one; the password and the session then change together.
      if ('groupRequired' in choice) return { data: { groupRequired: true, groups: user.groups } };
      const hash = await hashPassword(newPassword);
      const changedAt = new Date(app.clock());
      const changed: UserRecord = { ...user, status: user.status === 'tmp-psw' ? '' : user.status, lastPasswordChange: changedAt };
      return { data: await openSession(reply, changed, choice.groupId, (tx) => users.setPassword(tx, user.id, hash, changedAt)) };
    },
  });

  app.route({
    ...authRoutes.signout,
    config: { access: { public: 'signing out always succeeds: a missing or stale cookie is already signed out' } },
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
    config: { access: { signedIn: true } },
    handler: async (request) => {
      const { user, session } = requireAuth(request);
      return { data: toLoggedUser(user, session.groupId) };
    },
  });

  app.route({
    ...authRoutes.session,
    config: { access: { signedIn: true } },
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
    // It renews the session and sets its cookie: refused from other sites like a POST (security.ts).
    config: { access: { signedIn: true }, changesState: true },
    handler: async (request, reply) => {
      const { session } = requireAuth(request);
      const renewed = await sessions.renew(session.id, new Date(app.clock()));
      if (!renewed) throw unauthorized();
      app.issueSessionCookie(reply, renewed);
      return { data: { sessionStart: renewed.renewedAt.getTime(), sessionTimeout: renewed.timeoutMs } };
    },
  });

  app.route({
    ...authRoutes.unlock,
    config: { access: { signedIn: true, rule: 'unlockSignins' } },
    handler: async (request) => {
      const { username } = request.body;
      return { data: { username, clearedFailures: await throttle.unlock(username) } };
    },
  });

  app.route({
    ...authRoutes.users,
    config: { access: { permission: 'agentList' } },
    handler: async (request) => ({ data: await users.listVisibleTo(requireAuth(request).user) }),
  });
}
