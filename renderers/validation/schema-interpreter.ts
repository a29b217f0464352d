import { fullFormats } from 'ajv-formats/dist/formats';
import { deepEquals } from '@rjsf/utils';
import { NUMBER_PATTERN, numberMatches } from '@domain/number-pattern';

/**
 * A JSON Schema validator that interprets the schema instead of compiling it into a function, so the browser runs it
 * under a Content-Security-Policy without 'unsafe-eval'. It reads the keywords the translator emits and the ones rjsf
 * builds its own checks from (list in SUPPORTED_KEYWORDS; any other keyword is ignored, as ajv does with
 * `strict: false`), and reports ajv's errors: the same keyword, params, instancePath and schemaPath, in ajv's order
 * with `allErrors`, so `ajvMessage` words them exactly as before (tests/renderers/schema-interpreter.test.ts compares
 * the two on every fixture workspace's schemas). Number and string checks follow ajv's options of the renderers
 * (`strict: false`: NaN is a number) and ajv-formats' full formats.
 */

/** One error as ajv reports it; `message` is filled by whoever words it. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

type Schema = Record<string, unknown> | boolean;
type SchemaObject = Record<string, unknown>;

/** The keywords this validator checks, grouped as ajv runs them (ajv's RULES). */
const UNTYPED = ['const', 'enum', 'not', 'anyOf', 'oneOf', 'allOf', 'if'] as const;
const GROUPS = {
  number: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'format', NUMBER_PATTERN],
  string: ['maxLength', 'minLength', 'pattern', 'format'],
  array: ['maxItems', 'minItems', 'items', 'uniqueItems'],
  object: ['maxProperties', 'minProperties', 'required', 'additionalProperties', 'properties'],
} as const;
type Group = keyof typeof GROUPS;
const GROUP_ORDER: readonly Group[] = ['number', 'string', 'array', 'object'];

/** Keywords that change no verdict (`then`/`else` only count beside `if`). */
const ANNOTATIONS: ReadonlySet<string> = new Set(['title', 'description', 'default', 'examples', '$comment', 'readOnly', 'writeOnly', '$schema', '$id', 'then', 'else']);
/** Everything the validator reads. */
export const SUPPORTED_KEYWORDS: ReadonlySet<string> = new Set(['type', ...UNTYPED, ...Object.values(GROUPS).flat(), ...ANNOTATIONS]);

const LIMITS = {
  maximum: { comparison: '<=', ok: (d: number, l: number) => d <= l },
  minimum: { comparison: '>=', ok: (d: number, l: number) => d >= l },
  exclusiveMaximum: { comparison: '<', ok: (d: number, l: number) => d < l },
  exclusiveMinimum: { comparison: '>', ok: (d: number, l: number) => d > l },
} as const;

const FORMATS = fullFormats as unknown as Record<string, RegExp | ((value: string) => boolean) | { validate: RegExp | ((value: string) => boolean) } | undefined>;

const patterns = new Map<string, RegExp>();
/** A schema's pattern as ajv builds it (the `u` flag), built once per source. */
function patternOf(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) { re = new RegExp(source, 'u'); patterns.set(source, re); }
  return re;
}

function formatOk(format: string, value: string): boolean {
  const def = FORMATS[format];
  if (def === undefined) return true; // unknown formats are ignored, as by ajv with strict: false
  const check = def instanceof RegExp || typeof def === 'function' ? def : def.validate;
  return check instanceof RegExp ? check.test(value) : check(value);
}

/** Characters as JSON Schema counts them: a surrogate pair is one (ajv's ucs2length). */
function length(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

function hasType(type: string, data: unknown): boolean {
  switch (type) {
    case 'null': return data === null;
    case 'array': return Array.isArray(data);
    case 'object': return typeof data === 'object' && data !== null && !Array.isArray(data);
    case 'integer': return typeof data === 'number' && !(data % 1) && !Number.isNaN(data);
    case 'number': return typeof data === 'number';
    default: return typeof data === type;
  }
}

const typesOf = (schema: SchemaObject): string[] => (schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string]);
const usesGroup = (schema: SchemaObject, group: Group): boolean => GROUPS[group].some((k) => schema[k] !== undefined);
const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');
/** ajv skips subschemas that can never fail (`true`, `{}`). */
const alwaysValid = (schema: Schema): boolean => schema === true || (typeof schema === 'object' && Object.keys(schema).every((k) => ANNOTATIONS.has(k) || !SUPPORTED_KEYWORDS.has(k)));

class Run {
  readonly errors: SchemaError[] = [];

  error(keyword: string, instancePath: string, schemaPath: string, params: Record<string, unknown> = {}): void {
    this.errors.push({ keyword, instancePath, schemaPath, params });
  }

  /** Validates and says whether the data passed (no error added). */
  check(schema: Schema, data: unknown, instancePath: string, schemaPath: string): boolean {
    const before = this.errors.length;
    this.validate(schema, data, instancePath, schemaPath);
    return this.errors.length === before;
  }

