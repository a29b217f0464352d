import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PanelTitles } from '@renderers/layout/ContactPanels/ContactPanels';
import { isApiRequestError } from '@api-client/api-error';
import type { ContactRow } from '@domain/api/contacts';
import { TOAST_MS } from '@domain/constants';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { contactLabels, type ContactLabels } from '../../ui/contact-labels';
import type { MediaField } from '../../ui/media-section';
import type { Section } from './contact-forms';
import { takePrefetchedContact } from './contact-prefetch';
import { useContactWorkContext, useLater, useLeave, useRendererFormContext, type ContactWorkOptions } from './contact-work-context';
import { useAgentNames, type AgentNames } from '../../session/use-agent-names';
import { isEmptyDraft, type ContactDraft } from './drafts';
import { SHOW_TIMINGS } from './show-timings';
import { useAgentScript } from './use-agent-script';
import { useAttachments, type AttachmentsControl } from './use-attachments';
import { useClone, type CloneControl } from './use-clone';
import { useContactActions, type ActionsControl } from './use-contact-actions';
import { useContactDraft } from './use-contact-draft';
import { useContactForms, useSectionState, withDraft, type ContactFormScreen } from './use-contact-forms';
import { useContactWidgets, type WidgetsControl } from './use-contact-widgets';
import { useStateOutcome, type StateOutcome } from './use-state-outcome';
import { errorText, failureText } from '../../ui/failure-text';
import { canTakeRow } from '../../ui/take-rules';
import { usePermissions } from '../../session/use-permissions';
import { useOtherWorkspace, type OtherWorkspace } from './OtherWorkspaceGuard';
import { notSaved, SAVED, type SaveOutcome } from './save-failure';

/** The seam with the embedded entry (issue 7): what the host page's screen does instead of the list redirects. */
export interface EmbedHooks {
  /** Save on a closed, not-processable or suspended contact: the disposition modal opens instead. */
  onSaveBlocked: () => void;
  /** After a save or a cancel. */
  onDone: () => void;
  /** Why the embedded entry may not save this contact (it is held by another user), or null. */
  saveBlockedReason?: string | null;
  /** No such contact: the embedded entry says so in its page, instead of a /404 that leaves the host's frame. */
  onNotFound?: () => void;
}

export type ShowStatus = 'loading' | 'ready' | 'error';

/** State or outcome, notes and the side lists (spec 2 §4). */
type ShownChoice = Pick<StateOutcome, 'mode' | 'allowedStates' | 'outcomes' | 'state' | 'setState' | 'outcome' | 'setOutcome' | 'notes' | 'setNotes' | 'notesAllowed' | 'history' | 'statesStatus' | 'historyStatus'>;

export interface ContactShowController extends ContactFormScreen, ShownChoice {
  status: ShowStatus;
  error: string | null;
  contact: ContactRow | null;
  problems: string[];
  media: MediaField[];
  mediaItems(field: string): Record<string, unknown>[];
  script: string | null;
  titles: PanelTitles;
  saving: boolean;
  /** Saved, waiting for the delayed redirect to the list: save stays disabled so a second click saves nothing twice. */
  leaving: boolean;
  canSave: boolean;
  /** Why save is disabled, for the tooltip. */
  saveBlockedReason: string | null;
  /** Resolves to what the save came to (what the Save button and Ctrl+S announce). */
  save(): Promise<SaveOutcome>;
  cancel(): void;
  /** Whether typed edits, a state, an outcome or notes are not saved yet. */
  unsaved(): boolean;
  notice: string | null;
  clone: CloneControl;
  attachments: AttachmentsControl;
  actions: ActionsControl;
  widgets: WidgetsControl;
  shortlinks: Array<{ label: string; href: string }>;
  ribbon: { availability: ContactRow['availability'] | null; forYou: boolean; cloneOf: string | null };
  embed: boolean;
  /** The session's workspace (a contact of another one cannot be saved here). */
  workspaceId: string;
  /** The contact's own workspace when it is not the session's: the screen shows none of the session's forms. */
  otherWorkspace: OtherWorkspace;
  /**
   * A save refused because the contact is no longer the user's (a team leader released it meanwhile): the contact is
   * read again, and where the user may take it the take is offered; after it the typed values are still there to save.
   */
  takeToSave: { offered: boolean; busy: boolean; take(): Promise<void> };
  /** State and outcome labels of the workspace, by code. */
  labels: ContactLabels;
  /** Usernames by user id for the history's agents (the list's lookup). */
  agentNames: AgentNames;
  reload(): void;
  /** Asks for the next states and the history again (after a failure). */
  reloadSide(): void;
}

