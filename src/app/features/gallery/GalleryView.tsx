import { Callout, H2, H3, Intent, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { inputsForPeople } from '@translator/message-values';
import { FormPanels } from '../../ui/config-preview/FormPanels';
import { ListPreview } from '../../ui/config-preview/ListPreview';
import { TranslationProblems } from '../../ui/config-preview/TranslationProblems';
import type { GalleryController } from './use-gallery-controller';
import { AppSpinner } from '../../ui/AppSpinner';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';

const LOCALES = ['it-IT', 'en-US', 'en-GB'] as const;

/** The fixture gallery: every fixture's forms in each view and role, its list columns and filters, with a sample contact. */
export function GalleryView({ c }: { c: GalleryController }) {
  const { t } = useTranslation();
  const { state, fixture, services, contact } = c;
  const select = (label: string, value: string, options: readonly string[], onChange: (v: string) => void) => (
    <label className="bp6-label bp6-inline" style={{ marginRight: 16 }}>
      {label}{' '}
      <PlainSelect value={value} options={[...options]} onChange={(e) => onChange(e.currentTarget.value)} aria-label={label} />
    </label>
  );
  const formContext = services ? { services, locale: state.locale } : null;
  const key = `${state.slug}:${state.view}:${state.role}:${state.locale}:${contact?.id ?? ''}`;
  return (
    <div className="cm-gallery">
      <H2>{t('gallery.title')}</H2>
      <div className="cm-gallery__controls" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 16 }}>
        {select(t('gallery.fixture'), state.slug, c.slugs, (slug) => c.set({ slug, contactIndex: 0 }))}
        {select(t('gallery.view'), state.view, c.views, (view) => c.set({ view: view as typeof state.view }))}
        {select(t('gallery.role'), state.role, c.roles, (role) => c.set({ role: role as typeof state.role }))}
        {select(t('gallery.formLanguage'), state.locale, LOCALES, (locale) => c.set({ locale: locale as typeof state.locale }))}
        {fixture ? select(t('gallery.contact'), String(state.contactIndex), fixture.contacts.slice(0, 50).map((_, i) => String(i)), (i) => c.set({ contactIndex: Number(i) })) : null}
      </div>
      {c.error ? <Callout intent={Intent.DANGER}>{c.error}</Callout> : null}
      {!fixture && !c.error ? <NonIdealState icon={<AppSpinner />} title={t('gallery.loading')} /> : null}
      {fixture ? (
        <>
          <H3>Form — {state.view} / {state.role}{contact ? ` — ${contact.id}` : ''}</H3>
          {formContext ? <FormPanels inputs={c.inputs} outputs={c.outputs} contact={contact} formContext={formContext} titles={c.titles} script={c.script} scriptFields={inputsForPeople(fixture.workspace, fixture.model)} renderKey={key} idPrefix="gallery" refusedTitle={t('gallery.refused')} /> : null}
          <H3>{t('gallery.list', { role: state.role })}</H3>
          {c.listProblems.length ? <TranslationProblems title={t('gallery.refused')} problems={c.listProblems} /> : null}
          {c.list && formContext ? (
            <ListPreview list={c.list} rows={fixture.contacts.slice(0, 25)} filter={c.filter} onFilterChange={c.setFilter} formContext={formContext} currentUserId={contact?.agentId ?? undefined} filterKey={`${state.slug}:${state.role}:${state.locale}`} currentFilterLabel={t('gallery.currentFilter')} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
