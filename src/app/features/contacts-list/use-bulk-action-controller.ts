import { useCallback, useMemo, useState } from 'react';
import type { ContactFilter, MassiveActionBody } from '@domain/api/contacts';
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
  /** Shows 'CONTATTI LAVORATI:{done}/{count}'. */
  onWorked(done: number, count: number): void;
  onDone(): void;
}

/** The bulk-actions menu and dialog of spec 2 §2.2 and §5, headless. */
export const useBulkActionController = ({ api, workspaceId, actions, selectedIds, filter, total, onWorked, onDone }: BulkActionDeps): BulkActionController => {
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
  const limitValid = selectedCount > 0 || validLimit(limit, total);
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
