import type { FastifyError, FastifyInstance } from 'fastify';
import { NEW_PASSWORD_RULES } from '@domain/api/auth';
import type { ApiErrorItem } from '@domain/errors';
import { HttpError, errorBody } from '../http-error';
import { QueryInputError } from '../repositories/query-input-error';

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** `/a/0/b` -> `a.0.b`: the field a validation problem concerns. */
const pointerToField = (pointer: string): string => pointer.replace(/^\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');

function describeIssue(issue: ValidationIssue, context: string | undefined): ApiErrorItem {
  const base = pointerToField(issue.instancePath);
  const params = issue.params as Record<string, unknown>;
  if (issue.keyword === 'required' && typeof params.missingProperty === 'string') {
    const field = base ? `${base}.${params.missingProperty}` : params.missingProperty;
    return { field, message: `${field} is required` };
  }
  if (issue.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    const field = base ? `${base}.${params.additionalProperty}` : params.additionalProperty;
    return { field, message: `${field} is not allowed` };
  }
  if (issue.keyword === 'pattern' && base === 'newPassword') {
    const rule = NEW_PASSWORD_RULES.find((r) => r.pattern === params.pattern);
    if (rule) return { field: base, message: rule.message };
  }
  if (!base) return { message: `${context ?? 'request'} ${issue.message ?? 'is invalid'}` };
  return { field: base, message: `${base} ${issue.message ?? 'is invalid'}` };
}

/**
 * The multipart parser's own complaints (busboy: no boundary, a body that ends before its closing boundary, a broken
 * part header): the client sent a body that cannot be read, whichever upload route was reading it.
 */
const MULTIPART_PARSER_ERROR = /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|(Part|File) terminated early due to unexpected end of multipart data|Malformed part header)/;
const unreadableMultipart = (contentType: string | undefined, error: Error): boolean =>
  /^multipart\//i.test(contentType ?? '') && MULTIPART_PARSER_ERROR.test(error.message ?? '');

/** Every failure leaves with the ApiError body; validation failures name each field that failed. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | QueryInputError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.toBody());
    if (error instanceof QueryInputError) return reply.code(400).send(errorBody(400, error.message, [{ field: error.field, message: error.message }]));
    if (error.validation) {
      const seen = new Set<string>();
      const errors = error.validation
        .filter((issue) => issue.keyword !== 'if' && issue.keyword !== 'anyOf')
        .map((issue) => describeIssue(issue, error.validationContext))
        .filter((item) => (seen.has(item.message) ? false : (seen.add(item.message), true)));
      return reply.code(400).send(errorBody(400, errors.map((e) => e.message).join('; '), errors));
    }
    if (!error.statusCode && unreadableMultipart(request.headers['content-type'], error)) {
      const message = `The multipart body cannot be read: ${error.message}`;
      return reply.code(400).send(errorBody(400, message, [{ field: 'body', message }]));
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(statusCode).send(errorBody(statusCode, 'Internal Server Error'));
    }
    return reply.code(statusCode).send(errorBody(statusCode, error.message));
  });
}
