import { useMemo } from 'react';
import type { PermissionContext, PermissionName } from '@domain/permissions';
import { can } from '@translator/can';
import { translatePermissions } from '@translator/translate-permissions';
import { useSession } from '../services/services-context';
import type { SessionState } from './session-store';

/** What a screen adds to the signed-in user and workspace: the contact it shows, and whether it runs embedded. */
export interface PermissionScope {
  contact?: object | null;
  embed?: boolean;
}

/** Whether "take the next contact" exists here: the workspace offers it (takeConfig.available) and the role may take. */
export const takeNextOffered = (workspace: { takeConfig?: { available?: boolean } } | null | undefined, allowed: (permission: PermissionName) => boolean): boolean =>
  workspace?.takeConfig?.available === true && allowed('take');

/**
 * The workspace's json-logic rules (the same the server enforces), evaluated for a session's user and workspace
 * outside React (a screen checking the session the store holds now). `allowed` takes a contact for per-row rules.
 */
export const permissionsOf = ({ user, workspace }: Pick<SessionState, 'user' | 'workspace'>, { contact, embed }: PermissionScope = {}) => {
  const rules = translatePermissions(workspace);
  const ctx: PermissionContext | null = user
    ? {
        user: { id: user.id, username: user.username, role: user.role, isSysadmin: user.isSysadmin },
        workspace: workspace as unknown as Record<string, unknown> | null,
        ...(contact === undefined ? {} : { contact: contact as Record<string, unknown> | null }),
        ...(embed === undefined ? {} : { embed }),
      }
    : null;
  return {
    allowed: (permission: PermissionName, rowContact?: object): boolean =>
      ctx !== null && can(rules[permission], rowContact ? { ...ctx, contact: rowContact as Record<string, unknown> } : ctx),
  };
};

/**
 * The workspace's json-logic rules (the same the server enforces), evaluated for the signed-in user. `allowed`
 * takes a contact for per-row rules (the list's take and release).
 */
export const usePermissions = ({ contact, embed }: PermissionScope = {}) => {
  const { user, workspace } = useSession();
  return useMemo(() => permissionsOf({ user, workspace }, { contact, embed }), [user, workspace, contact, embed]);
};
