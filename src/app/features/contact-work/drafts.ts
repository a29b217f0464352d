import { STORAGE_PREFIX } from '@domain/storage-keys';

/** What the agent typed and has not saved (spec: no lost work). Only changed fields are kept. */
export interface ContactDraft {
  /** The contact's version the edits were made on. */
  version: number | null;
  savedAt: number;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
  state?: string;
  notes?: string;
  outcome?: string;
  agentId?: string | null;
  priority?: number;
}

export type DraftView = 'show' | 'edit' | 'create';

export interface DraftKey { userId: string; workspaceId: string; contactId: string; view: DraftView }

/**
 * Key of a draft: user, workspace, contact id and view. The version the edits were made on is stored in the draft
 * itself, so a draft made on an older version is still found after someone else saved (and re-applied on top).
 */
export const draftKey = ({ userId, workspaceId, contactId, view }: DraftKey): string =>
  `${STORAGE_PREFIX}.draft.${view}.${userId}.${workspaceId}.${contactId}`;

export const isEmptyDraft = (d: Pick<ContactDraft, 'inputs' | 'outputs' | 'state' | 'notes' | 'outcome' | 'agentId' | 'priority'>): boolean =>
  !Object.keys(d.inputs).length && !Object.keys(d.outputs).length && !d.state && !d.notes && !d.outcome && d.agentId === undefined && d.priority === undefined;

/**
 * A stored draft with what was typed since on top (the newer value of a field wins): while a stored draft is offered
 * and not yet answered, the screen's own edits must neither replace it in storage nor be lost if it is restored.
 * The version stays the stored draft's: the one its edits were made on.
 */
export const mergeDrafts = (stored: ContactDraft, typed: ContactDraft): ContactDraft => ({
  ...stored,
  ...typed,
  version: stored.version,
  inputs: { ...stored.inputs, ...typed.inputs },
  outputs: { ...stored.outputs, ...typed.outputs },
});

export interface DraftStore {
  read(key: DraftKey): ContactDraft | null;
  write(key: DraftKey, draft: ContactDraft): void;
  clear(key: DraftKey): void;
}

export const createDraftStore = (storage: Storage): DraftStore => ({
  read(key) {
    try {
      const text = storage.getItem(draftKey(key));
      if (!text) return null;
      const draft = JSON.parse(text) as ContactDraft;
      return draft && typeof draft === 'object' && draft.inputs && draft.outputs ? draft : null;
    } catch {
      return null;
    }
  },
  write(key, draft) {
    try {
      if (isEmptyDraft(draft)) storage.removeItem(draftKey(key));
      else storage.setItem(draftKey(key), JSON.stringify(draft));
    } catch {
      // storage full or denied: the edits stay on screen
    }
  },
  clear(key) {
    storage.removeItem(draftKey(key));
  },
});

/** Calls `fn` once `ms` passed without another call; `flush` runs a pending call now. */
export const debounce = <A extends unknown[]>(fn: (...args: A) => void, ms: number) => {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = () => {
    timer = null;
    if (pending) { const args = pending; pending = null; fn(...args); }
  };
  return {
    call(...args: A) {
      pending = args;
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, ms);
    },
    flush() { if (timer) clearTimeout(timer); run(); },
    cancel() { if (timer) clearTimeout(timer); timer = null; pending = null; },
  };
};

export const DRAFT_DEBOUNCE_MS = 400;
