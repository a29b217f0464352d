import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { createRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactFormHandle } from '../../../../renderers/ContactForm/ContactForm';
import type { RendererFormContext, RendererLocale, StoredFile } from '../../../../renderers/form-context';
import { itemToFile } from '../../../../renderers/attachments/file-items';
import { prepareFile } from '../../../../renderers/attachments/file-rules';
import type { PanelTitles } from '../../../../renderers/layout/ContactPanels/ContactPanels';
import { isApiRequestError, type ApiRequestError } from '../../../api-client/api-error';
import type { AllowedState, ContactAction, HistoryEntry, WidgetData, WidgetInfo } from '../../../domain/api/contact-work';
import type { ContactRow } from '../../../domain/api/contacts';
import { ATTACHMENT_DEFAULT_MAX_BYTES, PHONE_PATTERN, STATE_NOTES_MAX, TOAST_MS } from '../../../domain/constants';
import type { Workspace } from '../../../domain/generated/workspace';
import { STORAGE_KEYS } from '../../../domain/storage-keys';
import { renderTemplate, type FormTranslation } from '../../../translator/translate-form';
import { useServices, useSession } from '../../services/services-context';
import { leaveForList } from '../../ui/list-return';
import { useAgentNames, type AgentNames } from '../../session/use-agent-names';
import type { ContactWorkApi } from './contact-work-api';
import { useFormsFollowConfig, type ConfigNotice } from './config-follow';
import { changedValues, contactForm, describeErrors, objectUrlOf, splitMedia, type MediaField } from './contact-forms';
import { messageOf, showSaveFailure } from './save-failure';
import { createDraftStore, debounce, DRAFT_DEBOUNCE_MS, isEmptyDraft, type ContactDraft, type DraftKey, type DraftStore } from './drafts';
import { takePrefetchedContact } from './contact-prefetch';
import { contactRendererServices } from './services';
import { contactLabels, type ContactLabels } from '../../ui/contact-labels';
import { localeOf } from '../../ui/renderer-locale';
import { withoutNulls } from '../../ui/form-values';
import { usePermissions } from '../../session/use-permissions';

/** The seam with the embedded entry (issue 7): what the host page's screen does instead of the list redirects. */
export interface EmbedHooks {
  /** Save on a closed, not-processable or suspended contact: the disposition modal opens instead. */
  onSaveBlocked: () => void;
  /** After a save or a cancel. */
  onDone: () => void;
}

/** Delays of spec 2 §4 and §9. */
export const SHOW_TIMINGS = { redirectAfterSave: 1_500, embedToast: 2_000, mediaReload: 1_500, phoneError: 5_000 } as const;

export type Section = 'inputs' | 'outputs';
export type ShowStatus = 'loading' | 'ready' | 'error';
export interface WidgetResult { widget: WidgetInfo; data: WidgetData | null; variant: 'ok' | 'notValid' | 'failed' }
export interface Viewing extends StoredFile { loading?: boolean }

