import { useHotkeys, type HotkeyConfig } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isApiRequestError } from '@api-client/api-error';
import { useServices, useSession } from '../../services/services-context';
import { consumeTaken, noteTaken } from '../../shell/hotkeys/after-take';
import { announce } from '../../shell/hotkeys/announcer';
import { cycleFocus, focusFirstEditable, focusFirstInvalid, moveGroup, unlessDialogOpen } from '../../shell/hotkeys/focus-moves';
import { HOTKEYS } from '../../shell/hotkeys/hotkey-combos';
import { failureText } from '../../ui/failure-text';
import type { SaveOutcome } from './save-failure';

/** What the contact screens' shortcuts need from their controller (show, edit and the embedded entry share it). */
export interface HotkeyTarget {
  status: 'loading' | 'ready' | 'error';
  contact: { id: string; version: number } | null;
  generalErrors: readonly string[];
  /** What the save came to: the announcement says that, not whether the contact's version changed. */
  save(): Promise<SaveOutcome>;
  cancel(): void;
  /** Whether edits, a state, an outcome or notes are typed and not saved (releasing or leaving throws them away). */
  unsaved?(): boolean;
}

/**
 * An action that, with unsaved work, waits for the user's yes: leaving (Cancel, Alt+W: leaving deletes the draft),
 * releasing (Alt+R works inside a field) and taking the next contact (the edits stay only as a draft).
 */
export interface AskFirst {
  confirming: boolean;
  /** Runs at once when nothing is unsaved, otherwise asks. */
  ask(): void;
  confirm(): void;
  cancel(): void;
}
export type LeaveConfirmation = AskFirst;
export type ReleaseConfirmation = AskFirst;

/** `run`, asking first while `unsaved()` says so; both are read when used, so they may change on every render. */
const useAskFirst = (unsaved: () => boolean, run: () => void): AskFirst => {
  const latest = useRef({ unsaved, run });
  latest.current = { unsaved, run };
  const [confirming, setConfirming] = useState(false);
  const ask = useCallback(() => {
    if (latest.current.unsaved()) setConfirming(true);
    else latest.current.run();
  }, []);
  return useMemo<AskFirst>(() => ({
    confirming,
    ask,
    confirm: () => { setConfirming(false); latest.current.run(); },
    cancel: () => setConfirming(false),
  }), [confirming, ask]);
};

const panels = () => document.querySelector<HTMLElement>('.cm-contact-work .cm-panels');
/** Alt+E goes round these, in page order: the state picker or the outcome picker (whichever the workspace uses), then the notes. */
const PICKER_CONTROLS = '#cm-state, #cm-outcome, #cm-notes';
const FIRST_FIELD_WAIT_MS = 3_000;
/** How long the save's result may take to reach the screen's state before nothing is announced. */
const SAVE_RESULT_WAIT_MS = 3_000;

