import { STATUS_CODES } from 'node:http';
import type { ApiErrorBody, ApiErrorItem } from '@domain/errors';
import { sayIn, type MessageLanguage, type Text } from './server-messages';

/** One problem of a failure: what it says (a catalogue message, or a fixed text) and the field it concerns. */
export interface ErrorItem { message: Text; field?: string }

/**
 * An error with its HTTP status and the error list the browser shows one toast per entry of. Its texts are worded
 * when the answer leaves (`toBody`), in the caller's language; `message` and `errors` are the English words (logs,
 * the server's own callers).
 */
export class HttpError extends Error {
  readonly items: readonly ErrorItem[];

  constructor(
    readonly statusCode: number,
    readonly text: Text,
    items: readonly ErrorItem[] = [{ message: text }],
  ) {
    super(sayIn(text, 'en'));
    this.name = 'HttpError';
    this.items = items;
  }

  get errors(): ApiErrorItem[] {
    return this.itemsIn('en');
  }

  /** The items in `language`; anything else an item carries (a configuration problem's pointer, rule…) goes along. */
  protected itemsIn(language: MessageLanguage): ApiErrorItem[] {
    return this.items.map((item) => ({ ...item, message: sayIn(item.message, language) }));
  }

  toBody(language: MessageLanguage = 'en'): ApiErrorBody {
    return { statusCode: this.statusCode, error: STATUS_CODES[this.statusCode] ?? 'Error', message: sayIn(this.text, language), errors: this.itemsIn(language) };
  }
}

export const errorBody = (statusCode: number, message: Text, errors: ErrorItem[] = [{ message }], language: MessageLanguage = 'en'): ApiErrorBody =>
  new HttpError(statusCode, message, errors).toBody(language);

// The failures routes and services answer with, by status: one place, so the same refusal has the same body everywhere.

/** 400 with every problem found (the message joins them). */
export const invalid = (errors: ErrorItem[]) => new HttpError(400, { joined: errors.map((e) => e.message) }, errors);
/** 400 naming the one field at fault. */
export const badField = (field: string, message: Text) => new HttpError(400, message, [{ field, message }]);
/** 403 with the reason, or the list of reasons. */
export const forbidden = (reason: Text | ErrorItem[]) => new HttpError(403, 'Forbidden', Array.isArray(reason) ? reason : [{ message: reason }]);
export const notFound = (message: Text, field?: string) => new HttpError(404, message, [field ? { field, message } : { message }]);
export const conflict = (message: Text) => new HttpError(409, message);
export const unprocessable = (message: Text, field?: string) => new HttpError(422, message, [field ? { field, message } : { message }]);
