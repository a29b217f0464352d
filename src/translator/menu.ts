import type { JsonLogicRule, PermissionContext, PermissionName } from '@domain/permissions';
import { ROLES, type Role } from '@domain/roles';
import type { Workspace } from '@domain/generated/workspace';
import { can } from './can';
import { homePath, type HomePaths } from './home-path';
import { and, not, roleIn } from './rules';
import { translatePermissions, type PermissionRules } from './translate-permissions';

/**
 * A navigation entry as the app's screen registry gives it: the translator decides who sees it, the registry owns
 * where it leads, so a path is written once.
 */
export interface MenuEntry<K extends string = string> { key: K; permission: PermissionName; path: string }
export interface MenuItem<K extends string = string> { key: K; path: string }

/** Some entry of customReportConfig that is not hidden: entries whose templateName ends in `_fake` are never shown (spec 3 §3). */
const hasVisibleReports: JsonLogicRule = { some: [{ var: 'workspace.customReportConfig' }, { '!=': [{ substr: [{ var: 'templateName' }, -5] }, '_fake'] }] };

/**
 * The spec's exceptions to "an item shows to whoever may open its screen", by the screen's permission: without
 * viewsConfig the Contacts menu shows to all but middle (spec 1 §6); Reports shows only when the workspace has custom
 * reports (a list of only hidden `_fake` entries has none); SMS, whose screen opens without viewsConfig (spec 3 §2),
 * has no menu item without one: that menu is Dashboard, Events and Reports (spec 3 §6).
 */
const MENU_RULE_EXCEPTIONS: Partial<Record<PermissionName, (workspace: Workspace | null | undefined, p: PermissionRules) => JsonLogicRule>> = {
  list: (workspace, p) => (workspace?.viewsConfig || workspace?.permissionRules?.list !== undefined ? p.list : not(roleIn(['middle']))),
  reports: (_workspace, p) => and(p.reports, hasVisibleReports),
  sms: (workspace, p) => (workspace?.viewsConfig || workspace?.permissionRules?.sms !== undefined ? p.sms : false),
};

/** The rule for each navigation entry: its screen's permission, or the spec's exception for it. */
export function translateMenuRules<K extends string>(workspace: Workspace | null | undefined, entries: readonly MenuEntry<K>[], p = translatePermissions(workspace)): Record<K, JsonLogicRule> {
  const rules = {} as Record<K, JsonLogicRule>;
  for (const { key, permission } of entries) rules[key] = MENU_RULE_EXCEPTIONS[permission]?.(workspace, p) ?? p[permission];
  return rules;
}

/** The navigation items a role may see in a workspace, in the entries' order. */
export function menuItems<K extends string>(workspace: Workspace | null | undefined, role: Role, entries: readonly MenuEntry<K>[], rules = translateMenuRules(workspace, entries)): MenuItem<K>[] {
  if (!workspace) return [];
  const ctx: PermissionContext = { user: { id: '', username: '', role }, workspace: workspace as unknown as Record<string, unknown> };
  return entries.filter(({ key }) => can(rules[key], ctx)).map(({ key, path }) => ({ key, path }));
}

/** The screens navigation leads to, from the app's screen registry. */
export interface NavigationScreens<K extends string = string> { menu: readonly MenuEntry<K>[]; home: HomePaths }
export type Navigation<K extends string = string> = Record<Role, { home: string; menu: MenuItem<K>[] }>;

/** Every role's home and menu in a workspace (the QA replay's navigation.json). */
export function translateNavigation<K extends string>(workspace: Workspace, screens: NavigationScreens<K>, p = translatePermissions(workspace)): Navigation<K> {
  const rules = translateMenuRules(workspace, screens.menu, p);
  const navigation = {} as Navigation<K>;
  for (const role of ROLES) navigation[role] = { home: homePath(workspace, role, screens.home), menu: menuItems(workspace, role, screens.menu, rules) };
  return navigation;
}
