import type { StateConfig } from '@domain/generated/workspace';
import type { PermissionName } from '@domain/permissions';
import type { WorkspaceDocument } from '../../repositories/workspace-repository';
import { say, type Said } from '../../server-messages';

/**
 * Actions a workspace may not offer at all (spec 2 §2.5): a route declares one as `{ permission, offer }`. A caller
 * who holds one of `seenWith` in the workspace learns that the workspace does not offer the action (422 with
 * `refusal`'s reason) before the action's own permission is asked (403); a caller without any of them gets 403.
 */
export interface WorkspaceOffer {
  seenWith: readonly PermissionName[];
  /** Why the workspace does not offer the action, or null when it does. */
  refusal(workspace: WorkspaceDocument): Said | null;
}

export const WORKSPACE_OFFERS = {
  /** Creating contacts: the workspace's entry state is manual. */
  manualEntry: {
    seenWith: ['insert', 'list', 'show'],
    refusal(workspace) {
      const entry = typeof workspace.entryState === 'string' ? workspace.entryState : '';
      const states = (workspace.states ?? {}) as Record<string, StateConfig>;
      return entry && states[entry]?.manual === true ? null : say('entryStateNotManual', { state: entry });
    },
  },
  /** Cloning a contact: the workspace has cloneEnabled. */
  clone: {
    seenWith: ['show'],
    refusal: (workspace) => (workspace.cloneEnabled === true ? null : say('cloneDisabled')),
  },
} as const satisfies Record<string, WorkspaceOffer>;
export type WorkspaceOfferName = keyof typeof WORKSPACE_OFFERS;
