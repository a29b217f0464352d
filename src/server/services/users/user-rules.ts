import type { Workspace } from '@domain/generated/workspace';
import type { PermissionContext } from '@domain/permissions';
import { roleDisplayName, type Role } from '@domain/roles';
import { can } from '@translator/can';
import { ROLE_ASSIGNABLE, translatePermissions, translateRoleRules } from '@translator/translate-permissions';
import { organisationScope } from '../../repositories/organisation-repository';
import { userProblemText, type UserProblemText, type UserTextLanguage } from './user-problem-texts';

/**
 * The row-level rules of user administration (spec 1 §5, §6): who may create, manage and toggle whom. The role-to-role
 * part is the translator's json-logic (translateRoleRules, evaluated with `target`), the same rules the browser uses to
 * disable buttons; the hierarchy part depends on data (the people's outsourcer, sites and teams), so it lives here.
 *
 * Hierarchy: a creator places users only inside their own part of the organisation (admin and middle: all of it; a
 * manager: their outsourcer; a site-manager: their sites; anyone else: their teams), and acts on users who belong to
 * it (share the outsourcer, a site or a team, by the same levels).
 */

export interface Placement {
  outsourcerId: string | null;
  siteIds: readonly string[];
  teamIds: readonly string[];
}
export interface Person extends Placement {
  id: string;
  username: string;
  role: Role;
  isSysadmin?: boolean;
}

/** The organisation as lookups (a few hundred rows at most: loaded once per request or bulk file). */
export interface OrgSnapshot {
  outsourcers: Map<string, { name: string }>;
  sites: Map<string, { name: string; outsourcerId: string }>;
  teams: Map<string, { name: string; siteId: string }>;
}

const roleRules = translateRoleRules();

const context = (actor: Person, target: { id?: string; role: Role } | null, workspace: Record<string, unknown> | null = null): PermissionContext => ({
  user: { id: actor.id, username: actor.username, role: actor.role, teamIds: [...actor.teamIds], siteIds: [...actor.siteIds], outsourcerId: actor.outsourcerId, isSysadmin: actor.isSysadmin },
  workspace,
  target,
});

const overlaps = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x));

/** Whether `target` belongs to the actor's part of the organisation (shares its outsourcer, a site or a team). */
export function targetInScope(actor: Person, target: Placement): boolean {
  const scope = organisationScope({ role: actor.role, outsourcerId: actor.outsourcerId, siteIds: [...actor.siteIds], teamIds: [...actor.teamIds] });
  if (scope.all) return true;
  if (scope.level === 'outsourcer') return target.outsourcerId !== null && scope.ids.includes(target.outsourcerId);
  if (scope.level === 'site') return overlaps(target.siteIds, scope.ids);
  return overlaps(target.teamIds, scope.ids);
}

/** Whether a new user's place lies wholly inside the actor's part of the organisation. */
export function placementInScope(actor: Person, placement: Placement): boolean {
  const scope = organisationScope({ role: actor.role, outsourcerId: actor.outsourcerId, siteIds: [...actor.siteIds], teamIds: [...actor.teamIds] });
  if (scope.all) return true;
  if (scope.level === 'outsourcer') return placement.outsourcerId !== null && scope.ids.includes(placement.outsourcerId);
  if (scope.level === 'site') return placement.siteIds.length > 0 && placement.siteIds.every((id) => scope.ids.includes(id));
  return placement.teamIds.length > 0 && placement.teamIds.every((id) => scope.ids.includes(id));
}

/** Roles the actor may give a new user (spec 1 §6), the translator's createUser rule evaluated per role. */
export const assignableRoles = (actor: Person): Role[] => ROLE_ASSIGNABLE[actor.role].filter((role) => can(roleRules.createUser, context(actor, { role })));

/** Row actions (reset, lock, unlock, assign workspaces): the manageUser rule and the hierarchy. */
export const canManage = (actor: Person, target: Person): boolean =>
  can(roleRules.manageUser, context(actor, { id: target.id, role: target.role })) && targetInScope(actor, target);

/** Per-workspace enablement: the toggleUser rule in that workspace (profilingDisabled) and the hierarchy. */
export const canToggleWorkspace = (actor: Person, target: Person, workspace: Record<string, unknown>): boolean =>
  can(roleRules.toggleUser, context(actor, { id: target.id, role: target.role }, workspace)) && targetInScope(actor, target);

/**
 * A report right that no toggle changes (spec 1 §6, "basic-role users show as always disabled, admin-role users as
 * always enabled"): basic users never see reports, admins always do.
 */
export const fixedReportRight = (role: Role): boolean | null => (role === 'admin' ? true : role === 'basic' ? false : null);

