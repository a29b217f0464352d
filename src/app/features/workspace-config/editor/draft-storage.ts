import { STORAGE_PREFIX } from '@domain/storage-keys';

/** The draft of a workspace being created (not yet published under an id). */
export const NEW_WORKSPACE_DRAFT = '__new__';

/** An unpublished draft as it is kept across reloads: both texts as typed and the versions they were edited from. */
export interface StoredDraft {
  /** null for a workspace not created yet. */
  baseVersion: number | null;
  baseDataModelVersion: number | null;
  workspace: string;
  dataModel: string;
  savedAt: string;
}

export const draftKey = (workspaceId: string): string => `${STORAGE_PREFIX}.workspaceConfigDraft.${workspaceId}`;

const isDraft = (value: unknown): value is StoredDraft => {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Record<string, unknown>;
  return typeof draft.workspace === 'string' && typeof draft.dataModel === 'string'
    && (draft.baseVersion === null || typeof draft.baseVersion === 'number');
};

/** Drafts per workspace id in local storage (key `contact-manager.workspaceConfigDraft.<id>`), until published or discarded. */
export interface DraftStore {
  read(workspaceId: string): StoredDraft | null;
  write(workspaceId: string, draft: StoredDraft): void;
  remove(workspaceId: string): void;
}

export const createDraftStore = (storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): DraftStore => ({
  read(workspaceId) {
    const text = storage.getItem(draftKey(workspaceId));
    if (text === null) return null;
    try {
      const value = JSON.parse(text) as unknown;
      return isDraft(value) ? { ...value, baseDataModelVersion: value.baseDataModelVersion ?? null } : null;
    } catch {
      return null;
    }
  },
  write(workspaceId, draft) {
    try {
      storage.setItem(draftKey(workspaceId), JSON.stringify(draft));
    } catch {
      // a full storage loses the draft's persistence, not the draft on screen
    }
  },
  remove(workspaceId) {
    storage.removeItem(draftKey(workspaceId));
  },
});
