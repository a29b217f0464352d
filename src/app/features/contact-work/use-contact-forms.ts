import { createRef, useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactFormHandle } from '@renderers/ContactForm/ContactForm';
import type { RendererFormContext, RendererLocale } from '@renderers/form-context';
import type { FormTranslation, FormView } from '@translator/translate-form';
import { withoutNulls } from '../../ui/form-values';
import { splitMedia, type MediaField } from '../../ui/media-section';
import { translationProblemText } from '../../ui/translation-problem-text';
import { useFormsFollowConfig, type ConfigNotice } from './config-follow';
import type { ContactWorkContext } from './contact-work-context';
import { changedMeanwhile, changedValues, contactForm, describeErrors, fieldCount, type ChangedMeanwhile, type Section, type SectionValues } from './contact-forms';
import type { ContactDraft } from './drafts';
import { showSaveFailure } from './save-failure';

export type SectionForms = Record<Section, FormTranslation | null>;

/** What the views of the show, edit and create screens render their two forms with. */
export interface ContactFormScreen {
  forms: SectionForms;
  /** Bumped whenever the forms must take new values (load, restore, 409). */
  formKey: number;
  formData: SectionValues;
  formContext: RendererFormContext | null;
  handles: Record<Section, RefObject<ContactFormHandle>>;
  onFieldChange(section: Section, values: Record<string, unknown>, field: string): void;
  generalErrors: string[];
  /** A stored draft, offered back. */
  draftOffer: ContactDraft | null;
  restoreDraft(): void;
  discardDraft(): void;
  /** The configuration changed while the forms were open (values typed into removed fields listed). */
  configNotice: ConfigNotice | null;
  dismissConfigNotice(): void;
  /** After a 409: the fields someone else changed meanwhile (those the user changed too first); empty otherwise. */
  changedMeanwhile: ChangedMeanwhile[];
  dismissChangedMeanwhile(): void;
  locale: RendererLocale;
}

export interface ContactForms {
  forms: SectionForms;
  /** The outputs' attachment and document lists (the show screen's MEDIA panel). */
  media: MediaField[];
  /** Why a form could not be translated. */
  problems: string[];
}

/**
 * The translator's forms of a view for the session's workspace, data model and role. The attachment and document
 * lists leave the outputs form for the MEDIA panel; create and edit show none, and the show screen's inputs form
 * keeps whatever it has.
 */
export const useContactForms = ({ workspace, dataModel, role }: ContactWorkContext, view: FormView): ContactForms => {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!workspace || !dataModel) return { forms: { inputs: null, outputs: null }, media: [], problems: [t('app.noWorkspaceInSession')] };
    const inputs = contactForm(dataModel, workspace, view, 'inputs', role);
    const outputs = contactForm(dataModel, workspace, view, 'outputs', role);
    const split = outputs.ok ? splitMedia(outputs.value) : null;
    return {
      forms: {
        inputs: inputs.ok ? (view === 'show' ? inputs.value : splitMedia(inputs.value).form) : null,
        outputs: split && fieldCount(split.form) ? split.form : null,
      },
      media: split?.media ?? [],
      problems: [inputs, outputs].flatMap((r) => (r.ok ? [] : r.problems.map(translationProblemText))),
    };
  }, [workspace, dataModel, role, view, t]);
};

/** Stored values with a draft's changes on top: a field the draft cleared (null) is empty. */
export const withDraft = (stored: SectionValues, draft: ContactDraft | null): SectionValues => {
  const next = { inputs: { ...stored.inputs, ...withoutNulls(draft?.inputs ?? {}) }, outputs: { ...stored.outputs, ...withoutNulls(draft?.outputs ?? {}) } };
  for (const section of ['inputs', 'outputs'] as const) {
    for (const [name, value] of Object.entries(draft?.[section] ?? {})) if (value === null) delete next[section][name];
  }
  return next;
};

