import type { RefObject } from 'react';
import { ContactForm, type ContactFormHandle } from '@renderers/ContactForm/ContactForm';
import type { RendererFormContext } from '@renderers/form-context';
import type { PanelSpec } from '@renderers/layout/ContactPanels/ContactPanels';
import type { FormTranslation } from '@translator/translate-form';
import type { Section } from './contact-forms';

/**
 * Fields rendered in the first frame; the rest of a large form follows in idle time (the 500-field target). 24 inputs
 * more than fill a 1080-pixel screen (13 show at 900); OUTPUTS sits below INPUTS, off-screen when the page opens.
 */
export const FIRST_PASS_FIELDS = { inputs: 24, outputs: 8 } as const;

/** What the show, edit and create controllers all hold for their two forms. */
export interface SectionForms {
  forms: Record<Section, FormTranslation | null>;
  formKey: number;
  formData: Record<Section, Record<string, unknown>>;
  formContext: RendererFormContext;
  handles: Record<Section, RefObject<ContactFormHandle>>;
  onFieldChange(section: Section, values: Record<string, unknown>, field: string): void;
}

const SECTIONS = [
  { section: 'inputs', id: 'INPUTS', idPrefix: 'cm_in', key: 'in' },
  { section: 'outputs', id: 'OUTPUTS', idPrefix: 'cm_out', key: 'out' },
] as const;

/** The INPUTS and OUTPUTS panels of a contact screen (those the translator gave a form), each a fast ContactForm. */
export function sectionPanels({ forms, formKey, formData, formContext, handles, onFieldChange }: SectionForms): PanelSpec[] {
  return SECTIONS.flatMap(({ section, id, idPrefix, key }): PanelSpec[] => {
    const f = forms[section];
    if (!f) return [];
    return [{ id, render: () => <ContactForm key={`${key}-${formKey}`} handle={handles[section]} schema={f.schema} uiSchema={f.uiSchema} formData={formData[section]} formContext={formContext} idPrefix={idPrefix} firstPassFields={FIRST_PASS_FIELDS[section]} onChange={(v, field) => onFieldChange(section, v, field)} /> }];
  });
}
