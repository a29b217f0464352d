import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { ROLES } from '@domain/roles';
import { FORM_SECTIONS, FORM_VIEWS, translateForm } from '@translator/translate-form';
import { translateList } from '@translator/translate-list';
import type { JsonSchema } from '@translator/types';
import { ajvMessage } from '@renderers/i18n/ajv-messages';
import { validateValue } from '@renderers/validation/field-validator';
import { rjsfValidator } from '@renderers/validation/rjsf-validator';
import { isValidAgainst, schemaErrors, unsupportedKeywords } from '@renderers/validation/schema-interpreter';

/**
 * The browser validates with an interpreter (no code generation, so no 'unsafe-eval'); the server keeps ajv. This
 * compares the two, error for error, on every schema the translator makes from the fixture workspaces, over values
 * made from each schema (valid ones, each bound crossed, wrong types) and the fixture contacts with each field swapped.
 */
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const compiled = new WeakMap<object, ValidateFunction>();
const ajvValidate = (schema: JsonSchema): ValidateFunction => {
  let fn = compiled.get(schema);
  if (!fn) { fn = ajv.compile(schema); compiled.set(schema, fn); }
  return fn;
};
const ajvErrors = (schema: JsonSchema, value: unknown): Array<Pick<ErrorObject, 'keyword' | 'instancePath' | 'schemaPath' | 'params'>> => {
  const fn = ajvValidate(schema);
  return fn(value) ? [] : (fn.errors ?? []).map(({ keyword, instancePath, schemaPath, params }) => ({ keyword, instancePath, schemaPath, params }));
};
const LOCALES = ['it-IT', 'en-US', 'en-GB'] as const;
/** Each comparison that differs, for one expect at the end (an expect per value would take minutes on 565 fields). */
const differences = (): { check(what: unknown, actual: unknown, expected: unknown): void; list: unknown[] } => {
  const list: unknown[] = [];
  return { list, check: (what, actual, expected) => { if (JSON.stringify(actual) !== JSON.stringify(expected)) list.push({ what, actual, expected }); } };
};

/** The per-field messages as field-validator.ts made them with ajv before: the reference for the new ones. */
function ajvFieldMessages(schema: JsonSchema, value: unknown, required: boolean, locale: (typeof LOCALES)[number]): string[] | undefined {
  if (value === undefined || value === null || value === '') return required ? [ajvMessage({ keyword: 'required', params: {} }, locale)] : undefined;
  const errors = ajvErrors(schema, value);
  if (!errors.length) return undefined;
  const messages = [...new Set(errors.filter((e) => e.instancePath === '' || schema.type === 'array').map((e) => ajvMessage(e, locale)))];
  return messages.length ? messages : [ajvMessage({ keyword: 'default', params: {} }, locale)];
}

const WRONG_TYPES: unknown[] = [true, false, 0, -1, 1.5, 7, 10, 11, 1e308, Number.NaN, 'x', '', null, [], {}, ['a'], [{}], { a: 1 }];

/** Values for one schema: each allowed value, values on both sides of each bound, other formats, and wrong types. */
function valuesFor(schema: JsonSchema, depth = 0): unknown[] {
  const out: unknown[] = [...WRONG_TYPES];
  if (schema.default !== undefined) out.push(schema.default);
  for (const option of schema.oneOf ?? []) out.push(option.const, `${String(option.const)}!`);
  if (schema.const !== undefined) out.push(schema.const);
  switch (schema.type) {
    case 'string':
      out.push('Mario', 'a', 'ab', '😀', 'x'.repeat(300), '12:30', '23:59:59', '24:00', '9:30', '2024-02-29', '2023-02-29', '2024-13-01', '29/02/2024',
        '2024-01-31T10:00:00Z', '2024-01-31T10:00:00', '2024-01-31t10:00:00+01:00', '2024-01-31 25:00:00Z', '00184', '0018', 'mario@example.com', '+39 333 1234567', '3331234567');
      if (schema.minLength !== undefined) out.push('x'.repeat(schema.minLength), 'x'.repeat(Math.max(0, schema.minLength - 1)));
      break;
    case 'number': case 'integer':
      for (const limit of [schema.minimum, schema.maximum]) if (limit !== undefined) out.push(limit, limit - 1, limit + 1, limit + 0.5);
      break;
    case 'array': {
      const items = schema.items && depth < 2 ? valuesFor(schema.items, depth + 1) : ['a', 1];
      out.push(items.slice(0, 3), items.slice(3, 8), [items[0], items[0]], ['b', 'a', 'b'], items);
      for (const limit of [schema.minItems, schema.maxItems]) if (limit !== undefined) for (const n of [limit - 1, limit, limit + 1]) if (n >= 0) out.push(items.slice(0, n));
      break;
    }
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      const valid = Object.fromEntries(props.map(([k, s]) => [k, validValue(s)]));
      out.push(valid, {});
      for (const [k, s] of props) for (const v of depth < 2 ? valuesFor(s, depth + 1).slice(0, 40) : [null, 'x']) out.push({ ...valid, [k]: v });
      break;
    }
  }
  return out;
}

