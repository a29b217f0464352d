import { createRef, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactFormHandle } from '../../../../renderers/ContactForm/ContactForm';
import type { RendererFormContext, RendererLocale } from '../../../../renderers/form-context';
import { isApiRequestError } from '../../../api-client/api-error';
import type { Workspace } from '../../../domain/generated/workspace';
import type { FormTranslation } from '../../../translator/translate-form';
import { useServices, useSession } from '../../services/services-context';
import { listReturnPath } from '../../ui/list-return';
import type { ContactWorkApi } from './contact-work-api';
import { useFormsFollowConfig, type ConfigNotice } from './config-follow';
import { changedValues, contactForm, describeErrors } from './contact-forms';
import { splitMedia } from '../../ui/media-section';
import { createDraftStore, debounce, DRAFT_DEBOUNCE_MS, isEmptyDraft, type ContactDraft, type DraftKey, type DraftStore } from './drafts';
import { showSaveFailure } from './save-failure';
import { contactRendererServices } from './services';
import type { Section } from './use-contact-show-controller';
import { localeOf } from '../../ui/renderer-locale';
import { withoutNulls } from '../../ui/form-values';

export const CREATE_TIMINGS = { back: 1_500, show: 1_000 } as const;
export type CreateMode = 'save' | 'continue' | 'back';

