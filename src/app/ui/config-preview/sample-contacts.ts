import type { Workspace } from '@domain/generated/workspace';
import type { EnumEntry, EnumTable } from '@renderers/memory-services';
import type { ContactRow } from '@renderers/table/contact-row';
import { TIME_PATTERN, type FormSection, type FormTranslation } from '@translator/translate-form';
import type { JsonSchema } from '@translator/types';
import type { FormUiSchema, ItemsUiSchema } from '@translator/ui-schema';
import { splitMedia } from '../media-section';

/**
 * Plausible contacts for a configuration that has none yet (the editor's preview): every value comes from the field's
 * translated schema (its type, format, static values, pattern) and a hash of its name, so a field keeps its sample
 * value while the admin edits the others, and the same draft always shows the same contacts.
 */

/** FNV-1a: a stable 32-bit number per text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const FIRST_NAMES = ['Giulia', 'Marco', 'Chiara', 'Luca', 'Francesca', 'Matteo', 'Sara', 'Andrea'];
const LAST_NAMES = ['Rossi', 'Bianchi', 'Russo', 'Ferrari', 'Esposito', 'Romano', 'Colombo', 'Ricci'];
const CITIES: Array<[string, string, string, string]> = [['Milano', 'Milano', 'MI', '20121'], ['Roma', 'Roma', 'RM', '00184'], ['Torino', 'Torino', 'TO', '10121'], ['Bologna', 'Bologna', 'BO', '40121']];
const STREETS = ['Via Roma', 'Via Garibaldi', 'Via Mazzini', 'Corso Italia', 'Via Verdi'];
/** Values tried, in order, for a text field whose pattern the guessed value does not match. */
const PATTERN_CANDIDATES = ['AB123CD', '12345', '1234567890', 'ABC123', 'A1', 'abc', 'mario.rossi@example.com', '+393331234567', 'RSSMRA80A01F205X', 'IT60X0542811101000000123456', '2024-01-15', '09:30', 'X'];

const pick = <T>(items: readonly T[], seed: number): T => items[seed % items.length] as T;

/** The characters a class like `[A-Z0-9_]` (without the brackets) allows, or null for a negated one. */
function classChars(body: string): string | null {
  if (body.startsWith('^')) return null;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '\\' && i + 1 < body.length) { out += escapeChars(body[++i] as string) ?? body[i]; continue; }
    if (body[i + 1] === '-' && i + 2 < body.length) {
      for (let code = c.charCodeAt(0); code <= body.charCodeAt(i + 2); code++) out += String.fromCharCode(code);
      i += 2;
      continue;
    }
    out += c;
  }
  return out || null;
}

function escapeChars(c: string): string | null {
  if (c === 'd') return '0123456789';
  if (c === 'w') return 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  if (c === 's') return ' ';
  return /[A-Za-z]/.test(c) ? null : c;
}

/**
 * A value matching a simple pattern (classes, escapes, literals and quantifiers, as data-model regexes usually are);
 * a group of alternatives takes its first; undefined for anything else, which falls back to fixed candidates.
 */
function fromPattern(pattern: string, seed: number): string | undefined {
  const alternatives = /^\^?\(([^()]*\|[^()]*)\)\$?$/.exec(pattern);
  if (alternatives) return (alternatives[1] as string).split('|').map((a) => fromPattern(a, seed)).find((v) => v !== undefined);
  const source = pattern.replace(/^\^/, '').replace(/\$$/, '');
  let out = '';
  let n = seed;
  for (let i = 0; i < source.length;) {
    let chars: string | null;
    const c = source[i] as string;
    if (c === '[') {
      const end = source.indexOf(']', i + 2);
      if (end < 0) return undefined;
      chars = classChars(source.slice(i + 1, end));
      i = end + 1;
    } else if (c === '\\') {
      chars = escapeChars(source[i + 1] ?? '');
      i += 2;
    } else if ('()|^$'.includes(c)) {
      return undefined;
    } else {
      chars = c === '.' ? 'x' : c;
      i++;
    }
    if (!chars) return undefined;
    let count = 1;
    const q = /^(\{(\d+)(,(\d*))?\}|[+*?])/.exec(source.slice(i));
    if (q) {
      const quantifier = q[1] as string;
      if (q[2] !== undefined) {
        const min = Number(q[2]);
        const max = q[3] ? (q[4] ? Number(q[4]) : Infinity) : min;
        count = Math.min(Math.max(min, 1), max);
      } else count = quantifier === '?' ? 1 : 3;
      i += quantifier.length;
    }
    for (let k = 0; k < count; k++) {
      out += chars[n % chars.length];
      n = Math.imul(n ^ (n >>> 13), 0x5bd1e995) >>> 0;
    }
  }
  return out;
}