/** A value the schema accepts, found among its candidate values (undefined when none is, as for an impossible schema). */
function validValue(schema: JsonSchema): unknown {
  return [schema.default, schema.oneOf?.[0]?.const, 'ab', '12:30', '2024-02-29', '2024-01-31T10:00:00Z', 5, true, [], {}].find((v) => v !== undefined && ajvValidate(schema)(v));
}

const dir = join(__dirname, '..', '..', 'fixtures', 'workspaces');
const read = <T>(slug: string, file: string): T => JSON.parse(readFileSync(join(dir, slug, file), 'utf8')) as T;

describe.each(readdirSync(dir).sort())('the interpreter against ajv on %s', (slug) => {
  const workspace = read<Workspace>(slug, 'workspace.json');
  const dataModel = read<DataModel>(slug, 'data-model.json');
  const contacts = read<Array<{ inputs: Record<string, unknown>; outputs: Record<string, unknown> }>>(slug, 'contacts.json').slice(0, 2);
  const forms = FORM_VIEWS.flatMap((view) => FORM_SECTIONS.map((section) => {
    const form = translateForm(dataModel, workspace, { view, section, role: 'admin' });
    if (!form.ok) throw new Error(`${slug} ${view} ${section} does not translate`);
    return { name: `${view}/${section}`, section, schema: form.value.schema };
  }));
  const filters = ROLES.map((role) => {
    const list = translateList(dataModel, workspace, role);
    if (!list.ok) throw new Error(`${slug} list for ${role} does not translate`);
    return list.value.filters.schema;
  });

  it('reads every keyword the translator emits', () => {
    for (const schema of [...forms.map((f) => f.schema), ...filters]) expect(unsupportedKeywords(schema as Record<string, unknown>)).toEqual([]);
  });

  /** Each distinct field schema once (views repeat them), with whether a form requires it. */
  const fields = new Map<string, { name: string; schema: JsonSchema; required: boolean }>();
  for (const { schema } of forms) {
    for (const [name, field] of Object.entries(schema.properties ?? {})) {
      const required = (schema.required ?? []).includes(name);
      fields.set(`${required}:${JSON.stringify(field)}`, { name, schema: field, required });
    }
  }

  it('gives each field ajv\'s errors and the same messages in the three languages', () => {
    let compared = 0;
    let rejected = 0;
    const diff = differences();
    for (const { name, schema, required } of fields.values()) {
      for (const value of valuesFor(schema)) {
        const expected = ajvErrors(schema, value);
        diff.check({ name, value }, schemaErrors(schema as Record<string, unknown>, value), expected);
        for (const locale of LOCALES) diff.check({ name, value, locale }, validateValue(schema, value, required, locale), ajvFieldMessages(schema, value, required, locale));
        compared++;
        if (expected.length) rejected++;
      }
    }
    expect(diff.list).toEqual([]);
    // Both verdicts are exercised: most candidate values are wrong for a field, but not all.
    expect(rejected).toBeGreaterThan(0);
    expect(compared - rejected).toBeGreaterThan(0);
  });

  it('gives whole forms (fixture contacts, each field emptied or swapped) and the filter forms ajv\'s errors', () => {
    let compared = 0;
    const diff = differences();
    for (const { name, section, schema } of forms.filter((f) => f.name.startsWith('edit/'))) {
      for (const contact of contacts) {
        const values = contact[section] ?? {};
        const swaps = Object.entries(schema.properties ?? {}).flatMap(([k, s]) => [undefined, validValue(s), 'x', 7].map((v) => ({ ...values, [k]: v })));
        for (const value of [values, ...swaps]) {
          diff.check({ name, value }, schemaErrors(schema as Record<string, unknown>, value), ajvErrors(schema, value));
          compared++;
        }
      }
    }
    for (const schema of filters) {
      for (const value of [...valuesFor(schema), { onlySuspended: true }, { onlySuspended: true, includeSuspended: true }, { onlySuspended: false }, { priority: 11, states: ['x', 'x'] }]) {
        const expected = ajvErrors(schema, value);
        diff.check({ filters: true, value }, schemaErrors(schema as Record<string, unknown>, value), expected);
        diff.check({ filters: true, value, isValid: true }, isValidAgainst(schema as Record<string, unknown>, value), expected.length === 0);
        compared++;
      }
    }
    expect(diff.list).toEqual([]);
    expect(compared).toBeGreaterThan(100);
  });
});

