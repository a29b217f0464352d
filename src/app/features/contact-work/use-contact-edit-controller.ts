import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiRequestError } from '@api-client/api-error';
import type { ContactRow } from '@domain/api/contacts';
import { PRIORITY_DEFAULT, TOAST_MS } from '@domain/constants';
import { useSession } from '../../services/services-context';
import { usePermissions } from '../../session/use-permissions';
import { contactLabels, type ContactLabels } from '../../ui/contact-labels';
import { failureText } from '../../ui/failure-text';
import type { Section } from './contact-forms';
import { useContactWorkContext, useLater, useLeave, useRendererFormContext, type ContactWorkContext, type ContactWorkOptions } from './contact-work-context';
import { isEmptyDraft, type ContactDraft } from './drafts';
import { useContactDraft } from './use-contact-draft';
import { useContactForms, useSectionState, withDraft, type ContactFormScreen } from './use-contact-forms';
import { notSaved, SAVED, type SaveOutcome } from './save-failure';

/** "Other saves reload the page after 1 s" (spec 2 §4). */
export const EDIT_RELOAD_MS = 1_000;

export interface ContactEditController extends ContactFormScreen {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  contact: ContactRow | null;
  agents: Array<{ value: string; label: string }>;
  /** Whether the whole user list is offered (agentList permission: admin and team-leader). */
  agentList: boolean;
  agentId: string;
  setAgentId(id: string): void;
  priority: number;
  setPriority(p: number): void;
  saving: boolean;
  /** Resolves to what the save came to (what the Save button and Ctrl+S announce). */
  save(): Promise<SaveOutcome>;
  cancel(): void;
  /** Whether typed edits, an agent or a priority are not saved yet (leaving asks first). */
  unsaved(): boolean;
  notice: string | null;
  closing: { confirming: boolean; busy: boolean; ask(): void; cancel(): void; confirm(): Promise<void> };
  /** State and outcome labels of the workspace, by code. */
  labels: ContactLabels;
  reload(): void;
}

type AdminChoice = Pick<ContactDraft, 'agentId' | 'priority'>;

/** The agent to assign: the whole user list for agentList (admin and team-leader), else only the user (spec 2 §2.4). */
const useAgentChoices = ({ api, user }: ContactWorkContext, contact: ContactRow | null) => {
  const { agents: storedAgents } = useSession();
  const agentList = usePermissions().allowed('agentList');
  const [users, setUsers] = useState<Array<{ value: string; label: string }>>([]);
  useEffect(() => {
    if (!user) return;
    const self = [{ value: user.id, label: user.username }];
    if (!agentList) { setUsers(self); return; }
    const fromSession = storedAgents.map((a) => ({ value: a.id, label: a.username }));
    if (fromSession.length) { setUsers(fromSession.some((a) => a.value === user.id) ? fromSession : [...self, ...fromSession]); return; }
    api.auth.users().then((list) => setUsers(list.map((a) => ({ value: a.id, label: a.username }))), () => setUsers(self));
  }, [api, user, agentList, storedAgents]);
  const agents = useMemo(() => {
    if (!contact?.agentId || users.some((u) => u.value === contact.agentId) || !agentList) return users;
    return [...users, { value: contact.agentId, label: contact.agentId }];
  }, [users, contact, agentList]);
  return { agents, agentList };
};

