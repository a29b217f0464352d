import type { UiSchema as RjsfUiSchema } from '@rjsf/utils';
import type { ContactFilter } from '@domain/generated/contact-filter';
import type { ListTranslation } from '@translator/translate-list';
import type { JsonSchema } from '@translator/types';
import type { EnumRequest } from '../../form-context';
import type { Translate } from '../../i18n/messages';
import { formatDate } from '../../widgets/widget-support';

/** The filter panel's value helpers: the translator's filter form split and shown, and the filter it makes. */

export const NO_BUTTON = { 'ui:submitButtonOptions': { norender: true } };

/** The horizontal filters of the translator's filter form, for the inline bar. */
export function inlineForm(filters: ListTranslation['filters']): { schema: JsonSchema; uiSchema: RjsfUiSchema } {
  const horizontal = ((filters.uiSchema['ui:options'] as { horizontal?: string[] } | undefined)?.horizontal ?? []).filter((k) => filters.schema.properties?.[k]);
  const properties = Object.fromEntries(horizontal.map((k) => [k, filters.schema.properties?.[k] as JsonSchema]));
  const uiSchema: RjsfUiSchema = { ...Object.fromEntries(horizontal.map((k) => [k, filters.uiSchema[k] ?? {}])), 'ui:options': { groups: [{ label: '', columns: Math.max(1, horizontal.length), fields: horizontal }] }, ...NO_BUTTON };
  return { schema: { type: 'object', properties }, uiSchema };
}

/** The fields the host renders itself (`ui:options.orgCascade`: the organisation cascade), left out of these forms. */
export function withoutHostFields(filters: ListTranslation['filters']): ListTranslation['filters'] {
  const names = (filters.uiSchema['ui:options'] as { orgCascade?: string[] } | undefined)?.orgCascade ?? [];
  if (!names.length) return filters;
  const properties = { ...filters.schema.properties };
  for (const name of names) delete properties[name];
  return { ...filters, schema: { ...filters.schema, properties } };
}

type Sections = Record<string, Record<string, unknown> | undefined>;
const SECTIONS = ['inputs', 'outputs'] as const;

/** The data-model filters the translator marks as matched by a part of the value (`ui:options.match: 'contains'`). */
export function containsFields(filters: ListTranslation['filters']): Record<string, Set<string>> {
  const ui = (filters.uiSchema.dataModelFilters ?? {}) as Record<string, Record<string, { 'ui:options'?: { match?: string } }> | undefined>;
  return Object.fromEntries(SECTIONS.map((section) => [section, new Set(Object.entries(ui[section] ?? {}).filter(([, f]) => f?.['ui:options']?.match === 'contains').map(([name]) => name))]));
}

/** The filter as the form shows it: `{ contains: text }` as its text. */
export function toForm(filter: ContactFilter, contains: Record<string, Set<string>>): ContactFilter {
  const given = filter.dataModelFilters as Sections | undefined;
  if (!given) return filter;
  const shown: Sections = { ...given };
  for (const section of SECTIONS) {
    const values = given[section];
    if (!values) continue;
    shown[section] = Object.fromEntries(Object.entries(values).map(([name, v]) => [name, contains[section].has(name) && v && typeof v === 'object' && 'contains' in v ? (v as { contains: unknown }).contains : v]));
  }
  return { ...filter, dataModelFilters: shown } as ContactFilter;
}

/**
 * The form's values as the filter: text typed into a contains field becomes `{ contains: text }`. A plain value the
 * filter already had (the embedded entry's caller id, an older link) stays an exact match until it is edited.
 */
export function fromForm(data: ContactFilter, before: ContactFilter, contains: Record<string, Set<string>>): ContactFilter {
  const typed = data.dataModelFilters as Sections | undefined;
  if (!typed) return data;
  const previous = (before.dataModelFilters ?? {}) as Sections;
  const out: Sections = { ...typed };
  for (const section of SECTIONS) {
    const values = typed[section];
    if (!values) continue;
    out[section] = Object.fromEntries(Object.entries(values).map(([name, v]) => [name,
      contains[section].has(name) && typeof v === 'string' && v !== '' && previous[section]?.[name] !== v ? { contains: v } : v]));
  }
  return { ...data, dataModelFilters: out } as ContactFilter;
}

const isSet = (v: unknown): boolean => v !== undefined && v !== null && v !== '' && v !== false && !(Array.isArray(v) && v.length === 0)
  && !(typeof v === 'object' && !Array.isArray(v) && Object.values(v as object).every((part) => !isSet(part)));

/**
 * Where a filter's values get their labels when the form has no list of them: the agents (their usernames), or a
 * remote enum (the same request its select makes).
 */
