import { PERMISSIONS, type JsonLogicRule, type PermissionName } from '@domain/permissions';
import { ROLES, type Role } from '@domain/roles';
import type { RoleViewsConfig, Workspace } from '@domain/generated/workspace';
import { and, hasItems, isNotTrue, isTrue, not, notEmbed, or, roleIn, roleIs, targetRoleIn } from './rules';

export type PermissionRules = Record<PermissionName, JsonLogicRule>;

/** Views the spec gates with a viewsConfig flag (spec 1 §3, spec 3 §3). */
const CONTACT_VIEWS = ['list', 'show', 'edit', 'insert'] as const;
type TopView = 'dashboard' | 'flowsmanagement' | 'events' | 'reports' | 'sms' | 'workspaceconfig' | 'setting';
type ViewName = (typeof CONTACT_VIEWS)[number] | TopView;

const STAFF: Role[] = ['admin', 'team-leader'];
const CONTACT_WORKERS: Role[] = ['admin', 'team-leader', 'basic'];

/**
 * Defaults for a workspace without viewsConfig: the permission check is true (spec 1 §6, spec 3 §6) except where the
 * spec names roles: list and show for admin, team-leader, basic; edit for admin, team-leader (spec 2 §6); setting,
 * workspaceconfig, dashboard and events for admin and team-leader; reports for admin, team-leader and middle.
 * Flows management also needs "its view visible" (spec 3 §2): a workspace without viewsConfig shows it to no role, so
 * nobody loads contact files into it (nor sees it in the menu) until its configuration says who may.
 */
const DEFAULT_VIEW_ROLES: Record<ViewName, Role[] | true> = {
  list: CONTACT_WORKERS,
  show: CONTACT_WORKERS,
  edit: STAFF,
  insert: CONTACT_WORKERS,
  dashboard: STAFF,
  events: STAFF,
  setting: STAFF,
  workspaceconfig: STAFF,
  reports: ['admin', 'team-leader', 'middle'],
  sms: true,
  flowsmanagement: [],
};

/** The roles whose viewsConfig lists the view as visible. A role missing from viewsConfig sees nothing. */
function visibleRoles(workspace: Workspace, view: ViewName): Role[] {
  const config = workspace.viewsConfig ?? {};
  return ROLES.filter((role) => {
    const rv: RoleViewsConfig | undefined = config[role];
    if (!rv) return false;
    const flag = (CONTACT_VIEWS as readonly string[]).includes(view) ? rv.views?.[view as (typeof CONTACT_VIEWS)[number]] : rv[view as TopView];
    return flag?.visible === true;
  });
}

function viewRule(workspace: Workspace | null | undefined, view: ViewName): JsonLogicRule {
  if (!workspace?.viewsConfig) {
    const roles = DEFAULT_VIEW_ROLES[view];
    return roles === true ? true : roleIn(roles);
  }
  return roleIn(visibleRoles(workspace, view));
}

/** Creating a contact needs the entry state to be manual (spec 2 §2.1, §5); read from the workspace at run time. */
function entryStateManual(workspace: Workspace | null | undefined): JsonLogicRule {
  const entry = workspace?.entryState;
  if (!entry || /[.]/.test(entry)) return false;
  return isTrue(`workspace.states.${entry}.manual`);
}

/** The contact in the rule's context is assigned to the user (false without a contact or without an assignee). */
const assignedToMe: JsonLogicRule = { and: [{ '!!': [{ var: 'contact.agentId' }] }, { '==': [{ var: 'contact.agentId' }, { var: 'user.id' }] }] };

/**
 * Writing a contact (save, attach, delete a file): the role sees the contact's show or edit view, and the contact is
 * the user's own (taken or assigned) or the user may act on others' contacts (workOthers). Built from the final
 * show, edit and workOthers rules, so a workspace overriding one of them moves write with it.
 */
function writeRule(rules: Pick<PermissionRules, 'show' | 'edit' | 'workOthers'>): JsonLogicRule {
  return and(or(rules.show, rules.edit), or(assignedToMe, rules.workOthers));
}

