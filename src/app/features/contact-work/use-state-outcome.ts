import { useCallback, useMemo, useRef, useState } from 'react';
import type { AllowedState, HistoryEntry } from '@domain/api/contact-work';
import type { ContactRow } from '@domain/api/contacts';
import { STATE_NOTES_MAX } from '@domain/constants';
import type { ContactWorkContext } from './contact-work-context';
import type { ContactDraft } from './drafts';

type Choice = Pick<ContactDraft, 'state' | 'outcome' | 'notes'>;
/** A side list's answer: 'loading' until the first one, 'error' when the last ask failed (it keeps what it had). */
export type SideStatus = 'loading' | 'ready' | 'error';

export interface StateOutcome {
  /** A workspace with outcomes closes work by outcome, otherwise by state (spec 2 §4). */
  mode: 'state' | 'outcome';
  outcomes: Array<{ value: string; label: string }>;
  /** The states the contact may move to, and its history: the side lists, loaded after the form. */
  allowedStates: AllowedState[];
  history: HistoryEntry[];
  statesStatus: SideStatus;
  historyStatus: SideStatus;
  loadSide(): Promise<void>;
  state: string;
  setState(code: string): void;
  outcome: string;
  setOutcome(value: string): void;
  notes: string;
  setNotes(text: string): void;
  /** False while the chosen state takes no notes (its configuration's notes: false): the box is read-only, none are sent. */
  notesAllowed: boolean;
  /** Shows a contact's choice, a draft's on top. The outcome is chosen anew on each save: only a draft brings one. */
  fill(row: ContactRow, draft: ContactDraft | null): void;
  /** What the agent chose, for the draft. */
  draftPart(): Choice;
  /** What the agent chose, for the save of `row`. */
  savePart(row: ContactRow): Choice;
}

/** Whether notes go with a save that reaches `state` ('0': no state change): not to a state configured with notes: false. */
const notesAllowedFor = (workspace: ContactWorkContext['workspace'], mode: StateOutcome['mode'], state: string): boolean =>
  mode !== 'state' || state === '0' || (workspace?.states as Record<string, { notes?: boolean }> | undefined)?.[state]?.notes !== false;

/** The state or outcome, the notes and the side lists of the contact show screen (spec 2 §4). */
export const useStateOutcome = ({ api, workspace }: ContactWorkContext, id: string): StateOutcome => {
  const outcomes = useMemo(() => workspace?.outcomes ?? [], [workspace]);
  const mode: StateOutcome['mode'] = outcomes.length ? 'outcome' : 'state';
  const [allowedStates, setAllowedStates] = useState<AllowedState[]>([]);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [statesStatus, setStatesStatus] = useState<SideStatus>('loading');
  const [historyStatus, setHistoryStatus] = useState<SideStatus>('loading');
  const lastAsk = useRef(0);
  const [state, setStateValue] = useState('0');
  const [outcome, setOutcomeValue] = useState('');
  const [notes, setNotesValue] = useState('');
  const selection = useRef({ state: '0', outcome: '', notes: '', notesTouched: false });

  const loadSide = useCallback(async () => {
    const ask = ++lastAsk.current;
    // A refresh (after a save) keeps the lists on screen; after a failure the retry shows the spinner again.
    const again = (status: SideStatus): SideStatus => (status === 'ready' ? status : 'loading');
    setStatesStatus(again);
    setHistoryStatus(again);
    const [states, entries] = await Promise.all([
      api.contactWork.states(id).then((value) => ({ ok: true as const, value }), () => ({ ok: false as const })),
      api.contactWork.history(id).then((value) => ({ ok: true as const, value }), () => ({ ok: false as const })),
    ]);
    if (ask !== lastAsk.current) return;
    if (states.ok) setAllowedStates(states.value);
    setStatesStatus(states.ok ? 'ready' : 'error');
    if (entries.ok) setHistory(entries.value);
    setHistoryStatus(entries.ok ? 'ready' : 'error');
  }, [api, id]);

  const setState = useCallback((code: string) => { selection.current.state = code; setStateValue(code); }, []);
  const setOutcome = useCallback((value: string) => { selection.current.outcome = value; setOutcomeValue(value); }, []);
  const setNotes = useCallback((text: string) => {
    const cut = text.slice(0, STATE_NOTES_MAX);
    selection.current = { ...selection.current, notes: cut, notesTouched: true };
    setNotesValue(cut);
  }, []);

  const fill = useCallback((row: ContactRow, draft: ContactDraft | null) => {
    selection.current = { state: draft?.state ?? '0', outcome: draft?.outcome ?? '', notes: draft?.notes ?? row.notes ?? '', notesTouched: draft?.notes !== undefined };
    setStateValue(selection.current.state);
    setOutcomeValue(selection.current.outcome);
    setNotesValue(selection.current.notes);
  }, []);

  const draftPart = useCallback((): Choice => {
    const sel = selection.current;
    return { ...(sel.state !== '0' ? { state: sel.state } : {}), ...(sel.outcome ? { outcome: sel.outcome } : {}), ...(sel.notesTouched ? { notes: sel.notes } : {}) };
  }, []);
  const savePart = useCallback((row: ContactRow): Choice => {
    const sel = selection.current;
    return {
      ...(mode === 'state' && sel.state !== '0' ? { state: sel.state } : {}),
      ...(mode === 'outcome' && sel.outcome ? { outcome: sel.outcome } : {}),
      ...(sel.notesTouched && sel.notes !== (row.notes ?? '') && notesAllowedFor(workspace, mode, sel.state) ? { notes: sel.notes.slice(0, STATE_NOTES_MAX) } : {}),
    };
  }, [mode, workspace]);

  const notesAllowed = notesAllowedFor(workspace, mode, state);
  return { mode, outcomes, allowedStates, history, statesStatus, historyStatus, loadSide, state, setState, outcome, setOutcome, notes, setNotes, notesAllowed, fill, draftPart, savePart };
};
