import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiRequestError } from '@api-client/api-error';
import { TOAST_MS } from '@domain/constants';
import { withoutNulls } from '../../ui/form-values';
import { useSession } from '../../services/services-context';
import { embedPath } from '../../session/auth-service';
import type { SessionState } from '../../session/session-store';
import { permissionsOf } from '../../session/use-permissions';
import type { Section } from './contact-forms';
import { useContactWorkContext, useLater, useLeave, useRendererFormContext, type ContactWorkOptions } from './contact-work-context';
import { isEmptyDraft, type ContactDraft } from './drafts';
import { useContactDraft } from './use-contact-draft';
import { useContactForms, useSectionState, withDraft, type ContactFormScreen } from './use-contact-forms';

export const CREATE_TIMINGS = { back: 1_500, show: 1_000 } as const;

/** The workspace's entry state must be one agents may choose (spec 2 §5). */
const manualEntry = (workspace: SessionState['workspace']): boolean => Boolean(workspace?.entryState && workspace.states?.[workspace.entryState]?.manual === true);

/** Whether the session may create contacts: the route's insert rule (it asks for a manual entry state too). */
const mayCreate = (session: Pick<SessionState, 'user' | 'workspace'>): boolean => permissionsOf(session).allowed('insert');

export type CreateMode = 'save' | 'continue' | 'back';

export interface ContactCreateController extends ContactFormScreen {
  /** The workspace's entry state must be manual (spec 2 §5). */
  allowed: boolean;
  saving: CreateMode | null;
  /** Saved, waiting for the delayed redirect: the save buttons stay disabled so a second click makes no duplicate. */
  leaving: boolean;
  save(mode: CreateMode): Promise<void>;
  /** Leaves the form, dropping its draft (the view asks first when something is typed: `unsaved`). */
  cancel(): void;
  /** Whether values are typed and not saved (leaving would throw them away). */
  unsaved(): boolean;
  /** Save and continue is hidden in embed view. */
  embed: boolean;
}

/** The new-contact form (spec 2 §2.5): Cancel, Save and continue, Save, Save and back. */
export const useContactCreateController = ({ embed = false, ...options }: { embed?: boolean } & ContactWorkOptions = {}): ContactCreateController => {
  const ctx = useContactWorkContext(options);
  const { api, services, workspace, workspaceId, t } = ctx;
  const { toasts } = services;
  const { embed: embedData } = useSession();
  const later = useLater();
  const leave = useLeave(ctx);
  const allowed = manualEntry(workspace);
  const { forms } = useContactForms(ctx, 'create');
  const sections = useSectionState(ctx, forms);
  const { handles, values, fill, record, changes, validate, showFailure } = sections;
  const [saving, setSaving] = useState<CreateMode | null>(null);
  const [leaving, setLeaving] = useState(false);

  const compose = useCallback((): ContactDraft => {
    const { inputs, outputs } = changes();
    return { version: null, savedAt: Date.now(), inputs: withoutNulls(inputs), outputs: withoutNulls(outputs) };
  }, [changes]);
  const draft = useContactDraft(ctx, { contactId: 'new', view: 'create' }, compose);
  const { writer, offer, offeredWithTyped, offerStored, taken, discard, clear, expireSession } = draft;
  useEffect(() => offerStored(), [offerStored]);

  // A published configuration that takes creating away closes the form (the route, or the view, leads to /403) with
  // no render in between: when that is why the form goes, say so, and that what was typed is kept as this form's draft.
  const openedWith = useRef(workspace);
  const latest = useRef({ compose, writer, t });
  latest.current = { compose, writer, t };
  useEffect(() => () => {
    const before = openedWith.current;
    const now = services.store.getState();
    if (!before || now.workspace?.id !== before.id || now.workspace === before || mayCreate(now)) return;
    const { compose: typedNow, writer: pending, t: tr } = latest.current;
    pending.flush();
    const kept = !isEmptyDraft(typedNow());
    toasts.show({ intent: 'warning', heading: tr('configChange.title'), message: tr(kept ? 'contactWork.createRevoked.kept' : 'contactWork.createRevoked.plain'), timeout: 0 });
  }, [services, toasts]);

  /** Empty forms, or a draft's values typed in. */
  const reset = useCallback((withValues: ContactDraft | null) => {
    const next = withDraft({ inputs: {}, outputs: {} }, withValues);
    fill(next, { inputs: Object.keys(next.inputs), outputs: Object.keys(next.outputs) });
  }, [fill]);

  const onFieldChange = useCallback((section: Section, next: Record<string, unknown>, field: string) => { record(section, next, field); writer.call(); }, [record, writer]);

  const save = useCallback(async (mode: CreateMode) => {
    if (saving || leaving || !allowed || !validate()) return;
    writer.flush();
    const rawData = withoutNulls(handles.inputs.current?.getValues() ?? values.current.inputs);
    const outputs = withoutNulls(handles.outputs.current?.getValues() ?? values.current.outputs);
    setSaving(mode);
    try {
      const created = await api.contactWork.insert(workspaceId, { rawData, ...(Object.keys(outputs).length ? { outputs } : {}) }, { quiet: true });
      clear();
      // Save opens the new contact, unless the caller does not see it (an agent who sees only their own contacts):
      // then the form is made ready for the next one after the same second, and the toast says why.
      const stays = mode === 'save' && !created.visible;
      toasts.show(stays
        ? { intent: 'success', message: t('contactWork.save.createdNotVisible', { id: created.id }), timeout: TOAST_MS.error }
        : { intent: 'success', message: t('contactWork.save.created'), timeout: mode === 'back' ? CREATE_TIMINGS.back : undefined });
      const leaveNow = (to: string | undefined) => { leave(to); setLeaving(false); };
      if (mode !== 'continue') setLeaving(true);
      if (mode === 'continue') reset(null);
      else if (stays) later(() => { reset(null); setLeaving(false); }, CREATE_TIMINGS.show);
      else if (mode === 'back') later(() => leaveNow(embed ? '/contacts/embed/list' : undefined), CREATE_TIMINGS.back);
      // In embed view the new contact opens in the embedded entry of the call (its bar, 'set disposition').
      else later(() => leaveNow(embed && embedData ? embedPath({ ...embedData, contactId: created.id }) : `/contacts/show/${created.id}`), CREATE_TIMINGS.show);
    } catch (cause) {
      if (isApiRequestError(cause) && cause.status === 401) { await expireSession(); return; }
      showFailure(cause);
    } finally {
      setSaving(null);
    }
  }, [saving, leaving, allowed, validate, writer, handles, values, api, workspaceId, clear, toasts, t, reset, later, leave, embed, embedData, expireSession, showFailure]);

  const formContext = useRendererFormContext(ctx);

  return {
    allowed, forms, formKey: sections.formKey, formData: sections.formData, formContext, handles, onFieldChange, saving, leaving, save,
    cancel: () => { clear(); leave(embed ? '/contacts/embed/list' : undefined); },
    unsaved: () => !isEmptyDraft(compose()),
    generalErrors: sections.generalErrors, draftOffer: offer,
    configNotice: sections.configNotice,
    dismissConfigNotice: sections.dismissConfigNotice,
    changedMeanwhile: sections.changedMeanwhile,
    dismissChangedMeanwhile: sections.dismissChangedMeanwhile,
    restoreDraft: () => { const restored = offeredWithTyped(); if (restored) { reset(restored); taken(); } },
    discardDraft: discard,
    embed, locale: ctx.locale,
  };
};
