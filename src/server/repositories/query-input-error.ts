import { sayIn, type Said } from '../server-messages';

/**
 * A filter, sort or rule that no query can be built from: the field at fault and what is wrong (worded in the
 * caller's language when answered). Repositories speak no HTTP: the error handler answers it as a 400 naming the field.
 */
export class QueryInputError extends Error {
  constructor(
    readonly field: string,
    readonly said: Said,
  ) {
    super(sayIn(said, 'en'));
    this.name = 'QueryInputError';
  }
}
