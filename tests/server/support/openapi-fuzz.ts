import fc from 'fast-check';
import { malformedMultipartBodies } from './malformed-multipart';

/**
 * Malformed requests for every operation of the OpenAPI document: each starts from a value shaped like the
 * operation's own schemas and breaks it the ways clients and attackers do (wrong types, missing and extra fields,
 * huge strings, deep nesting, control characters, lone surrogates, prototype keys, huge and negative numbers,
 * path segments that are not ids, bodies that are not JSON or not UTF-8).
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI form: /api/x/{id}. */
  path: string;
  parameters: OpenApiParameter[];
  body?: JsonSchema;
  multipart: boolean;
}

type Doc = {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
};

export function operationsOf(doc: Doc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      return {
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
      };
    }),
  );
}

const CONTROL = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u2028', '\ufeff'];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
const HUGE_NUMBERS = [1e308, -1e308, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER + 2, -1, 0, 1.5, -0.000001];
/** Strings that break databases and parsers: NUL and other controls, lone surrogates, very long, path tricks. */
export const hostileString = fc.oneof(
  fc.constantFrom(...CONTROL).chain((c) => fc.string({ maxLength: 8 }).map((s) => `${s}${c}${s}`)),
  fc.constantFrom('\ud800', 'a\udc00b', '\udfff\ud800'),
  fc.constantFrom('', ' ', '../../etc/passwd', '%00', 'null', 'undefined', 'NaN', '{}', '[]', "' OR 1=1 --", '$where', '0x', '-1', '1e308'),
  fc.integer({ min: 1, max: 3 }).map((n) => 'x'.repeat(n === 1 ? 10_000 : n === 2 ? 100_000 : 1_000_000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** A value shaped like the schema (the starting point of each mutation). */
export function sampleOf(schema: JsonSchema | undefined, depth = 0, allKeys = false): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => sampleOf(v, depth + 1, allKeys)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') ?? 'null' : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'date' ? fc.constant('2026-11-21') : schema.format === 'date-time' ? fc.constant('2026-11-21T09:00:00.000Z') : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 12, 12) });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 100, 100) });
    case 'number':
      return fc.double({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 100, 100), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(sampleOf(schema.items, depth + 1, allKeys), { maxLength: 3 });
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 });
      const record = Object.fromEntries(keys.map((k) => [k, sampleOf(properties[k], depth + 1, allKeys)]));
      return allKeys ? fc.record(record) : fc.record(record, { requiredKeys: schema.required?.filter((k) => k in properties) ?? [] });
    }
    default:
      return fc.constant(null);
  }
}

/** One way to break a value: the value anywhere inside it is replaced by something hostile. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(...HUGE_NUMBERS),
  fc.constantFrom(null, true, false, [], {}, [[[]]]),
  fc.integer({ min: 50, max: 500 }).map((depth) => {
    let nested: unknown = 'deep';
    for (let i = 0; i < depth; i += 1) nested = { a: nested };
    return nested;
  }),
  fc.integer({ min: 1000, max: 100_000 }).map((n) => Array.from({ length: n }, () => 1)),
);

const mutateAt = (value: unknown, path: string[], replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  if (value === null || typeof value !== 'object') return replacement;
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...(value as Record<string, unknown>) };
  copy[path[0]] = mutateAt(copy[path[0]], path.slice(1), replacement);
  return copy;
};

const keysOf = (value: unknown, prefix: string[] = [], out: string[][] = []): string[][] => {
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      out.push([...prefix, key]);
      if (prefix.length < 3) keysOf((value as Record<string, unknown>)[key], [...prefix, key], out);
    }
  }
  return out;
};

/** A body: the schema's shape, then one to three breakages (replaced, removed or added keys, prototype keys). */
export function hostileBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const base = sampleOf(schema ?? { type: 'object' });
  return base.chain((sample) => {
    const paths = keysOf(sample);
    const breakOnce: fc.Arbitrary<(v: unknown) => unknown> = fc.oneof(
      // Hostile values are shared between runs: each use gets its own copy, so no run can alter another's.
      paths.length ? fc.tuple(fc.constantFrom(...paths), hostileValue).map(([p, h]) => (v: unknown) => mutateAt(v, p, structuredClone(h))) : hostileValue.map((h) => () => structuredClone(h)),
      paths.length ? fc.constantFrom(...paths).map((p) => (v: unknown) => {
        const parent = p.slice(0, -1).reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], v);
        if (parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[p[p.length - 1]];
        return v;
      }) : fc.constant((v: unknown) => v),
      fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 8 })), hostileValue).map(([k, h]) => (v: unknown) => {
        if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
        const copy = { ...(v as Record<string, unknown>) };
        Object.defineProperty(copy, k, { value: structuredClone(h), enumerable: true, configurable: true, writable: true });
        return copy;
      }),
      hostileValue.map((h) => () => structuredClone(h)),
    );
    return fc.array(breakOnce, { minLength: 1, maxLength: 3 }).map((breaks) => breaks.reduce((v, b) => b(v), structuredClone(sample)));
  });
}

