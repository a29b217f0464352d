import type { JsonSchema } from '@translator/types';
import type { RendererLocale } from '../form-context';
import { ajvMessage } from '../i18n/ajv-messages';
import { schemaErrors } from './schema-interpreter';

export const isEmptyValue = (value: unknown): boolean => value === undefined || value === null || value === '';

/**
 * Messages for one value against one field schema. The schema is interpreted, not compiled (schema-interpreter.ts), so
 * the form runs under a Content-Security-Policy without 'unsafe-eval'; its errors are ajv's, worded by `ajvMessage`.
 */
export function validateValue(schema: JsonSchema, value: unknown, required: boolean, locale: RendererLocale): string[] | undefined {
  if (isEmptyValue(value)) return required ? [ajvMessage({ keyword: 'required', params: {} }, locale)] : undefined;
  const errors = schemaErrors(schema as Record<string, unknown>, value);
  if (!errors.length) return undefined;
  const messages = [...new Set(errors.filter((e) => e.instancePath === '' || schema.type === 'array').map((e) => ajvMessage(e, locale)))];
  return messages.length ? messages : [ajvMessage({ keyword: 'default', params: {} }, locale)];
}

/** Per-field validation of an object schema: the changed field on change, every field on submit. */
export class FieldValidator {
  private readonly required: Set<string>;
  constructor(private readonly schema: JsonSchema, private readonly locale: RendererLocale) {
    this.required = new Set(schema.required ?? []);
  }

  fields(): string[] { return Object.keys(this.schema.properties ?? {}); }

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