/** Reports tab: editable only by admin or team-leader (manageReportsRights in that workspace), per toggleUser. */
export const canToggleReport = (actor: Person, target: Person, workspace: Workspace & Record<string, unknown>): boolean =>
  fixedReportRight(target.role) === null &&
  can(translatePermissions(workspace).manageReportsRights, context(actor, null, workspace)) &&
  canToggleWorkspace(actor, target, workspace);

/** One problem with a new user: `forbidden` when it is the hierarchy or the role rule (403), else invalid input (400). */
export interface NewUserProblem {
  field: 'username' | 'role' | 'outsourcerId' | 'siteId' | 'teamId';
  message: string;
  forbidden: boolean;
}

export interface NewUserInput extends Placement {
  role: Role;
}

/**
 * Everything spec 1 §5 and §6 ask of a new user's role and place, for the wizard's save and for every row of a bulk
 * file alike: the role is one the creator may assign; the place is complete for the role (a manager needs an
 * outsourcer, a site-manager a call centre, team-leader and basic a team; middle nothing) and consistent (call centres
 * of the outsourcer, teams of the call centres); it exists; and it lies inside the creator's part of the organisation.
 * The messages are in `language` (the bulk file's answer is in the caller's; the wizard's save words them in English).
 */
export function newUserProblems(actor: Person, input: NewUserInput, org: OrgSnapshot, language: UserTextLanguage = 'en-GB'): NewUserProblem[] {
  const problems: NewUserProblem[] = [];
  const { role, outsourcerId, siteIds, teamIds } = input;
  const shown = roleDisplayName(role);
  const say = (text: UserProblemText) => userProblemText(text, language);
  if (!assignableRoles(actor).includes(role)) {
    problems.push({ field: 'role', message: say({ code: 'roleNotAssignable', role: shown, by: roleDisplayName(actor.role) }), forbidden: true });
    return problems;
  }
  const noOrganisation = org.outsourcers.size === 0;
  if (noOrganisation && (role === 'manager' || role === 'site-manager')) {
    problems.push({ field: 'role', message: say({ code: 'noOutsourcerExists', role: shown }), forbidden: false });
    return problems;
  }
  const needs = { outsourcer: role !== 'middle' && !noOrganisation, site: ['site-manager', 'team-leader', 'basic'].includes(role) && !noOrganisation, team: ['team-leader', 'basic'].includes(role) && !noOrganisation };
  const invalid = (field: NewUserProblem['field'], text: UserProblemText) => problems.push({ field, message: say(text), forbidden: false });

  if (outsourcerId === null) {
    if (needs.outsourcer) invalid('outsourcerId', { code: 'outsourcerRequired', role: shown });
  } else if (!org.outsourcers.has(outsourcerId)) invalid('outsourcerId', { code: 'outsourcerMissing', id: outsourcerId });

  if (role === 'manager' && siteIds.length) invalid('siteId', { code: 'managerNoSite' });
  if ((role === 'manager' || role === 'site-manager') && teamIds.length) invalid('teamId', { code: 'aboveTeams', role: shown });

  if (siteIds.length === 0 && needs.site) invalid('siteId', { code: 'siteRequired', role: shown });
  const unknownSites = siteIds.filter((id) => !org.sites.has(id));
  if (unknownSites.length) invalid('siteId', { code: 'siteMissing', ids: unknownSites });
  const foreignSites = siteIds.filter((id) => org.sites.has(id) && org.sites.get(id)?.outsourcerId !== outsourcerId);
  if (foreignSites.length) invalid('siteId', { code: 'siteForeign', ids: foreignSites, outsourcer: outsourcerId ?? '' });

  if (teamIds.length === 0 && needs.team) invalid('teamId', { code: 'teamRequired', role: shown });
  const unknownTeams = teamIds.filter((id) => !org.teams.has(id));
  if (unknownTeams.length) invalid('teamId', { code: 'teamMissing', ids: unknownTeams });
  const foreignTeams = teamIds.filter((id) => org.teams.has(id) && !siteIds.includes(org.teams.get(id)?.siteId ?? ''));
  if (foreignTeams.length) invalid('teamId', { code: 'teamForeign', ids: foreignTeams });

  if (problems.length === 0 && !placementInScope(actor, input)) {
    const field = actor.role === 'manager' ? 'outsourcerId' : actor.role === 'site-manager' ? 'siteId' : 'teamId';
    problems.push({ field, message: say({ code: 'outsideScope' }), forbidden: true });
  }
  return problems;
}

/** Whether the workspace hides the create-user button from this role (viewsConfig.<role>.setting.newUserHidden). */
export function newUserHidden(workspace: Record<string, unknown> | null, role: Role): boolean {
  const views = (workspace as Workspace | null)?.viewsConfig;
  return views?.[role]?.setting?.newUserHidden === true;
}
