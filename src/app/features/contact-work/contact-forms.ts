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

/**
 * The server's 400 errors by field: `/inputs/telefono` → inputs.telefono; anything else stays a general message, as
 * the server words it (its sentences name what they are about: "Lo stato 'X' non accetta note"), without the API's
 * field name in front ("state: …", "agentId: …" told a person nothing).
 */
export const errorsByField = (errors: readonly ApiErrorItem[], fallback: string): FieldErrors => {
  const out: FieldErrors = { inputs: {}, outputs: {}, other: [] };
  for (const e of errors) {
    const match = /^\/(inputs|outputs|rawData)\/([^/]+)/.exec(e.field ?? '');
    if (match) {
      const section = match[1] === 'outputs' ? 'outputs' : 'inputs';
      const name = match[2].replace(/~1/g, '/').replace(/~0/g, '~');
      (out[section][name] ??= []).push(e.message);
    } else out.other.push(e.message);
  }
  if (!errors.length && fallback) out.other.push(fallback);
  return out;
};

/** The changed fields of a form, with cleared ones as null (the save's partial maps). */
export const changedValues = (values: Record<string, unknown>, dirty: ReadonlySet<string>): Record<string, unknown> =>
  Object.fromEntries([...dirty].map((name) => [name, values[name] === undefined || values[name] === '' ? null : values[name]]));

/** A field someone else saved while the user worked on the contact (a 409). */
export interface ChangedMeanwhile {
  section: Section;
  name: string;
  label: string;
  /** What the other person saved, as shown (a static list's label); null when they emptied it. */
  theirs: string | null;
  /** Only when the user changed the field too: what they typed, as shown; null when they emptied it. */
  yours?: string | null;
}

const isEmptyValue = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const sameValue = (a: unknown, b: unknown) => (isEmptyValue(a) && isEmptyValue(b)) || JSON.stringify(a) === JSON.stringify(b);

/** A value as a person reads it: a static list's label, text as it is, anything else as JSON; null when empty. */
const shownValue = (value: unknown, schema: { oneOf?: Array<{ const: string; title: string }> } | undefined): string | null => {
  if (isEmptyValue(value)) return null;
  if (typeof value === 'string') return schema?.oneOf?.find((o) => o.const === value)?.title ?? value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
};

/**
 * After a 409: the fields of the forms whose value someone else changed between `base` (what the user's edits were
 * made on) and `fresh` (the contact now), those the user changed too first (`edits`: the typed fields, cleared ones
 * null). A field both changed to the same value is no conflict; a field the forms do not show is not named.
 */
export const changedMeanwhile = (base: SectionValues, fresh: SectionValues, edits: SectionValues, forms: Record<Section, FormTranslation | null>): ChangedMeanwhile[] => {
  const found: ChangedMeanwhile[] = [];
  for (const section of ['inputs', 'outputs'] as const) {
    const properties = forms[section]?.schema.properties ?? {};
    for (const name of new Set([...Object.keys(base[section]), ...Object.keys(fresh[section])])) {
      const field = properties[name];
      const theirs = fresh[section][name];
      if (!field || sameValue(base[section][name], theirs)) continue;
      const typed = Object.prototype.hasOwnProperty.call(edits[section], name);
      if (typed && sameValue(edits[section][name], theirs)) continue;
      const title = field.title;
      found.push({
        section, name, label: typeof title === 'string' && title ? title : name, theirs: shownValue(theirs, field),
        ...(typed ? { yours: shownValue(edits[section][name], field) } : {}),
      });
    }
  }
  return [...found.filter((f) => f.yours !== undefined), ...found.filter((f) => f.yours === undefined)];
};

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
