import type { i18n as I18n } from 'i18next';
import { createApiClient, type ApiClient } from '@api-client/api-client';
import type { AssetsData } from '@domain/api/workspace';
import type { SessionInfo } from '@domain/api/auth';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { TOAST_MS } from '@domain/constants';
import { AUTH_MESSAGES } from '@domain/errors';
import { createAuthService, type AuthService, type RoleHomePath } from '../session/auth-service';
import { createSessionStore, type SessionStore } from '../session/session-store';
import { createToastService, type ToastService } from '../shell/toast-service';

export interface NavigateOptions { replace?: boolean; state?: unknown }

/** Everything a screen needs from outside React: one API client, the session, toasts, navigation. */
export interface AppServices {
  api: ApiClient;
  store: SessionStore;
  auth: AuthService;
  toasts: ToastService;
  i18n: I18n;
  sessionStorage: Storage;
  /** The username of the last sign-in attempt, carried to /changepassword. */
  pendingUsername: { current: string };
  navigate(to: string, options?: NavigateOptions): void;
  currentPath(): string;
  reload(): void;
  /** The session-expired handling of spec 1 §4: toast 'SESSIONE SCADUTA' (1.5 s), logout, /login. */
  expireSession(): Promise<void>;
  /** An admin locked the account while it was signed in: the user is told so, logged out and sent to /login. */
  lockOut(): Promise<void>;
  /** Logout on the user's request. */
  logout(): Promise<void>;
  loadBranding(): Promise<AssetsData | null>;
}

export interface AppServicesInit {
  baseUrl: string;
  storage: Storage;
  sessionStorage: Storage;
  i18n: I18n;
  fetch?: typeof fetch;
  reload(): void;
  /** The stored session's check, already asked for before the app was created (routes/early-loads.ts). */
  earlySession?: Promise<SessionInfo> | null;
  roleHomePath: RoleHomePath;
}

export interface Navigator {
  navigate(to: string, options?: NavigateOptions): void;
  currentPath(): string;
}

export const createAppServices = (init: AppServicesInit, navigator: Navigator): AppServices => {
  const toasts = createToastService();
  const store = createSessionStore(init.storage);
  const t = (key: string, options?: Record<string, unknown>): string => init.i18n.t(key, options ?? {});
  const pendingUsername = { current: '' };
  let branding: Promise<AssetsData | null> | null = null;
  /** The expiry is told once, however many requests or timers meet it; so is a lock. */
  let expiring = false;
  let lockingOut = false;

  /** The server's sign-in messages (spec 1 §8, sent in English as the spec quotes them), in the user's language. */
  const serverMessageText = (message: string): string => {
    switch (message) {
      case AUTH_MESSAGES.passwordExpired: return t('login.passwordExpired');
      case AUTH_MESSAGES.temporaryPassword: return t('login.temporaryPassword');
      case AUTH_MESSAGES.tooManyAttempts: return t('login.tooManyAttempts');
      case AUTH_MESSAGES.groupRequired: return t('login.groupRequired');
      case AUTH_MESSAGES.accountLocked: return t('login.accountLocked');
      default: return message;
    }
  };
  /** On the sign-in pages a refusal of the credentials reads as such. */
  const authMessageText = (message: string): string =>
    message === AUTH_MESSAGES.loginFailed || message === AUTH_MESSAGES.unauthorized ? t('login.wrongPassword') : serverMessageText(message);

  // eslint-disable-next-line prefer-const
  let services: AppServices;
  const api = createApiClient({
    baseUrl: init.baseUrl,
    fetch: init.fetch,
    getCurrentPath: () => navigator.currentPath(),
    getLanguage: () => init.i18n.language,
    onUnauthorized: (message) => {
      // The server ended the session for idleness (its clock can run out before this page's, e.g. while it loads):
      // the user is told so, as when the page's own monitor expires it.
      if (message === AUTH_MESSAGES.sessionExpired) void services.expireSession();
      else if (message === AUTH_MESSAGES.accountLocked) void services.lockOut();
      else void services.auth.signOut().then(() => navigator.navigate('/login', { replace: true }));
    },
    // A locked account is not a refused sign-in: it is headed as the lock met during a session is.
    onAuthPageError: (message) => {
      toasts.show({
        intent: 'danger',
        heading: message === AUTH_MESSAGES.accountLocked ? t('login.accountLockedHeading') : t('login.loginFailed'),
        message: authMessageText(message),
        timeout: TOAST_MS.error,
      });
    },
    onPasswordChangeRequired: (message) => {
      toasts.show({ intent: 'warning', heading: t('login.changePasswordRequired'), message: authMessageText(message) });
      navigator.navigate('/changepassword', { state: { username: pendingUsername.current } });
    },
    // A call may ask for its own toast duration (the SMS send: 3 s, spec 3 §8); else the toast service's default.
    onErrors: (messages, display) => {
      for (const message of messages) toasts.show({ intent: 'danger', heading: t('contacts.list.toast.onError.heading'), message: serverMessageText(message), timeout: display?.timeout });
    },
    onNetworkError: (requestText, _message, display) => {
      toasts.show({ intent: 'danger', heading: t('errors.networkHeading'), message: t('errors.network', { request: requestText }), timeout: display?.timeout });
    },
  });
  const auth = createAuthService(api, store, init.roleHomePath, init.earlySession ?? null, {
    onClosedAtStart: ({ next }) => {
      // Before the screens start: a page of the closed workspace (one of its contacts) would only fail. The signed-in
      // shell says which workspace closed (its texts come with it); with none left the user is signed out, as at sign-in.
      if (next) navigator.navigate(auth.home(), { replace: true });
      else toasts.show({ intent: 'danger', message: t('login.noWorkspace'), timeout: TOAST_MS.error });
    },
  });

  services = {
    api,
    store,
    auth,
    toasts,
    i18n: init.i18n,
    sessionStorage: init.sessionStorage,
    pendingUsername,
    navigate: (to, options) => navigator.navigate(to, options),
    currentPath: () => navigator.currentPath(),
    reload: init.reload,
    async expireSession() {
      if (expiring) return;
      expiring = true;
      toasts.show({ intent: 'warning', heading: t('session.expiredHeading'), message: t('session.expiredText'), timeout: TOAST_MS.success });
      try {
        // The same user's next sign-in goes back to this workspace and page (a contact's typed work waits in its draft).
        await auth.signOut({ resumeAt: navigator.currentPath() });
        navigator.navigate('/login', { replace: true });
      } finally {
        expiring = false;
      }
    },
    async lockOut() {
      if (lockingOut) return;
      lockingOut = true;
      toasts.show({ intent: 'danger', heading: t('login.accountLockedHeading'), message: t('login.accountLocked'), timeout: TOAST_MS.error });
      try {
        await auth.signOut();
        navigator.navigate('/login', { replace: true });
      } finally {
        lockingOut = false;
      }
    },
    async logout() {
      await auth.signOut();
      navigator.navigate('/login', { replace: true });
    },
    loadBranding() {
      const cached = init.sessionStorage.getItem(STORAGE_KEYS.logo);
      if (cached) {
        try {
          return Promise.resolve(JSON.parse(cached) as AssetsData);
        } catch {
          init.sessionStorage.removeItem(STORAGE_KEYS.logo);
        }
      }
      branding ??= api.assets.get().then(
        (data) => {
          init.sessionStorage.setItem(STORAGE_KEYS.logo, JSON.stringify(data));
          return data;
        },
        () => {
          branding = null;
          return null;
        },
      );
      return branding;
    },
  };
  return services;
};
