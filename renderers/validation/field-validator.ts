import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '@translator/types';
import type { RendererLocale } from '../form-context';
import { ajvMessage } from '../i18n/ajv-messages';

let shared: Ajv | undefined;
/** One ajv for every form: compiled validators are cached by schema object, and the translator reuses field schemas. */
export function sharedAjv(): Ajv {
  if (!shared) {
    shared = new Ajv({ allErrors: true, strict: false });
    addFormats(shared);
  }
  return shared;
}

const compiled = new WeakMap<object, ValidateFunction>();
function compile(schema: JsonSchema): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) { fn = sharedAjv().compile(schema); compiled.set(schema, fn); }
  return fn;
}

export const isEmptyValue = (value: unknown): boolean => value === undefined || value === null || value === '';

/** Messages for one value against one field schema; compiled on first use, so the first render compiles nothing. */
export function validateValue(schema: JsonSchema, value: unknown, required: boolean, locale: RendererLocale): string[] | undefined {
  if (isEmptyValue(value)) return required ? [ajvMessage({ keyword: 'required', params: {} }, locale)] : undefined;
  const fn = compile(schema);
  if (fn(value)) return undefined;
  const messages = [...new Set((fn.errors ?? []).filter((e) => e.instancePath === '' || schema.type === 'array').map((e) => ajvMessage(e, locale)))];
  return messages.length ? messages : [ajvMessage({ keyword: 'default', params: {} }, locale)];
}

/** Per-field validation of an object schema: the changed field on change, every field on submit. */
export class FieldValidator {
  private readonly required: Set<string>;
  constructor(private readonly schema: JsonSchema, private readonly locale: RendererLocale) {
    this.required = new Set(schema.required ?? []);
  }

  fields(): string[] { return Object.keys(this.schema.properties ?? {}); }

  /** Compiles a field's validator ahead of its first change (called on focus), so the first keystroke does not pay for it. */
  prepare(name: string): void {
    const fieldSchema = this.schema.properties?.[name];
    if (fieldSchema) compile(fieldSchema);
  }

  validateField(name: string, value: unknown): string[] | undefined {
    const fieldSchema = this.schema.properties?.[name];
    if (!fieldSchema) return undefined;
    return validateValue(fieldSchema, value, this.required.has(name), this.locale);
  }

  /** Errors by field name; empty when the values are valid. */
  validateAll(values: Record<string, unknown>): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const name of this.fields()) {
      const errors = this.validateField(name, values[name]);
      if (errors) out[name] = errors;
    }
    return out;
  }
}
