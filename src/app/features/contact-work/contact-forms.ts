import type { ApiErrorItem } from '@domain/errors';
import type { Role } from '@domain/roles';
import { translationKey } from '@translator/translation-cache';
import { translateForm, type FormSection, type FormTranslation, type FormView } from '@translator/translate-form';
import type { Translation } from '@translator/types';

/** The two forms of a contact screen. */
export type Section = 'inputs' | 'outputs';
export type SectionValues = Record<Section, Record<string, unknown>>;

const cache = new Map<string, Translation<FormTranslation>>();

/**
 * The translator's form for a view, section and role, kept per workspace and data-model version: opening the next
 * contact of the same workspace costs no translation (the 500-field target).
 */
export const contactForm = (model: unknown, workspace: unknown, view: FormView, section: FormSection, role: Role): Translation<FormTranslation> => {
  const key = `${translationKey(model, workspace)}|${view}|${section}|${role}`;
  let found = cache.get(key);
  if (!found) {
    found = translateForm(model, workspace, { view, section, role });
    if (cache.size > 64) cache.delete(cache.keys().next().value as string);
    cache.set(key, found);
  }
  return found;
};

export const fieldCount = (form: FormTranslation | null): number => Object.keys(form?.schema.properties ?? {}).length;

export interface FieldErrors { inputs: Record<string, string[]>; outputs: Record<string, string[]>; other: string[] }

/** The server's 400 errors by field: `/inputs/telefono` → inputs.telefono; anything else stays a general message. */
export const errorsByField = (errors: readonly ApiErrorItem[], fallback: string): FieldErrors => {
  const out: FieldErrors = { inputs: {}, outputs: {}, other: [] };
  for (const e of errors) {
    const match = /^\/(inputs|outputs|rawData)\/([^/]+)/.exec(e.field ?? '');
    if (match) {
      const section = match[1] === 'outputs' ? 'outputs' : 'inputs';
      const name = match[2].replace(/~1/g, '/').replace(/~0/g, '~');
      (out[section][name] ??= []).push(e.message);
    } else out.other.push(e.field ? `${e.field}: ${e.message}` : e.message);
  }
  if (!errors.length && fallback) out.other.push(fallback);
  return out;
};

/** The changed fields of a form, with cleared ones as null (the save's partial maps). */
export const changedValues = (values: Record<string, unknown>, dirty: ReadonlySet<string>): Record<string, unknown> =>
  Object.fromEntries([...dirty].map((name) => [name, values[name] === undefined || values[name] === '' ? null : values[name]]));

/** Opens a base64 file answer as an object URL for the media viewer. */
export const objectUrlOf = (content: { contentType: string; data: string }): string => {
  const bytes = Uint8Array.from(atob(content.data), (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: content.contentType }));
};

/** "Label: message" lines for the fields a form validation refused (the fields may sit in a collapsed panel). */
export const describeErrors = (errors: Record<string, string[]>, forms: Array<FormTranslation | null>): string[] =>
  Object.entries(errors).map(([name, messages]) => {
    const title = forms.map((f) => f?.schema.properties?.[name]?.title).find(Boolean) ?? name;
    return `${String(title)}: ${messages.join('; ')}`;
  });
