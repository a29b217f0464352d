import { STATUS_CODES } from 'node:http';
import type { ApiErrorBody, ApiErrorItem } from '../domain/errors';

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