describe('the interpreter on keywords rjsf builds its checks from', () => {
  const cases: Array<[string, Record<string, unknown>, unknown[]]> = [
    ['anyOf of required', { anyOf: [{ required: ['a'] }, { required: ['b'] }] }, [{}, { a: 1 }, { b: 1 }, 5]],
    ['oneOf with two and three passing', { oneOf: [{ type: 'number' }, { minimum: 0 }, { maximum: 10 }] }, [5, -5, 50, 'x']],
    ['allOf and not', { allOf: [{ type: 'string' }, { not: { const: 'no' } }] }, ['no', 'yes', 1]],
    ['enum and multipleOf', { type: 'number', enum: [1, 2.5, 3], multipleOf: 0.5 }, [1, 2.5, 2, 3.3]],
    ['additionalProperties', { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }, [{ a: 'x' }, { a: 1, b: 2 }]],
    ['additionalProperties as a schema', { type: 'object', properties: { 'a/b': { type: 'string' } }, additionalProperties: { type: 'number' } }, [{ 'a/b': 1, c: 'x' }]],
    ['types as a list', { type: ['string', 'null'], minLength: 2 }, [null, 'a', 1]],
    ['uniqueItems of objects', { type: 'array', uniqueItems: true, items: { type: 'object' } }, [[{ a: 1 }, { a: 1 }], [{ a: 1 }, { a: 2 }]]],
    ['uniqueItems of mixed scalars', { type: 'array', uniqueItems: true, items: { type: ['string', 'number'] } }, [['1', 1], [1, 2, 1], ['a', 'a']]],
    ['if/then/else', { if: { type: 'string' }, then: { minLength: 3 }, else: { type: 'number' } }, ['ab', 'abc', true, 4]],
    ['false schema', { properties: { a: false } }, [{ a: 1 }, {}]],
  ];
  it.each(cases)('%s', (_name, schema, values) => {
    for (const value of values) expect(schemaErrors(schema, value)).toEqual(ajvErrors(schema as JsonSchema, value));
  });
});

describe('rjsf validator', () => {
  const schema = { type: 'object', required: ['nome'], properties: { nome: { type: 'string', title: 'Nome' }, eta: { type: 'integer', minimum: 18 } } } as RJSFSchema;

  it('lists errors in the form\'s language, by field', () => {
    const { errors, errorSchema } = rjsfValidator('en-US').validateFormData({ eta: 12 }, schema);
    expect(errors.map((e) => [e.property, e.message])).toEqual([['nome', 'Required field'], ['.eta', 'The value must be at least 18']]);
    expect(errorSchema).toEqual({ nome: { __errors: ['Required field'] }, eta: { __errors: ['The value must be at least 18'] } });
    expect(rjsfValidator('it-IT').validateFormData({ nome: 'A', eta: 20 }, schema).errors).toEqual([]);
  });

  it('adds custom errors and reports a schema that cannot be read', () => {
    const custom = rjsfValidator('en-US').validateFormData({ nome: 'A' }, schema, (data, handler) => {
      (handler as unknown as { nome: { addError(m: string): void } }).nome.addError('taken');
      return handler;
    });
    expect(custom.errorSchema).toMatchObject({ nome: { __errors: ['taken'] } });
    const broken = rjsfValidator('en-US').validateFormData('x', { type: 'string', pattern: '(' } as RJSFSchema);
    expect(broken.errors).toHaveLength(1);
    expect(rjsfValidator('en-US').isValid({ type: 'string', pattern: '(' } as RJSFSchema, 'x', {} as RJSFSchema)).toBe(false);
  });

  it('resolves the filter form\'s if/then and a select\'s options as validator-ajv8 does', () => {
    const utils = createSchemaUtils(rjsfValidator('it-IT'), { type: 'object' } as RJSFSchema);
    const filter = { type: 'object', properties: { a: { type: 'boolean' } }, if: { properties: { a: { const: true } }, required: ['a'] }, then: { properties: { b: { type: 'string' } } } } as RJSFSchema;
    expect(Object.keys(utils.retrieveSchema(filter, { a: true }).properties ?? {})).toEqual(['a', 'b']);
    expect(Object.keys(utils.retrieveSchema(filter, { a: false }).properties ?? {})).toEqual(['a']);
    const options = [{ const: 'x', title: 'X' }, { const: 'y', title: 'Y' }] as RJSFSchema[];
    expect(utils.getFirstMatchingOption('y', options)).toBe(1);
  });
});