/** A text value the field's name or label suggests. */
function guessText(name: string, label: string, seed: number, index: number): string {
  const key = `${name} ${label}`.toLowerCase();
  // One place per contact, so the address fields agree with each other.
  const place = pick(CITIES, index);
  if (/mail/.test(key)) return `${pick(FIRST_NAMES, seed).toLowerCase()}.${pick(LAST_NAMES, seed >>> 3).toLowerCase()}@example.com`;
  if (/telefon|phone|cell|mobile/.test(key)) return `+39333${String(1000000 + (seed % 9000000))}`;
  if (/cognome|surname|last ?name/.test(key)) return pick(LAST_NAMES, seed);
  if (/nome|name/.test(key)) return pick(FIRST_NAMES, seed);
  if (/fiscal/.test(key)) return 'RSSMRA80A01F205X';
  if (/targa|plate/.test(key)) return `AB${String(100 + (seed % 900))}CD`;
  if (/provinc.*(acr|sigla)|acr/.test(key)) return place[2];
  if (/provinc/.test(key)) return place[1];
  if (/citt|comune|city|town/.test(key)) return place[0];
  if (/\bcap\b|zip|postal/.test(key)) return place[3];
  if (/indirizzo|address|street|\bvia\b/.test(key)) return `${pick(STREETS, seed)} ${1 + (seed % 120)}`;
  if (/note|descri|dinamica|comment/.test(key)) return 'Testo di esempio';
  return `${label || name} ${index + 1}`;
}

function sampleText(name: string, schema: JsonSchema, seed: number, index: number): string | undefined {
  if (schema.format === 'date') return new Date(Date.UTC(2024, 0, 1) + (seed % 365) * 86_400_000).toISOString().slice(0, 10);
  if (schema.pattern === TIME_PATTERN) return `${String(8 + (seed % 10)).padStart(2, '0')}:${pick(['00', '15', '30', '45'], seed >>> 4)}`;
  const guess = guessText(name, schema.title ?? '', seed, index);
  if (!schema.pattern) return guess;
  let re: RegExp;
  try { re = new RegExp(schema.pattern, 'u'); } catch { return guess; }
  return [guess, fromPattern(schema.pattern, seed), ...PATTERN_CANDIDATES].find((v): v is string => v !== undefined && re.test(v));
}

function sampleValue(name: string, schema: JsonSchema, ui: unknown, index: number): unknown {
  const seed = hash(`${name}#${index}`);
  if (schema.oneOf?.length) return pick(schema.oneOf, seed).const;
  switch (schema.type) {
    case 'boolean': return seed % 2 === 0;
    case 'number':
    case 'integer': {
      const min = schema.minimum ?? 1;
      const max = schema.maximum ?? Math.max(min, 1000);
      return min + (seed % (max - min + 1));
    }
    case 'array': {
      if (!schema.items) return [];
      const count = Math.min(Math.max(schema.minItems ?? 1, 1), schema.maxItems ?? 2, 2);
      const itemsUi = (ui as { items?: ItemsUiSchema } | undefined)?.items ?? {};
      return Array.from({ length: count }, (_, i) => sampleObject(schema.items?.properties ?? {}, itemsUi, index * 10 + i, name));
    }
    case 'object': return sampleObject(schema.properties ?? {}, {}, index, name);
    default: return sampleText(name, schema, seed, index);
  }
}

function sampleObject(properties: Record<string, JsonSchema>, ui: Record<string, unknown>, index: number, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const value = sampleValue(prefix ? `${prefix}.${name}` : name, schema, ui[name], index);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** A section's sample values; its attachment and document lists (the MEDIA section) start empty. */
const sectionValues = (form: FormTranslation | null, index: number): Record<string, unknown> => {
  if (!form) return {};
  const { form: fields, media } = splitMedia(form);
  const values = sampleObject(fields.schema.properties ?? {}, fields.uiSchema as unknown as Record<string, unknown>, index);
  return { ...values, ...Object.fromEntries(media.map((list) => [list.name, []])) };
};

const AVAILABILITIES = ['processing', 'waiting', 'processing', 'closed'] as const;

/**
 * `count` sample contacts of a configuration, from its create forms (which hold every field of each section).
 * The states come from the workspace, the entry state first.
 */
export function sampleContacts(workspace: Workspace, forms: Record<FormSection, FormTranslation | null>, count = 5): ContactRow[] {
  const states = [...new Set([workspace.entryState, ...Object.keys(workspace.states ?? {})].filter((s): s is string => Boolean(s)))];
  return Array.from({ length: count }, (_, i) => ({
    id: `sample-${i + 1}`,
    availability: pick(AVAILABILITIES, i),
    state: states.length ? pick(states, i) : null,
    lastStateChangeAt: new Date(Date.UTC(2025, 0, 15 + i, 9 + i, 30)).toISOString(),
    outcome: null,
    priority: 1 + ((i * 3) % 10),
    agentId: i % 2 === 0 ? 'u-agent' : 'u-teamleader',
    suspended: false,
    processable: true,
    originalContactId: null,
    inputs: sectionValues(forms.inputs, i),
    outputs: sectionValues(forms.outputs, i),
  }));
}

/** The remote enums' values: each remote select offers the values the sample contacts hold, so they show as chosen. */
export function sampleEnums(forms: Record<FormSection, FormTranslation | null>, contacts: readonly ContactRow[]): EnumTable {
  const table: EnumTable = {};
  for (const section of ['inputs', 'outputs'] as const) {
    const form = forms[section];
    if (!form) continue;
    const ui: FormUiSchema = form.uiSchema;
    const entries: Record<string, EnumEntry[]> = {};
    for (const name of Object.keys(form.schema.properties ?? {})) {
      const field = ui[name] as { 'ui:widget'?: string } | undefined;
      if (field?.['ui:widget'] !== 'remoteSelect') continue;
      const values = [...new Set(contacts.map((c) => c[section]?.[name]).filter((v) => v !== undefined && v !== null && v !== '').map(String))];
      entries[name] = values.map((value) => ({ value, label: value }));
    }
    table[section] = entries;
  }
  return table;
}
