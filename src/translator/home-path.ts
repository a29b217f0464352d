import type { Role } from '../domain/roles';
import type { Workspace } from '../domain/generated/workspace';

/** The role's home (spec 1 §2, spec 3 §2): viewsConfig[role]._home.path, else /reports for middle, else /contacts/list. */
export function homePath(workspace: Workspace | null | undefined, role: Role): string {
  if (!workspace) return '/login';
  const configured = workspace.viewsConfig?.[role]?._home?.path;
  if (typeof configured === 'string' && configured.startsWith('/')) return configured;
  return role === 'middle' ? '/reports' : '/contacts/list';
}
