import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isApiRequestError } from '@api-client/api-error';
import type { ContactRow } from '@domain/api/contacts';
import type { SavedDisposition } from '@domain/api/embed';
import { TOAST_MS } from '@domain/constants';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { isContactId } from '../../routes/paths';
import { useServices, useSession } from '../../services/services-context';
import type { EmbedData } from '../../session/session-store';
import { useAgentNames } from '../../session/use-agent-names';
import { noteTaken } from '../../shell/hotkeys/after-take';
import { failureText } from '../../ui/failure-text';
import { UNKNOWN_CONTACT, callerIdSearch, lookupOutcome, severalMatchesSearch } from './embed-lookup';
import { browserMessenger, type EmbedCall, type EmbedMessage, type EmbedMessenger } from './embed-messages';

/** The route's parameters; contactId is absent on the route used after taking a contact from the embed list. */
export interface EmbedRouteParams {
  contactId?: string;
  campaign: string;
  agent: string;
  guid: string;
  callerid: string;
  workspaceId: string;
}

export type EmbedStatus =
  | { kind: 'switching' }
  | { kind: 'searching' }
  /** `heldBy`: the take was refused because another user holds the contact (their user id). */
  | { kind: 'contact'; contactId: string; heldBy?: string }
  | { kind: 'none' }
  /** The host page gave a contact id that does not exist (or no longer does). */
  | { kind: 'missing'; contactId: string }
  | { kind: 'several'; contactIds: string[] }
  | { kind: 'error'; message: string };

export interface EmbedController {
  status: EmbedStatus;
  call: EmbedCall;
  /** The contact the call is about, once there is exactly one. */
  contactId: string | null;
  /** When another user holds the contact: who (their username, or null when unknown) and why it cannot be saved. */
  heldBy: { userId: string; name: string | null; reason: string } | null;
  dispositionOpen: boolean;
  openDisposition(): void;
  closeDisposition(): void;
  onDispositionSaved(saved: SavedDisposition): void;
  /** After the disposition is saved: the stored embed data is gone and the host was told. */
  finished: boolean;
  /**
   * The hooks the contact screen calls (spec 2 §4): a blocked save opens the disposition dialog; done resets.
   * `saveBlockedReason`: set when the contact is someone else's, for the screen to keep Save disabled with it.
   */
  contactHooks: EmbedContactHooks;
  /** After a failed lookup or workspace switch (status 'error'): runs them again. */
  retry(): void;
}

export interface EmbedContactHooks {
  onSaveBlocked(): void;
  onDone(): void;
  /** The contact screen found no such contact: said in this page, which stays in the host's frame (not a /404). */
  onNotFound(): void;
  saveBlockedReason: string | null;
}

/** How the automatic take of the one match ended (null: aborted). */
type TakeOutcome = { taken: true } | { taken: false; heldBy: string | null };

export interface EmbedControllerOptions {
  params: EmbedRouteParams;
  messenger?: EmbedMessenger;
  now?: () => number;
}

/**
 * The embedded entry of spec 2 §2.10 without a view: keeps the embed data (spec 1 §3), opens the call's workspace
 * (switching and reloading when it is not the current one), looks the caller up when the contact is unknown, takes a
 * single match, and tells the host page what happened, only at the workspace's parentOrigin.
 */
