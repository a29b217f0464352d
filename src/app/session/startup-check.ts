import { TOAST_MS } from '@domain/constants';
import type { AppServices } from '../services/app-services';
import type { SessionCheck } from './auth-service';

const checks = new WeakMap<AppServices, Promise<SessionCheck>>();

/**
 * The start-up check of a stored session and what follows it (a toast when the server is unreachable or the account
 * was locked, /login when not signed in), run once per app: main.tsx starts it before React renders so that it
 * travels with the first screen's chunks; AppRoot asks for it too (tests render AppRoot alone) and gets the same run.
 * Toasts and navigation queue until the toaster and the router attach.
 */
export const checkStoredSession = (services: AppServices): Promise<SessionCheck> => {
  const known = checks.get(services);
  if (known) return known;
  const run = services.auth.checkSession().then((result) => {
    const t = services.i18n.t.bind(services.i18n);
    if (result === 'unreachable') {
      services.toasts.show({ intent: 'danger', heading: t('login.impossibleToCheckSession'), message: t('errors.network', { request: 'GET /api/auth/session' }) });
    }
    if (result === 'locked') {
      services.toasts.show({ intent: 'danger', heading: t('login.accountLockedHeading'), message: t('login.accountLocked'), timeout: TOAST_MS.error });
    }
    if (result !== 'signed-in' && !['/login', '/changepassword'].includes(services.currentPath())) services.navigate('/login', { replace: true });
    return result;
  });
  checks.set(services, run);
  return run;
};
