import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import type { Role } from '@domain/roles';
import { translateAllForms, type AllForms } from './translate-form';
import { translateAllLists, type ListTranslation } from './translate-list';
import { translatePermissions, translateRoleRules, type PermissionRules, type RoleRuleName } from './translate-permissions';
import type { JsonLogicRule } from '@domain/permissions';
import type { Translation } from './types';
import { hasErrors, validateConfiguration } from './validate';

export interface WorkspaceTranslation {
  permissions: PermissionRules;
  roleRules: Record<RoleRuleName, JsonLogicRule>;
  forms: AllForms;
  lists: Record<Role, ListTranslation>;
}

/** Everything the browser and server need for one workspace: every view, section and role. Validates once. */
export function translateWorkspace(model: unknown, workspace: unknown): Translation<WorkspaceTranslation> {
  const problems = validateConfiguration(workspace, model);
  if (hasErrors(problems)) return { ok: false, problems };
  return { ok: true, value: translateValid(model as DataModel, workspace as Workspace), warnings: problems };
}

/** The translation of a pair already known to be valid. */
export function translateValid(dm: DataModel, ws: Workspace): WorkspaceTranslation {
  const permissions = translatePermissions(ws);
  return { permissions, roleRules: translateRoleRules(), forms: translateAllForms(dm, ws, permissions), lists: translateAllLists(dm, ws, permissions) };
}
