import { randomBytes } from 'node:crypto';
import type { AllowedUser, DisableResult, ProfilingBody, ProfilingResult, ResetBody, SignupBody, TemporaryPassword, UserRow, UserSearchBody, UserSearchResult } from '@domain/api/users';
import { USER_ADMIN_MESSAGES } from '@domain/api/users';
import type { CustomReport } from '@domain/generated/workspace';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import { HttpError, badField, forbidden, notFound, type ErrorItem } from '../../http-error';
import { say, workspaceNamed } from '../../server-messages';
import type { AuthContext } from '../../plugins/auth';
import { organisationScope } from '../../repositories/organisation-repository';
import type { AdminUserRecord, UserAdminRepository } from '../../repositories/user-admin-repository';
import type { UserRecord } from '../../repositories/user-repository';
import type { WorkspaceDocument, WorkspaceRepository } from '../../repositories/workspace-repository';
import { announceAccessChange } from '../workspace-config/config-changes';
import { newTemporaryCredential } from './temporary-password';
import { canManage, canToggleReport, canToggleWorkspace, fixedReportRight, newUserHidden, newUserProblems, type OrgSnapshot, type Person } from './user-rules';

/** How many refusals a 403 lists (a bulk of 1,000 users need not answer 1,000 lines). */
const MAX_LISTED = 20;

/** 403 listing the first MAX_LISTED reasons. */
export const forbiddenListed = (errors: ErrorItem[]) => forbidden(errors.slice(0, MAX_LISTED));

export const personOf = (user: UserRecord | AdminUserRecord): Person =>
  'siteIds' in user
    ? { id: user.id, username: user.username, role: user.role, outsourcerId: user.outsourcerId, siteIds: user.siteIds, teamIds: user.teamIds, isSysadmin: user.isSysadmin }
    : { id: user.id, username: user.username, role: user.role, outsourcerId: user.outsourcerId, siteIds: user.sites.map((s) => s.id), teamIds: user.teams.map((t) => t.id), isSysadmin: user.isSysadmin };

export const newUserId = () => `u-${randomBytes(9).toString('hex')}`;

const reportsOf = (workspace: WorkspaceDocument): CustomReport[] =>
  Array.isArray(workspace.customReportConfig) ? (workspace.customReportConfig as CustomReport[]) : [];

export interface UserAdminDeps {
  db: Database;
  repo: UserAdminRepository;
  workspaces: WorkspaceRepository;
  clock: Clock;
}

