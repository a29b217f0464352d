import { Callout, Card, FormGroup, Intent, NonIdealState, TextArea } from '@blueprintjs/core';
import { EyeOpen } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { inputsForPeople } from '@translator/message-values';
import { FormPanels } from './FormPanels';
import { ListPreview } from './ListPreview';
import { previewFormKeys, type PreparedForms, type PreviewFormKey } from './preview-form-keys';
import { useConfigPreviewController, type ConfigPreviewController, type PreviewView } from './use-config-preview-controller';
import { localeOf } from '../renderer-locale';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';

export interface ConfigPreviewProps {
  /** The last valid draft's documents (null before any). */
  workspace: Record<string, unknown> | null;
  dataModel: Record<string, unknown> | null;
  /** The caller has already checked the pair with the translator's rules and found no error (the editor): not again. */
  checked?: boolean;
  /** Forms of this pair the caller has already translated (the editor's draft worker). */
  prepared?: PreparedForms;
  /** Told the forms the preview translates whenever the view or role on screen changes (so the caller prepares them). */
  onFormsShown?(keys: PreviewFormKey[]): void;
}

const PREVIEW_CSS = `
.cm-config-preview { display: flex; flex-direction: column; gap: 0.5rem; min-width: 0; }
.cm-config-preview__controls { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-end; }
.cm-config-preview__controls .bp6-form-group { margin: 0; }
.cm-config-preview__sms textarea { width: 100%; min-height: 6rem; }
`;

function StaleNotice({ c }: { c: ConfigPreviewController }) {
  const { t } = useTranslation();
  if (!c.stale || !c.preview) return null;
  const text = c.stale.message ? t('configPreview.staleError', { message: c.stale.message }) : t('configPreview.stale', { count: c.stale.problems.length });
  return <Callout intent={Intent.WARNING} role="status" compact className="cm-config-preview__stale">{text}</Callout>;
}

function SmsTemplatePreview({ c }: { c: ConfigPreviewController }) {
  const { t } = useTranslation();
  const { sms } = c;
  if (!sms.templates.length) return <Callout compact>{t('configPreview.noSmsTemplates')}</Callout>;
  return (
    <Card className="cm-config-preview__sms">
      <FormGroup label={t('configPreview.smsTemplate')} labelFor="cm-config-preview-sms-template">
        <PlainSelect id="cm-config-preview-sms-template" value={sms.template?.id ?? ''} onChange={(e) => c.set({ smsTemplateId: e.currentTarget.value })} options={sms.templates.map((x) => ({ value: x.id, label: x.name }))} />
      </FormGroup>
      <TextArea aria-label={t('configPreview.smsText')} readOnly value={sms.text} fill />
    </Card>
  );
}

function Body({ c }: { c: ConfigPreviewController }) {
  const { t } = useTranslation();
  const { preview, state } = c;
  if (!preview) {
    return <NonIdealState icon={<EyeOpen size={32} />} title={t('configPreview.empty')} description={c.stale?.problems.length ? t('configPreview.stale', { count: c.stale.problems.length }) : c.stale?.message ?? undefined} />;
  }
  const formContext = { services: preview.services, locale: c.locale };
  if (state.view === 'list' || state.view === 'filters') {
    if (!c.list) return null;
    return (
      <ListPreview
        list={c.list}
        rows={preview.contacts}
        filter={c.filter}
        onFilterChange={c.setFilter}
        formContext={formContext}
        currentUserId={c.contact?.agentId ?? undefined}
        filterKey={`${preview.revision}:${state.role}:${c.locale}`}
        currentFilterLabel={t('configPreview.currentFilter')}
        parts={state.view === 'list' ? 'columns' : 'filters'}
      />
    );
  }
  // Not the draft's revision: a new draft re-renders the forms in place (only what changed reaches the DOM), so an
  // edit does not rebuild the 565 fields of a large form nor fold the panels again.
  const key = `${state.view}:${state.role}:${c.locale}:${c.contact?.id ?? ''}`;
  return (
    <>
      <FormPanels
        inputs={c.inputs}
        outputs={c.outputs}
        contact={c.contact}
        formContext={formContext}
        titles={preview.titles}
        script={state.view === 'sms' ? null : preview.script}
        scriptFields={inputsForPeople(preview.workspace, preview.model)}
        renderKey={key}
        idPrefix="cm_preview"
        refusedTitle={t('configPreview.refused')}
      />
      {state.view === 'sms' ? <SmsTemplatePreview c={c} /> : null}
    </>
  );
}

/** The view of the live preview: pickers, the notice of a draft that does not translate, and the screen itself. */
export function ConfigPreviewView({ c }: { c: ConfigPreviewController }) {
  const { t } = useTranslation();
  const { state } = c;
  const contacts = c.preview?.contacts ?? [];
  return (
    <section className="cm-config-preview" aria-label={t('configPreview.title')}>
      <style>{PREVIEW_CSS}</style>
      <div className="cm-config-preview__controls">
        <FormGroup label={t('configPreview.view')} labelFor="cm-config-preview-view">
          <PlainSelect id="cm-config-preview-view" value={state.view} onChange={(e) => c.set({ view: e.currentTarget.value as PreviewView })} options={c.views.map((v) => ({ value: v, label: t(`configPreview.views.${v}`) }))} />
        </FormGroup>
        <FormGroup label={t('configPreview.role')} labelFor="cm-config-preview-role">
          <PlainSelect id="cm-config-preview-role" value={state.role} onChange={(e) => c.set({ role: e.currentTarget.value as typeof state.role })} options={c.roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </FormGroup>
        {contacts.length > 1 && state.view !== 'list' && state.view !== 'filters' ? (
          <FormGroup label={t('configPreview.contact')} labelFor="cm-config-preview-contact">
            <PlainSelect id="cm-config-preview-contact" value={String(Math.min(state.contactIndex, contacts.length - 1))} onChange={(e) => c.set({ contactIndex: Number(e.currentTarget.value) })} options={contacts.map((_, i) => ({ value: String(i), label: t('configPreview.sample', { n: i + 1 }) }))} />
          </FormGroup>
        ) : null}
      </div>
      <StaleNotice c={c} />
      <Body c={c} />
    </section>
  );
}


/**
 * The live preview of a workspace draft (issue 13): the chosen view (show, edit, create, SMS, list, filters) for the
 * chosen role, rendered by the real renderers over sample contacts made from the data model. Translation is memoized
 * per draft object and made only for the view and role on screen; a draft that does not translate leaves the last
 * valid preview on screen with a notice.
 */
export function ConfigPreview({ workspace, dataModel, checked = false, prepared, onFormsShown }: ConfigPreviewProps) {
  const { i18n } = useTranslation();
  const c = useConfigPreviewController(workspace, dataModel, localeOf(i18n.language), checked, prepared);
  const { view, role } = c.state;
  useEffect(() => onFormsShown?.(previewFormKeys(view, role)), [onFormsShown, view, role]);
  return <ConfigPreviewView c={c} />;
}