export interface SectionState {
  handles: Record<Section, RefObject<ContactFormHandle>>;
  /** What the forms hold now, and which fields were typed into: records, not state (a keystroke re-renders nothing). */
  values: MutableRefObject<SectionValues>;
  dirty: MutableRefObject<Record<Section, Set<string>>>;
  /** What the forms render with; `formKey` is bumped whenever they must take new values (load, restore, 409). */
  formData: SectionValues;
  formKey: number;
  /** Puts values on the forms; the fields of `typed` count as typed into. */
  fill(next: SectionValues, typed: Record<Section, Iterable<string>>): void;
  /** A field's change, as the form reports it. */
  record(section: Section, next: Record<string, unknown>, field: string): void;
  /** The typed fields, cleared ones as null (a save's and a draft's partial maps). */
  changes(): SectionValues;
  /** Validates both forms; when one refuses, false, with the refused fields in `generalErrors`. */
  validate(): boolean;
  /** A refused save: the server's errors on their fields, the rest in `generalErrors` or a toast. */
  showFailure(cause: unknown): void;
  generalErrors: string[];
  setGeneralErrors(messages: string[]): void;
  /**
   * After a 409, once the forms show `fresh` with the user's edits on top: lists the fields someone else changed since
   * `base`, and marks on the form those the user changed too (the mark goes when the field is typed into again).
   */
  noteChangedMeanwhile(base: SectionValues, fresh: SectionValues, edits: SectionValues): void;
  changedMeanwhile: ChangedMeanwhile[];
  dismissChangedMeanwhile(): void;
  /** The configuration changed while the forms were open (values typed into removed fields listed). */
  configNotice: ConfigNotice | null;
  dismissConfigNotice(): void;
}

/** The live state of a screen's two forms. */
export const useSectionState = ({ services, workspace, dataModel, t }: ContactWorkContext, forms: SectionForms): SectionState => {
  const { toasts } = services;
  const handles = useMemo(() => ({ inputs: createRef<ContactFormHandle>(), outputs: createRef<ContactFormHandle>() }), []);
  const values = useRef<SectionValues>({ inputs: {}, outputs: {} });
  const dirty = useRef<Record<Section, Set<string>>>({ inputs: new Set(), outputs: new Set() });
  const [formData, setFormData] = useState<SectionValues>({ inputs: {}, outputs: {} });
  const [formKey, setFormKey] = useState(0);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const followed = useFormsFollowConfig({ forms, formData, values, dirty, workspace, dataModel });

  const [meanwhile, setMeanwhile] = useState<ChangedMeanwhile[]>([]);
  const fill = useCallback((next: SectionValues, typed: Record<Section, Iterable<string>>) => {
    // A record of its own: `record` replaces its sections as the agent types, and the forms' values object must not
    // change with it, or any render of the screen would start the forms over from the last recorded keystroke.
    values.current = { ...next };
    dirty.current = { inputs: new Set(typed.inputs), outputs: new Set(typed.outputs) };
    setFormData(next);
    setFormKey((k) => k + 1);
    setMeanwhile([]);
  }, []);
  const noteChangedMeanwhile = useCallback((base: SectionValues, fresh: SectionValues, edits: SectionValues) => {
    setMeanwhile(changedMeanwhile(base, fresh, edits, forms));
  }, [forms]);
  const dismissChangedMeanwhile = useCallback(() => setMeanwhile([]), []);
  // The fields both people changed are marked on the forms the fill just drew (their handles are set by then).
  useEffect(() => {
    for (const section of ['inputs', 'outputs'] as const) {
      const marks = meanwhile.filter((f) => f.section === section && f.yours !== undefined)
        .map((f) => [f.name, [t('contactWork.changedMeanwhile.mark', { value: f.theirs ?? t('contactWork.changedMeanwhile.empty') })]]);
      if (marks.length) handles[section].current?.setErrors(Object.fromEntries(marks) as Record<string, string[]>);
    }
  }, [meanwhile, formKey, handles, t]);
  const record = useCallback((section: Section, next: Record<string, unknown>, field: string) => {
    values.current[section] = next;
    dirty.current[section].add(field);
  }, []);
  const changes = useCallback((): SectionValues => ({
    inputs: changedValues(values.current.inputs, dirty.current.inputs),
    outputs: changedValues(values.current.outputs, dirty.current.outputs),
  }), []);
  const validate = useCallback((): boolean => {
    const errors = { ...(handles.inputs.current?.validate() ?? {}), ...(handles.outputs.current?.validate() ?? {}) };
    if (Object.keys(errors).length) {
      setGeneralErrors([t('contactWork.save.fieldErrors'), ...describeErrors(errors, [forms.inputs, forms.outputs])]);
      return false;
    }
    setGeneralErrors([]);
    return true;
  }, [handles, forms, t]);
  const showFailure = useCallback((cause: unknown) => showSaveFailure(cause, { handles, setGeneralErrors, toasts, t, forms }), [handles, toasts, t, forms]);

  return {
    handles, values, dirty, formData: followed.formData, formKey, fill, record, changes, validate, showFailure, generalErrors, setGeneralErrors,
    configNotice: followed.configNotice, dismissConfigNotice: followed.dismissConfigNotice,
    noteChangedMeanwhile, changedMeanwhile: meanwhile, dismissChangedMeanwhile,
  };
};