/** The user-administration rules of spec 1 §5, §6 over the repositories; routes stay thin. */
export function userAdminService({ db, repo, workspaces, clock }: UserAdminDeps) {
  async function orgSnapshot(): Promise<OrgSnapshot> {
    const { outsourcers, sites, teams } = await repo.organisation();
    return {
      outsourcers: new Map(outsourcers.map((o) => [o.id, { name: o.name }])),
      sites: new Map(sites.map((s) => [s.id, { name: s.name, outsourcerId: s.outsourcer_id }])),
      teams: new Map(teams.map((t) => [t.id, { name: t.name, siteId: t.site_id }])),
    };
  }

  /** A workspace the caller names: it must exist (404) and be one the caller may open (403). */
  async function openableWorkspace(auth: AuthContext, workspaceId: string, field = 'workspaceId'): Promise<WorkspaceDocument> {
    const workspace = await workspaces.findDocument(workspaceId);
    if (!workspace) throw notFound(say('workspaceNotFound', { id: workspaceId }), field);
    if (!(await workspaces.canOpen(auth.user, workspaceId))) throw forbiddenListed([{ field, message: say('workspaceNotEnabled', { workspace: workspaceNamed(workspace) }) }]);
    return workspace;
  }

  /** The report's workspace: the one named, else the session's. */
  async function reportWorkspace(auth: AuthContext, workspaceId: string | undefined): Promise<WorkspaceDocument> {
    const id = workspaceId ?? auth.session.workspaceId;
    if (!id) throw badField('workspaceId', say('workspaceIdRequired'));
    return openableWorkspace(auth, id);
  }

  function findReport(workspace: WorkspaceDocument, reportId: string, field = 'reportId'): CustomReport {
    const report = reportsOf(workspace).find((r) => r.id === reportId);
    if (!report) throw notFound(say('reportNotFound', { id: reportId, workspace: workspace.id }), field);
    return report;
  }

  /** Users by id: all must exist (404 naming the missing ones). */
  async function existingUsers(userIds: readonly string[]): Promise<AdminUserRecord[]> {
    const found = await repo.findByIds(userIds);
    const missing = userIds.filter((id) => !found.some((u) => u.id === id));
    if (missing.length) throw new HttpError(404, say('userNotFound', { id: missing }), missing.slice(0, MAX_LISTED).map((id) => ({ field: 'userIds', message: say('userNotFound', { id }) })));
    return userIds.map((id) => found.find((u) => u.id === id) as AdminUserRecord);
  }

  async function issueTemporaryPassword(target: AdminUserRecord): Promise<TemporaryPassword> {
    const credential = await newTemporaryCredential();
    const at = new Date(clock());
    await db.transaction(async (tx) => {
      await repo.setTemporaryPassword(tx, target.id, credential.hash, at);
      // the old password no longer opens anything, and neither do sessions opened with it
      await repo.endSessions(tx, [target.id], at, 'reset');
    });
    return { id: target.id, username: target.username, status: 'tmp-psw', password: credential.password };
  }

  return {
    orgSnapshot,

    async search(auth: AuthContext, body: UserSearchBody): Promise<UserSearchResult> {
      const actor = personOf(auth.user);
      let workspace: WorkspaceDocument | null = null;
      if (body.reportId) {
        workspace = await reportWorkspace(auth, body.workspaceId);
        findReport(workspace, body.reportId);
      } else if (body.workspaceId) {
        workspace = await openableWorkspace(auth, body.workspaceId);
      }
      const { rows, total } = await repo.search({
        scope: organisationScope(auth.user),
        page: body.page ?? 0,
        length: body.length ?? 10,
        sort: body.sort ?? 'username',
        order: body.order ?? 'asc',
        text: body.text,
        outsourcerIds: body.outsourcerIds,
        siteIds: body.siteIds,
        teamIds: body.teamIds,
        workspaceId: workspace?.id,
        reportId: body.reportId,
      });
      const data = rows.map((record): UserRow => {
        const person = personOf(record);
        const row: UserRow = {
          id: record.id,
          username: record.username,
          role: record.role,
          status: record.status,
          lastPasswordChange: record.lastPasswordChange.toISOString(),
          outsourcerId: record.outsourcerId,
          outsourcerName: record.outsourcerName,
          siteIds: record.sites.map((s) => s.id),
          teamIds: record.teams.map((t) => t.id),
          siteNames: record.sites.map((s) => s.name),
          teamNames: record.teams.map((t) => t.name),
          manageable: canManage(actor, person),
        };
        if (workspace) {
          row.workspaceEnabled = record.role === 'admin' || record.workspaceForbidden !== true;
          row.workspaceToggleable = canToggleWorkspace(actor, person, workspace);
        }
        if (workspace && body.reportId) {
          row.reportEnabled = fixedReportRight(record.role) ?? record.reportForbidden !== true;
          row.reportToggleable = canToggleReport(actor, person, workspace);
        }
        return row;
      });
      return { data, total };
    },

    async availability(username: string): Promise<{ available: boolean }> {
      return { available: !(await repo.usernameTaken(username)) };
    },

    async signup(auth: AuthContext, body: SignupBody): Promise<TemporaryPassword> {
      const actor = personOf(auth.user);
      if (newUserHidden(auth.workspace, auth.user.role)) {
        throw forbiddenListed([{ message: say('newUserHidden', { role: auth.user.role }) }]);
      }
      const input = { role: body.role, outsourcerId: body.outsourcerId ?? null, siteIds: body.siteId ?? [], teamIds: body.teamId ?? [] };
      const problems = newUserProblems(actor, input, await orgSnapshot());
      const refused = problems.filter((p) => p.forbidden);
      if (refused.length) throw forbiddenListed(refused.map(({ field, message }) => ({ field, message })));
      if (problems.length) throw new HttpError(400, problems.map((p) => p.message).join('; '), problems.map(({ field, message }) => ({ field, message })));
      const groupId = body.groupId ?? auth.session.groupId;
      if (groupId && !(await repo.groupExists(groupId))) throw badField('groupId', say('groupUnknown', { group: groupId }));
      if (await repo.usernameTaken(body.username)) throw new HttpError(409, USER_ADMIN_MESSAGES.usernameTaken, [{ field: 'username', message: USER_ADMIN_MESSAGES.usernameTaken }]);
      const credential = await newTemporaryCredential();
      const id = newUserId();
      const created = await db.transaction((tx) =>
        repo.create(tx, { id, username: body.username, passwordHash: credential.hash, ...input, groupId, at: new Date(clock()) }),
      );
      if (!created) throw new HttpError(409, USER_ADMIN_MESSAGES.usernameTaken, [{ field: 'username', message: USER_ADMIN_MESSAGES.usernameTaken }]);
      return { id, username: body.username, status: 'tmp-psw', password: credential.password };
    },

    /** Reset, and unlock when the user is disabled (spec 1 §4): a new temporary password either way. */
    async reset(auth: AuthContext, body: ResetBody): Promise<TemporaryPassword> {
      const target = await repo.findByUsername(body.username);
      if (!target) throw notFound(say('userNotFound', { id: body.username }), 'username');
      if (!canManage(personOf(auth.user), personOf(target))) throw forbiddenListed([{ field: 'username', message: say('mayNotReset', { user: target.username }) }]);
      return issueTemporaryPassword(target);
    },

    async disable(auth: AuthContext, userIds: readonly string[]): Promise<DisableResult> {
      const actor = personOf(auth.user);
      const targets = await existingUsers(userIds);
      const refused = targets.filter((t) => !canManage(actor, personOf(t)));
      if (refused.length) throw forbiddenListed(refused.map((t) => ({ field: 'userIds', message: say('mayNotLock', { user: t.username }) })));
      const at = new Date(clock());
      const endedSessions = await db.transaction(async (tx) => {
        await repo.disable(tx, userIds);
        return repo.endSessions(tx, userIds, at, 'disabled');
      });
      return { userIds: [...userIds], endedSessions };
    },

    async profiling(auth: AuthContext, body: ProfilingBody): Promise<ProfilingResult> {
      const actor = personOf(auth.user);
      const targets = await existingUsers(body.userIds);
      const enable = body.action === 'enable';
      if (body.entity === 'workspace') {
        const documents: WorkspaceDocument[] = [];
        for (const id of body.entityIds) documents.push(await openableWorkspace(auth, id, 'entityIds'));
        const refused = documents.flatMap((workspace) =>
          targets.filter((t) => !canToggleWorkspace(actor, personOf(t), workspace)).map((t) => ({ field: 'userIds', message: say('mayNotToggleWorkspace', { workspace: workspace.id, user: t.username }) })),
        );
        if (refused.length) throw forbiddenListed(refused);
        const changed = await db.transaction(async (tx) => {
          const count = await repo.setWorkspaceRights(tx, body.userIds, body.entityIds, enable);
          // The users gain or lose workspaces: their open browsers hear of it (push channel).
          if (count > 0) await announceAccessChange(tx);
          return count;
        });
        return { changed };
      }
      const workspace = await reportWorkspace(auth, body.workspaceId);
      for (const id of body.entityIds) findReport(workspace, id, 'entityIds');
      const refused = targets.filter((t) => !canToggleReport(actor, personOf(t), workspace)).map((t) => ({ field: 'userIds', message: say('mayNotToggleReports', { user: t.username }) }));
      if (refused.length) throw forbiddenListed(refused);
      const changed = await db.transaction((tx) => repo.setReportRights(tx, body.userIds, workspace.id, body.entityIds, enable));
      return { changed };
    },

    /**
     * The assign-workspaces dialog (spec 1 §6): the target's team, site or outsourcer workspaces (all for an admin),
     * each with whether it is forbidden to them and whether the caller may toggle it.
     */
    async userWorkspaces(auth: AuthContext, userId: string) {
      const [target] = await existingUsers([userId]);
      const actor = personOf(auth.user);
      const person = personOf(target);
      if (!canManage(actor, person)) throw forbiddenListed([{ field: 'userId', message: say('mayNotManageWorkspaces', { user: target.username }) }]);
      const candidates = await repo.candidateWorkspaces(target.id);
      const openable = auth.user.role === 'admin' ? null : new Set((await workspaces.listFor(auth.user)).map((w) => w.id));
      return candidates
        .filter((w) => openable === null || openable.has(w.id))
        .map((w) => ({ ...w, toggleable: canToggleWorkspace(actor, person, { id: w.id, profilingDisabled: w.profilingDisabled }) }));
    },

    async workspaceAllowedUsers(auth: AuthContext, workspaceId: string): Promise<AllowedUser[]> {
      await openableWorkspace(auth, workspaceId, 'id');
      return repo.workspaceAllowedUsers(workspaceId, organisationScope(auth.user));
    },

    async reportAllowedUsers(auth: AuthContext, reportId: string, workspaceId: string | undefined): Promise<AllowedUser[]> {
      const workspace = await reportWorkspace(auth, workspaceId);
      findReport(workspace, reportId, 'id');
      return repo.reportAllowedUsers(workspace.id, reportId, organisationScope(auth.user));
    },
  };
}
export type UserAdminService = ReturnType<typeof userAdminService>;
