import type { AssociateBody, AssociateResult, TeamRow, TeamWorkspaceRow } from '@domain/api/teams';
import { teamsRoutes } from '@domain/api/teams';
import type {
  AllowedUser,
  Availability,
  DisableResult,
  ProfilingBody,
  ProfilingResult,
  SignupBody,
  TemporaryPassword,
  UserSearchBody,
  UserSearchResult,
} from '@domain/api/users';
import { userAdminRoutes } from '@domain/api/users';
import type { WorkspaceSummary } from '@domain/api/workspace';
import { workspaceRoutes } from '@domain/api/workspace';
import type { ApiClient, DownloadedFile, RequestOptions } from './api-client';

/**
 * User administration, per-workspace and per-report rights and teams (spec 1 §2, §7), built from the route
 * descriptors of src/domain/api/users.ts and teams.ts (./call.ts): the method, path and shapes come from the contract.
 */

type Quiet = Pick<RequestOptions, 'quiet'>;

export interface BulkProgress {
  /** Answer lines received so far (one per input row, after the header line). */
  rowsDone: number;
  bytesReceived: number;
  /** The answer's text so far: when the answer breaks off, what it already said (rows done, temporary passwords) is kept. */
  received: string;
}

export interface UsersClient {
  search(body: UserSearchBody): Promise<UserSearchResult>;
  /** Quiet: the wizard shows its own message. */
  availability(username: string): Promise<Availability>;
  signup(body: SignupBody, options?: Quiet): Promise<TemporaryPassword>;
  /** Reset, or unlock a disabled user. Quiet by default: spec 1 §8 gives the dialog its own messages. */
  reset(username: string, groupId?: string | null): Promise<TemporaryPassword>;
  /** Lock. Quiet: 404 and other failures have their own messages (spec 1 §8). */
  disable(userIds: readonly string[]): Promise<DisableResult>;
  profiling(body: ProfilingBody): Promise<ProfilingResult>;
  /** The assign-workspaces list of another user: each with forbidden, profilingDisabled and toggleable. */
  userWorkspaces(userId: string): Promise<WorkspaceSummary[]>;
  workspaceAllowedUsers(workspaceId: string): Promise<AllowedUser[]>;
  reportAllowedUsers(reportId: string, workspaceId?: string): Promise<AllowedUser[]>;
  /** The bulk load or check: the answer CSV streams back; `onProgress` counts its lines as they arrive. */
  bulk(mode: 'load' | 'check', file: File, onProgress?: (progress: BulkProgress) => void): Promise<DownloadedFile>;
  teamsByWorkspace(workspaceId: string): Promise<TeamRow[]>;
  workspacesByTeam(teamId: string, onlyEnabled?: boolean): Promise<TeamWorkspaceRow[]>;
  workspacesBySite(siteId: string, onlyEnabled?: boolean): Promise<TeamWorkspaceRow[]>;
  workspacesByOutsourcer(outsourcerId: string, onlyEnabled?: boolean): Promise<TeamWorkspaceRow[]>;
  associate(body: AssociateBody): Promise<AssociateResult>;
}

type WorkspacesByRoute = (typeof teamsRoutes)['workspacesByTeam' | 'workspacesBySite' | 'workspacesByOutsourcer'];

export const createUsersClient = (api: ApiClient): UsersClient => {
  const { call, download } = api;
  const r = userAdminRoutes;
  const byLevel = (route: WorkspacesByRoute) => (id: string, onlyEnabled = false) =>
    call(route, { params: { id }, query: { onlyEnabled } });
  return {
    search: (body) => call(r.search, { body, whole: true }),
    availability: (username) => call(r.availability, { query: { username }, quiet: true }),
    signup: (body, options) => call(r.signup, { body, quiet: options?.quiet }),
    reset: (username, groupId) => call(r.reset, { body: groupId ? { username, groupId } : { username }, quiet: true }),
    disable: (userIds) => call(r.disable, { body: { userIds: [...userIds] }, quiet: true }),
    profiling: (body) => call(r.profiling, { body }),
    userWorkspaces: (userId) => call(workspaceRoutes.userWorkspaces, { query: { userId } }),
    workspaceAllowedUsers: (workspaceId) => call(r.workspaceAllowedUsers, { params: { id: workspaceId } }),
    reportAllowedUsers: (reportId, workspaceId) => call(r.reportAllowedUsers, { params: { id: reportId }, query: { workspaceId } }),
    bulk: (mode, file, onProgress) => {
      const route = mode === 'load' ? r.bulkLoad : r.bulkCheck;
      const form = new FormData();
      form.append('fileContent', file, file.name);
      const decoder = new TextDecoder();
      let lines = 0;
      let bytes = 0;
      let received = '';
      return download(route, {
        body: form,
        onChunk: (chunk) => {
          bytes += chunk.byteLength;
          const text = decoder.decode(chunk, { stream: true });
          received += text;
          lines += (text.match(/\n/g) ?? []).length;
          onProgress?.({ rowsDone: Math.max(0, lines - 1), bytesReceived: bytes, received });
        },
      }, `${mode === 'load' ? 'signup' : 'check'}-${Date.now()}.csv`);
    },
    teamsByWorkspace: (workspaceId) => call(teamsRoutes.teamsByWorkspace, { params: { id: workspaceId } }),
    workspacesByTeam: byLevel(teamsRoutes.workspacesByTeam),
    workspacesBySite: byLevel(teamsRoutes.workspacesBySite),
    workspacesByOutsourcer: byLevel(teamsRoutes.workspacesByOutsourcer),
    associate: (body) => call(teamsRoutes.associate, { body }),
  };
};
