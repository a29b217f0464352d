import type { ApiClient } from '@api-client/api-client';
import type { SessionStore } from '../../../session/session-store';

/**
 * Reloads the session's workspace list, which the navigation bar's workspace selector shows (the same call and
 * filter as the sign-in): after a create, an import or an enable/disable the selector follows without a reload.
 */
export async function refreshWorkspaceList(api: Pick<ApiClient, 'workspaces'>, store: Pick<SessionStore, 'save'>): Promise<void> {
  const workspaces = (await api.workspaces.list()).filter((item) => item.enabled);
  store.save({ workspaces });
}
