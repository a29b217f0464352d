import { isApiRequestError } from '@api-client/api-error';

/** The translate function the helper needs: i18next's `t`, or any stand-in with the same shape. */
export type FailureTranslate = (key: string, options?: Record<string, unknown>) => string;

/** A failure's own text: the server's messages (one per problem, worded in the app's language: it sends it as Accept-Language) joined, else the error's message. */
export const errorText = (error: unknown): string =>
  isApiRequestError(error) ? error.errors.map((e) => e.message).join('; ') || error.message : error instanceof Error ? error.message : String(error);

/**
 * What a screen shows for a failed call: a network failure (the browser's own English, or a bare status) becomes
 * the localized `errors.network` sentence naming the request; anything else is its own text (see `errorText`).
 */
export const failureText = (error: unknown, t: FailureTranslate): string =>
  isApiRequestError(error) && error.kind === 'network' ? t('errors.network', { request: error.requestText }) : errorText(error);
