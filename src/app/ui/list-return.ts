import { STORAGE_KEYS } from '@domain/storage-keys';

/**
 * Where the agent was in the list when a contact opened: its address (filters, page, sort), the scroll offsets and the
 * row to give the focus back to (the contact last worked, once the agent comes back).
 */
export interface ListReturn { path: string; scrollY: number; scrollLeft: number; rowId?: string }

const LIST_PATH = '/contacts/list';

export const rememberListReturn = (storage: Storage, at: ListReturn): void => storage.setItem(STORAGE_KEYS.listReturn, JSON.stringify(at));

const read = (storage: Storage): ListReturn | null => {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEYS.listReturn) ?? 'null') as Partial<ListReturn> | null;
    if (!value || typeof value.path !== 'string' || !value.path.startsWith(LIST_PATH)) return null;
    return { path: value.path, scrollY: Number(value.scrollY) || 0, scrollLeft: Number(value.scrollLeft) || 0, ...(typeof value.rowId === 'string' ? { rowId: value.rowId } : {}) };
  } catch {
    return null;
  }
};

/**
 * Leaving the contact `contactId` for the list: its row is the one the list focuses when it shows it (whichever
 * contact the agent opened from the list, after taking the next ones); answers the list address to go back to.
 */
export const leaveForList = (storage: Storage, contactId: string | undefined): string => {
  const at = read(storage) ?? { path: LIST_PATH, scrollY: 0, scrollLeft: 0 };
  if (contactId) rememberListReturn(storage, { ...at, rowId: contactId });
  return at.path;
};

/** The scroll offsets (and the row to focus) to restore once the list at `path` has its rows: given once, then forgotten. */
export const takeListScroll = (storage: Storage, path: string): ListReturn | null => {
  const at = read(storage);
  if (!at || at.path !== path) return null;
  storage.removeItem(STORAGE_KEYS.listReturn);
  return at;
};