/** A path segment: a plausible id, or something that is not one. */
export const hostileSegment = fc.oneof(
  fc.constantFrom('0123456789abcdef01234567', 'ffffffffffffffffffffffff', 'energia-casa', 'unknown', 'admin'),
  hostileString.map((s) => s.slice(0, 300)),
  fc.constantFrom('%00', '%FF%FE', '%C0%AF', '..%2F..%2F', '%ZZ', '__proto__', 'constructor', '-1', '1e308', '99999999999999999999'),
);

/** A raw body that is not JSON, or not UTF-8. */
export const brokenRawBody = fc.constantFrom(
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Buffer.from('{"a":'),
  Buffer.from('[1,2'),
  Buffer.from('\u0000'),
  Buffer.from('{"username":"\\ud800","password":"x"}'),
);

export interface FuzzRequest {
  method: string;
  url: string;
  payload?: unknown;
  raw?: Buffer;
  /** An upload's body, sent as it is with its own content type. */
  multipart?: { body: Buffer; contentType: string };
  /** Declared header parameters, made hostile. */
  headers?: Record<string, string>;
  anonymous: boolean;
}

/** Header values a client can send: HTTP allows no control characters or non-Latin-1 text, so these stay within it. */
const HOSTILE_HEADER_VALUES: readonly string[] = ['', ' ', 'x'.repeat(8000), '__proto__', '1e308', '-1', 'true', '{}', '\u00ff\u00fe', 'buffer, base64'];

/** A ZIP's first bytes: no upload takes it, so no malformed body below can start an import or store a file. */
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);
const BOUNDARY = '----fuzz';
const filePart = (field: string, filename: string, content: Buffer | string, type = 'text/csv') =>
  Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
