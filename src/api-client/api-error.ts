import type { ApiErrorItem } from '@domain/errors';

/** How a failed call was classified against the error catalogue of spec 1 §8. */
export type ApiErrorKind =
  | 'unauthorized'
  | 'password-change-required'
  | 'errors'
  | 'network'
  | 'aborted';

/**
 * Thrown by every failed call. `handled` tells the caller that the client already reported the failure through
 * the callbacks the app gave it (toast, sign-out, redirect), so a screen only has to stop its own flow.
 */
export class ApiRequestError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly errors: ApiErrorItem[];
  /** The request as people read it, e.g. `POST /api/auth/signin`. */
  readonly requestText: string;
  readonly handled: boolean;
  /** The parsed error body as the server sent it (a 409's current version, a 400's problem list with pointers). */
  readonly body?: unknown;

  constructor(init: {
    kind: ApiErrorKind;
    status: number | null;
    message: string;
    errors: ApiErrorItem[];
    requestText: string;
    handled: boolean;
    body?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.kind = init.kind;
    this.status = init.status;
    this.errors = init.errors;
    this.requestText = init.requestText;
    this.handled = init.handled;
    if (init.body !== undefined) this.body = init.body;
  }
}

export const isApiRequestError = (value: unknown): value is ApiRequestError => value instanceof ApiRequestError;
