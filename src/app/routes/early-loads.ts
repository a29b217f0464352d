import { createApiClient } from '@api-client/api-client';
import type { SessionInfo } from '@domain/api/auth';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { dropPrefetchedContacts, prefetchContact } from '../features/contact-work/contact-prefetch';
import type { AppServices } from '../services/app-services';
import { storedUser } from '../session/session-store';
import { checkStoredSession } from '../session/startup-check';
import { isContactId } from './paths';
import { earlyScreen } from './screens';
import { loadSignedInApp } from './signed-in-app-chunk';

const ignore = () => undefined;

/** The stored session's check, when one was started before the app existed. */
export interface EarlyRequests { session: Promise<SessionInfo> | null }

export interface EarlyRequestsInit {
  storage: Pick<Storage, 'getItem'>;
  sessionStorage: Pick<Storage, 'getItem'>;
  pathname: string;
  fetch?: typeof fetch;
}

/**
 * On a full page load with a stored session, what the first screen needs starts as soon as it can: main.tsx's first
 * import (early.ts) runs this before the entry's own modules (i18n, services, the app's providers) evaluate, instead of
 * from main.tsx's body after them; the shared chunks it does not need (React, Blueprint) still come first. It starts
 * the session check, the shell's chunk, the chunk of a screen the registry marks `startsEarly` when the page is one,
 * and on /contacts/show/:id the contact itself.
 * The calls are quiet, on a client of their own: the app's services take the session check over (startEarlyLoads),
 * and the contact is used only once that check has succeeded (contact-prefetch.ts). Without a stored session nothing
 * starts: the login page stays as small as it is.
 */
export const startEarlyRequests = ({ storage, sessionStorage, pathname, fetch }: EarlyRequestsInit): EarlyRequests => {
  if (!storedUser(storage)) return { session: null };
  const api = createApiClient({ baseUrl: '', fetch, getCurrentPath: () => pathname, onUnauthorized: ignore, onAuthPageError: ignore, onPasswordChangeRequired: ignore, onErrors: ignore, onNetworkError: ignore });
  const session = api.auth.session({ quiet: true });
  session.catch(ignore);
  const early = earlyScreen(pathname);
  const contactId = early?.screen.key === 'contactShow' ? early.params.id : undefined;
  // The calls first: they wait on the server, the chunks only on the (usually cached) files.
  if (isContactId(contactId)) prefetchContact(api, contactId, sessionStorage.getItem(STORAGE_KEYS.agentScriptOpen) === 'true');
  loadSignedInApp().catch(ignore);
  early?.screen.load().catch(ignore);
  return { session };
};

/**
 * Once the services exist: the stored session's check runs (on the early request, see AppServicesInit.earlySession),
 * and when it does not end signed in, a prefetched contact is dropped.
 */
export const startEarlyLoads = (services: AppServices): void => {
  const { store } = services;
  if (store.getState().status !== 'checking') return;
  void checkStoredSession(services);
  const unsubscribe = store.subscribe(() => {
    const { status } = store.getState();
    if (status === 'checking') return;
    unsubscribe();
    if (status !== 'signed-in') dropPrefetchedContacts();
  });
};