  /** A verdict whose errors nobody sees (`not`, `if`). */
  static quiet(schema: Schema, data: unknown): boolean {
    return new Run().check(schema, data, '', '#');
  }

  validate(schema: Schema, data: unknown, path: string, at: string): void {
    if (schema === true) return;
    if (schema === false) { this.error('false schema', path, `${at}/false schema`); return; }
    const types = typesOf(schema);
    // ajv checks the type first unless a single type's own keywords check it (then it reports it after the untyped ones).
    const single = types.length === 1 && (GROUPS as Record<string, readonly string[]>)[types[0]] !== undefined && usesGroup(schema, types[0] as Group);
    if (types.length && !single && !types.some((t) => hasType(t, data))) this.error('type', path, `${at}/type`, { type: schema.type });
    this.untyped(schema, data, path, at);
    for (const group of GROUP_ORDER) {
      if (!usesGroup(schema, group)) continue;
      if (hasType(group, data)) this[group](schema, data as never, path, at);
      else if (single && types[0] === group) this.error('type', path, `${at}/type`, { type: group });
    }
  }

  private untyped(schema: SchemaObject, data: unknown, path: string, at: string): void {
    if (schema.const !== undefined && !deepEquals(data, schema.const)) this.error('const', path, `${at}/const`, { allowedValue: schema.const });
    if (Array.isArray(schema.enum) && !schema.enum.some((v) => deepEquals(data, v))) this.error('enum', path, `${at}/enum`, { allowedValues: schema.enum });
    if (schema.not !== undefined && Run.quiet(schema.not as Schema, data)) this.error('not', path, `${at}/not`);
    if (Array.isArray(schema.anyOf) && !(schema.anyOf as Schema[]).some(alwaysValid)) {
      const before = this.errors.length;
      const valid = (schema.anyOf as Schema[]).some((sub, i) => this.check(sub, data, path, `${at}/anyOf/${i}`));
      if (valid) this.errors.length = before;
      else this.error('anyOf', path, `${at}/anyOf`);
    }
    if (Array.isArray(schema.oneOf)) this.oneOf(schema.oneOf as Schema[], data, path, at);
    if (Array.isArray(schema.allOf)) (schema.allOf as Schema[]).forEach((sub, i) => { if (!alwaysValid(sub)) this.validate(sub, data, path, `${at}/allOf/${i}`); });
    if (schema.if !== undefined && (schema.then !== undefined || schema.else !== undefined)) {
      const branch = Run.quiet(schema.if as Schema, data) ? 'then' : 'else';
      const sub = schema[branch] as Schema | undefined;
      if (sub !== undefined && !this.check(sub, data, path, `${at}/${branch}`)) this.error('if', path, `${at}/if`, { failingKeyword: branch });
    }
  }

  /** ajv's oneOf: it stops at the second passing branch and names the two. */
  private oneOf(branches: Schema[], data: unknown, path: string, at: string): void {
    const before = this.errors.length;
    let passing: number | null = null;
    for (let i = 0; i < branches.length; i++) {
      if (!(alwaysValid(branches[i]) || this.check(branches[i], data, path, `${at}/oneOf/${i}`))) continue;
      if (passing !== null) { this.error('oneOf', path, `${at}/oneOf`, { passingSchemas: [passing, i] }); return; }
      passing = i;
    }
    if (passing !== null) this.errors.length = before;
    else this.error('oneOf', path, `${at}/oneOf`, { passingSchemas: null });
  }

  private number(schema: SchemaObject, data: number, path: string, at: string): void {
    for (const keyword of ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum'] as const) {
      const limit = schema[keyword];
      if (typeof limit === 'number' && !LIMITS[keyword].ok(data, limit)) this.error(keyword, path, `${at}/${keyword}`, { comparison: LIMITS[keyword].comparison, limit });
    }
    const step = schema.multipleOf;
    if (typeof step === 'number' && data / step !== parseInt(String(data / step), 10)) this.error('multipleOf', path, `${at}/multipleOf`, { multipleOf: step });
    // The translator's number regex: a `pattern` error, as the server's ajv reports it (src/domain/number-pattern.ts).
    const pattern = schema[NUMBER_PATTERN];
    if (typeof pattern === 'string' && !numberMatches(pattern, data)) this.error('pattern', path, `${at}/${NUMBER_PATTERN}`, { pattern });
  }

  private string(schema: SchemaObject, data: string, path: string, at: string): void {
    if (typeof schema.maxLength === 'number' && length(data) > schema.maxLength) this.error('maxLength', path, `${at}/maxLength`, { limit: schema.maxLength });
    if (typeof schema.minLength === 'number' && length(data) < schema.minLength) this.error('minLength', path, `${at}/minLength`, { limit: schema.minLength });
    if (typeof schema.pattern === 'string' && !patternOf(schema.pattern).test(data)) this.error('pattern', path, `${at}/pattern`, { pattern: schema.pattern });
    if (typeof schema.format === 'string' && !formatOk(schema.format, data)) this.error('format', path, `${at}/format`, { format: schema.format });
  }

