import type { FastifyError, FastifyInstance } from 'fastify';
import { CONTACT_ID_PATTERN } from '@domain/constants';
import { problemLanguage } from '@translator/problem-messages';
import { HttpError, errorBody, type ErrorItem } from '../http-error';
import { QueryInputError } from '../repositories/query-input-error';
import { PASSWORD_RULE_MESSAGES } from '../auth/password';
import { say, sayIn, type Said } from '../server-messages';

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** `/a/0/b` -> `a.0.b`: the field a validation problem concerns. */
const pointerToField = (pointer: string): string => pointer.replace(/^\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');

/** An ajv problem in both languages: ajv's English words, and the Italian said from the keyword's parameters. */
function schemaRule(issue: ValidationIssue, field: string): Said {
  const params = issue.params as Record<string, unknown>;
  const detail = issue.message ?? 'is invalid';
  const limit = String(params.limit ?? '');
  switch (issue.keyword) {
    case 'type': return say('schemaType', { field, detail, type: String(params.type) });
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum':
      return say('schemaLimit', { field, detail, comparison: String(params.comparison), limit });
    case 'minLength': return say('schemaMinLength', { field, detail, limit });
    case 'maxLength': return say('schemaMaxLength', { field, detail, limit });
    case 'minItems': return say('schemaMinItems', { field, detail, limit });
    case 'maxItems': return say('schemaMaxItems', { field, detail, limit });
    case 'pattern':
      // A contact id in a path or a body: what it is, not its regular expression
      if (params.pattern === CONTACT_ID_PATTERN) return say('schemaContactId', { field });
      return say('schemaPattern', { field, detail, pattern: String(params.pattern) });
    case 'format': return say('schemaFormat', { field, detail, format: String(params.format) });
    case 'enum': return say('schemaEnum', { field, detail, allowed: Array.isArray(params.allowedValues) ? params.allowedValues.map(String) : [] });
    case 'const': return say('schemaConst', { field, detail, allowed: String(params.allowedValue) });
    case 'uniqueItems': return say('schemaUniqueItems', { field, detail });
    default: return say('valueInvalid', { field, detail });
  }
}

function describeIssue(issue: ValidationIssue, context: string | undefined): ErrorItem {
  const base = pointerToField(issue.instancePath);
  const params = issue.params as Record<string, unknown>;
  if (issue.keyword === 'required' && typeof params.missingProperty === 'string') {
    const field = base ? `${base}.${params.missingProperty}` : params.missingProperty;
    return { field, message: say('valueRequired', { field }) };
  }
  if (issue.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    const field = base ? `${base}.${params.additionalProperty}` : params.additionalProperty;
    return { field, message: say('schemaNotAllowed', { field }) };
  }
  if (issue.keyword === 'pattern' && base === 'newPassword') {
    const rule = PASSWORD_RULE_MESSAGES.find((r) => r.pattern === params.pattern);
    if (rule) return { field: base, message: rule.message };
  }
  if (!base) return { message: schemaRule(issue, context ?? 'request') };
  return { field: base, message: schemaRule(issue, base) };
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
    // Every text leaves in the caller's language (server-messages.ts): Italian, or English for en-* and for no header.
    const language = problemLanguage(request.headers['accept-language']);
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.toBody(language));
    if (error instanceof QueryInputError) return reply.code(400).send(errorBody(400, error.said, [{ field: error.field, message: error.said }], language));
    if (error.validation) {
      const seen = new Set<string>();
      const errors = error.validation
        .filter((issue) => issue.keyword !== 'if' && issue.keyword !== 'anyOf')
        .map((issue) => describeIssue(issue, error.validationContext))
        .filter((item) => {
          const english = sayIn(item.message, 'en');
          return seen.has(english) ? false : (seen.add(english), true);
        });
      return reply.code(400).send(errorBody(400, { joined: errors.map((e) => e.message) }, errors, language));
    }
    if (!error.statusCode && unreadableMultipart(request.headers['content-type'], error)) {
      const message = say('multipartUnreadable', { detail: error.message });
      return reply.code(400).send(errorBody(400, message, [{ field: 'body', message }], language));
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(statusCode).send(errorBody(statusCode, 'Internal Server Error'));
    }
    return reply.code(statusCode).send(errorBody(statusCode, error.message));
  });
}