export interface ContactCreateController {
  /** The workspace's entry state must be manual (spec 2 §5). */
  allowed: boolean;
  forms: { inputs: FormTranslation | null; outputs: FormTranslation | null };
  formKey: number;
  formData: { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
  formContext: RendererFormContext | null;
  handles: Record<Section, RefObject<ContactFormHandle>>;
  onFieldChange(section: Section, values: Record<string, unknown>, field: string): void;
  saving: CreateMode | null;
  save(mode: CreateMode): Promise<void>;
  cancel(): void;
  generalErrors: string[];
  draftOffer: ContactDraft | null;
  restoreDraft(): void;
  discardDraft(): void;
  /** The configuration changed while the form was open (values typed into removed fields listed). */
  configNotice: ConfigNotice | null;
  dismissConfigNotice(): void;
  /** Save and continue is hidden in embed view. */
  embed: boolean;
  locale: RendererLocale;
}


/** The new-contact form (spec 2 §2.5): Cancel, Save and continue, Save, Save and back. */
export const useContactCreateController = ({ embed = false, api: givenApi, drafts: givenDrafts }: { embed?: boolean; api?: ContactWorkApi; drafts?: DraftStore } = {}): ContactCreateController => {
  const services = useServices();
  const api = givenApi ?? (services.api as ContactWorkApi);
  const { toasts, navigate } = services;
  const { user, workspace, dataModel } = useSession();
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const drafts = useMemo(() => givenDrafts ?? createDraftStore(window.localStorage), [givenDrafts]);
  const ws = workspace as Workspace | null;
  const workspaceId = ws?.id ?? '';
  const wsVersion = ws?.version;
  const role = user?.role ?? 'basic';
  const allowed = Boolean(ws?.entryState && ws.states?.[ws.entryState]?.manual === true);

  const forms = useMemo(() => {
    if (!ws || !dataModel) return { inputs: null, outputs: null };
    const inputs = contactForm(dataModel, ws, 'create', 'inputs', role);
    const outputs = contactForm(dataModel, ws, 'create', 'outputs', role);
    const out = outputs.ok ? splitMedia(outputs.value).form : null;
    return { inputs: inputs.ok ? splitMedia(inputs.value).form : null, outputs: out && Object.keys(out.schema.properties ?? {}).length ? out : null };
  }, [ws, dataModel, role]);

  const [formKey, setFormKey] = useState(0);
  const [formData, setFormData] = useState<{ inputs: Record<string, unknown>; outputs: Record<string, unknown> }>({ inputs: {}, outputs: {} });
  const [saving, setSaving] = useState<CreateMode | null>(null);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const [draftOffer, setDraftOffer] = useState<ContactDraft | null>(null);
  const handles = useMemo(() => ({ inputs: createRef<ContactFormHandle>(), outputs: createRef<ContactFormHandle>() }), []);
  const values = useRef<Record<Section, Record<string, unknown>>>({ inputs: {}, outputs: {} });
  const dirty = useRef<Record<Section, Set<string>>>({ inputs: new Set(), outputs: new Set() });
  const followed = useFormsFollowConfig({ forms, formData, values, dirty, workspace: ws, dataModel });
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const key = useMemo<DraftKey | null>(() => (user && workspaceId ? { userId: user.id, workspaceId, contactId: 'new', view: 'create' } : null), [user, workspaceId]);
  const currentDraft = useCallback((): ContactDraft => ({
    version: null,
    savedAt: Date.now(),
    inputs: withoutNulls(changedValues(values.current.inputs, dirty.current.inputs)),
    outputs: withoutNulls(changedValues(values.current.outputs, dirty.current.outputs)),
  }), []);
  const writer = useMemo(() => debounce(() => { if (key) drafts.write(key, currentDraft()); }, DRAFT_DEBOUNCE_MS), [key, drafts, currentDraft]);
  useEffect(() => () => writer.flush(), [writer]);
  useEffect(() => {
    const draft = key ? drafts.read(key) : null;
    setDraftOffer(draft && !isEmptyDraft(draft) ? draft : null);
  }, [key, drafts]);

  const reset = useCallback((draft: ContactDraft | null) => {
    const inputs = { ...(draft?.inputs ?? {}) };
    const outputs = { ...(draft?.outputs ?? {}) };
    values.current = { inputs, outputs };
    dirty.current = { inputs: new Set(Object.keys(inputs)), outputs: new Set(Object.keys(outputs)) };
    setFormData({ inputs, outputs });
    setFormKey((k) => k + 1);
  }, []);

  const onFieldChange = useCallback((section: Section, next: Record<string, unknown>, field: string) => {
    values.current[section] = next;
    dirty.current[section].add(field);
    writer.call();
  }, [writer]);

  const save = useCallback(async (mode: CreateMode) => {
    if (saving || !allowed) return;
    const errors = { ...(handles.inputs.current?.validate() ?? {}), ...(handles.outputs.current?.validate() ?? {}) };
    if (Object.keys(errors).length) { setGeneralErrors([t('contactWork.save.fieldErrors'), ...describeErrors(errors, [forms.inputs, forms.outputs])]); return; }
    setGeneralErrors([]);
    writer.flush();
    const rawData = withoutNulls(handles.inputs.current?.getValues() ?? values.current.inputs);
    const outputs = withoutNulls(handles.outputs.current?.getValues() ?? values.current.outputs);
    setSaving(mode);
    try {
      const created = await api.contactWork.insert(workspaceId, { rawData, ...(Object.keys(outputs).length ? { outputs } : {}) }, { quiet: true });
      writer.cancel();
      if (key) drafts.clear(key);
      toasts.show({ intent: 'success', message: t('contactWork.save.created'), timeout: mode === 'back' ? CREATE_TIMINGS.back : undefined });
      if (mode === 'continue') reset(null);
      else if (mode === 'back') timers.current.push(setTimeout(() => navigate(embed ? '/contacts/embed/list' : listReturnPath(services.sessionStorage)), CREATE_TIMINGS.back));
      else timers.current.push(setTimeout(() => navigate(`/contacts/show/${created.id}`), CREATE_TIMINGS.show));
    } catch (cause) {
      const failure = isApiRequestError(cause) ? cause : null;
      if (failure?.status === 401) { await services.expireSession(); return; }
      showSaveFailure(cause, { handles, setGeneralErrors, toasts, t, forms });
    } finally {
      setSaving(null);
    }
  }, [saving, allowed, handles, forms, t, writer, api, workspaceId, key, drafts, toasts, reset, navigate, embed, services]);

  const formContext = useMemo<RendererFormContext | null>(() => (workspaceId ? { services: contactRendererServices(api, workspaceId, undefined, wsVersion), locale } : null), [api, workspaceId, wsVersion, locale]);

  return {
    allowed, forms, formKey, formData: followed.formData, formContext, handles, onFieldChange, saving, save,
    cancel: () => { writer.cancel(); if (key) drafts.clear(key); navigate(embed ? '/contacts/embed/list' : listReturnPath(services.sessionStorage)); },
    generalErrors, draftOffer,
    configNotice: followed.configNotice,
    dismissConfigNotice: followed.dismissConfigNotice,
    restoreDraft: () => { if (draftOffer) { reset(draftOffer); setDraftOffer(null); } },
    discardDraft: () => { if (key) drafts.clear(key); setDraftOffer(null); },
    embed, locale,
  };
};
