import { createRef, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactFormHandle } from '../../../../renderers/ContactForm/ContactForm';
import type { RendererFormContext, RendererLocale } from '../../../../renderers/form-context';
import { isApiRequestError } from '../../../api-client/api-error';
import type { ContactRow } from '../../../domain/api/contacts';
import { PRIORITY_DEFAULT, TOAST_MS } from '../../../domain/constants';
import type { Workspace } from '../../../domain/generated/workspace';
import type { FormTranslation } from '../../../translator/translate-form';
import { useServices, useSession } from '../../services/services-context';
import { leaveForList } from '../../ui/list-return';
import type { ContactWorkApi } from './contact-work-api';
import { useFormsFollowConfig, type ConfigNotice } from './config-follow';
import { changedValues, contactForm, describeErrors, splitMedia } from './contact-forms';
import { createDraftStore, debounce, DRAFT_DEBOUNCE_MS, isEmptyDraft, type ContactDraft, type DraftKey, type DraftStore } from './drafts';
import { showSaveFailure } from './save-failure';
import { contactRendererServices } from './services';
import { contactLabels, type ContactLabels } from '../../ui/contact-labels';
import type { Section } from './use-contact-show-controller';
import { localeOf } from '../../ui/renderer-locale';
import { withoutNulls } from '../../ui/form-values';
import { usePermissions } from '../../session/use-permissions';

/** "Other saves reload the page after 1 s" (spec 2 §4). */
export const EDIT_RELOAD_MS = 1_000;

