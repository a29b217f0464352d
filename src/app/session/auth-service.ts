import type { ApiClient } from '@api-client/api-client';
import { isApiRequestError } from '@api-client/api-error';
import { isGroupRequired, type GroupRequired, type LoginData, type SessionInfo } from '@domain/api/auth';
import type { WorkspaceSummary } from '@domain/api/workspace';
import type { Workspace } from '@domain/generated/workspace';
import { DEFAULT_SESSION_TIMEOUT_MS } from '@domain/constants';
import { AUTH_MESSAGES } from '@domain/errors';
import type { Role } from '@domain/roles';
import type { EmbedData, SessionStore } from './session-store';

export const embedPath = (embed: EmbedData): string =>
  `/contacts/embed/${[embed.contactId, embed.campaign, embed.agent, embed.guid, embed.callerid, embed.workspaceId].map(encodeURIComponent).join('/')}`;

/** Roles for which the agents list is fetched after login (spec 1 §4). */
const AGENT_LIST_ROLES = ['admin', 'team-leader'] as const;

export type SignInOutcome =
  | { type: 'signed-in'; path: string }
  | { type: 'group-required'; groups: GroupRequired['groups'] }
  | { type: 'no-workspace' };

/** What the start-up check of a stored session found; 'locked': the server ended it because the account was locked. */
export type SessionCheck = 'signed-in' | 'signed-out' | 'unreachable' | 'locked';

/** The stored workspace the start-up found closed to the user, and the one opened instead (null: none was left). */
export interface ClosedAtStart {
  closed: { id: string; name: string };
  next: { id: string; name: string } | null;
}

export interface AuthServiceHooks {
  /**
   * The start-up found the stored workspace closed to the user; called before any screen starts. With `next`, the
   * session already works in it; without, the check ends signed out.
   */
  onClosedAtStart?(closed: ClosedAtStart): void;
}

export interface AuthService {
  /** Stores the login data, loads workspaces, workspace, data model, signs the agent in; answers where to go. */
  completeSignIn(result: LoginData | GroupRequired): Promise<SignInOutcome>;
  /**
   * Logout (spec 1 §4): aborts calls in flight, expires the cookie, clears local data. `resumeAt` (a session that
   * expired) keeps the user's workspace and that page, so the same user's next sign-in goes back to them.
   */
  signOut(options?: { resumeAt?: string }): Promise<void>;
  /**
   * Start-up check of a stored session; a failure means logged out. It re-reads the user's workspaces too: the
   * stored list is the sign-in's copy. A stored workspace no longer among them gives way to the first of them, or,
   * with none left, the check ends signed out (hooks.onClosedAtStart is told, takeClosedAtStart keeps it once).
   */
  checkSession(): Promise<SessionCheck>;
  /** The workspace the start-up check left for another one (onClosedAtStart), read once: the signed-in shell says it. */
  takeClosedAtStart(): ClosedAtStart | null;
  renew(): Promise<void>;
  switchWorkspace(workspaceId: string): Promise<void>;
  home(): string;
}

/** A role's home in a workspace; the screen registry resolves it (routes/screens.ts). */
export type RoleHomePath = (workspace: Workspace | null | undefined, role: Role) => string;

