import { useCallback, useMemo, useState } from 'react';
import { BULK_COUNT_MAX, type ContactFilter, type MassiveActionBody } from '@domain/api/contacts';
import type { UserListItem } from '@domain/api/auth';
import type { MassiveAction } from '@domain/generated/workspace';
import { agentCap, agentDisabled as isAgentDisabled, paramProblems, toggleAgent as toggled, validLimit, type ParamProblem } from './list-rules';
import type { ContactListApi } from './list-renderer-services';

/** The bulk result toast shows for 3 s (spec 2 §8, §9). */
export const BULK_TOAST_MS = 3_000;

export interface BulkActionController {
  actions: readonly MassiveAction[];
  /** The action whose dialog is open. */
  current: MassiveAction | null;
  start(action: MassiveAction): void;
  close(): void;
  /** The selected rows it will work; 0 means "everything matching the filter", up to `limit`. */
  selectedCount: number;
  limit: number;
  setLimit(limit: number): void;
  limitValid: boolean;
  /** The largest contacts limit: the total, or BULK_COUNT_MAX when the total is a lower bound. */
  limitMax: number;
  agents: readonly UserListItem[];
  agentsLoading: boolean;
  chosenAgents: readonly string[];
  agentCap: number | null;
  toggleAgent(id: string): void;
  agentDisabled(id: string): boolean;
  params: Readonly<Record<string, string>>;
  setParam(name: string, value: string): void;
  problems: Readonly<Record<string, ParamProblem>>;
  /** Problems show once the user has tried to run or touched the field. */
  touched: boolean;
  /** Everything the action needs is there (the run button stays enabled so pressing it shows what is missing). */
  valid: boolean;
  running: boolean;
  run(): Promise<void>;
}

export interface BulkActionDeps {
  api: ContactListApi;
  workspaceId: string;
  actions: readonly MassiveAction[];
  selectedIds: readonly string[];
  /** The list filter as sent to the search (used when no row is selected). */
  filter: ContactFilter;
  total: number;
  /** The total is a lower bound ("10.000+"): the contacts limit may go past it, up to BULK_COUNT_MAX. */
  totalCapped?: boolean;
  /** Shows 'CONTATTI LAVORATI:{done}/{count}'. */
  onWorked(done: number, count: number): void;
  onDone(): void;
}

/** The bulk-actions menu and dialog of spec 2 §2.2 and §5, headless. */
export const useBulkActionController = ({ api, workspaceId, actions, selectedIds, filter, total, totalCapped = false, onWorked, onDone }: BulkActionDeps): BulkActionController => {
  // Spec 2 §5: the limit defaults to the total rows; when only a lower bound of them is known, any number up to the
  // most one action works is allowed (the server works what matches, in the list's order).
  const limitMax = totalCapped ? BULK_COUNT_MAX : total;
  const [current, setCurrent] = useState<MassiveAction | null>(null);
  const [limit, setLimit] = useState(0);
  const [agents, setAgents] = useState<UserListItem[]>([]);
  const [agentsLoading, setAgentsLoading] = useState(false);
  const [chosenAgents, setChosenAgents] = useState<string[]>([]);
  const [params, setParams] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);
  const [running, setRunning] = useState(false);

  const start = useCallback((action: MassiveAction) => {
    setCurrent(action);
    setLimit(total);
    setChosenAgents([]);
    setParams({});
    setTouched(false);
    if (action.onAction.type === 'assign') {
      setAgentsLoading(true);
      api.auth.users().then(
        (users) => { setAgents(users); setAgentsLoading(false); },
        () => { setAgents([]); setAgentsLoading(false); },
      );
    }
  }, [api, total]);

  const problems = useMemo(() => (current ? paramProblems(current.additionalParams ?? [], params) : {}), [current, params]);
  const selectedCount = selectedIds.length;
  const limitValid = selectedCount > 0 || validLimit(limit, limitMax);
  const agentsOk = !current || current.onAction.type !== 'assign' || chosenAgents.length > 0;
  const valid = Boolean(current) && limitValid && agentsOk && Object.keys(problems).length === 0;

  const run = useCallback(async () => {
    setTouched(true);
    if (!current || !valid || running) return;
    const additionalParams = Object.fromEntries(Object.entries(params).filter(([, value]) => value.trim() !== '').map(([key, value]) => [key, value.trim()]));
    const body: MassiveActionBody = selectedCount
      ? { contactIds: [...selectedIds] }
      : { filters: filter, count: limit };
    if (Object.keys(additionalParams).length) body.additionalParams = additionalParams;
    if (current.onAction.type === 'assign') body.agentsToBeAssigned = [...chosenAgents];
    setRunning(true);
    try {
      const done = await api.contacts.massiveAction(workspaceId, current.key, body);
      onWorked(done, selectedCount || limit);
      setCurrent(null);
      onDone();
    } catch {
      // the API client has reported the failure; the dialog stays open to correct it
    } finally {
      setRunning(false);
    }
  }, [api, valid, running, chosenAgents, current, filter, limit, onDone, onWorked, params, selectedCount, selectedIds, workspaceId]);

  return {
    actions,
    current,
    start,
    close: () => setCurrent(null),
    selectedCount,
    limit,
    setLimit,
    limitValid,
    limitMax,
    agents,
    agentsLoading,
    chosenAgents,
    agentCap: current ? agentCap(current) : null,
    toggleAgent: (id) => { if (current) setChosenAgents((chosen) => toggled(current, chosen, id)); },
    agentDisabled: (id) => (current ? isAgentDisabled(current, chosenAgents, id) : false),
    params,
    setParam: (name, value) => { setTouched(true); setParams((values) => ({ ...values, [name]: value })); },
    problems,
    touched,
    valid,
    running,
    run,
  };
};