  private array(schema: SchemaObject, data: unknown[], path: string, at: string): void {
    if (typeof schema.maxItems === 'number' && data.length > schema.maxItems) this.error('maxItems', path, `${at}/maxItems`, { limit: schema.maxItems });
    if (typeof schema.minItems === 'number' && data.length < schema.minItems) this.error('minItems', path, `${at}/minItems`, { limit: schema.minItems });
    const items = schema.items as Schema | Schema[] | undefined;
    if (Array.isArray(items)) items.forEach((sub, i) => { if (i < data.length) this.validate(sub, data[i], `${path}/${i}`, `${at}/items/${i}`); });
    else if (items !== undefined && !alwaysValid(items)) data.forEach((item, i) => this.validate(items, item, `${path}/${i}`, `${at}/items`));
    if (schema.uniqueItems === true) this.uniqueItems(schema, data, path, at);
  }

  /** ajv's two scans (scalars by value, anything else pairwise), so the reported pair is ajv's. */
  private uniqueItems(schema: SchemaObject, data: unknown[], path: string, at: string): void {
    if (data.length < 2) return;
    const itemTypes = schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items) ? typesOf(schema.items as SchemaObject) : [];
    if (itemTypes.length && !itemTypes.some((t) => t === 'object' || t === 'array')) {
      const indices = new Map<string, number>();
      for (let i = data.length; i--;) {
        let item = data[i];
        if (!itemTypes.some((t) => hasType(t, item))) continue;
        if (itemTypes.length > 1 && typeof item === 'string') item = `${item}_`;
        const key = String(item); // ajv keys an object by the item
        const j = indices.get(key);
        if (j !== undefined) { this.error('uniqueItems', path, `${at}/uniqueItems`, { i, j }); return; }
        indices.set(key, i);
      }
      return;
    }
    for (let i = data.length; i--;) {
      for (let j = i; j--;) {
        if (deepEquals(data[i], data[j])) { this.error('uniqueItems', path, `${at}/uniqueItems`, { i, j }); return; }
      }
    }
  }

  private object(schema: SchemaObject, data: Record<string, unknown>, path: string, at: string): void {
    const count = Object.keys(data).length;
    if (typeof schema.maxProperties === 'number' && count > schema.maxProperties) this.error('maxProperties', path, `${at}/maxProperties`, { limit: schema.maxProperties });
    if (typeof schema.minProperties === 'number' && count < schema.minProperties) this.error('minProperties', path, `${at}/minProperties`, { limit: schema.minProperties });
    for (const name of (schema.required as string[] | undefined) ?? []) {
      if (data[name] === undefined) this.error('required', path, `${at}/required`, { missingProperty: name });
    }
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const extra = schema.additionalProperties as Schema | undefined;
    if (extra !== undefined && extra !== true) {
      for (const key in data) {
        if (Object.prototype.hasOwnProperty.call(properties, key)) continue;
        if (extra === false) this.error('additionalProperties', path, `${at}/additionalProperties`, { additionalProperty: key });
        else this.validate(extra, data[key], `${path}/${escapePointer(key)}`, `${at}/additionalProperties`);
      }
    }
    for (const [name, sub] of Object.entries(properties)) {
      if (data[name] !== undefined && !alwaysValid(sub)) this.validate(sub, data[name], `${path}/${escapePointer(name)}`, `${at}/properties/${escapePointer(name)}`);
    }
  }
}

/** ajv's errors for the data against the schema; empty when the data is valid. */
export function schemaErrors(schema: Schema, data: unknown): SchemaError[] {
  const run = new Run();
  run.validate(schema, data, '', '#');
  return run.errors;
}

/** Whether the data is valid against the schema. */
export function isValidAgainst(schema: Schema, data: unknown): boolean {
  return Run.quiet(schema, data);
}

/** The keywords of a schema (and its subschemas) this validator does not check: none, for what the translator emits. */
export function unsupportedKeywords(schema: Schema): string[] {
  const out = new Set<string>();
  const walk = (s: unknown): void => {
    if (typeof s !== 'object' || s === null) return;
    for (const [key, value] of Object.entries(s)) {
      if (!SUPPORTED_KEYWORDS.has(key)) out.add(key);
      if (key === 'properties') Object.values(value as object).forEach(walk);
      else if (['anyOf', 'oneOf', 'allOf', 'items'].includes(key) && Array.isArray(value)) value.forEach(walk);
      else if (['not', 'if', 'then', 'else', 'items', 'additionalProperties'].includes(key)) walk(value);
    }
  };
  walk(schema);
  return [...out];
}
