import { useMemo } from 'react';
import type { PermissionContext, PermissionName } from '../../domain/permissions';
import { can } from '../../translator/can';
import { translatePermissions } from '../../translator/translate-permissions';
import { useSession } from '../services/services-context';

/** The workspace's json-logic rules (the same the server enforces), evaluated for the signed-in user. */
export const usePermissions = () => {
  const { user, workspace } = useSession();
  return useMemo(() => {
    const rules = translatePermissions(workspace);
    const ctx: PermissionContext | null = user
      ? { user: { id: user.id, username: user.username, role: user.role, isSysadmin: user.isSysadmin }, workspace: workspace as unknown as Record<string, unknown> | null }
      : null;
    return { allowed: (permission: PermissionName): boolean => ctx !== null && can(rules[permission], ctx) };
  }, [user, workspace]);
};
