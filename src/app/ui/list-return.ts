import { STORAGE_KEYS } from '../../domain/storage-keys';

/** Where the agent was in the list when a contact opened: its address (filters, page, sort) and the scroll offsets. */
export interface ListReturn { path: string; scrollY: number; scrollLeft: number }

const LIST_PATH = '/contacts/list';

export const rememberListReturn = (storage: Storage, at: ListReturn): void => storage.setItem(STORAGE_KEYS.listReturn, JSON.stringify(at));

const read = (storage: Storage): ListReturn | null => {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEYS.listReturn) ?? 'null') as Partial<ListReturn> | null;
    if (!value || typeof value.path !== 'string' || !value.path.startsWith(LIST_PATH)) return null;
    return { path: value.path, scrollY: Number(value.scrollY) || 0, scrollLeft: Number(value.scrollLeft) || 0 };
  } catch {
    return null;
  }
};

/** The list address to go back to after a save or a cancel; the plain list when none was remembered. */
export const listReturnPath = (storage: Storage): string => read(storage)?.path ?? LIST_PATH;

/** The scroll offsets to restore once the list at `path` has its rows: given once, then forgotten. */
export const takeListScroll = (storage: Storage, path: string): ListReturn | null => {
  const at = read(storage);
  if (!at || at.path !== path) return null;
  storage.removeItem(STORAGE_KEYS.listReturn);
  return at;
};
