import { STORAGE_KEYS } from '../../domain/storage-keys';
import { dropPrefetchedContacts, prefetchContact } from '../features/contact-work/contact-prefetch';
import type { AppServices } from '../services/app-services';
import { checkStoredSession } from '../session/startup-check';
import { isContactId } from './paths';

// The chunks of the signed-in shell and of the contact screens. The lazy components (lazy-pages.ts, SignedInApp.tsx)
// and the start-up kick-off below share these loaders, so a chunk is fetched once whoever asks first.
export const loadSignedInApp = () => import('../shell/SignedInApp');
export const loadContactShowScreen = () => import('../features/contact-work/ContactShowScreen');

const CONTACT_SHOW_PATH = /^\/contacts\/show\/([^/]+)\/?$/;

/**
 * On a full page load with a stored session, the session check starts before React renders, and what the first
 * screen needs is asked for together with it instead of after it: the shell's chunk, and on /contacts/show/:id the contact screen's chunk and the contact
 * itself (a quiet request, used only once the session check has succeeded; see contact-prefetch.ts). Without a stored
 * session nothing is loaded early: the login page stays as small as it is.
 */
export const startEarlyLoads = (services: AppServices, pathname: string): void => {
  const { store } = services;
  if (store.getState().status !== 'checking') return;
  const ignore = () => undefined;
  void checkStoredSession(services);
  loadSignedInApp().catch(ignore);
  const match = CONTACT_SHOW_PATH.exec(pathname);
  const id = match ? safeDecode(match[1]) : null;
  if (id === null || !isContactId(id)) return;
  loadContactShowScreen().catch(ignore);
  prefetchContact(services.api, id, services.sessionStorage.getItem(STORAGE_KEYS.agentScriptOpen) === 'true');
  const unsubscribe = store.subscribe(() => {
    const { status } = store.getState();
    if (status === 'checking') return;
    unsubscribe();
    if (status !== 'signed-in') dropPrefetchedContacts();
  });
};

const safeDecode = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};
