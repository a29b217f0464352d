import type { ApiClient } from '@api-client/api-client';
import { isApiRequestError } from '@api-client/api-error';
import { isGroupRequired, type GroupRequired, type LoginData, type SessionInfo } from '@domain/api/auth';
import type { Workspace } from '@domain/generated/workspace';
import { DEFAULT_SESSION_TIMEOUT_MS } from '@domain/constants';
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

export interface AuthService {
  /** Stores the login data, loads workspaces, workspace, data model, signs the agent in; answers where to go. */
  completeSignIn(result: LoginData | GroupRequired): Promise<SignInOutcome>;
  /**
   * Logout (spec 1 §4): aborts calls in flight, expires the cookie, clears local data. `resumeAt` (a session that
   * expired) keeps the user's workspace and that page, so the same user's next sign-in goes back to them.
   */
  signOut(options?: { resumeAt?: string }): Promise<void>;
  /** Start-up check of a stored session; a failure means logged out. */
  checkSession(): Promise<'signed-in' | 'signed-out' | 'unreachable'>;
  renew(): Promise<void>;
  switchWorkspace(workspaceId: string): Promise<void>;
  home(): string;
}

/** A role's home in a workspace; the screen registry resolves it (routes/screens.ts). */
export type RoleHomePath = (workspace: Workspace | null | undefined, role: Role) => string;

/** `earlySession`: a quiet session check already in flight at start-up; the first checkSession uses it. */
export const createAuthService = (api: ApiClient, store: SessionStore, roleHomePath: RoleHomePath, earlySession: Promise<SessionInfo> | null = null): AuthService => {
  let pendingSession = earlySession;
  const loadWorkspace = async (workspaceId: string, agentId: string): Promise<Workspace> => {
    const workspace = await api.workspaces.get(workspaceId);
    const dataModel = await api.dataModels.get(workspace.dataModelId);
    const presence = await api.agent.signin(agentId, workspace.id);
    store.save({ workspace, dataModel, sessionStart: presence.sessionStart, sessionTimeout: presence.sessionTimeout });
    return workspace;
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
      try {
        const early = pendingSession;
        pendingSession = null;
        const info = await (early ?? api.auth.session({ quiet: true }));
        if (info.id !== user.id) throw new Error('another user holds the cookie');
        store.save({ user: { ...user, role: info.role }, sessionStart: info.sessionStart, sessionTimeout: info.sessionTimeout });
        store.setStatus('signed-in');
        return 'signed-in';
      } catch (error) {
        store.clear();
        return isApiRequestError(error) && error.kind === 'network' && error.status === null ? 'unreachable' : 'signed-out';
      }
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
