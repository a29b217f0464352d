import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import type { PermissionName } from '@domain/permissions';
import { usePermissions } from '../session/use-permissions';

/** A missing permission leads to /403 (spec 1 §6). */
export const RequirePermission = ({ permission, children }: { permission: PermissionName; children: ReactElement }) => {
  const { allowed } = usePermissions();
  return allowed(permission) ? children : <Navigate to="/403" replace />;
};
