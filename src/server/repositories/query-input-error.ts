/**
 * A filter, sort or rule that no query can be built from: the field at fault and the whole message. Repositories
 * speak no HTTP: the error handler answers it as a 400 naming the field.
 */
export class QueryInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'QueryInputError';
  }
}
