import type { ContactFilter } from '@domain/api/contacts';
import { LIST_PAGE_SIZES } from '@domain/constants';

/**
 * The list filter kept in the URL's search params (spec 2 §2.2), so a reload and the back button keep the filters,
 * the page and the sort. Scalars are written as they are; lists and maps as JSON. Only values that differ from the
 * defaults are written, so the plain /contacts/list URL means "the defaults".
 */
const NUMBERS = ['page', 'length', 'priority'] as const;
const BOOLEANS = ['notProcessable', 'closed', 'includeSuspended', 'onlySuspended', 'customFilter'] as const;
const STRINGS = ['sort', 'createdFrom', 'createdTo'] as const;
const LISTS = ['assignedAgents', 'states', 'outcomes', 'teamIds', 'outsourcerIds', 'siteIds', 'contactIds'] as const;
const MAPS = ['dataModelFilters', 'enumFilters'] as const;

/** Every key the URL may carry, in the order they are written. */
export const URL_FILTER_KEYS = ['page', 'length', 'order', ...STRINGS, ...LISTS, ...BOOLEANS, 'priority', ...MAPS] as const;

export const DEFAULT_LIST_FILTER: ContactFilter = { page: 0, length: LIST_PAGE_SIZES[0], order: 'desc' };

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Drops blank values ('' and null, empty lists and maps), the way the server ignores them, so URLs stay short. */
export const compactFilter = (filter: ContactFilter): ContactFilter => {
  const prune = (value: unknown): unknown => {
    if (value === '' || value === null || value === undefined) return undefined;
    if (Array.isArray(value)) return value.length ? value : undefined;
    if (isPlainObject(value)) {
      const entries = Object.entries(value).map(([key, inner]) => [key, prune(inner)] as const).filter(([, inner]) => inner !== undefined);
      return entries.length ? Object.fromEntries(entries) : undefined;
    }
    return value;
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    const kept = prune(value);
    if (kept !== undefined) out[key] = kept;
  }
  return out as ContactFilter;
};

/** The filter a URL describes, over the defaults; malformed or out-of-range values fall back to the defaults. */
export const readListFilter = (params: URLSearchParams, defaults: ContactFilter = DEFAULT_LIST_FILTER): ContactFilter => {
  const out: Record<string, unknown> = { ...DEFAULT_LIST_FILTER, ...defaults };
  for (const key of NUMBERS) {
    const text = params.get(key);
    if (text === null) continue;
    const value = Number(text);
    if (!Number.isInteger(value)) continue;
    if (key === 'page' && value >= 0) out.page = value;
    if (key === 'length' && (LIST_PAGE_SIZES as readonly number[]).includes(value)) out.length = value;
    if (key === 'priority' && value >= 0 && value <= 10) out.priority = value;
  }
  const order = params.get('order');
  if (order === 'asc' || order === 'desc') out.order = order;
  for (const key of STRINGS) {
    const text = params.get(key);
    if (text) out[key] = text;
  }
  for (const key of BOOLEANS) {
    const text = params.get(key);
    if (text === 'true' || text === 'false') out[key] = text === 'true';
  }
  for (const key of LISTS) {
    const text = params.get(key);
    if (text === null) continue;
    const value = parseJson(text);
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) out[key] = value;
  }
  for (const key of MAPS) {
    const text = params.get(key);
    if (text === null) continue;
    const value = parseJson(text);
    if (isPlainObject(value) && Object.keys(value).every((kind) => kind === 'inputs' || kind === 'outputs')) out[key] = value;
  }
  return compactFilter(out as ContactFilter);
};

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The search params of a filter: only what differs from the defaults. */
export const writeListFilter = (filter: ContactFilter, defaults: ContactFilter = DEFAULT_LIST_FILTER): URLSearchParams => {
  const base: Record<string, unknown> = { ...DEFAULT_LIST_FILTER, ...defaults };
  const compact = compactFilter(filter) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const key of URL_FILTER_KEYS) {
    const value = compact[key];
    if (value === undefined || sameValue(value, base[key])) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return params;
};
