import type { JsonSchema } from '../../../src/translator/types';
import type { RendererLocale } from '../../form-context';
import { FieldValidator } from '../../validation/field-validator';

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
