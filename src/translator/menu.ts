import type { JsonLogicRule, PermissionContext } from '../domain/permissions';
import type { Role } from '../domain/roles';
import type { Workspace } from '../domain/generated/workspace';
import { can } from './can';
import { and, hasItems, not, roleIn } from './rules';
import { translatePermissions } from './translate-permissions';

export const MENU_KEYS = ['contacts', 'dashboard', 'flowsmanagement', 'events', 'reports', 'sms', 'workspaceconfig', 'setting'] as const;
export type MenuKey = (typeof MENU_KEYS)[number];
export interface MenuItem { key: MenuKey; path: string }

const MENU_PATHS: Record<MenuKey, string> = {
  contacts: '/contacts/list',
  dashboard: '/dashboard',
  flowsmanagement: '/flowsmanagement',
  events: '/events',
  reports: '/reports',
  sms: '/sms',
  workspaceconfig: '/workspaceconfig',
  setting: '/setting',
};

/**
 * The rule for each navigation item: the view's permission, with two spec exceptions. Without viewsConfig the
 * Contacts menu shows to all but middle (spec 1 §6); Reports shows only when the workspace has custom reports.
 */
export function translateMenuRules(workspace: Workspace | null | undefined, p = translatePermissions(workspace)): Record<MenuKey, JsonLogicRule> {
  const ownList = workspace?.permissionRules?.list !== undefined;
  return {
    contacts: workspace?.viewsConfig || ownList ? p.list : not(roleIn(['middle'])),
    dashboard: p.dashboard,
    flowsmanagement: p.flowsmanagement,
    events: p.events,
    reports: and(p.reports, hasItems('workspace.customReportConfig')),
    sms: p.sms,
    workspaceconfig: p.workspaceconfig,
    setting: p.setting,
  };
}

/** The navigation items a role may see in a workspace, in the bar's order. */
export function menuItems(workspace: Workspace | null | undefined, role: Role, rules = translateMenuRules(workspace)): MenuItem[] {
  if (!workspace) return [];
  const ctx: PermissionContext = { user: { id: '', username: '', role }, workspace: workspace as unknown as Record<string, unknown> };
  return MENU_KEYS.filter((key) => can(rules[key], ctx)).map((key) => ({ key, path: MENU_PATHS[key] }));
}
