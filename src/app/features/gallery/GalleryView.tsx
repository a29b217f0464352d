import { Callout, H2, H3, HTMLSelect, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ContactForm } from '../../../../renderers/ContactForm/ContactForm';
import { ContactPanels, type PanelSpec } from '../../../../renderers/layout/ContactPanels/ContactPanels';
import { ContactTable } from '../../../../renderers/table/ContactTable/ContactTable';
import { FilterPanel } from '../../../../renderers/table/FilterPanel/FilterPanel';
import { renderTemplate, type FormTranslation } from '../../../translator/translate-form';
import type { Problem } from '../../../translator/types';
import type { GalleryController } from './use-gallery-controller';

const LOCALES = ['it-IT', 'en-US', 'en-GB'] as const;

/** The attachment and document fields of the outputs form, shown read-only in the MEDIA panel. */
function mediaForm(form: FormTranslation): FormTranslation | null {
  const names = form.uiSchema['ui:options'].media?.fields.map((f) => f.name) ?? [];
  if (!names.length) return null;
  return {
    schema: { type: 'object', properties: Object.fromEntries(names.map((n) => [n, form.schema.properties?.[n] ?? {}])) },
    uiSchema: { ...Object.fromEntries(names.map((n) => [n, form.uiSchema[n]])), 'ui:order': names, 'ui:options': { groups: [{ label: '', columns: 1, fields: names }] } },
  };
}

const Problems = ({ problems }: { problems: Problem[] }) => {
  const { t } = useTranslation();
  return (
    <Callout intent={Intent.DANGER} title={t('gallery.refused')}>
      <ul>{problems.map((p, i) => <li key={i}><code>{p.document}{p.pointer}</code> {p.message}</li>)}</ul>
    </Callout>
  );
};

/** The fixture gallery: every fixture's forms in each view and role, its list columns and filters, with a sample contact. */
export function GalleryView({ c }: { c: GalleryController }) {
  const { t } = useTranslation();
  const { state, fixture, services, contact } = c;
  const select = (label: string, value: string, options: readonly string[], onChange: (v: string) => void) => (
    <label className="bp6-label bp6-inline" style={{ marginRight: 16 }}>
      {label}{' '}
      <HTMLSelect value={value} options={[...options]} onChange={(e) => onChange(e.currentTarget.value)} aria-label={label} />
    </label>
  );
  const formContext = services ? { services, locale: state.locale } : null;
  const key = `${state.slug}:${state.view}:${state.role}:${state.locale}:${contact?.id ?? ''}`;
  const panels: PanelSpec[] = [];
  if (c.inputs && formContext) {
    const r = c.inputs;
    panels.push({ id: 'INPUTS', render: () => (r.ok ? <ContactForm key={key} schema={r.form.schema} uiSchema={r.form.uiSchema} formData={contact?.inputs} formContext={formContext} idPrefix="gallery_in" firstPassFields={80} /> : <Problems problems={r.problems} />) });
  }
  if (c.outputs && formContext && (!c.outputs.ok || Object.keys(c.outputs.form.schema.properties ?? {}).length)) {
    const r = c.outputs;
    panels.push({ id: 'OUTPUTS', render: () => (r.ok ? <ContactForm key={key} schema={r.form.schema} uiSchema={r.form.uiSchema} formData={contact?.outputs} formContext={formContext} idPrefix="gallery_out" firstPassFields={80} /> : <Problems problems={r.problems} />) });
    const media = r.ok ? mediaForm(r.form) : null;
    if (media) panels.push({ id: 'MEDIA', render: () => <ContactForm key={key} schema={media.schema} uiSchema={media.uiSchema} formData={contact?.outputs} formContext={formContext} idPrefix="gallery_media" readonly /> });
  }
  if (c.script) {
    const script = c.script;
    panels.push({ id: 'SCRIPT', render: () => <p className="cm-script">{renderTemplate(script, contact?.inputs ?? {})}</p> });
  }

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
      {!fixture && !c.error ? <NonIdealState icon={<Spinner />} title={t('gallery.loading')} /> : null}
      {fixture ? (
        <>
          <H3>Form — {state.view} / {state.role}{contact ? ` — ${contact.id}` : ''}</H3>
          <ContactPanels key={key} panels={panels} titles={c.titles} locale={state.locale} />
          <H3>{t('gallery.list', { role: state.role })}</H3>
          {c.listProblems.length ? <Problems problems={c.listProblems} /> : null}
          {c.list && formContext ? (
            <>
              <FilterPanel key={`${state.slug}:${state.role}:${state.locale}`} filters={c.list.filters} value={c.filter} onChange={c.setFilter} formContext={formContext} />
              <pre className="cm-gallery__filter" aria-label={t('gallery.currentFilter')} style={{ fontSize: 12 }}>{JSON.stringify(c.filter)}</pre>
              <ContactTable columns={c.list.columns} rows={fixture.contacts.slice(0, 25)} locale={state.locale} currentUserId={contact?.agentId ?? undefined} />
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
