import type { Role } from './roles';

/**
 * Every permission the three spec documents name. The translator compiles each into a json-logic rule
 * (translatePermissions); the browser and the server evaluate the same rule with `can`.
 */
export const PERMISSIONS = [
  // views and menu items (spec 1 §2, §6; spec 3 §2, §6)
  'dashboard', 'events', 'reports', 'sms', 'flowsmanagement', 'setting', 'workspaceconfig',
  // contact views (spec 2 §2.1, §6)
  'list', 'show', 'edit', 'insert',
  // contact list actions (spec 2 §2.2, §6)
  'take', 'release', 'csvExport', 'massiveActions', 'clone', 'customFilter', 'agentFilter', 'orgFilter', 'teamFilter', 'agentList',
  // writing one contact (spec 2 §2.3, §2.4, §4, §6): evaluated with the contact in the context
  'workOthers', 'write',
  // user administration (spec 1 §2, §5, §6)
  'bulkLoad', 'bulkCheck', 'manageReportsRights',
  // outsourcer, call-centre and team lists (spec 1 §6, §7)
  'orgLists',
  // QA's fixture gallery (/gallery) and its fixture calls
  'gallery',
] as const;
export type PermissionName = (typeof PERMISSIONS)[number];

/** A json-logic rule as plain data. */
export type JsonLogicRule = boolean | { [operator: string]: unknown };

/** What every rule is evaluated against, in the browser and on the server. */
export interface PermissionContext {
  user: { id: string; username: string; role: Role; teamIds?: string[]; siteIds?: string[]; outsourcerId?: string | null; isSysadmin?: boolean };
  workspace?: Record<string, unknown> | null;
  contact?: Record<string, unknown> | null;
  /** For role-to-role rules: the user being created, managed or toggled. */
  target?: { id?: string; role: Role } | null;
  embed?: boolean;
}