export interface ContactShowOptions extends ContactWorkOptions {
  id: string;
  embed?: EmbedHooks;
}

/** Runs `cb` in a task after the next frame has painted. */
const afterNextPaint = (cb: () => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => { setTimeout(cb, 0); });
  else setTimeout(cb, 0);
};

/**
 * The contact show screen (spec 2 §2.3, §4, §5) without a view: it loads the contact, then puts together the
 * forms, the draft, the state or outcome, and the side parts (clone, attachments, actions, widgets).
 */
export const useContactShowController = ({ id, embed, ...options }: ContactShowOptions): ContactShowController => {
  const ctx = useContactWorkContext(options);
  const { api, services, workspace, workspaceId, user, t } = ctx;
  const { allowed } = usePermissions();
  const { toasts, navigate, sessionStorage } = services;
  const later = useLater();
  const leave = useLeave(ctx, id);
  const { forms, media, problems } = useContactForms(ctx, 'show');
  const sections = useSectionState(ctx, forms);
  const choice = useStateOutcome(ctx, id);

  const [status, setStatus] = useState<ShowStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [contact, setContact] = useState<ContactRow | null>(null);
  const contactRef = useRef<ContactRow | null>(null);
  const [saving, setSaving] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [reloadTick, setReloadTick] = useState(0);
  const [takeOffered, setTakeOffered] = useState(false);
  const [taking, setTaking] = useState(false);
  // A save refused because the user may no longer see the contact (a workspace where agents see only their own
  // contacts, after a release or a reassignment): why Save stays disabled, until the contact is shown again.
  const [lostReason, setLostReason] = useState<string | null>(null);
  const keepContact = useCallback((row: ContactRow) => { contactRef.current = row; setContact(row); }, []);

  const { fill, record, changes, validate, showFailure, setGeneralErrors, noteChangedMeanwhile } = sections;
  const { fill: fillChoice, draftPart, savePart, loadSide } = choice;
  const compose = useCallback((): ContactDraft => ({ version: contactRef.current?.version ?? null, savedAt: Date.now(), ...changes(), ...draftPart() }), [changes, draftPart]);
  const draft = useContactDraft(ctx, { contactId: id, view: 'show' }, compose, { flushOnPageHide: true });
  const { writer, offer, offeredWithTyped, offerStored, taken, keep, clear, expireSession } = draft;

  // The contact is asked for before the (first, uncached) translation of a large form runs, not after it; on a full
  // page load it was already asked for at start-up (contact-prefetch.ts), and a failed prefetch is simply asked again.
  // The embedded entry says "no such contact" itself: its first request is quiet about a 404 (no error toast); any
  // other failure is asked again the ordinary way, as a failed prefetch is.
  const notFoundRef = useRef(embed?.onNotFound);
  notFoundRef.current = embed?.onNotFound;
  const quietNotFound = Boolean(embed?.onNotFound);
  const firstLoad = useMemo(() => {
    const flag = sessionStorage.getItem(STORAGE_KEYS.agentScriptOpen) === 'true';
    const prefetched = ctx.apiGiven ? null : takePrefetchedContact(id, flag);
    const pending = prefetched ? prefetched.catch(() => api.contactWork.get(id, flag))
      : quietNotFound ? api.contactWork.get(id, flag, { quiet: true }).catch((cause: unknown) => {
        if (isApiRequestError(cause) && cause.status === 404) throw cause;
        return api.contactWork.get(id, flag);
      })
        : api.contactWork.get(id, flag);
    pending.catch(() => undefined);
    return { pending, used: false };
  }, [api, ctx.apiGiven, id, sessionStorage, quietNotFound]);
  const fetchContact = useCallback(() => api.contactWork.get(id, sessionStorage.getItem(STORAGE_KEYS.agentScriptOpen) === 'true'), [api, id, sessionStorage]);
  /** The contact read again after a refused save: the refusal is said once, by the screen, so the client toasts nothing. */
  const fetchContactQuietly = useCallback(() => api.contactWork.get(id, sessionStorage.getItem(STORAGE_KEYS.agentScriptOpen) === 'true', { quiet: true }), [api, id, sessionStorage]);

  // A file change is a change of the contact: the next save must carry the version the server answered for it.
  const takeVersion = useCallback((version: number | undefined) => {
    const row = contactRef.current;
    if (row && version !== undefined && version !== row.version) keepContact({ ...row, version });
  }, [keepContact]);
  const { attachments, mediaItems, showMedia } = useAttachments(ctx, { id, fetchContact, takeVersion, later });
  const actions = useContactActions(ctx, { id, later });
  const widgets = useContactWidgets(ctx, id);
  const clone = useClone(ctx, { id, contact, embed: Boolean(embed), later, leave, expireSession });

  /** Puts a contact on screen, optionally with a draft's changes on top. */
  const show = useCallback((row: ContactRow, withChanges: ContactDraft | null) => {
    keepContact(row);
    setLostReason(null);
    fill(withDraft({ inputs: row.inputs, outputs: row.outputs }, withChanges), { inputs: Object.keys(withChanges?.inputs ?? {}), outputs: Object.keys(withChanges?.outputs ?? {}) });
    fillChoice(row, withChanges);
    showMedia(row.outputs);
  }, [keepContact, fill, fillChoice, showMedia]);

  // Open: the contact first (the form renders from it), then the side lists.
  const loadActions = actions.load;
  const loadWidgets = widgets.load;
  useEffect(() => {
    let live = true;
    const isLive = () => live;
    setStatus('loading');
    setError(null);
    const load = firstLoad.used ? fetchContact() : firstLoad.pending;
    firstLoad.used = true;
    const loadSideLists = () => {
      if (!live) return;
      void loadSide();
      loadActions(isLive);
      loadWidgets(isLive);
    };
    load.then((row) => {
      if (!live) return;
      offerStored();
      show(row, null);
      setStatus('ready');
      // The side lists once the form is on screen: on a 500-field contact their answers and re-renders would
      // otherwise land in the middle of its first paint.
      afterNextPaint(loadSideLists);
    }, (cause: unknown) => {
      if (!live) return;
      if (isApiRequestError(cause) && cause.status === 404) {
        if (notFoundRef.current) notFoundRef.current();
        else navigate('/404', { replace: true });
        return;
      }
      if (isApiRequestError(cause) && cause.status === 403) { navigate('/403', { replace: true }); return; }
      setError(errorText(cause));
      setStatus('error');
      loadSideLists();
    });
    return () => { live = false; };
  }, [id, fetchContact, firstLoad, loadSide, loadActions, loadWidgets, offerStored, show, navigate, reloadTick]);

  const onFieldChange = useCallback((section: Section, next: Record<string, unknown>, field: string) => { record(section, next, field); writer.call(); }, [record, writer]);
  const { setState: chooseState, setOutcome: chooseOutcome, setNotes: writeNotes } = choice;
  const setState = useCallback((code: string) => { chooseState(code); writer.call(); }, [chooseState, writer]);
  const setOutcome = useCallback((value: string) => { chooseOutcome(value); writer.call(); }, [chooseOutcome, writer]);
  const setNotes = useCallback((text: string) => { writeNotes(text); writer.call(); }, [writeNotes, writer]);

  const restoreDraft = useCallback(() => {
    const restored = offeredWithTyped();
    if (!restored || !contactRef.current) return;
    show(contactRef.current, restored);
    taken();
    setNotice(t('contactWork.draft.restored'));
  }, [offeredWithTyped, show, taken, t]);

  const otherWorkspace = useOtherWorkspace(contact?.workspaceId);
  const { mode, outcome } = choice;
  const blocked = contact ? contact.closed || !contact.processable : true;
  const saveBlockedReason = !contact ? t('contactWork.loading')
    : contact.workspaceId !== workspaceId ? t('contactWork.otherWorkspace', { workspace: otherWorkspace.workspaceName || contact.workspaceId })
    : embed ? (embed.saveBlockedReason ?? (!(contact.closed || !contact.processable || contact.suspended) && mode === 'outcome' && !outcome ? t('contactWork.save.chooseOutcome') : null))
      : contact.closed ? t('contactWork.save.closed')
        : !contact.processable ? t('contactWork.save.notProcessable')
          : lostReason ? lostReason
          : takeOffered ? t('contactWork.takeToSave.blocked')
            : mode === 'outcome' && !outcome ? t('contactWork.save.chooseOutcome') : null;
  const canSave = !saving && !leaving && status === 'ready' && saveBlockedReason === null;

  const reload = useCallback(() => setReloadTick((n) => n + 1), []);

  /** Whether the user may take this contact now (the list's rule: their role may take it, and it is free). */
  const mayTake = useCallback((row: ContactRow) => Boolean(user) && row.agentId !== user?.id && allowed('take', row) && canTakeRow(row), [user, allowed]);

  /** A refused save shown; resolves to the reason to announce when `generalErrors` do not carry it. */
  const handleFailure = useCallback(async (cause: unknown): Promise<string | undefined> => {
    const status = isApiRequestError(cause) ? cause.status : null;
    if (status === 401) { await expireSession(); return undefined; }
    if (status === 409) {
      // Someone saved meanwhile: nothing changed on the server. Reload and put the agent's edits back on top, and
      // say which fields the other person changed, so a second save overwrites nothing unknowingly.
      const base = contactRef.current;
      const edits = compose();
      keep(edits);
      const fresh = await fetchContact();
      show(fresh, edits);
      if (base) noteChangedMeanwhile({ inputs: base.inputs, outputs: base.outputs }, { inputs: fresh.inputs, outputs: fresh.outputs }, edits);
      void loadSide();
      setNotice(t('contactWork.conflict'));
      toasts.show({ intent: 'warning', message: t('contactWork.conflict'), timeout: TOAST_MS.error });
      return t('contactWork.conflict');
    }
    if (status === 403) {
      // Refused for who holds the contact now (released or given to someone else meanwhile): the screen shows the
      // contact as it is, with the agent's edits kept on top, and offers the take where the agent may take it.
      const edits = compose();
      keep(edits);
      let fresh: ContactRow | null = null;
      let reread: unknown = null;
      try { fresh = await fetchContactQuietly(); } catch (error) { reread = error; }
      if (!fresh) {
        const refused = isApiRequestError(reread) ? reread.status : null;
        if (refused === 401) { await expireSession(); return undefined; }
        if (refused !== 403 && refused !== 404) { showFailure(cause); return undefined; }
        // The user may no longer even see it (only their own contacts): said once; the form keeps what they typed.
        const lost = t('contactWork.takeToSave.notVisible');
        setTakeOffered(false);
        setLostReason(lost);
        setGeneralErrors([lost]);
        toasts.show({ intent: 'danger', heading: t('contactWork.save.failed'), message: lost });
        return lost;
      }
      show(fresh, edits);
      void loadSide();
      const takeable = mayTake(fresh);
      setTakeOffered(takeable);
      // A takeable contact: the take offer says it, beside its button; otherwise the reason stays by the buttons.
      const message = takeable ? t('contactWork.takeToSave.text') : fresh.agentId && fresh.agentId !== user?.id ? t('contactWork.takeToSave.heldByOther') : failureText(cause, t);
      setGeneralErrors(takeable ? [] : [message]);
      toasts.show({ intent: 'danger', heading: t('contactWork.save.failed'), message });
      return message;
    }
    showFailure(cause);
    return undefined;
  }, [expireSession, compose, keep, fetchContact, fetchContactQuietly, show, noteChangedMeanwhile, loadSide, t, toasts, showFailure, mayTake, setGeneralErrors, user]);

  const takeRunning = useRef(false);
  const take = useCallback(async () => {
    if (takeRunning.current) return;
    takeRunning.current = true;
    const edits = compose();
    setTaking(true);
    try {
      await api.contacts.take(id);
      setTakeOffered(false);
      setGeneralErrors([]);
      show(await fetchContact(), edits);
      void loadSide();
      toasts.show({ intent: 'success', message: t('contactWork.takeToSave.taken') });
    } catch (cause) {
      if (isApiRequestError(cause) && cause.status === 401) { await expireSession(); return; }
      // Taken by someone else first, or no longer takeable: the contact as it is now says so (the client told why).
      try {
        const fresh = await fetchContact();
        show(fresh, edits);
        setTakeOffered(mayTake(fresh));
      } catch { /* the client reported the failure */ }
    } finally {
      takeRunning.current = false;
      setTaking(false);
    }
  }, [compose, api, id, setGeneralErrors, show, fetchContact, loadSide, toasts, t, expireSession, mayTake]);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    const row = contactRef.current;
    if (!row || saving || leaving) return notSaved();
    if (embed && (row.closed || !row.processable || row.suspended)) { embed.onSaveBlocked(); return notSaved(); }
    if (saveBlockedReason) return notSaved(saveBlockedReason);
    if (!validate()) return notSaved();
    writer.flush();
    const { inputs, outputs } = changes();
    const body = {
      version: row.version,
      ...(Object.keys(inputs).length ? { inputs } : {}),
      ...(Object.keys(outputs).length ? { outputs } : {}),
      ...savePart(row),
    };
    setSaving(true);
    try {
      const saved = await api.contactWork.save(id, body, { quiet: true });
      clear();
      if (embed) {
        toasts.show({ intent: 'success', message: t('contactWork.save.done'), timeout: SHOW_TIMINGS.embedToast });
        show(saved, null);
        void loadSide();
        embed.onDone();
      } else {
        toasts.show({ intent: 'success', message: t('contactWork.save.done'), timeout: SHOW_TIMINGS.redirectAfterSave });
        keepContact(saved);
        setLeaving(true);
        later(() => { leave(); setLeaving(false); }, SHOW_TIMINGS.redirectAfterSave);
      }
      return SAVED;
    } catch (cause) {
      return notSaved(await handleFailure(cause));
    } finally {
      setSaving(false);
    }
  }, [saving, leaving, embed, saveBlockedReason, validate, writer, changes, savePart, api, id, clear, toasts, t, show, loadSide, keepContact, later, leave, handleFailure]);

  // Saved and on the way to the list: what is still on screen is what was saved (the notes and state stay drawn).
  const unsaved = useCallback(() => !leaving && !isEmptyDraft(compose()), [compose, leaving]);
  const cancel = useCallback(() => {
    clear();
    if (embed) embed.onDone();
    else leave();
  }, [clear, embed, leave]);

  const formContext = useRendererFormContext(ctx, id);
  const { titles, script, shortlinks } = useAgentScript(workspace, ctx.dataModel, sections.formData.inputs);
  const labels = useMemo(() => contactLabels(workspace, { model: ctx.dataModel, priorityWord: t('contactWork.history.priority') }), [workspace, ctx.dataModel, t]);
  const agentNames = useAgentNames();

  return {
    status, error, contact, formKey: sections.formKey, formData: sections.formData, forms, problems, media, mediaItems, script, titles, formContext,
    handles: sections.handles, onFieldChange,
    mode, allowedStates: choice.allowedStates, outcomes: choice.outcomes, state: choice.state, setState, outcome, setOutcome, notes: choice.notes, setNotes, notesAllowed: choice.notesAllowed, history: choice.history,
    statesStatus: choice.statesStatus, historyStatus: choice.historyStatus, reloadSide: () => void loadSide(),
    saving, leaving, canSave, saveBlockedReason: blocked && embed ? null : saveBlockedReason, save, cancel, unsaved, generalErrors: sections.generalErrors,
    draftOffer: offer, restoreDraft, discardDraft: draft.discard, notice, configNotice: sections.configNotice, dismissConfigNotice: sections.dismissConfigNotice,
    changedMeanwhile: sections.changedMeanwhile, dismissChangedMeanwhile: sections.dismissChangedMeanwhile,
    clone,
    attachments,
    actions: { list: actions.list, phone: actions.phone, setPhone: actions.setPhone, phoneError: actions.phoneError, sending: actions.sending, send: actions.send },
    widgets: { list: widgets.list, running: widgets.running, result: widgets.result, run: widgets.run, close: widgets.close },
    shortlinks,
    ribbon: { availability: contact?.availability ?? null, forYou: Boolean(contact?.agentId && user && contact.agentId === user.id), cloneOf: contact?.originalContactId ?? null },
    locale: ctx.locale,
    embed: Boolean(embed),
    workspaceId,
    otherWorkspace,
    takeToSave: { offered: takeOffered, busy: taking, take },
    labels,
    agentNames,
    reload,
  };
};