/** `earlySession`: a quiet session check already in flight at start-up; the first checkSession uses it. */
export const createAuthService = (
  api: ApiClient,
  store: SessionStore,
  roleHomePath: RoleHomePath,
  earlySession: Promise<SessionInfo> | null = null,
  hooks: AuthServiceHooks = {},
): AuthService => {
  let pendingSession = earlySession;
  let closedAtStart: ClosedAtStart | null = null;
  const loadWorkspace = async (workspaceId: string, agentId: string): Promise<Workspace> => {
    const workspace = await api.workspaces.get(workspaceId);
    const dataModel = await api.dataModels.get(workspace.dataModelId);
    const presence = await api.agent.signin(agentId, workspace.id);
    store.save({ workspace, dataModel, sessionStart: presence.sessionStart, sessionTimeout: presence.sessionTimeout });
    return workspace;
  };

  /**
   * The user's workspaces as the server lists them now. The stored workspace stays when it is among them; else the
   * first of them opens, as at sign-in. Answers false when the stored one is closed and no other is left.
   */
  const reconcileWorkspaces = async (list: WorkspaceSummary[], userId: string): Promise<boolean> => {
    const workspaces = list.filter((item) => item.enabled);
    const current = store.getState().workspace;
    if (!current || workspaces.some((item) => item.id === current.id)) {
      store.save({ workspaces });
      return true;
    }
    const next = workspaces[0];
    const closed: ClosedAtStart = { closed: { id: current.id, name: current.name || current.id }, next: next ? { id: next.id, name: next.name } : null };
    if (next) {
      store.save({ workspaces });
      await loadWorkspace(next.id, userId);
      closedAtStart = closed;
    }
    hooks.onClosedAtStart?.(closed);
    return next !== undefined;
  };

  const home = (): string => {
    const { user, workspace, embed } = store.getState();
    if (!user) return '/login';
    if (embed) return embedPath(embed);
    return roleHomePath(workspace, user.role);
  };

  return {
    home,
    async completeSignIn(result) {
      if (isGroupRequired(result)) return { type: 'group-required', groups: result.groups };
      // Back where the session expired, for the same user only (another user at this browser starts afresh).
      const taken = store.takeResume();
      const resume = taken && taken.userId === result.user.id ? taken : null;
      const previousWorkspaceId = store.getState().workspace?.id ?? resume?.workspaceId ?? result.workspaceId ?? null;
      store.save({
        user: result.user,
        sessionStart: result.sessionStart,
        sessionTimeout: result.sessionTimeout || DEFAULT_SESSION_TIMEOUT_MS,
      });
      const workspaces = (await api.workspaces.list()).filter((item) => item.enabled);
      store.save({ workspaces });
      const chosen = workspaces.find((item) => item.id === previousWorkspaceId) ?? workspaces[0];
      if (!chosen) {
        await api.auth.signout().catch(() => undefined);
        store.clear();
        return { type: 'no-workspace' };
      }
      await loadWorkspace(chosen.id, result.user.id);
      if ((AGENT_LIST_ROLES as readonly string[]).includes(result.user.role)) {
        store.save({ agents: await api.auth.users() });
      }
      store.setStatus('signed-in');
      return { type: 'signed-in', path: resume && resume.workspaceId === chosen.id && !store.getState().embed ? resume.path : home() };
    },
    async signOut({ resumeAt } = {}) {
      api.abortAll();
      const { user, workspace } = store.getState();
      const resumable = resumeAt && resumeAt.startsWith('/') && !resumeAt.startsWith('//') && !/^\/(login|changepassword)\b/.test(resumeAt);
      store.saveResume(resumable && user && workspace ? { userId: user.id, workspaceId: workspace.id, path: resumeAt } : null);
      store.clear();
      await api.auth.signout().catch(() => undefined);
    },
    async checkSession() {
      const { user } = store.getState();
      if (!user) {
        store.setStatus('signed-out');
        return 'signed-out';
      }
      // Asked beside the session check. Unanswered (the network, a refused session), the stored list stands.
      const fresh = api.workspaces.list({ quiet: true }).catch(() => null);
      try {
        const early = pendingSession;
        pendingSession = null;
        const info = await (early ?? api.auth.session({ quiet: true }));
        if (info.id !== user.id) throw new Error('another user holds the cookie');
        store.save({ user: { ...user, role: info.role }, sessionStart: info.sessionStart, sessionTimeout: info.sessionTimeout });
        const list = await fresh;
        if (list && !(await reconcileWorkspaces(list, user.id))) {
          await api.auth.signout().catch(() => undefined);
          store.clear();
          return 'signed-out';
        }
        store.setStatus('signed-in');
        return 'signed-in';
      } catch (error) {
        store.clear();
        if (isApiRequestError(error) && error.message === AUTH_MESSAGES.accountLocked) return 'locked';
        return isApiRequestError(error) && error.kind === 'network' && error.status === null ? 'unreachable' : 'signed-out';
      }
    },
    takeClosedAtStart() {
      const closed = closedAtStart;
      closedAtStart = null;
      return closed;
    },
    async renew() {
      const data = await api.auth.renew();
      store.save({ sessionStart: data.sessionStart, sessionTimeout: data.sessionTimeout });
    },
    async switchWorkspace(workspaceId) {
      const { user, workspace, dataModel } = store.getState();
      if (!user) return;
      // Spec 1 §4: the stored workspace and data model are cleared, then the new ones loaded and stored. A switch
      // that fails (the workspace closed to the user meanwhile, the network) puts the old ones back: the user stays
      // where they were rather than signed in with no workspace.
      store.save({ workspace: null, dataModel: null });
      try {
        await loadWorkspace(workspaceId, user.id);
      } catch (error) {
        store.save({ workspace, dataModel });
        throw error;
      }
    },
  };
};