export type OptionSource = { id: string; kind: 'agents' } | { id: string; kind: 'enum'; request: EnumRequest };
type EnumSourceUi = { 'ui:options'?: { enumSource?: { kind: string; url?: string | null; remoteValues?: boolean } } };
/** Labels already loaded, by OptionSource id: value → label. */
export type OptionLabels = Readonly<Record<string, ReadonlyMap<string, string>>>;

/** One filter set in the side panel, as the list shows it: what it filters, by what, and the filter without it. */
export interface PanelFilter { key: string; label: string; value: string; source?: OptionSource; without: (filter: ContactFilter) => ContactFilter }

type Titled = { title?: string; oneOf?: Array<{ const?: unknown; title?: string }>; items?: Titled; format?: string };

/** A filter value in words: list values by their titles, dates as DD/MM/YYYY, a contains as the typed text in quotes. */
function valueText(v: unknown, schema: Titled | undefined, t: Translate, known?: ReadonlyMap<string, string>): string {
  const titleOf = (x: unknown, s: Titled | undefined) => known?.get(String(x)) ?? s?.oneOf?.find((o) => o.const === x)?.title ?? String(x);
  if (Array.isArray(v)) return v.map((x) => titleOf(x, schema?.items ?? schema)).join(', ');
  if (v && typeof v === 'object' && 'contains' in v) return `“${String((v as { contains: unknown }).contains)}”`;
  if (typeof v === 'boolean') return t(v ? 'common.yes' : 'common.no');
  if (typeof v === 'string' && (schema?.format === 'date' || schema?.format === 'date-time')) return formatDate(v);
  if (v && typeof v === 'object') return Object.values(v).filter(isSet).map((x) => valueText(x, schema, t, known)).join(' – ');
  return titleOf(v, schema);
}

/**
 * The filters the side panel holds that the inline bar does not show, in the form's order: each set field (a
 * data-model or enum filter one per field), a value other than the form's default.
 */
export function panelFilters(filters: ListTranslation['filters'], value: ContactFilter, inline: ReadonlySet<string>, t: Translate, labels: OptionLabels = {}): PanelFilter[] {
  const values = value as Record<string, unknown>;
  const ui = filters.uiSchema as Record<string, unknown>;
  const defaults = filters.defaults as Record<string, unknown>;
  const properties = (filters.schema.properties ?? {}) as Record<string, JsonSchema & Titled>;
  const out: PanelFilter[] = [];
  for (const [key, schema] of Object.entries(properties)) {
    if (inline.has(key)) continue;
    if (key === 'dataModelFilters' || key === 'enumFilters') {
      for (const [section, fields] of Object.entries((values[key] ?? {}) as Sections)) {
        for (const [name, v] of Object.entries(fields ?? {})) {
          if (!isSet(v)) continue;
          const field = (schema.properties?.[section]?.properties?.[name] ?? undefined) as Titled | undefined;
          const remote = (ui[key] as Record<string, Record<string, EnumSourceUi> | undefined> | undefined)?.[section]?.[name]?.['ui:options']?.enumSource;
          const source: OptionSource | undefined = remote?.kind === 'remote' && (section === 'inputs' || section === 'outputs')
            ? { id: `enum:${section}:${name}`, kind: 'enum', request: { section, field: name, url: remote.url ?? null, remoteValues: Boolean(remote.remoteValues), parents: {} } }
            : undefined;
          out.push({
            key: `${key}.${section}.${name}`,
            label: field?.title ?? name,
            value: valueText(v, field, t, source && labels[source.id]),
            source,
            without: (filter) => {
              const group = { ...((filter as Record<string, unknown>)[key] as Sections | undefined) };
              const rest = { ...group[section] };
              delete rest[name];
              return { ...filter, [key]: { ...group, [section]: rest } } as ContactFilter;
            },
          });
        }
      }
    } else if (isSet(values[key]) && values[key] !== defaults[key]) {
      const source: OptionSource | undefined = (ui[key] as { 'ui:widget'?: string } | undefined)?.['ui:widget'] === 'agentSelect' ? { id: 'agents', kind: 'agents' } : undefined;
      out.push({
        key,
        label: schema.title ?? key,
        value: schema.type === 'boolean' ? '' : valueText(values[key], schema, t, source && labels[source.id]),
        source,
        without: (filter) => {
          // A switch is turned off (the filter rules follow: no includeSuspended, no onlySuspended); a default comes back.
          const rest = { ...filter } as Record<string, unknown>;
          if (schema.type === 'boolean') rest[key] = false;
          else if (key in defaults) rest[key] = defaults[key];
          else delete rest[key];
          return rest as ContactFilter;
        },
      });
    }
  }
  return out;
}