const textPart = (field: string, value: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`);
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;

/**
 * Upload bodies that break the multipart format or the upload's rules: cut off, without a boundary, parts under
 * other names, an empty file, hostile file names, data URLs that do not decode, too many parts; none is a file an
 * upload accepts.
 */
export const MULTIPART_BODIES: ReadonlyArray<{ body: Buffer; contentType: string }> = [
  ...malformedMultipartBodies().map(({ payload, contentType }) => ({ body: payload, contentType })),
  { body: Buffer.concat([filePart('file', 'a.csv', 'RIF;NOME\r\n'), closing]), contentType: withBoundary },
  { body: Buffer.concat([filePart('fileContent', 'vuoto.csv', ''), closing]), contentType: withBoundary },
  { body: Buffer.concat([filePart('fileContent', 'a\u0000b.csv', ZIP), closing]), contentType: withBoundary },
  { body: Buffer.concat([filePart('fileContent', `${'x'.repeat(5000)}.csv`, ZIP), closing]), contentType: withBoundary },
  { body: Buffer.concat([filePart('fileContent', '../../etc/passwd', ZIP), closing]), contentType: withBoundary },
  { body: Buffer.concat([textPart('fileContent', 'data:text/csv,%ZZ'), closing]), contentType: withBoundary },
  { body: Buffer.concat([textPart('fileContent', 'data:text/csv;base64,@@@@'), textPart('fileName', 'a\u0000.csv'), closing]), contentType: withBoundary },
  { body: Buffer.concat([textPart('fileContent', 'not a data URL'), closing]), contentType: withBoundary },
  { body: Buffer.concat([...Array.from({ length: 12 }, (_, i) => textPart(`f${i}`, 'x')), closing]), contentType: withBoundary },
  { body: Buffer.concat([filePart('fileContent', 'a.csv', ZIP), filePart('fileContent', 'b.csv', ZIP), closing]), contentType: withBoundary },
  { body: Buffer.from('{"fileContent":"x"}'), contentType: 'application/json' },
];

const encodeSegment = (segment: string): string => {
  // Keep the prepared percent-escapes as they are; encode everything else, lone surrogates included.
  if (/^(%[0-9A-Za-z]{2}|[.a-zA-Z0-9_-])+$/.test(segment)) return segment;
  try {
    return encodeURIComponent(segment);
  } catch {
    return encodeURIComponent(segment.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
};

const encodeQueryValue = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

/** A malformed request for the operation. */
export function hostileRequest(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const segments = fc.tuple(...pathParams.map(() => hostileSegment));
  const query = fc.tuple(
    ...queryParams.map((p) => fc.option(fc.oneof(sampleOf(p.schema), hostileValue.filter((v) => typeof v !== 'object' || v === null)), { nil: undefined })),
  );
  const body: fc.Arbitrary<{ payload?: unknown; raw?: Buffer; multipart?: FuzzRequest['multipart'] }> = op.multipart
    ? fc.constantFrom(...MULTIPART_BODIES).map((multipart) => ({ multipart }))
    : op.body
      ? fc.oneof({ weight: 4, arbitrary: hostileBody(op.body).map((payload) => ({ payload })) }, { weight: 1, arbitrary: brokenRawBody.map((raw) => ({ raw })) })
      : fc.oneof(fc.constant({}), hostileBody({ type: 'object' }).map((payload) => ({ payload })));
  return fc.record({ segments, query, body, anonymous: fc.boolean() }).map(({ segments: values, query: queryValues, body: b, anonymous }) => {
    let path = op.path;
    pathParams.forEach((p, i) => {
      path = path.replace(`{${p.name}}`, encodeSegment(values[i]));
    });
    const search = queryParams
      .map((p, i) => (queryValues[i] === undefined ? null : `${encodeURIComponent(p.name)}=${encodeQueryValue(queryValues[i])}`))
      .filter((part): part is string => part !== null)
      .join('&');
    return { method: op.method, url: search ? `${path}?${search}` : path, ...b, anonymous };
  });
}

/** Values every string, number or path segment of every route is tried with, one at a time. */
export const HOSTILE_SCALARS: readonly unknown[] = ['a\u0000b', 'a\ud800b', 'x'.repeat(1_000_000), '__proto__', 1e308, -1, 2147483648, {}];
export const HOSTILE_SEGMENTS: readonly string[] = [
  'a%00b', '%01', '%ED%A0%80', '%FF%FE', '..%2F..%2Fetc', '__proto__', '1e308', '99999999999999999999', 'x'.repeat(2000), '%20',
];

/**
 * The systematic part: for each path segment, query parameter and body field (to two levels), the same request
 * with that one value made hostile; plus the body missing each required field, with prototype keys, with an extra
 * field, deeply nested, not JSON and not UTF-8. Each request is tried signed in and anonymous by the caller.
 */
/** Path segments that name something real, so a request gets past the lookups to the code behind them. */
export type ExampleSegment = (op: Operation, param: string) => string | undefined;

/** The smallest value the schema accepts, as far as it can be told without a pattern's help: required keys only. */
export function minimalOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return minimalOf(variants[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') ?? 'null' : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date') return '2026-11-21';
      if (schema.format === 'date-time') return '2026-11-21T09:00:00.000Z';
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, minimalOf(schema.properties?.[key], depth + 1)]));
    default:
      return null;
  }
}

/** The body fields made hostile in turn: every declared property, and those of object properties one level down. */
function fieldPaths(schema: JsonSchema): string[][] {
  const top = Object.keys(schema.properties ?? {}).map((key) => [key]);
  const nested = Object.entries(schema.properties ?? {}).flatMap(([key, child]) => Object.keys(child.properties ?? {}).map((inner) => [key, inner]));
  return [...top, ...nested.slice(0, MAX_NESTED_LEAVES)];
}

/** How many nested body fields each route has made hostile, besides every top-level one. */
const MAX_NESTED_LEAVES = 8;

export function catalogueRequests(op: Operation, example: ExampleSegment = () => undefined): FuzzRequest[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const baseSegments = pathParams.map((p) => (p.schema?.enum?.[0] as string | undefined) ?? example(op, p.name) ?? '0123456789abcdef01234567');
  const baseQuery: Record<string, unknown> = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, fc.sample(sampleOf(p.schema), { numRuns: 1, seed: 1 })[0]]),
  );
  // A body the route accepts as far as possible, so that the one hostile value is what it meets.
  const baseBody = op.body && !op.multipart ? minimalOf(op.body) : undefined;
  const url = (segments: string[], query: Record<string, unknown>) => {
    let path = op.path;
    pathParams.forEach((p, i) => {
      path = path.replace(`{${p.name}}`, segments[i]);
    });
    const search = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeQueryValue(v)}`).join('&');
    return search ? `${path}?${search}` : path;
  };
  const at = (body: unknown, path: string[], value: unknown) => {
    const copy = structuredClone(body) as Record<string, unknown>;
    // A nested field's parent is created when the minimal body left it out.
    if (path.length === 2 && (copy[path[0]] === null || typeof copy[path[0]] !== 'object')) copy[path[0]] = {};
    return mutateAt(copy, path, value);
  };
  const requests: FuzzRequest[] = [];
  const push = (segments: string[], query: Record<string, unknown>, body: { payload?: unknown; raw?: Buffer; multipart?: FuzzRequest['multipart'] } = baseBody === undefined ? {} : { payload: baseBody }, anonymous = false) =>
    requests.push({ method: op.method, url: url(segments, query), ...body, anonymous });

  // Signed out, what runs before authentication (routing, parsing, validation) is tried too.
  for (const anonymous of [false, true]) {
    push(baseSegments, baseQuery, undefined, anonymous);
    pathParams.forEach((_, i) => HOSTILE_SEGMENTS.forEach((segment) => push(baseSegments.map((s, j) => (i === j ? segment : s)), baseQuery, undefined, anonymous)));
  }
  queryParams.forEach((p) => HOSTILE_SCALARS.filter((v) => typeof v !== 'object' || v === null).forEach((value) => push(baseSegments, { ...baseQuery, [p.name]: value })));
  op.parameters.filter((p) => p.in === 'header').forEach((p) => HOSTILE_HEADER_VALUES.forEach((value) => {
    push(baseSegments, baseQuery);
    requests[requests.length - 1].headers = { [p.name]: value };
  }));
  if (op.multipart) {
    // An upload reads its parts itself: each broken body, signed in (the route's own reading) and anonymous.
    for (const multipart of MULTIPART_BODIES) for (const anonymous of [false, true]) push(baseSegments, baseQuery, { multipart }, anonymous);
  } else if (op.body) {
    const leaves = fieldPaths(op.body);
    leaves.forEach((path, i) => {
      // The 1 MB string costs the most to send: the first fields get it, the others the rest.
      for (const value of HOSTILE_SCALARS) if (i < 3 || typeof value !== 'string' || value.length < 1000) push(baseSegments, baseQuery, { payload: at(baseBody, path, value) });
    });
    for (const name of op.body.required ?? []) {
      const copy = structuredClone(baseBody) as Record<string, unknown>;
      delete copy[name];
      push(baseSegments, baseQuery, { payload: copy });
    }
    for (const key of [...PROTO_KEYS, 'unexpectedField']) {
      const copy = structuredClone(baseBody) as Record<string, unknown>;
      if (copy && typeof copy === 'object') Object.defineProperty(copy, key, { value: { polluted: true }, enumerable: true, configurable: true, writable: true });
      push(baseSegments, baseQuery, { payload: copy });
    }
    push(baseSegments, baseQuery, { raw: Buffer.from(`${'['.repeat(5000)}1${']'.repeat(5000)}`) });
    push(baseSegments, baseQuery, { raw: Buffer.from(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`) });
    for (const raw of [Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), Buffer.from('{"a":'), Buffer.from('{"a":"\\u0000"}')]) {
      push(baseSegments, baseQuery, { raw });
      push(baseSegments, baseQuery, { raw }, true);
    }
  }
  return requests;
}
