import type { JsonSchema } from '@translator/types';
import type { RendererLocale } from '../../form-context';
import type { Translate } from '../../i18n/messages';
import { FieldValidator } from '../../validation/field-validator';
import { displayText, type ReadOnlyKind } from '../../widgets/ReadOnlyValue/ReadOnlyValue';

const kindOf = (s: JsonSchema | undefined): ReadOnlyKind => (s?.type === 'boolean' ? 'boolean' : s?.type === 'number' ? 'number' : s?.format === 'date' ? 'date' : s?.oneOf ? 'select' : 'text');
const optionsOf = (s: JsonSchema | undefined) => s?.oneOf?.map((o) => ({ value: String(o.const), label: String(o.title ?? o.const) }));

/**
 * A value of an item's field as the table cell reads it: an enum by its label, and a nested object or array as
 * "Label: value" pairs (one item after another), never `[object Object]`.
 */
export function cellText(schema: JsonSchema | undefined, value: unknown, t: Translate, locale: string): string {
  if (Array.isArray(value) && schema?.type === 'array') {
    if (!value.length) return t('common.empty');
    const items = (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items) ? schema.items : undefined) as JsonSchema | undefined;
    return value.map((item) => cellText(items, item, t, locale)).join('; ');
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null && v !== '');
    return entries.map(([name, v]) => { const s = schema?.properties?.[name] as JsonSchema | undefined; return `${s?.title ?? name}: ${cellText(s, v, t, locale)}`; }).join(', ');
  }
  if (Array.isArray(value)) return value.map((v) => cellText(undefined, v, t, locale)).join(', ');
  return displayText(kindOf(schema), value, t, locale, optionsOf(schema));
}

/** Whether every required field of an item is valid: the modal's add button waits for this (spec 2 §5). */
export function requiredFieldsValid(itemSchema: JsonSchema, item: Record<string, unknown>, locale: RendererLocale): boolean {
  const v = new FieldValidator(itemSchema, locale);
  return (itemSchema.required ?? []).every((f) => !v.validateField(f, item[f]));
}

/** The item to store: invalid optional values are dropped (spec 2 §5, "the array modal drops the invalid value"). */
export function cleanItem(itemSchema: JsonSchema, item: Record<string, unknown>, locale: RendererLocale): { item: Record<string, unknown>; dropped: string[] } {
  const v = new FieldValidator(itemSchema, locale);
  const out: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(item)) {
    if (value === undefined) continue;
    if (itemSchema.properties?.[name] && v.validateField(name, value)) dropped.push(name);
    else out[name] = value;
  }
  return { item: out, dropped };
}

export const canAddMore = (count: number, max: number | undefined): boolean => max === undefined || count < max;

export function counterText(count: number, min: number | undefined, max: number | undefined, template: string): string {
  return template.replace('{count}', String(count)).replace('{min}', String(min ?? 0)).replace('{max}', max === undefined ? '∞' : String(max));
}