export const useEmbedController = ({ params, messenger: givenMessenger, now = Date.now }: EmbedControllerOptions): EmbedController => {
  const services = useServices();
  const { api, store, auth, toasts } = services;
  const { workspace, dataModel, user } = useSession();
  const agentNames = useAgentNames();
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const messenger = useMemo(() => givenMessenger ?? browserMessenger(), [givenMessenger]);

  const call = useMemo<EmbedCall>(
    () => ({ campaign: params.campaign, agent: params.agent, guid: params.guid, callerid: params.callerid, workspaceId: params.workspaceId }),
    [params.campaign, params.agent, params.guid, params.callerid, params.workspaceId],
  );
  const callKey = JSON.stringify(call);
  // Without a contact id in the route, the contact is the one the embed list stored when it was taken (EmbedScreen
  // mounts the entry afresh for each route path, so this is read again when the list's take leads here).
  const [routeContact] = useState(() => params.contactId ?? store.getState().embed?.contactId ?? UNKNOWN_CONTACT);
  const givenContact = params.contactId ?? routeContact;

  const [status, setStatus] = useState<EmbedStatus>({ kind: 'searching' });
  const [dispositionOpen, setDispositionOpen] = useState(false);
  const [finished, setFinished] = useState(false);

  const parentOrigin = (workspace as { parentOrigin?: string } | null)?.parentOrigin;
  const post = useCallback((message: EmbedMessage) => {
    const outcome = messenger.post(store.getState().workspace?.parentOrigin ?? parentOrigin, call, message);
    return outcome;
  }, [messenger, store, parentOrigin, call]);

  const setEmbed = useCallback((contactId: string) => {
    const next: EmbedData = { ...call, contactId };
    if (JSON.stringify(store.getState().embed) !== JSON.stringify(next)) store.setEmbed(next);
  }, [call, store]);

  const tellWorkspaceSwitch = useCallback(() => {
    const stored = services.sessionStorage.getItem(STORAGE_KEYS.embedSwitchedFrom);
    if (!stored) return;
    services.sessionStorage.removeItem(STORAGE_KEYS.embedSwitchedFrom);
    try {
      const { from, to } = JSON.parse(stored) as { from?: string; to?: string };
      if (to !== call.workspaceId || !from) return;
      toasts.show({ intent: 'primary', message: t('embed.workspaceSwitched', { from, to: workspace?.name ?? to }), timeout: TOAST_MS.error });
    } catch {
      // A value this app did not write: nothing to tell.
    }
  }, [services, call.workspaceId, toasts, t, workspace]);

  // One run per call and attempt (StrictMode mounts twice; a take must not run twice); Retry is a new attempt.
  const started = useRef<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const workspaceId = workspace?.id ?? null;
  const contactProperty = (dataModel as { modelContactProperty?: string } | null)?.modelContactProperty;
  const userId = user?.id ?? null;

  /**
   * Takes the one match. A refusal (closed, not processable, suspended, someone else's) is an expected answer, not an
   * error: no error toast; whose the contact is decides what the agent is told.
   */
  const takeMatch = useCallback(async (match: ContactRow): Promise<TakeOutcome | null> => {
    try {
      await api.contacts.take(match.id, { quiet: true });
      return { taken: true };
    } catch (failure) {
      if (!isApiRequestError(failure)) return { taken: false, heldBy: null };
      if (failure.kind === 'aborted') return null;
      if (failure.status !== 409) {
        // Not a refusal of this contact (a missing permission, a failure): said, and the contact is still shown (a 401
        // is the contact screen's, whose load signs the user out).
        if (failure.status !== 401) toasts.show({ intent: 'danger', message: t('embed.takeRefused', { reason: failureText(failure, t) }), timeout: TOAST_MS.error });
        return { taken: false, heldBy: null };
      }
      // Whose it is now: the lookup's row may predate a colleague's take.
      const current = await api.contactWork.get(match.id, undefined, { quiet: true }).catch(() => match);
      if (current.agentId !== null && current.agentId === userId) return { taken: true };
      return { taken: false, heldBy: current.agentId };
    }
  }, [api, toasts, t, userId]);

  useEffect(() => {
    const runKey = `${callKey}#${givenContact}#${attempt}`;
    if (started.current === runKey) return;
    if (workspaceId !== call.workspaceId) {
      started.current = runKey;
      setEmbed(givenContact);
      setStatus({ kind: 'switching' });
      // Never silently: after the reload the agent is told which workspace the call moved them from.
      services.sessionStorage.setItem(STORAGE_KEYS.embedSwitchedFrom, JSON.stringify({ from: workspace?.name ?? workspaceId ?? '', to: call.workspaceId }));
      // Another workspace: load it and its data model, then the page again (spec 2 §2.10).
      auth.switchWorkspace(call.workspaceId).then(
        () => services.reload(),
        (failure: unknown) => setStatus({ kind: 'error', message: t('embed.workspaceFailed', { workspaceId: call.workspaceId }) + (isApiRequestError(failure) ? ` (${failureText(failure, t)})` : '') }),
      );
      return;
    }
    if (!dataModel) return;
    started.current = runKey;
    tellWorkspaceSwitch();
    if (isContactId(givenContact)) {
      setEmbed(givenContact);
      setStatus({ kind: 'contact', contactId: givenContact });
      post({ type: 'contact-manager:lookup', result: 'given', contactId: givenContact, contactIds: [givenContact] });
      return;
    }
    setEmbed(UNKNOWN_CONTACT);
    setStatus({ kind: 'searching' });
    void (async () => {
      try {
        const answer = await api.embed.searchRef(callerIdSearch(call.callerid, call.workspaceId, contactProperty, now()), { quiet: true });
        const outcome = lookupOutcome(answer.data.map((row) => row.id));
        if (outcome.kind === 'one') {
          // Closed, suspended or already someone's: the agent still sees it (and may set the disposition).
          const take = await takeMatch(answer.data[0]);
          if (!take) return;
          // Taken: its screen opens with the focus in the first editable field (README "Keyboard").
          if (take.taken) noteTaken(outcome.contactId);
          setEmbed(outcome.contactId);
          setStatus({ kind: 'contact', contactId: outcome.contactId, ...(!take.taken && take.heldBy ? { heldBy: take.heldBy } : {}) });
          post({ type: 'contact-manager:lookup', result: 'one', contactId: outcome.contactId, contactIds: [outcome.contactId] });
        } else if (outcome.kind === 'none') {
          toasts.show({ intent: 'warning', message: t('embed.noMatch'), timeout: TOAST_MS.error });
          setStatus({ kind: 'none' });
          post({ type: 'contact-manager:lookup', result: 'none', contactId: null, contactIds: [] });
        } else {
          toasts.show({ intent: 'warning', message: t('embed.severalMatches'), timeout: TOAST_MS.error });
          setSearchParams(severalMatchesSearch(outcome.contactIds), { replace: true });
          setStatus({ kind: 'several', contactIds: outcome.contactIds });
          post({ type: 'contact-manager:lookup', result: 'several', contactId: null, contactIds: outcome.contactIds });
        }
      } catch (failure) {
        if (isApiRequestError(failure) && failure.kind === 'aborted') return;
        setStatus({ kind: 'error', message: `${t('embed.lookupFailed')}${isApiRequestError(failure) ? `: ${failureText(failure, t)}` : ''}` });
      }
    })();
  }, [callKey, givenContact, attempt, workspaceId, dataModel, call, contactProperty, api, auth, services, setEmbed, post, toasts, t, now, setSearchParams, tellWorkspaceSwitch, workspace, takeMatch]);

  const contactId = status.kind === 'contact' ? status.contactId : null;
  const heldById = status.kind === 'contact' ? status.heldBy ?? null : null;
  const heldBy = useMemo(() => {
    if (!heldById) return null;
    const name = agentNames.get(heldById) ?? null;
    return { userId: heldById, name, reason: name ? t('embed.heldBy', { user: name }) : t('embed.heldBySomeone') };
  }, [heldById, agentNames, t]);

  const onDone = useCallback(() => {
    // After a save or a cancel the stored contact id goes back to unknown (spec 2 §2.10).
    const stored = store.getState().embed;
    if (stored) store.setEmbed({ ...stored, contactId: UNKNOWN_CONTACT });
    if (contactId) post({ type: 'contact-manager:contact-done', contactId });
  }, [store, contactId, post]);

  const onNotFound = useCallback(() => {
    setStatus((current) => (current.kind === 'contact' ? { kind: 'missing', contactId: current.contactId } : current));
  }, []);

  const onDispositionSaved = useCallback((saved: SavedDisposition) => {
    setDispositionOpen(false);
    store.setEmbed(null);
    setFinished(true);
    post({ type: 'contact-manager:disposition-saved', contactId: saved.contactId, disposition: saved });
    toasts.show({ intent: 'success', message: t('embed.disposition.saved'), timeout: TOAST_MS.error });
  }, [store, post, toasts, t]);

  return {
    status,
    call,
    contactId,
    heldBy,
    dispositionOpen,
    openDisposition: () => setDispositionOpen(true),
    closeDisposition: () => setDispositionOpen(false),
    onDispositionSaved,
    finished,
    contactHooks: useMemo(() => ({ onSaveBlocked: () => setDispositionOpen(true), onDone, onNotFound, saveBlockedReason: heldBy?.reason ?? null }), [onDone, onNotFound, heldBy]),
    retry: () => { if (status.kind === 'error') setAttempt((n) => n + 1); },
  };
};