export interface ContactEditController {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  contact: ContactRow | null;
  formKey: number;
  formData: { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
  forms: { inputs: FormTranslation | null; outputs: FormTranslation | null };
  formContext: RendererFormContext | null;
  handles: Record<Section, RefObject<ContactFormHandle>>;
  onFieldChange(section: Section, values: Record<string, unknown>, field: string): void;
  agents: Array<{ value: string; label: string }>;
  /** Whether the whole user list is offered (agentList permission: admin and team-leader). */
  agentList: boolean;
  agentId: string;
  setAgentId(id: string): void;
  priority: number;
  setPriority(p: number): void;
  saving: boolean;
  save(): Promise<void>;
  cancel(): void;
  generalErrors: string[];
  draftOffer: ContactDraft | null;
  restoreDraft(): void;
  discardDraft(): void;
  notice: string | null;
  /** The configuration changed while the contact was open (values typed into removed fields listed). */
  configNotice: ConfigNotice | null;
  dismissConfigNotice(): void;
  closing: { confirming: boolean; busy: boolean; ask(): void; cancel(): void; confirm(): Promise<void> };
  locale: RendererLocale;
  /** State and outcome labels of the workspace, by code. */
  labels: ContactLabels;
  reload(): void;
}


/** The administrative edit (spec 2 §2.4): agent, priority 1–10, inputs and outputs; close with a confirmation. */
export const useContactEditController = ({ id, api: givenApi, drafts: givenDrafts }: { id: string; api?: ContactWorkApi; drafts?: DraftStore }): ContactEditController => {
  const services = useServices();
  const api = givenApi ?? (services.api as ContactWorkApi);
  const { toasts, navigate } = services;
  const { user, workspace, dataModel, agents: storedAgents } = useSession();
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const drafts = useMemo(() => givenDrafts ?? createDraftStore(window.localStorage), [givenDrafts]);
  const ws = workspace as Workspace | null;
  const workspaceId = ws?.id ?? '';
  const wsVersion = ws?.version;
  const role = user?.role ?? 'basic';

  const forms = useMemo(() => {
    if (!ws || !dataModel) return { inputs: null, outputs: null };
    const inputs = contactForm(dataModel, ws, 'edit', 'inputs', role);
    const outputs = contactForm(dataModel, ws, 'edit', 'outputs', role);
    const out = outputs.ok ? splitMedia(outputs.value).form : null;
    return { inputs: inputs.ok ? splitMedia(inputs.value).form : null, outputs: out && Object.keys(out.schema.properties ?? {}).length ? out : null };
  }, [ws, dataModel, role]);

  const agentList = usePermissions().allowed('agentList');

  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [contact, setContact] = useState<ContactRow | null>(null);
  const [formData, setFormData] = useState<{ inputs: Record<string, unknown>; outputs: Record<string, unknown> }>({ inputs: {}, outputs: {} });
  const [formKey, setFormKey] = useState(0);
  const [agentId, setAgentIdValue] = useState('');
  const [priority, setPriorityValue] = useState<number>(PRIORITY_DEFAULT);
  const [users, setUsers] = useState<Array<{ value: string; label: string }>>([]);
  const [saving, setSaving] = useState(false);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const [draftOffer, setDraftOffer] = useState<ContactDraft | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [closeBusy, setCloseBusy] = useState(false);
  const [tick, setTick] = useState(0);

  const handles = useMemo(() => ({ inputs: createRef<ContactFormHandle>(), outputs: createRef<ContactFormHandle>() }), []);
  const values = useRef<Record<Section, Record<string, unknown>>>({ inputs: {}, outputs: {} });
  const dirty = useRef<Record<Section, Set<string>>>({ inputs: new Set(), outputs: new Set() });
  const admin = useRef<{ agentId?: string | null; priority?: number }>({});
  const followed = useFormsFollowConfig({ forms, formData, values, dirty, workspace: ws, dataModel });
  const contactRef = useRef<ContactRow | null>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const key = useMemo<DraftKey | null>(() => (user && workspaceId ? { userId: user.id, workspaceId, contactId: id, view: 'edit' } : null), [user, workspaceId, id]);
  const currentDraft = useCallback((): ContactDraft => ({
    version: contactRef.current?.version ?? null,
    savedAt: Date.now(),
    inputs: changedValues(values.current.inputs, dirty.current.inputs),
    outputs: changedValues(values.current.outputs, dirty.current.outputs),
    ...admin.current,
  }), []);
  const writer = useMemo(() => debounce(() => { if (key) drafts.write(key, currentDraft()); }, DRAFT_DEBOUNCE_MS), [key, drafts, currentDraft]);
  useEffect(() => () => writer.flush(), [writer]);

  const show = useCallback((row: ContactRow, draft: ContactDraft | null) => {
    contactRef.current = row;
    setContact(row);
    const inputs = { ...row.inputs, ...(draft ? withoutNulls(draft.inputs) : {}) };
    const outputs = { ...row.outputs, ...(draft ? withoutNulls(draft.outputs) : {}) };
    values.current = { inputs, outputs };
    dirty.current = { inputs: new Set(Object.keys(draft?.inputs ?? {})), outputs: new Set(Object.keys(draft?.outputs ?? {})) };
    admin.current = { ...(draft?.agentId !== undefined ? { agentId: draft.agentId } : {}), ...(draft?.priority !== undefined ? { priority: draft.priority } : {}) };
    setAgentIdValue((draft?.agentId !== undefined ? draft.agentId : row.agentId) ?? '');
    setPriorityValue(draft?.priority ?? row.priority ?? PRIORITY_DEFAULT);
    setFormData({ inputs, outputs });
    setFormKey((k) => k + 1);
  }, []);

  useEffect(() => {
    let live = true;
    setStatus('loading');
    api.contactWork.get(id).then((row) => {
      if (!live) return;
      show(row, null);
      const draft = key ? drafts.read(key) : null;
      setDraftOffer(draft && !isEmptyDraft(draft) ? draft : null);
      setStatus('ready');
    }, (cause: unknown) => {
      if (!live) return;
      if (isApiRequestError(cause) && cause.status === 404) { navigate('/404', { replace: true }); return; }
      setError(cause instanceof Error ? cause.message : String(cause));
      setStatus('error');
    });
    return () => { live = false; };
  }, [api, id, key, drafts, show, navigate, tick]);

  // The user list loads only for admin and team-leader (agentList); others may only assign to themselves.
  useEffect(() => {
    if (!user) return;
    const self = [{ value: user.id, label: user.username }];
    if (!agentList) { setUsers(self); return; }
    const fromSession = storedAgents.map((a) => ({ value: a.id, label: a.username }));
    if (fromSession.length) { setUsers(fromSession.some((a) => a.value === user.id) ? fromSession : [...self, ...fromSession]); return; }
    api.auth.users().then((list) => setUsers(list.map((a) => ({ value: a.id, label: a.username }))), () => setUsers(self));
  }, [api, user, agentList, storedAgents]);

  const onFieldChange = useCallback((section: Section, next: Record<string, unknown>, field: string) => {
    values.current[section] = next;
    dirty.current[section].add(field);
    writer.call();
  }, [writer]);
  const setAgentId = useCallback((value: string) => { admin.current.agentId = value || null; setAgentIdValue(value); writer.call(); }, [writer]);
  const setPriority = useCallback((value: number) => {
    const p = Math.min(10, Math.max(1, Math.round(value) || PRIORITY_DEFAULT));
    admin.current.priority = p;
    setPriorityValue(p);
    writer.call();
  }, [writer]);

  const reload = useCallback(() => setTick((n) => n + 1), []);

  const save = useCallback(async () => {
    const row = contactRef.current;
    // Another workspace's contact is never saved with this workspace's forms (the view offers the switch instead).
    if (!row || saving || row.workspaceId !== workspaceId) return;
    const errors = { ...(handles.inputs.current?.validate() ?? {}), ...(handles.outputs.current?.validate() ?? {}) };
    if (Object.keys(errors).length) { setGeneralErrors([t('contactWork.save.fieldErrors'), ...describeErrors(errors, [forms.inputs, forms.outputs])]); return; }
    setGeneralErrors([]);
    writer.flush();
    const inputs = changedValues(values.current.inputs, dirty.current.inputs);
    const outputs = changedValues(values.current.outputs, dirty.current.outputs);
    const body = {
      version: row.version,
      ...admin.current,
      ...(Object.keys(inputs).length ? { inputs } : {}),
      ...(Object.keys(outputs).length ? { outputs } : {}),
    };
    setSaving(true);
    try {
      const saved = await api.contactWork.edit(id, body, { quiet: true });
      writer.cancel();
      if (key) drafts.clear(key);
      contactRef.current = saved;
      setContact(saved);
      toasts.show({ intent: 'success', message: t('contactWork.save.done') });
      timers.current.push(setTimeout(reload, EDIT_RELOAD_MS));
    } catch (cause) {
      const failure = isApiRequestError(cause) ? cause : null;
      if (failure?.status === 401) { await services.expireSession(); return; }
      if (failure?.status === 409) {
        const draft = currentDraft();
        if (key) drafts.write(key, draft);
        show(await api.contactWork.get(id), draft);
        setNotice(t('contactWork.conflict'));
        toasts.show({ intent: 'warning', message: t('contactWork.conflict'), timeout: TOAST_MS.error });
        return;
      }
      showSaveFailure(cause, { handles, setGeneralErrors, toasts, t, forms });
    } finally {
      setSaving(false);
    }
  }, [saving, workspaceId, handles, forms, t, writer, api, id, key, drafts, toasts, reload, services, currentDraft, show]);

  const confirmClose = useCallback(async () => {
    setCloseBusy(true);
    try {
      const closed = await api.contactWork.close(id);
      contactRef.current = closed;
      setContact(closed);
      setConfirmingClose(false);
      toasts.show({ intent: 'success', message: t('contactWork.admin.closed') });
    } catch {
      setConfirmingClose(false);
    } finally {
      setCloseBusy(false);
    }
  }, [api, id, toasts, t]);

  const formContext = useMemo<RendererFormContext | null>(() => (workspaceId ? { services: contactRendererServices(api, workspaceId, id, wsVersion), locale } : null), [api, workspaceId, id, wsVersion, locale]);
  const labels = useMemo(() => contactLabels(ws), [ws]);
  const agents = useMemo(() => {
    if (!contact?.agentId || users.some((u) => u.value === contact.agentId) || !agentList) return users;
    return [...users, { value: contact.agentId, label: contact.agentId }];
  }, [users, contact, agentList]);

  return {
    status, error, contact, formKey, formData: followed.formData, forms, formContext, handles, onFieldChange,
    agents, agentList, agentId, setAgentId, priority, setPriority,
    saving, save, cancel: () => { writer.cancel(); if (key) drafts.clear(key); navigate(leaveForList(services.sessionStorage, id)); }, generalErrors,
    draftOffer,
    restoreDraft: () => { if (draftOffer && contactRef.current) { show(contactRef.current, draftOffer); setDraftOffer(null); setNotice(t('contactWork.draft.restored')); } },
    discardDraft: () => { if (key) drafts.clear(key); setDraftOffer(null); },
    notice,
    configNotice: followed.configNotice,
    dismissConfigNotice: followed.dismissConfigNotice,
    closing: { confirming: confirmingClose, busy: closeBusy, ask: () => setConfirmingClose(true), cancel: () => setConfirmingClose(false), confirm: confirmClose },
    locale,
    labels,
    reload,
  };
};
