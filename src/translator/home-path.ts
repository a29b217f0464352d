import type { Role } from '@domain/roles';
import type { Workspace } from '@domain/generated/workspace';

/** The paths of the screens a role starts on when viewsConfig names none; the app's screen registry owns them. */
export interface HomePaths { signIn: string; contacts: string; reports: string }

/** The role's home (spec 1 §2, spec 3 §2): viewsConfig[role]._home.path, else the reports for middle, else the contact list. */
export function homePath(workspace: Workspace | null | undefined, role: Role, paths: HomePaths): string {
  if (!workspace) return paths.signIn;
  const configured = workspace.viewsConfig?.[role]?._home?.path;
  if (typeof configured === 'string' && configured.startsWith('/')) return configured;
  return role === 'middle' ? paths.reports : paths.contacts;
}
