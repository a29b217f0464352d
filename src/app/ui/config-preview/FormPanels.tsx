import { ContactForm } from '@renderers/ContactForm/ContactForm';
import type { RendererFormContext } from '@renderers/form-context';
import { ContactPanels, type PanelSpec, type PanelTitles } from '@renderers/layout/ContactPanels/ContactPanels';
import type { ContactRow } from '@renderers/table/contact-row';
import type { MessageFields } from '@translator/message-values';
import { renderTemplate } from '@translator/translate-form';
import { mediaForm, type FormResult } from './preview-forms';
import { TranslationProblems } from './TranslationProblems';

export interface FormPanelsProps {
  inputs: FormResult | null;
  outputs: FormResult | null;
  contact: ContactRow | null;
  formContext: RendererFormContext;
  titles: PanelTitles;
  script: string | null;
  /** How the script shows the contact's values (dates DD/MM/YYYY, listed values by label). */
  scriptFields?: MessageFields;
  /** Changes whenever the forms must start over (another view, role, contact or configuration). */
  renderKey: string;
  /** Prefix of the forms' element ids: `<prefix>_in`, `<prefix>_out`, `<prefix>_media`. */
  idPrefix: string;
  /** Title of the translator's refusal. */
  refusedTitle: string;
}

/**
 * A contact's screen as the agent sees it, from translator output only: the inputs and outputs forms, the MEDIA panel
 * of attachments and documents (read-only) and the agent script, in the renderers' panels.
 */
export function FormPanels({ inputs, outputs, contact, formContext, titles, script, scriptFields, renderKey: key, idPrefix, refusedTitle }: FormPanelsProps) {
  const panels: PanelSpec[] = [];
  const refused = (r: Extract<FormResult, { ok: false }>) => <TranslationProblems title={refusedTitle} problems={r.problems} />;
  if (inputs) {
    const r = inputs;
    panels.push({ id: 'INPUTS', render: () => (r.ok ? <ContactForm key={key} schema={r.form.schema} uiSchema={r.form.uiSchema} formData={contact?.inputs} formContext={formContext} idPrefix={`${idPrefix}_in`} firstPassFields={80} /> : refused(r)) });
  }
  if (outputs && (!outputs.ok || Object.keys(outputs.form.schema.properties ?? {}).length)) {
    const r = outputs;
    panels.push({ id: 'OUTPUTS', render: () => (r.ok ? <ContactForm key={key} schema={r.form.schema} uiSchema={r.form.uiSchema} formData={contact?.outputs} formContext={formContext} idPrefix={`${idPrefix}_out`} firstPassFields={80} /> : refused(r)) });
    const media = r.ok ? mediaForm(r.form) : null;
    if (media) panels.push({ id: 'MEDIA', render: () => <ContactForm key={key} schema={media.schema} uiSchema={media.uiSchema} formData={contact?.outputs} formContext={formContext} idPrefix={`${idPrefix}_media`} readonly /> });
  }
  if (script) panels.push({ id: 'SCRIPT', render: () => <p className="cm-script">{renderTemplate(script, contact?.inputs ?? {}, scriptFields)}</p> });
  return <ContactPanels key={key} panels={panels} titles={titles} locale={formContext.locale} />;
}
