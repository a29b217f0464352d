import type { ApiClient } from '@api-client/api-client';
import type { ContactRow } from '@domain/api/contacts';

/**
 * A contact asked for before its screen mounts: on a full page load of /contacts/show/:id the request starts while the
 * stored session is being checked and the screen's chunk downloads (routes/early-loads.ts), instead of after both.
 * The request is quiet, so a 401 (stale cookie) or any other failure has no side effect: the screen then asks again
 * the ordinary way, with the usual error handling. Taken at most once, and only while fresh (a screen that did not
 * mount at start-up, e.g. a 403, must not get an old copy later); dropped when the session check fails.
 */
export const PREFETCH_MAX_AGE_MS = 10_000;
const pending = new Map<string, { request: Promise<ContactRow>; at: number }>();
const keyOf = (id: string, agentScriptOpen: boolean) => `${id}\n${agentScriptOpen}`;

export const prefetchContact = (api: Pick<ApiClient, 'contactWork'>, id: string, agentScriptOpen: boolean): void => {
  const key = keyOf(id, agentScriptOpen);
  if (pending.has(key)) return;
  const request = api.contactWork.get(id, agentScriptOpen, { quiet: true });
  request.catch(() => undefined);
  pending.set(key, { request, at: Date.now() });
};

/** The prefetched request for this contact, if any; it is handed out once. */
export const takePrefetchedContact = (id: string, agentScriptOpen: boolean): Promise<ContactRow> | null => {
  const key = keyOf(id, agentScriptOpen);
  const entry = pending.get(key);
  pending.delete(key);
  return entry && Date.now() - entry.at <= PREFETCH_MAX_AGE_MS ? entry.request : null;
};

export const dropPrefetchedContacts = (): void => pending.clear();
