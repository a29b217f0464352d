import type { FromSchema } from 'json-schema-to-ts';

/**
 * Shared pieces of the HTTP contract. Every schema is an `as const` object: the server registers it on its routes
 * (validation, serialization, OpenAPI) and the browser's API client derives its types from the very same object.
 */

/** The error body of every failing call (see src/domain/errors.ts, ApiErrorBody). */
export const apiErrorSchema = {
  $id: 'ApiError',
  type: 'object',
  required: ['statusCode', 'error', 'message', 'errors'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['message'],
        properties: { message: { type: 'string' }, field: { type: 'string' } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;
export type ApiError = FromSchema<typeof apiErrorSchema>;

/** The error answers a route may give, keyed by status code, ready to spread into a route's `response`. */
export const errorResponses = <const Codes extends readonly number[]>(...codes: Codes) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as { [K in Codes[number]]: typeof apiErrorSchema };

/** Wraps a data schema in the `{ data }` envelope every successful answer uses. */
export const envelope = <const S>(data: S) =>
  ({ type: 'object', required: ['data'], properties: { data }, additionalProperties: false }) as const;

export const idNameSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
  additionalProperties: false,
} as const;
export type IdName = FromSchema<typeof idNameSchema>;

/** Answers with no payload to speak of. */
export const okSchema = {
  type: 'object',
  required: ['ok'],
  properties: { ok: { type: 'boolean' } },
  additionalProperties: false,
} as const;

/**
 * The query string of a route that takes none. Every route declares its query string, so a parameter the contract
 * does not know is refused (400 naming it) instead of being silently ignored.
 */
export const noQuery = { type: 'object', description: 'This call takes no query parameters.', properties: {}, additionalProperties: false } as const;

/** The body of a POST or PUT that carries no data: none at all, or an empty object; anything else is refused. */
export const noBody = { type: ['object', 'null'], description: 'This call carries no data.', properties: {}, additionalProperties: false } as const;

/** A route of the contract: the method, the path in Fastify syntax and the schemas. */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  schema: {
    summary?: string;
    description?: string;
    tags?: readonly string[];
    params?: unknown;
    querystring?: unknown;
    body?: unknown;
    response: Record<number, unknown>;
  };
}

/** A descriptor's path with its `:name` parameters filled in (encoded): the client's calls, and paths a configuration names. */
export const fillPath = (url: string, params: Readonly<Record<string, unknown>> = {}): string =>
  url.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${url}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