/** Every permission as a json-logic rule over PermissionContext. A workspace's own permissionRules replace defaults. */
export function translatePermissions(workspace: Workspace | null | undefined): PermissionRules {
  const view = (name: ViewName): JsonLogicRule => viewRule(workspace, name);
  const defaults: PermissionRules = {
    dashboard: view('dashboard'),
    events: view('events'),
    reports: view('reports'),
    sms: view('sms'),
    flowsmanagement: view('flowsmanagement'),
    setting: view('setting'),
    workspaceconfig: view('workspaceconfig'),
    list: view('list'),
    show: view('show'),
    edit: view('edit'),
    insert: and(view('insert'), entryStateManual(workspace)),
    // basic may take contacts (spec 2 §6); staff too, so they can work a contact themselves.
    take: roleIn(CONTACT_WORKERS),
    // Acting on a contact assigned to someone else or to nobody, without taking it: the administrative edit's roles
    // (admin and team-leader, spec 2 §2.4, §6) where the workspace gives them the edit view.
    workOthers: and(roleIn(STAFF), view('edit')),
    write: false,
    release: roleIn(CONTACT_WORKERS),
    // admin and team-leader only, never in embed view (spec 2 §2.10, §6).
    csvExport: and(roleIn(STAFF), notEmbed),
    massiveActions: and(roleIn(STAFF), notEmbed, hasItems('workspace.massiveActions')),
    clone: and(isTrue('workspace.cloneEnabled'), view('show')),
    customFilter: and(roleIn(STAFF), { '!!': [{ var: 'workspace.customFilterConfig' }] }),
    agentFilter: roleIn(STAFF),
    orgFilter: roleIn(STAFF),
    teamFilter: not(roleIn(['team-leader', 'basic'])),
    agentList: roleIn(STAFF),
    bulkLoad: roleIn(['admin']),
    bulkCheck: roleIn(['admin']),
    // Reports-tab rights: admin, or team-leader unless the workspace has profilingDisabled (spec 1 §6).
    manageReportsRights: or(roleIs('admin'), and(roleIs('team-leader'), isNotTrue('workspace.profilingDisabled'))),
    // The outsourcer, call-centre and team lists load only for these roles (spec 1 §6); kept apart from teamFilter
    // (same roles today) so a workspace that shows the team filter to more roles does not open the lists with it.
    orgLists: roleIn(['admin', 'middle', 'site-manager', 'manager']),
    // QA's replay screen and the admins' preview of fixture workspaces.
    gallery: roleIs('admin'),
  };
  const own = workspace?.permissionRules;
  const given = (name: PermissionName) => {
    const rule = own && typeof own === 'object' ? own[name] : undefined;
    return typeof rule === 'boolean' || (typeof rule === 'object' && rule !== null && !Array.isArray(rule)) ? (rule as JsonLogicRule) : undefined;
  };
  for (const name of PERMISSIONS) {
    const rule = given(name);
    if (rule !== undefined) defaults[name] = rule;
  }
  if (given('write') === undefined) defaults.write = writeRule(defaults);
  return defaults;
}

/**
 * Role rules of actions that are no workspace's to grant: unlike the permissions above, a workspace's
 * permissionRules cannot replace them. A server route declares one as `{ rule }` (its access declaration), evaluated
 * with the user and the route's workspace.
 * - unlockSignins: forgetting a username's failed sign-ins (admin only);
 * - readOutbox: reading the messages a workspace sent (admin and team-leader).
 */
export const ROLE_ONLY_RULES = {
  unlockSignins: roleIs('admin'),
  readOutbox: roleIn(STAFF),
} as const satisfies Record<string, JsonLogicRule>;
export type RoleOnlyRuleName = keyof typeof ROLE_ONLY_RULES;

/** Roles a creator may assign (spec 1 §6). */
export const ROLE_ASSIGNABLE: Record<Role, readonly Role[]> = {
  admin: ['manager', 'site-manager', 'team-leader', 'basic', 'middle'],
  manager: ['site-manager', 'team-leader', 'basic'],
  'site-manager': ['team-leader', 'basic'],
  'team-leader': ['basic'],
  basic: [],
  middle: [],
};

export const ROLE_RULE_NAMES = ['createUser', 'manageUser', 'toggleUser'] as const;
export type RoleRuleName = (typeof ROLE_RULE_NAMES)[number];

const notOwnRow: JsonLogicRule = { '!=': [{ var: 'user.id' }, { var: 'target.id' }] };
const assignableBy = (role: Role): JsonLogicRule => and(roleIs(role), targetRoleIn(ROLE_ASSIGNABLE[role]));

/**
 * Role-to-role rules, evaluated with `target.role` (and `target.id`) in the context (spec 1 §5, §6):
 * - createUser: the new user's role is one the creator may assign;
 * - manageUser: row actions in user settings; never on one's own row; an admin acts on anyone (other admins too);
 *   a team-leader not on admins or other team leaders; managers on the roles they may assign;
 * - toggleUser: per-workspace enablement; admin rows are always enabled and locked, a team-leader cannot toggle
 *   another team-leader nor anything when the workspace has profilingDisabled.
 */
export function translateRoleRules(): Record<RoleRuleName, JsonLogicRule> {
  const managers = (['manager', 'site-manager'] as const).map(assignableBy);
  return {
    createUser: or(...ROLES.filter((r) => ROLE_ASSIGNABLE[r].length > 0).map(assignableBy)),
    manageUser: and(
      notOwnRow,
      or(roleIs('admin'), and(roleIs('team-leader'), not(targetRoleIn(['admin', 'team-leader']))), ...managers),
    ),
    toggleUser: and(
      notOwnRow,
      not(targetRoleIn(['admin'])),
      or(
        roleIs('admin'),
        and(roleIs('team-leader'), not(targetRoleIn(['team-leader'])), isNotTrue('workspace.profilingDisabled')),
        ...managers,
      ),
    ),
  };
}
