import { Button, DrawerSize, Intent, Tag } from '@blueprintjs/core';
import { Filter, SmallCross } from '@blueprintjs/icons';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema as RjsfUiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import type { ContactFilter } from '@domain/generated/contact-filter';
import { applyFilterRules } from '@domain/contact-filter-rules';
import type { ListTranslation } from '@translator/translate-list';
import { BlueprintForm } from '../../BlueprintForm/BlueprintForm';
import { NamedDrawer } from '../../layout/NamedDrawer/NamedDrawer';
import type { RendererFormContext } from '../../form-context';
import { translatorFor } from '../../i18n/messages';
import { localizeFilters } from '../localize-list';
import { rjsfValidator } from '../../validation/rjsf-validator';
import { useOptionLabels } from './use-option-labels';
import { NO_BUTTON, containsFields, fromForm, inlineForm, panelFilters, toForm, withoutHostFields } from './filter-values';

export interface FilterPanelProps {
  filters: ListTranslation['filters'];
  value: ContactFilter;
  onChange: (filter: ContactFilter) => void;
  formContext: RendererFormContext;
}

const PANEL_COUNT_ID = 'cm-filters-panel-count';

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
  const inlineKeys = useMemo(() => new Set(Object.keys(inline.schema.properties ?? {})), [inline]);
  const { labels, ask } = useOptionLabels(formContext.services);
  const chips = useMemo(() => panelFilters(filters, value, inlineKeys, t, labels), [filters, value, inlineKeys, t, labels]);
  useEffect(() => { ask(chips.map((chip) => chip.source)); }, [chips, ask]);
  const inPanel = chips.length;
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
      {/* What the panel's filters hold, each removable from here: a narrowed list always says why. */}
      {chips.length ? (
        <div className="cm-filters__active" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4, margin: '4px 0 0' }}>
          <ul className="cm-filters__chips" aria-label={t('filters.inPanel')} style={{ display: 'flex', flexWrap: 'wrap', gap: 4, listStyle: 'none', padding: 0, margin: 0 }}>
            {chips.map((chip) => (
              <li key={chip.key} style={{ display: 'inline-flex', alignItems: 'center' }}>
                <Tag minimal intent={Intent.PRIMARY}>{chip.value ? `${chip.label}: ${chip.value}` : chip.label}</Tag>
                <Button
                  variant="minimal"
                  size="small"
                  icon={<SmallCross />}
                  aria-label={t('filters.removeOne', { filter: chip.label })}
                  title={t('filters.removeOne', { filter: chip.label })}
                  onClick={() => onChange(applyFilterRules(value, chip.without(value)))}
                />
              </li>
            ))}
          </ul>
          {chips.length > 1 ? (
            <Button variant="minimal" size="small" text={t('filters.removeAll')} onClick={() => onChange(applyFilterRules(value, chips.reduce((filter, chip) => chip.without(filter), value)))} />
          ) : null}
        </div>
      ) : null}
      <NamedDrawer isOpen={open} onClose={() => setOpen(false)} title={t('filters.open')} closeLabel={t('common.close')} size={DrawerSize.SMALL} position="right">
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
      </NamedDrawer>
    </div>
  );
}
