import { STATUS_CODES } from 'node:http';
import type { ApiErrorBody, ApiErrorItem } from '@domain/errors';

/** An error with its HTTP status and the error list the browser shows one toast per entry of. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: ApiErrorItem[] = [{ message }],
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiErrorBody {
    return { statusCode: this.statusCode, error: STATUS_CODES[this.statusCode] ?? 'Error', message: this.message, errors: this.errors };
  }
}

export const errorBody = (statusCode: number, message: string, errors: ApiErrorItem[] = [{ message }]): ApiErrorBody =>
  new HttpError(statusCode, message, errors).toBody();

// The failures routes and services answer with, by status: one place, so the same refusal has the same body everywhere.

/** 400 with every problem found (the message joins them). */
export const invalid = (errors: ApiErrorItem[]) => new HttpError(400, errors.map((e) => e.message).join('; '), errors);
/** 400 naming the one field at fault. */
export const badField = (field: string, message: string) => new HttpError(400, message, [{ field, message }]);
/** 403 with the reason, or the list of reasons. */
export const forbidden = (reason: string | ApiErrorItem[]) => new HttpError(403, 'Forbidden', typeof reason === 'string' ? [{ message: reason }] : reason);
export const notFound = (message: string, field?: string) => new HttpError(404, message, [field ? { field, message } : { message }]);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string, field?: string) => new HttpError(422, message, [field ? { field, message } : { message }]);
