import type { PermissionContext } from '@domain/permissions';
import type { Role } from '@domain/roles';
import type { Workspace } from '@domain/generated/workspace';

export const baseWorkspace = (extra: Partial<Workspace> = {}): Workspace => ({ id: 'ws', name: 'WS', dataModelId: 'dm', enabled: true, ...extra });

export const ctxFor = (role: Role, workspace: Workspace | null = null, extra: Partial<PermissionContext> = {}): PermissionContext => ({
  user: { id: `u-${role}`, username: role, role },
  workspace: workspace as unknown as Record<string, unknown> | null,
  ...extra,
});
