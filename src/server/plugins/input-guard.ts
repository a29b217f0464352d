import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, type ErrorItem } from '../http-error';
import { say } from '../server-messages';

/**
 * Text PostgreSQL cannot store reaches no query: a NUL character (text columns refuse it) or half of a UTF-16
 * surrogate pair (it has no UTF-8 form) anywhere in the path, the query string or the body is a 400 naming the
 * field, before any handler or authentication runs. Everything else is the route schemas' job.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first string (value or key) under `value` that cannot be stored, as a dotted field name. */
export function unstorableField(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return field;
    const found = unstorableField(item, field, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

const check = (part: unknown, label: string): ErrorItem | null => {
  const field = unstorableField(part, '');
  if (field === null) return null;
  const name = field || label;
  return { field: name, message: say('unstorableText', { field: name }) };
};

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const problem = check(request.params, 'path') ?? check(request.query, 'query') ?? check(request.body, 'body');
    if (problem) throw new HttpError(400, problem.message, [problem]);
  });
}