export interface ContactShowController {
  status: ShowStatus;
  error: string | null;
  contact: ContactRow | null;
  /** Bumped whenever the forms must take new values (load, restore, 409). */
  formKey: number;
  formData: { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
  forms: { inputs: FormTranslation | null; outputs: FormTranslation | null };
  problems: string[];
  media: MediaField[];
  mediaItems(field: string): Record<string, unknown>[];
  script: string | null;
  titles: PanelTitles;
  formContext: RendererFormContext | null;
  handles: Record<Section, RefObject<ContactFormHandle>>;
  onFieldChange(section: Section, values: Record<string, unknown>, field: string): void;
  /** State or outcome (spec 2 §4). */
  mode: 'state' | 'outcome';
  allowedStates: AllowedState[];
  outcomes: Array<{ value: string; label: string }>;
  state: string;
  setState(code: string): void;
  outcome: string;
  setOutcome(value: string): void;
  notes: string;
  setNotes(text: string): void;
  history: HistoryEntry[];
  saving: boolean;
  canSave: boolean;
  /** Why save is disabled, for the tooltip. */
  saveBlockedReason: string | null;
  save(): Promise<void>;
  cancel(): void;
  generalErrors: string[];
  /** A draft found for this contact, offered back. */
  draftOffer: ContactDraft | null;
  restoreDraft(): void;
  discardDraft(): void;
  notice: string | null;
  /** The configuration changed while the contact was open (values typed into removed fields listed). */
  configNotice: ConfigNotice | null;
  dismissConfigNotice(): void;
  clone: { allowed: boolean; confirming: boolean; busy: boolean; ask(): void; cancel(): void; confirm(): Promise<void> };
  attachments: {
    busy: string | null;
    message: string | null;
    upload(field: MediaField, file: File): Promise<void>;
    remove(field: MediaField, name: string): Promise<void>;
    preview(field: MediaField, item: Record<string, unknown>): Promise<void>;
    viewing: Viewing | null;
    closeViewer(): void;
  };
  actions: {
    list: ContactAction[];
    phone: string;
    setPhone(phone: string): void;
    phoneError: string | null;
    sending: boolean;
    send(action: ContactAction): Promise<void>;
  };
  widgets: { list: WidgetInfo[]; running: string | null; result: WidgetResult | null; run(widget: WidgetInfo): Promise<void>; close(): void };
  shortlinks: Array<{ label: string; href: string }>;
  ribbon: { availability: ContactRow['availability'] | null; forYou: boolean; cloneOf: string | null };
  locale: RendererLocale;
  embed: boolean;
  /** The session's workspace (a contact of another one cannot be saved here). */
  workspaceId: string;
  /** State and outcome labels of the workspace, by code. */
  labels: ContactLabels;
  /** Usernames by user id for the history's agents (the list's lookup). */
  agentNames: AgentNames;
  reload(): void;
}

export interface ContactShowOptions {
  id: string;
  embed?: EmbedHooks;
  /** Tests pass a fake; the app's API client otherwise. */
  api?: ContactWorkApi;
  drafts?: DraftStore;
}

const phonePattern = new RegExp(PHONE_PATTERN);

/** The contact show screen (spec 2 §2.3, §4, §5) without a view. */
/** Runs `cb` in a task after the next frame has painted. */
const afterNextPaint = (cb: () => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => { setTimeout(cb, 0); });
  else setTimeout(cb, 0);
};