/** The administrative edit (spec 2 §2.4): agent, priority 1–10, inputs and outputs; close with a confirmation. */
export const useContactEditController = ({ id, ...options }: { id: string } & ContactWorkOptions): ContactEditController => {
  const ctx = useContactWorkContext(options);
  const { api, services, workspace, workspaceId, t } = ctx;
  const { toasts, navigate } = services;
  const later = useLater();
  const leave = useLeave(ctx, id);
  const { forms } = useContactForms(ctx, 'edit');
  const sections = useSectionState(ctx, forms);
  const { fill, record, changes, validate, showFailure, noteChangedMeanwhile } = sections;

  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [contact, setContact] = useState<ContactRow | null>(null);
  const contactRef = useRef<ContactRow | null>(null);
  const [agentId, setAgentIdValue] = useState('');
  const [priority, setPriorityValue] = useState<number>(PRIORITY_DEFAULT);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [closeBusy, setCloseBusy] = useState(false);
  const [tick, setTick] = useState(0);
  const admin = useRef<AdminChoice>({});
  const keepContact = useCallback((row: ContactRow) => { contactRef.current = row; setContact(row); }, []);
  const { agents, agentList } = useAgentChoices(ctx, contact);

  const compose = useCallback((): ContactDraft => ({ version: contactRef.current?.version ?? null, savedAt: Date.now(), ...changes(), ...admin.current }), [changes]);
  const draft = useContactDraft(ctx, { contactId: id, view: 'edit' }, compose);
  const { writer, offer, offeredWithTyped, offerStored, taken, discard, keep, clear, expireSession } = draft;

  const show = useCallback((row: ContactRow, withChanges: ContactDraft | null) => {
    keepContact(row);
    fill(withDraft({ inputs: row.inputs, outputs: row.outputs }, withChanges), { inputs: Object.keys(withChanges?.inputs ?? {}), outputs: Object.keys(withChanges?.outputs ?? {}) });
    admin.current = { ...(withChanges?.agentId !== undefined ? { agentId: withChanges.agentId } : {}), ...(withChanges?.priority !== undefined ? { priority: withChanges.priority } : {}) };
    setAgentIdValue((withChanges?.agentId !== undefined ? withChanges.agentId : row.agentId) ?? '');
    setPriorityValue(withChanges?.priority ?? row.priority ?? PRIORITY_DEFAULT);
  }, [keepContact, fill]);

  useEffect(() => {
    let live = true;
    setStatus('loading');
    api.contactWork.get(id).then((row) => {
      if (!live) return;
      show(row, null);
      offerStored();
      setStatus('ready');
    }, (cause: unknown) => {
      if (!live) return;
      if (isApiRequestError(cause) && cause.status === 404) { navigate('/404', { replace: true }); return; }
      setError(failureText(cause, t));
      setStatus('error');
    });
    return () => { live = false; };
  }, [api, id, offerStored, show, navigate, tick]);

  const onFieldChange = useCallback((section: Section, next: Record<string, unknown>, field: string) => { record(section, next, field); writer.call(); }, [record, writer]);
  const setAgentId = useCallback((value: string) => { admin.current.agentId = value || null; setAgentIdValue(value); writer.call(); }, [writer]);
  const setPriority = useCallback((value: number) => {
    const p = Math.min(10, Math.max(1, Math.round(value) || PRIORITY_DEFAULT));
    admin.current.priority = p;
    setPriorityValue(p);
    writer.call();
  }, [writer]);

  const reload = useCallback(() => setTick((n) => n + 1), []);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    const row = contactRef.current;
    // Another workspace's contact is never saved with this workspace's forms (the view offers the switch instead).
    if (!row || saving || row.workspaceId !== workspaceId) return notSaved();
    if (!validate()) return notSaved();
    writer.flush();
    const { inputs, outputs } = changes();
    const body = {
      version: row.version,
      ...admin.current,
      ...(Object.keys(inputs).length ? { inputs } : {}),
      ...(Object.keys(outputs).length ? { outputs } : {}),
    };
    setSaving(true);
    try {
      const saved = await api.contactWork.edit(id, body, { quiet: true });
      clear();
      keepContact(saved);
      toasts.show({ intent: 'success', message: t('contactWork.save.done') });
      later(reload, EDIT_RELOAD_MS);
      return SAVED;
    } catch (cause) {
      const failure = isApiRequestError(cause) ? cause : null;
      if (failure?.status === 401) { await expireSession(); return notSaved(); }
      if (failure?.status === 409) {
        // Someone saved meanwhile: the edits go back on top of the contact as it is now, and what the other person
        // changed is listed, so the next save overwrites nothing unknowingly.
        const edits = compose();
        keep(edits);
        const fresh = await api.contactWork.get(id);
        show(fresh, edits);
        noteChangedMeanwhile({ inputs: row.inputs, outputs: row.outputs }, { inputs: fresh.inputs, outputs: fresh.outputs }, edits);
        setNotice(t('contactWork.conflict'));
        toasts.show({ intent: 'warning', message: t('contactWork.conflict'), timeout: TOAST_MS.error });
        return notSaved(t('contactWork.conflict'));
      }
      showFailure(cause);
      return notSaved();
    } finally {
      setSaving(false);
    }
  }, [saving, workspaceId, validate, writer, changes, api, id, clear, keepContact, toasts, t, later, reload, expireSession, compose, keep, show, noteChangedMeanwhile, showFailure]);

  const confirmClose = useCallback(async () => {
    setCloseBusy(true);
    try {
      keepContact(await api.contactWork.close(id));
      setConfirmingClose(false);
      toasts.show({ intent: 'success', message: t('contactWork.admin.closed') });
    } catch {
      setConfirmingClose(false);
    } finally {
      setCloseBusy(false);
    }
  }, [api, id, keepContact, toasts, t]);

  const formContext = useRendererFormContext(ctx, id);
  const labels = useMemo(() => contactLabels(workspace), [workspace]);

  return {
    status, error, contact, formKey: sections.formKey, formData: sections.formData, forms, formContext, handles: sections.handles, onFieldChange,
    agents, agentList, agentId, setAgentId, priority, setPriority,
    saving, save, cancel: () => { clear(); leave(); }, unsaved: () => !isEmptyDraft(compose()), generalErrors: sections.generalErrors,
    draftOffer: offer,
    restoreDraft: () => {
      const restored = offeredWithTyped();
      if (restored && contactRef.current) { show(contactRef.current, restored); taken(); setNotice(t('contactWork.draft.restored')); }
    },
    discardDraft: discard,
    notice,
    configNotice: sections.configNotice,
    dismissConfigNotice: sections.dismissConfigNotice,
    changedMeanwhile: sections.changedMeanwhile,
    dismissChangedMeanwhile: sections.dismissChangedMeanwhile,
    closing: { confirming: confirmingClose, busy: closeBusy, ask: () => setConfirmingClose(true), cancel: () => setConfirmingClose(false), confirm: confirmClose },
    locale: ctx.locale,
    labels,
    reload,
  };
};
