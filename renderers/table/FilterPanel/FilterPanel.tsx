import { Button, Drawer, DrawerSize, Intent, Tag } from '@blueprintjs/core';
import { Filter } from '@blueprintjs/icons';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema as RjsfUiSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import type { ContactFilter } from '@domain/generated/contact-filter';
import { applyFilterRules } from '@domain/contact-filter-rules';
import type { ListTranslation } from '@translator/translate-list';
import type { JsonSchema } from '@translator/types';
import { BlueprintForm } from '../../BlueprintForm/BlueprintForm';
import type { RendererFormContext } from '../../form-context';
import { translatorFor } from '../../i18n/messages';
import { localizeFilters } from '../localize-list';
import { rjsfValidator } from '../../validation/rjsf-validator';

export interface FilterPanelProps {
  filters: ListTranslation['filters'];
  value: ContactFilter;
  onChange: (filter: ContactFilter) => void;
  formContext: RendererFormContext;
}

const PANEL_COUNT_ID = 'cm-filters-panel-count';
const NO_BUTTON = { 'ui:submitButtonOptions': { norender: true } };

/** The horizontal filters of the translator's filter form, for the inline bar. */
function inlineForm(filters: ListTranslation['filters']): { schema: JsonSchema; uiSchema: RjsfUiSchema } {
  const horizontal = ((filters.uiSchema['ui:options'] as { horizontal?: string[] } | undefined)?.horizontal ?? []).filter((k) => filters.schema.properties?.[k]);
  const properties = Object.fromEntries(horizontal.map((k) => [k, filters.schema.properties?.[k] as JsonSchema]));
  const uiSchema: RjsfUiSchema = { ...Object.fromEntries(horizontal.map((k) => [k, filters.uiSchema[k] ?? {}])), 'ui:options': { groups: [{ label: '', columns: Math.max(1, horizontal.length), fields: horizontal }] }, ...NO_BUTTON };
  return { schema: { type: 'object', properties }, uiSchema };
}

/** The fields the host renders itself (`ui:options.orgCascade`: the organisation cascade), left out of these forms. */
function withoutHostFields(filters: ListTranslation['filters']): ListTranslation['filters'] {
  const names = (filters.uiSchema['ui:options'] as { orgCascade?: string[] } | undefined)?.orgCascade ?? [];
  if (!names.length) return filters;
  const properties = { ...filters.schema.properties };
  for (const name of names) delete properties[name];
  return { ...filters, schema: { ...filters.schema, properties } };
}

type Sections = Record<string, Record<string, unknown> | undefined>;
const SECTIONS = ['inputs', 'outputs'] as const;

/** The data-model filters the translator marks as matched by a part of the value (`ui:options.match: 'contains'`). */
function containsFields(filters: ListTranslation['filters']): Record<string, Set<string>> {
  const ui = (filters.uiSchema.dataModelFilters ?? {}) as Record<string, Record<string, { 'ui:options'?: { match?: string } }> | undefined>;
  return Object.fromEntries(SECTIONS.map((section) => [section, new Set(Object.entries(ui[section] ?? {}).filter(([, f]) => f?.['ui:options']?.match === 'contains').map(([name]) => name))]));
}