export const useContactShowController = ({ id, embed, api: givenApi, drafts: givenDrafts }: ContactShowOptions): ContactShowController => {
  const services = useServices();
  const api = givenApi ?? (services.api as ContactWorkApi);
  const { toasts, navigate, sessionStorage } = services;
  const { user, workspace, dataModel } = useSession();
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const drafts = useMemo(() => givenDrafts ?? createDraftStore(window.localStorage), [givenDrafts]);
  const ws = workspace as Workspace | null;
  const workspaceId = ws?.id ?? '';
  const wsVersion = ws?.version;
  const role = user?.role ?? 'basic';

  // The contact is asked for before the (first, uncached) translation of a large form runs, not after it; on a full
  // page load it was already asked for at start-up (contact-prefetch.ts), and a failed prefetch is simply asked again.
  const firstLoad = useMemo(() => {
    const flag = sessionStorage.getItem(STORAGE_KEYS.agentScriptOpen) === 'true';
    const prefetched = givenApi ? null : takePrefetchedContact(id, flag);
    const pending = prefetched ? prefetched.catch(() => api.contactWork.get(id, flag)) : api.contactWork.get(id, flag);
    pending.catch(() => undefined);
    return { pending, used: false };
  }, [api, givenApi, id, sessionStorage]);
  const translated = useMemo(() => {
    if (!ws || !dataModel) return null;
    return { inputs: contactForm(dataModel, ws, 'show', 'inputs', role), outputs: contactForm(dataModel, ws, 'show', 'outputs', role) };
  }, [ws, dataModel, role]);
  const split = useMemo(() => (translated?.outputs.ok ? splitMedia(translated.outputs.value) : null), [translated]);
  const forms = useMemo(() => ({
    inputs: translated?.inputs.ok ? translated.inputs.value : null,
    outputs: split && Object.keys(split.form.schema.properties ?? {}).length ? split.form : null,
  }), [translated, split]);
  const media = useMemo(() => split?.media ?? [], [split]);
  const problems = useMemo(() => {
    if (!ws || !dataModel) return ['no workspace or data model in the session'];
    return [translated?.inputs, translated?.outputs].flatMap((r) => (r && !r.ok ? r.problems.map((p) => `${p.document}${p.pointer} ${p.message}`) : []));
  }, [translated, ws, dataModel]);

  const [status, setStatus] = useState<ShowStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [contact, setContact] = useState<ContactRow | null>(null);
  const [formData, setFormData] = useState<{ inputs: Record<string, unknown>; outputs: Record<string, unknown> }>({ inputs: {}, outputs: {} });
  const [formKey, setFormKey] = useState(0);
  const [mediaValues, setMediaValues] = useState<Record<string, unknown>>({});
  const [allowedStates, setAllowedStates] = useState<AllowedState[]>([]);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [actions, setActions] = useState<ContactAction[]>([]);
  const [widgets, setWidgets] = useState<WidgetInfo[]>([]);
  const [state, setStateValue] = useState('0');
  const [outcome, setOutcomeValue] = useState('');
  const [notes, setNotesValue] = useState('');
  const [saving, setSaving] = useState(false);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const [draftOffer, setDraftOffer] = useState<ContactDraft | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmingClone, setConfirmingClone] = useState(false);
  const [cloneBusy, setCloneBusy] = useState(false);
  const [fileBusy, setFileBusy] = useState<string | null>(null);
  const [fileMessage, setFileMessage] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [widgetRunning, setWidgetRunning] = useState<string | null>(null);
  const [widgetResult, setWidgetResult] = useState<WidgetResult | null>(null);
  const [reloadTick, setReloadTick] = useState(0);

  const handles = useMemo(() => ({ inputs: createRef<ContactFormHandle>(), outputs: createRef<ContactFormHandle>() }), []);
  const values = useRef<Record<Section, Record<string, unknown>>>({ inputs: {}, outputs: {} });
  const dirty = useRef<Record<Section, Set<string>>>({ inputs: new Set(), outputs: new Set() });
  const selection = useRef({ state: '0', outcome: '', notes: '', notesTouched: false });
  const followed = useFormsFollowConfig({ forms, formData, values, dirty, workspace: ws, dataModel });
  const contactRef = useRef<ContactRow | null>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  const later = useCallback((fn: () => void, ms: number) => { timers.current.push(setTimeout(fn, ms)); }, []);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const key = useMemo<DraftKey | null>(() => (user && workspaceId ? { userId: user.id, workspaceId, contactId: id, view: 'show' } : null), [user, workspaceId, id]);
  const currentDraft = useCallback((): ContactDraft => ({
    version: contactRef.current?.version ?? null,
    savedAt: Date.now(),
    inputs: changedValues(values.current.inputs, dirty.current.inputs),
    outputs: changedValues(values.current.outputs, dirty.current.outputs),
    ...(selection.current.state !== '0' ? { state: selection.current.state } : {}),
    ...(selection.current.outcome ? { outcome: selection.current.outcome } : {}),
    ...(selection.current.notesTouched ? { notes: selection.current.notes } : {}),
  }), []);
  const writer = useMemo(() => debounce(() => { if (key) drafts.write(key, currentDraft()); }, DRAFT_DEBOUNCE_MS), [key, drafts, currentDraft]);
  // Leaving the page (or a session expiry unmounting it) writes what is pending.
  useEffect(() => () => writer.flush(), [writer]);
  useEffect(() => {
    const onHide = () => writer.flush();
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [writer]);

  /** Puts a contact on screen, optionally with a draft's changes on top. */
  const show = useCallback((row: ContactRow, draft: ContactDraft | null) => {
    contactRef.current = row;
    setContact(row);
    const inputs = { ...row.inputs, ...(draft ? withoutNulls(draft.inputs) : {}) };
    const outputs = { ...row.outputs, ...(draft ? withoutNulls(draft.outputs) : {}) };
    for (const [k, v] of Object.entries(draft?.inputs ?? {})) if (v === null) delete inputs[k];
    for (const [k, v] of Object.entries(draft?.outputs ?? {})) if (v === null) delete outputs[k];
    values.current = { inputs, outputs };
    dirty.current = { inputs: new Set(Object.keys(draft?.inputs ?? {})), outputs: new Set(Object.keys(draft?.outputs ?? {})) };
    // The outcome is chosen anew on each save (spec 2 §4: save stays disabled until one is chosen).
    selection.current = { state: draft?.state ?? '0', outcome: draft?.outcome ?? '', notes: draft?.notes ?? row.notes ?? '', notesTouched: draft?.notes !== undefined };
    setStateValue(selection.current.state);
    setOutcomeValue(selection.current.outcome);
    setNotesValue(selection.current.notes);
    setFormData({ inputs, outputs });
    setMediaValues(row.outputs);
    setFormKey((k) => k + 1);
  }, []);

  const fetchContact = useCallback(() => {
    const flag = sessionStorage.getItem(STORAGE_KEYS.agentScriptOpen) === 'true';
    return api.contactWork.get(id, flag);
  }, [api, id, sessionStorage]);

  const loadSide = useCallback(async () => {
    const [states, entries] = await Promise.all([api.contactWork.states(id).catch(() => []), api.contactWork.history(id).catch(() => [])]);
    setAllowedStates(states);
    setHistory(entries);
  }, [api, id]);

  // Open: the contact first (the form renders from it), then the side lists.
  useEffect(() => {
    let live = true;
    setStatus('loading');
    setError(null);
    const load = firstLoad.used ? fetchContact() : firstLoad.pending;
    firstLoad.used = true;
    const loadSideLists = () => {
      if (!live) return;
      void loadSide();
      // A failure loading the action list leads to /404 (spec 2 §2.1).
      api.contactWork.actions(id, { quiet: true }).then((list) => { if (live) setActions(list); }, (cause: unknown) => {
        if (live && !(isApiRequestError(cause) && (cause.kind === 'aborted' || cause.status === 401))) navigate('/404', { replace: true });
      });
      api.contactWork.widgets(id).then((list) => { if (live) setWidgets(list); }, () => undefined);
    };
    load.then((row) => {
      if (!live) return;
      const draft = key ? drafts.read(key) : null;
      show(row, null);
      setDraftOffer(draft && !isEmptyDraft(draft) ? draft : null);
      setStatus('ready');
      // The side lists once the form is on screen: on a 500-field contact their answers and re-renders would
      // otherwise land in the middle of its first paint.
      afterNextPaint(loadSideLists);
    }, (cause: unknown) => {
      if (!live) return;
      if (isApiRequestError(cause) && cause.status === 404) { navigate('/404', { replace: true }); return; }
      if (isApiRequestError(cause) && cause.status === 403) { navigate('/403', { replace: true }); return; }
      setError(messageOf(cause));
      setStatus('error');
      loadSideLists();
    });
    return () => { live = false; };
  }, [api, id, key, drafts, fetchContact, firstLoad, loadSide, show, navigate, reloadTick]);

  const onFieldChange = useCallback((section: Section, next: Record<string, unknown>, field: string) => {
    values.current[section] = next;
    dirty.current[section].add(field);
    writer.call();
  }, [writer]);

  const setState = useCallback((code: string) => { selection.current.state = code; setStateValue(code); writer.call(); }, [writer]);
  const setOutcome = useCallback((value: string) => { selection.current.outcome = value; setOutcomeValue(value); writer.call(); }, [writer]);
  const setNotes = useCallback((text: string) => {
    const cut = text.slice(0, STATE_NOTES_MAX);
    selection.current.notes = cut;
    selection.current.notesTouched = true;
    setNotesValue(cut);
    writer.call();
  }, [writer]);

  const restoreDraft = useCallback(() => {
    if (!draftOffer || !contactRef.current) return;
    show(contactRef.current, draftOffer);
    setDraftOffer(null);
    setNotice(t('contactWork.draft.restored'));
  }, [draftOffer, show, t]);
  const discardDraft = useCallback(() => {
    if (key) drafts.clear(key);
    setDraftOffer(null);
  }, [key, drafts]);

  const outcomes = useMemo(() => ws?.outcomes ?? [], [ws]);
  const mode: 'state' | 'outcome' = outcomes.length ? 'outcome' : 'state';
  const blocked = contact ? contact.closed || !contact.processable : true;
  const saveBlockedReason = !contact ? t('contactWork.loading')
    : contact.workspaceId !== workspaceId ? t('contactWork.otherWorkspace', { workspace: contact.workspaceId })
    : embed ? (!(contact.closed || !contact.processable || contact.suspended) && mode === 'outcome' && !outcome ? t('contactWork.save.chooseOutcome') : null)
      : contact.closed ? t('contactWork.save.closed')
        : !contact.processable ? t('contactWork.save.notProcessable')
          : mode === 'outcome' && !outcome ? t('contactWork.save.chooseOutcome') : null;
  const canSave = !saving && status === 'ready' && saveBlockedReason === null;

  const reload = useCallback(() => setReloadTick((n) => n + 1), []);

  const handleFailure = useCallback(async (cause: unknown): Promise<void> => {
    const failure = isApiRequestError(cause) ? cause as ApiRequestError : null;
    if (failure?.status === 401) { writer.flush(); await services.expireSession(); return; }
    if (failure?.status === 409) {
      // Someone saved meanwhile: nothing changed on the server. Reload and put the agent's edits back on top.
      const draft = currentDraft();
      if (key) drafts.write(key, draft);
      const row = await fetchContact();
      show(row, draft);
      void loadSide();
      setNotice(t('contactWork.conflict'));
      toasts.show({ intent: 'warning', message: t('contactWork.conflict'), timeout: TOAST_MS.error });
      return;
    }
    showSaveFailure(cause, { handles, setGeneralErrors, toasts, t, forms });
  }, [writer, services, currentDraft, key, drafts, fetchContact, show, loadSide, t, toasts, handles, forms]);

  const save = useCallback(async () => {
    const row = contactRef.current;
    if (!row || saving) return;
    if (embed && (row.closed || !row.processable || row.suspended)) { embed.onSaveBlocked(); return; }
    if (saveBlockedReason) return;
    const errors = { ...(handles.inputs.current?.validate() ?? {}), ...(handles.outputs.current?.validate() ?? {}) };
    if (Object.keys(errors).length) {
      setGeneralErrors([t('contactWork.save.fieldErrors'), ...describeErrors(errors, [forms.inputs, forms.outputs])]);
      return;
    }
    setGeneralErrors([]);
    writer.flush();
    const inputs = changedValues(values.current.inputs, dirty.current.inputs);
    const outputs = changedValues(values.current.outputs, dirty.current.outputs);
    const sel = selection.current;
    const body = {
      version: row.version,
      ...(Object.keys(inputs).length ? { inputs } : {}),
      ...(Object.keys(outputs).length ? { outputs } : {}),
      ...(mode === 'state' && sel.state !== '0' ? { state: sel.state } : {}),
      ...(mode === 'outcome' && sel.outcome ? { outcome: sel.outcome } : {}),
      ...(sel.notesTouched && sel.notes !== (row.notes ?? '') ? { notes: sel.notes.slice(0, STATE_NOTES_MAX) } : {}),
    };
    setSaving(true);
    try {
      const saved = await api.contactWork.save(id, body, { quiet: true });
      writer.cancel();
      if (key) drafts.clear(key);
      if (embed) {
        toasts.show({ intent: 'success', message: t('contactWork.save.done'), timeout: SHOW_TIMINGS.embedToast });
        show(saved, null);
        void loadSide();
        embed.onDone();
      } else {
        toasts.show({ intent: 'success', message: t('contactWork.save.done'), timeout: SHOW_TIMINGS.redirectAfterSave });
        contactRef.current = saved;
        setContact(saved);
        later(() => navigate(leaveForList(sessionStorage, id)), SHOW_TIMINGS.redirectAfterSave);
      }
    } catch (cause) {
      await handleFailure(cause);
    } finally {
      setSaving(false);
    }
  }, [saving, embed, saveBlockedReason, handles, forms, t, writer, mode, api, id, key, drafts, toasts, show, loadSide, later, navigate, handleFailure]);

  const cancel = useCallback(() => {
    writer.cancel();
    if (key) drafts.clear(key);
    if (embed) embed.onDone();
    else navigate(leaveForList(sessionStorage, id));
  }, [writer, key, drafts, embed, navigate]);

  // Permissions: the same json-logic rules the server enforces.
  const { allowed } = usePermissions({ contact: contact ?? null, embed: Boolean(embed) });
  const cloneAllowed = Boolean(ws?.cloneEnabled) && allowed('clone');

  const confirmClone = useCallback(async () => {
    setCloneBusy(true);
    try {
      await api.contactWork.clone(id, { quiet: true });
      setConfirmingClone(false);
      toasts.show({ intent: 'success', message: t('contactWork.clone.done') });
      if (!embed) later(() => navigate(leaveForList(sessionStorage, id)), SHOW_TIMINGS.redirectAfterSave);
    } catch (cause) {
      if (isApiRequestError(cause) && cause.status === 401) { writer.flush(); await services.expireSession(); return; }
      toasts.show({ intent: 'danger', message: t('contactWork.clone.failed') });
    } finally {
      setCloneBusy(false);
    }
  }, [api, id, toasts, t, embed, later, navigate, writer, services]);

  const refreshMedia = useCallback(async () => {
    const row = await fetchContact();
    setMediaValues(row.outputs);
  }, [fetchContact]);

  // A file change is a change of the contact: the next save must carry the version the server answered for it.
  const takeVersion = useCallback((version: number | undefined) => {
    const row = contactRef.current;
    if (!row || version === undefined || version === row.version) return;
    contactRef.current = { ...row, version };
    setContact(contactRef.current);
  }, []);

  const upload = useCallback(async (field: MediaField, file: File) => {
    setFileMessage(null);
    const prepared = await prepareFile(file, field.maxSize ?? ws?.attachmentConfigs?.maxSize ?? ATTACHMENT_DEFAULT_MAX_BYTES);
    if ('problem' in prepared) {
      const message = prepared.problem.kind === 'unsupported' ? t('contactWork.files.unsupported') : t('contactWork.files.tooLarge', { n: prepared.problem.limitMb });
      setFileMessage(message);
      toasts.show({ intent: 'danger', message });
      return;
    }
    setFileBusy(field.name);
    try {
      const result = await api.contactWork.uploadAttachment(id, field.name, prepared.file.name, prepared.file, { quiet: true });
      setMediaValues((v) => ({ ...v, [field.name]: result.items }));
      takeVersion(result.version);
      toasts.show({ intent: 'success', message: t('contactWork.files.uploaded', { name: result.name }) });
    } catch (cause) {
      const message = messageOf(cause);
      setFileMessage(message);
      toasts.show({ intent: 'danger', message });
    } finally {
      setFileBusy(null);
    }
  }, [api, id, ws, t, toasts, takeVersion]);

  const remove = useCallback(async (field: MediaField, name: string) => {
    setFileBusy(field.name);
    try {
      const result = await api.contactWork.deleteAttachment(id, field.name, name);
      takeVersion(result.version);
      toasts.show({ intent: 'success', message: t('contactWork.files.deleted', { name }), timeout: SHOW_TIMINGS.mediaReload });
      later(() => { void refreshMedia(); }, SHOW_TIMINGS.mediaReload);
    } catch {
      // the client reported it
    } finally {
      setFileBusy(null);
    }
  }, [api, id, toasts, t, later, refreshMedia, takeVersion]);

  const preview = useCallback(async (field: MediaField, item: Record<string, unknown>) => {
    const file = itemToFile(item, field.itemSchema);
    setViewing({ ...file, loading: true });
    try {
      const content = field.kind === 'doc' ? await api.contactWork.getDocument(id, field.name, file.name) : await api.contactWork.getAttachment(id, field.name, file.name);
      setViewing({ ...file, type: content.contentType, url: objectUrlOf(content), loading: false });
    } catch {
      setViewing(null);
    }
  }, [api, id]);
  const closeViewer = useCallback(() => setViewing((v) => { if (v?.url.startsWith('blob:')) URL.revokeObjectURL(v.url); return null; }), []);

  const send = useCallback(async (action: ContactAction) => {
    if (!phonePattern.test(phone.trim())) {
      setPhoneError(t('contactWork.actions.messageRegex'));
      later(() => setPhoneError(null), SHOW_TIMINGS.phoneError);
      return;
    }
    setPhoneError(null);
    setSending(true);
    try {
      const message = await api.contactWork.runAction(id, action.key, phone.trim() || undefined);
      toasts.show({ intent: message.status === 'failed' ? 'warning' : 'success', message: message.status === 'failed' ? (message.error ?? t('contactWork.actions.failed')) : t('contactWork.actions.sent', { recipient: message.recipient ?? '' }) });
    } catch {
      // the client reported it
    } finally {
      setSending(false);
    }
  }, [phone, t, later, api, id, toasts]);

  const runWidget = useCallback(async (widget: WidgetInfo) => {
    setWidgetRunning(widget.id);
    try {
      const data = await api.contactWork.widgetData(id, widget.id, { quiet: true });
      setWidgetResult({ widget, data, variant: data._isFailed ? 'failed' : data._isValid === false ? 'notValid' : 'ok' });
    } catch {
      setWidgetResult({ widget, data: null, variant: 'failed' });
    } finally {
      setWidgetRunning(null);
    }
  }, [api, id]);

  const formContext = useMemo<RendererFormContext | null>(
    () => (workspaceId ? { services: contactRendererServices(api, workspaceId, id, wsVersion), locale } : null),
    [api, workspaceId, id, wsVersion, locale],
  );
  const agentScript = ws?.visualConfigs?.agentScript;
  const titles = useMemo<PanelTitles>(() => ({
    INPUTS: agentScript?.inputsTitle, OUTPUTS: agentScript?.outputsTitle, MEDIA: agentScript?.mediaTitle, SCRIPT: agentScript?.scriptTitle,
  }), [agentScript]);
  const script = agentScript?.script ? renderTemplate(agentScript.script, formData.inputs) : null;
  const shortlinks = useMemo(() => (ws?.shortlinks ?? []).map((s) => ({ label: s.label, href: renderTemplate(s.link, formData.inputs) })), [ws, formData.inputs]);
  const labels = useMemo(() => contactLabels(ws), [ws]);
  const agentNames = useAgentNames();
  const mediaItems = useCallback((field: string) => (Array.isArray(mediaValues[field]) ? (mediaValues[field] as Record<string, unknown>[]) : []), [mediaValues]);

  return {
    status, error, contact, formKey, formData: followed.formData, forms, problems, media, mediaItems, script, titles, formContext, handles, onFieldChange,
    mode, allowedStates, outcomes, state, setState, outcome, setOutcome, notes, setNotes, history,
    saving, canSave, saveBlockedReason: blocked && embed ? null : saveBlockedReason, save, cancel, generalErrors,
    draftOffer, restoreDraft, discardDraft, notice, configNotice: followed.configNotice, dismissConfigNotice: followed.dismissConfigNotice,
    clone: { allowed: cloneAllowed, confirming: confirmingClone, busy: cloneBusy, ask: () => setConfirmingClone(true), cancel: () => setConfirmingClone(false), confirm: confirmClone },
    attachments: { busy: fileBusy, message: fileMessage, upload, remove, preview, viewing, closeViewer },
    actions: { list: actions, phone, setPhone, phoneError, sending, send },
    widgets: { list: widgets, running: widgetRunning, result: widgetResult, run: runWidget, close: () => setWidgetResult(null) },
    shortlinks,
    ribbon: { availability: contact?.availability ?? null, forYou: Boolean(contact?.agentId && user && contact.agentId === user.id), cloneOf: contact?.originalContactId ?? null },
    locale,
    embed: Boolean(embed),
    workspaceId,
    labels,
    agentNames,
    reload,
  };
};
