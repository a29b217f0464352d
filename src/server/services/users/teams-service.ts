import type { AssociateBody, AssociateResult, TeamRow, TeamWorkspaceRow } from '@domain/api/teams';
import type { Database } from '../../db/database';
import { HttpError, notFound } from '../../http-error';
import { say, workspaceNamed } from '../../server-messages';
import type { AuthContext } from '../../plugins/auth';
import { organisationScope } from '../../repositories/organisation-repository';
import type { UserAdminRepository } from '../../repositories/user-admin-repository';
import type { WorkspaceRepository } from '../../repositories/workspace-repository';
import { announceAccessChange } from '../workspace-config/config-changes';
import { forbiddenListed } from './user-admin-service';

/**
 * The Teams tab (spec 1 §2, §7): which teams a workspace is enabled for. A caller works only with the teams of their
 * part of the organisation and the workspaces they may open; a workspace with profilingDisabled is changed by admins only.
 */
export function teamsService({ db, repo, workspaces }: { db: Database; repo: UserAdminRepository; workspaces: WorkspaceRepository }) {
  async function openable(auth: AuthContext, workspaceId: string, field: string) {
    const workspace = await workspaces.findDocument(workspaceId);
    if (!workspace) throw notFound(say('workspaceNotFound', { id: workspaceId }), field);
    if (!(await workspaces.canOpen(auth.user, workspaceId))) throw forbiddenListed([{ field, message: say('workspaceNotEnabled', { workspace: workspaceNamed(workspace) }) }]);
    return workspace;
  }

  /** Ids of the teams, sites or outsourcer the caller's scope holds (null: all). */
  async function inScope(auth: AuthContext, level: 'team' | 'site' | 'outsourcer', ids: readonly string[]): Promise<string[]> {
    const scope = organisationScope(auth.user);
    if (scope.all) return [...ids];
    const { sites, teams } = await repo.organisation();
    const siteOutsourcer = new Map(sites.map((s) => [s.id, s.outsourcer_id]));
    const teamSite = new Map(teams.map((t) => [t.id, t.site_id]));
    const levelOf = (id: string) => {
      const site = level === 'team' ? teamSite.get(id) : level === 'site' ? id : null;
      const outsourcer = level === 'outsourcer' ? id : site ? siteOutsourcer.get(site) : undefined;
      return { team: level === 'team' ? id : null, site: site ?? null, outsourcer: outsourcer ?? null };
    };
    return ids.filter((id) => {
      const at = levelOf(id);
      if (scope.level === 'outsourcer') return at.outsourcer !== null && scope.ids.includes(at.outsourcer);
      if (scope.level === 'site') return at.site !== null && scope.ids.includes(at.site);
      return at.team !== null && scope.ids.includes(at.team);
    });
  }

  return {
    async teamsByWorkspace(auth: AuthContext, workspaceId: string): Promise<TeamRow[]> {
      await openable(auth, workspaceId, 'id');
      return repo.teamsByWorkspace(workspaceId, organisationScope(auth.user));
    },

    async workspacesBy(auth: AuthContext, level: 'team' | 'site' | 'outsourcer', id: string, onlyEnabled: boolean): Promise<TeamWorkspaceRow[]> {
      const table = level === 'team' ? 'teams' : level === 'site' ? 'sites' : 'outsourcers';
      if (!(await repo.existingIds(table, [id])).has(id)) throw notFound(say('organisationNotFound', { level, id }), 'id');
      if ((await inScope(auth, level, [id])).length === 0) throw forbiddenListed([{ field: 'id', message: say('organisationOutside', { level, id }) }]);
      const visible = auth.user.role === 'admin' ? null : (await workspaces.listFor(auth.user)).map((w) => w.id);
      return repo.workspacesBy(level, id, onlyEnabled, visible);
    },

    async associate(auth: AuthContext, body: AssociateBody): Promise<AssociateResult> {
      const teams = await repo.existingIds('teams', body.teamIds);
      const unknown = body.teamIds.filter((id) => !teams.has(id));
      if (unknown.length) throw new HttpError(404, say('teamNotFound', { id: unknown }), unknown.map((id) => ({ field: 'teamIds', message: say('teamNotFound', { id }) })));
      const allowed = new Set(await inScope(auth, 'team', body.teamIds));
      const outside = body.teamIds.filter((id) => !allowed.has(id));
      if (outside.length) throw forbiddenListed(outside.map((id) => ({ field: 'teamIds', message: say('teamOutside', { id }) })));
      for (const workspaceId of body.workspaceIds) {
        const workspace = await openable(auth, workspaceId, 'workspaceIds');
        if (workspace.profilingDisabled === true && auth.user.role !== 'admin') {
          throw forbiddenListed([{ field: 'workspaceIds', message: say('profilingDisabled', { id: workspaceId }) }]);
        }
      }
      const changed = await db.transaction(async (tx) => {
        const count = await repo.associate(tx, body.teamIds, body.workspaceIds, body.action === 'enable');
        // The teams' users gain or lose workspaces: their open browsers hear of it (push channel).
        if (count > 0) await announceAccessChange(tx);
        return count;
      });
      return { changed };
    },
  };
}