/** Focuses the first editable field of the contact as soon as its form has drawn one. */
const focusFirstFieldSoon = (): (() => void) => {
  const until = performance.now() + FIRST_FIELD_WAIT_MS;
  let frame = 0;
  const attempt = () => {
    if (focusFirstEditable(panels()) || performance.now() > until) return;
    frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
};

/** Leaving (Cancel, Alt+W) with unsaved work waits for the user's yes: show, edit and create ask the same. */
export const useLeaveConfirmation = (target: Pick<HotkeyTarget, 'unsaved' | 'cancel'>): LeaveConfirmation =>
  useAskFirst(() => target.unsaved?.() ?? false, () => target.cancel());

/** The keys every contact form has: Alt+W (leave, asking first), Alt+PageDown / Alt+PageUp (field groups). */
const formKeys = (t: TFunction, group: string, askLeave: () => void): HotkeyConfig[] => [
  { combo: HOTKEYS.close, label: t('hotkeys.close'), group, global: true, allowInInput: true, preventDefault: true, onKeyDown: unlessDialogOpen(askLeave) },
  { combo: HOTKEYS.nextGroup, label: t('hotkeys.nextGroup'), group, global: true, allowInInput: true, preventDefault: true, onKeyDown: unlessDialogOpen(() => moveGroup(panels(), 1)) },
  { combo: HOTKEYS.previousGroup, label: t('hotkeys.previousGroup'), group, global: true, allowInInput: true, preventDefault: true, onKeyDown: unlessDialogOpen(() => moveGroup(panels(), -1)) },
];

/** The new-contact form's shortcuts: Alt+W asks like its Cancel, and the field groups (its saves are its buttons). */
export const useCreateHotkeys = (target: Pick<HotkeyTarget, 'unsaved' | 'cancel'>): { leave: LeaveConfirmation } => {
  const { t } = useTranslation();
  const leave = useLeaveConfirmation(target);
  const { ask } = leave;
  const hotkeys = useMemo(() => formKeys(t, t('hotkeys.contact'), ask), [t, ask]);
  useHotkeys(hotkeys);
  return { leave };
};

/**
 * The contact screens' shortcuts (README "Keyboard") and the focus that follows the work: the first field after a
 * take; after a save the focus back where it was and the result in the polite live region. Returns the save to bind
 * to the Save button too, so a click is announced the same way.
 */
export const useContactHotkeys = (c: HotkeyTarget, options: { picker: boolean; release: boolean; takeNext: boolean }) => {
  const { t } = useTranslation();
  const { api, toasts, navigate } = useServices();
  const { workspace } = useSession();
  const latest = useRef({ c, options, workspaceId: workspace?.id ?? '' });
  latest.current = { c, options, workspaceId: workspace?.id ?? '' };

  const shownId = c.status === 'ready' ? c.contact?.id : undefined;
  useEffect(() => (shownId && consumeTaken(shownId) ? focusFirstFieldSoon() : undefined), [shownId]);

  const saveAnnounced = useCallback(async () => {
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusedId = focused?.id;
    // Announced from what the save came to: a refused save re-reads the contact too (409, 403), so a new version
    // says nothing about it.
    const outcome = await latest.current.c.save();
    // A refusal's errors reach the screen's state on a later render: wait for them (a busy machine may need several
    // frames), so the reason is announced whatever the timing.
    const settledBy = performance.now() + SAVE_RESULT_WAIT_MS;
    do await new Promise((resolve) => requestAnimationFrame(resolve));
    while (!outcome.saved && !outcome.reason && !latest.current.c.generalErrors.length && performance.now() < settledBy);
    const after = latest.current.c;
    const reason = outcome.saved ? '' : outcome.reason ?? after.generalErrors.join(' ');
    if (outcome.saved) announce(t('hotkeys.saved'));
    else if (reason) announce(t('hotkeys.saveFailed', { reason }));
    // A save the form refused: the focus goes to the first field to correct, not back to the button.
    const refused = !outcome.saved && after.generalErrors.length > 0 && focusFirstInvalid(panels());
    if (!refused && focused && document.activeElement !== focused) {
      const back = focused.isConnected ? focused : focusedId ? document.getElementById(focusedId) : null;
      back?.focus();
    }
  }, [t]);

  // One take-next at a time: every request assigns a contact, and a key held down or pressed twice on a slow network
  // would leave the agent holding contacts they never open.
  const takingNext = useRef(false);
  const takeNext = useCallback(async () => {
    const { workspaceId, options: o } = latest.current;
    if (!o.takeNext || !workspaceId || takingNext.current) return;
    takingNext.current = true;
    try {
      const { id } = await api.contacts.takeNext(workspaceId, { quiet: true });
      noteTaken(id);
      navigate(`/contacts/show/${id}`);
    } catch (error) {
      if (isApiRequestError(error) && error.kind === 'aborted') return;
      toasts.show({ intent: 'warning', message: isApiRequestError(error) && error.status === 404 ? t('contactsList.noNewContact') : failureText(error, t) });
    } finally {
      takingNext.current = false;
    }
  }, [api, navigate, toasts, t]);

  const unsaved = useCallback(() => latest.current.c.unsaved?.() ?? false, []);
  // Taking the next contact with unsaved work asks first, as releasing and leaving do: the edits stay only as a draft.
  const takeNextConfirmation = useAskFirst(unsaved, () => void takeNext());
  const askTakeNext = takeNextConfirmation.ask;

  const releaseNow = useCallback(async () => {
    const { c: current, options: o } = latest.current;
    const id = current.contact?.id;
    if (!o.release || !id) return;
    try {
      await api.contacts.release(id);
      toasts.show({ intent: 'success', message: t('contactsList.released', { id }) });
      current.cancel();
    } catch (error) {
      // The client already toasted a failure it handled: one toast per failure.
      if (isApiRequestError(error) && error.handled) return;
      toasts.show({ intent: 'danger', message: failureText(error, t) });
    }
  }, [api, toasts, t]);
  const releaseConfirmation = useAskFirst(unsaved, () => void releaseNow());
  const askRelease = releaseConfirmation.ask;
  const release = useCallback(() => {
    const { c: current, options: o } = latest.current;
    if (o.release && current.contact) askRelease();
  }, [askRelease]);

  const leaveConfirmation = useLeaveConfirmation(c);
  const askLeave = leaveConfirmation.ask;

  const group = t('hotkeys.contact');
  const hotkeys = useMemo<HotkeyConfig[]>(() => {
    const keys: HotkeyConfig[] = [
      { combo: HOTKEYS.save, label: t('hotkeys.save'), group, global: true, allowInInput: true, preventDefault: true, stopPropagation: true, onKeyDown: unlessDialogOpen(() => void saveAnnounced()) },
      ...formKeys(t, group, askLeave),
    ];
    if (options.picker) {
      keys.push({ combo: HOTKEYS.statePicker, label: t('hotkeys.statePicker'), group, global: true, allowInInput: true, preventDefault: true,
        onKeyDown: unlessDialogOpen(() => cycleFocus(PICKER_CONTROLS)) });
    }
    if (options.takeNext) keys.push({ combo: HOTKEYS.takeNext, label: t('hotkeys.takeNext'), group, global: true, allowInInput: true, preventDefault: true, onKeyDown: unlessDialogOpen(askTakeNext) });
    if (options.release) keys.push({ combo: HOTKEYS.release, label: t('hotkeys.release'), group, global: true, allowInInput: true, preventDefault: true, onKeyDown: unlessDialogOpen(release) });
    return keys;
  }, [t, group, saveAnnounced, askLeave, askTakeNext, release, options.picker, options.takeNext, options.release]);
  useHotkeys(hotkeys);
  return { save: saveAnnounced, release: releaseConfirmation, takeNext: takeNextConfirmation, leave: leaveConfirmation };
};