/** The filter as the form shows it: `{ contains: text }` as its text. */
function toForm(filter: ContactFilter, contains: Record<string, Set<string>>): ContactFilter {
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
function fromForm(data: ContactFilter, before: ContactFilter, contains: Record<string, Set<string>>): ContactFilter {
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
 * How many filters the side panel holds that the inline bar does not show: each set field (a data-model or enum filter
 * counts once a field), a value other than the form's default.
 */
function setInPanel(filters: ListTranslation['filters'], value: ContactFilter, inline: ReadonlySet<string>): number {
  const values = value as Record<string, unknown>;
  const defaults = filters.defaults as Record<string, unknown>;
  let count = 0;
  for (const key of Object.keys(filters.schema.properties ?? {})) {
    if (inline.has(key)) continue;
    if (key === 'dataModelFilters' || key === 'enumFilters') {
      for (const section of Object.values((values[key] ?? {}) as Sections)) count += Object.values(section ?? {}).filter(isSet).length;
    } else if (isSet(values[key]) && values[key] !== defaults[key]) count += 1;
  }
  return count;
}

/**
 * The list filters (spec 2 §2.2): the horizontal ones inline, applied as they change; all of them in a side panel
 * (Blueprint Drawer), applied with 'Applica'. The translator's rules (onlySuspended forces includeSuspended, and the
 * reverse) run on every change.
 */
export function FilterPanel({ filters: given, value, onChange, formContext }: FilterPanelProps) {
  const t = translatorFor(formContext.locale);
  const validator = rjsfValidator(formContext.locale);
  const filters = useMemo(() => withoutHostFields(localizeFilters(given, t)), [given, t]);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ContactFilter>(value);
  const inline = useMemo(() => inlineForm(filters), [filters]);
  const inPanel = useMemo(() => setInPanel(filters, value, new Set(Object.keys(inline.schema.properties ?? {}))), [filters, value, inline]);
  const fullUi = useMemo<RjsfUiSchema>(() => ({ ...(filters.uiSchema as RjsfUiSchema), ...NO_BUTTON }), [filters]);
  const contains = useMemo(() => containsFields(filters), [filters]);
  const shownValue = useMemo(() => toForm(value, contains), [value, contains]);
  const shownDraft = useMemo(() => toForm(draft, contains), [draft, contains]);
  const merge = (base: ContactFilter, data: unknown): ContactFilter => applyFilterRules(base, { ...base, ...fromForm(data as ContactFilter, base, contains) });

  return (
    <div className="cm-filters">
      <div className="cm-filters__bar" style={{ display: 'flex', alignItems: 'flex-end', gap: 12 }}>
        <div style={{ flex: 1 }} role="search" aria-label={t('filters.open')}>
          <BlueprintForm
            schema={inline.schema as RJSFSchema}
            uiSchema={inline.uiSchema}
            formData={shownValue}
            validator={validator}
            formContext={formContext}
            noHtml5Validate
            idPrefix="cm_filter_inline"
            onChange={(e: IChangeEvent) => onChange(merge(value, e.formData))}
          />
        </div>
        {/* The count is said by the description: the button's name stays 'Filtri avanzati'. */}
        <Button
          icon={<Filter />}
          text={t('filters.open')}
          endIcon={inPanel ? <Tag round intent={Intent.PRIMARY} aria-hidden>{inPanel}</Tag> : undefined}
          aria-describedby={inPanel ? PANEL_COUNT_ID : undefined}
          title={inPanel ? t('filters.activeInPanel', { count: inPanel }) : undefined}
          onClick={() => { setDraft(value); setOpen(true); }}
        />
        {inPanel ? <span id={PANEL_COUNT_ID} hidden>{t('filters.activeInPanel', { count: inPanel })}</span> : null}
      </div>
      <Drawer isOpen={open} onClose={() => setOpen(false)} title={t('filters.open')} size={DrawerSize.SMALL} position="right">
        {/* Blueprint's Drawer carries no dialog role of its own. */}
        <div role="dialog" aria-modal="true" aria-label={t('filters.open')} style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
        <div className="bp6-drawer-body" style={{ padding: 16 }}>
          {open ? (
            <BlueprintForm
              schema={filters.schema as RJSFSchema}
              uiSchema={fullUi}
              formData={shownDraft}
              validator={validator}
              formContext={formContext}
              noHtml5Validate
              idPrefix="cm_filter"
              onChange={(e: IChangeEvent) => setDraft((d) => merge(d, e.formData))}
            />
          ) : null}
        </div>
        <div className="bp6-drawer-footer" style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <Button text={t('filters.reset')} onClick={() => setDraft({ ...filters.defaults })} />
          <Button intent={Intent.PRIMARY} text={t('filters.apply')} onClick={() => { onChange(draft); setOpen(false); }} />
        </div>
        </div>
      </Drawer>
    </div>
  );
}
