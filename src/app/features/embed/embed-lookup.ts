import { CALLER_ID_WINDOW_DAYS } from '@domain/constants';
import type { SearchRefBody } from '@domain/api/embed';

const DAY_MS = 86_400_000;

/** The contact id of the host's URL means "look the caller up" when it is 'unknown', empty or not a contact id. */
export const UNKNOWN_CONTACT = 'unknown';

/** The caller-id search of spec 2 §2.10 and §9: the given workspace, the last 180 days up to now. */
export function callerIdSearch(callerid: string, workspaceId: string, ref: string | undefined, now: number): SearchRefBody {
  return {
    ...(ref ? { ref } : {}),
    refValue: callerid,
    workspaceIds: [workspaceId],
    createdFrom: new Date(now - CALLER_ID_WINDOW_DAYS * DAY_MS).toISOString(),
    createdTo: new Date(now).toISOString(),
  };
}

export type LookupOutcome = { kind: 'one'; contactId: string } | { kind: 'none' } | { kind: 'several'; contactIds: string[] };

/** One match: take and show it; none: a warning; several: a warning and the embed list of those ids. */
export function lookupOutcome(ids: readonly string[]): LookupOutcome {
  if (ids.length === 0) return { kind: 'none' };
  if (ids.length === 1) return { kind: 'one', contactId: ids[0] };
  return { kind: 'several', contactIds: [...ids] };
}

/** The list's URL filter for the matches: only those ids, without the embed default caller-id equality (the lookup
 * already matched the number in all its forms, +39 or not). */
export function severalMatchesSearch(contactIds: readonly string[]): URLSearchParams {
  return new URLSearchParams({ contactIds: JSON.stringify(contactIds), dataModelFilters: '{}' });
}
