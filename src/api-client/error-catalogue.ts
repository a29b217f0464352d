import { AUTH_MESSAGES, type ApiErrorItem } from '@domain/errors';

/** Paths where a 401 is a wrong credential rather than a lost session (spec 1 §8). */
export const AUTH_PAGES = ['/login', '/changepassword'] as const;

export type CatalogueAction =
  | { type: 'sign-out' }
  | { type: 'auth-page-error'; message: string }
  | { type: 'password-change'; message: string }
  | { type: 'errors'; messages: string[] }
  | { type: 'network'; requestText: string; message: string };

const PASSWORD_CHANGE_MESSAGES: readonly string[] = [AUTH_MESSAGES.passwordExpired, AUTH_MESSAGES.temporaryPassword];

const isAuthPage = (path: string): boolean => AUTH_PAGES.some((page) => path === page || path.startsWith(`${page}/`));

/**
 * Decides what the app must do with a failed response, following the error catalogue of spec 1 §8. Pure: the
 * client turns the action into a callback; the app turns the callback into toasts and navigation.
 */
export const classifyFailure = (input: {
  status: number;
  message: string;
  errors: ApiErrorItem[];
  currentPath: string;
  requestText: string;
}): CatalogueAction => {
  const messages = [input.message, ...input.errors.map((item) => item.message)];
  const passwordMessage = messages.find((message) => PASSWORD_CHANGE_MESSAGES.includes(message));
  if (passwordMessage) return { type: 'password-change', message: passwordMessage };
  if (input.status === 401) {
    return isAuthPage(input.currentPath)
      ? { type: 'auth-page-error', message: input.message || AUTH_MESSAGES.loginFailed }
      : { type: 'sign-out' };
  }
  if (input.errors.length > 0) return { type: 'errors', messages: input.errors.map((item) => item.message) };
  if (input.message) return { type: 'errors', messages: [input.message] };
  return { type: 'network', requestText: input.requestText, message: `${input.status}` };
};
