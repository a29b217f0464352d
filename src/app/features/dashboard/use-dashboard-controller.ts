import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isApiRequestError } from '@api-client/api-error';
import { createInsightClient } from '@api-client/insight-client';
import {
  DASHBOARD_DURATION_DEFAULT,
  activeDashboards,
  maxDuration,
  type AgentKpi,
  type AvailabilityData,
  type DashboardTab,
  type StateData,
} from '@domain/api/dashboard';
import type { StateConfig } from '@domain/generated/workspace';
import { useServices, useSession } from '../../services/services-context';
import { browserTimeZone, isoDay, startOfDay, statusText } from '../../ui/insight-format';

export interface Panel<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | null;
  error: string | null;
}

export type AgentSortKey = 'username' | 'isOnline' | 'lastSignin' | 'dailyTaken' | 'dailyReleased';

export interface DashboardController {
  tabs: DashboardTab[];
  tab: DashboardTab | null;
  setTab(tab: DashboardTab): void;
  duration: number;
  maxDuration: number;
  setDuration(days: number): void;
  refresh(): void;
  states: { code: string; label: string }[];
  stateLabel(code: string): string;
  availability: Panel<AvailabilityData> & { page: number; pageCount: number; setPage(page: number): void };
  stateChanges: Panel<StateData> & { firstState: string | null; endState: string | null; setFirstState(code: string): void; setEndState(code: string): void };
  agents: Panel<AgentKpi[]> & { sort: { key: AgentSortKey; order: 'asc' | 'desc' }; setSort(key: AgentSortKey): void; sorted: AgentKpi[] };
}

const PAGE = 10;
const loading = <T,>(): Panel<T> => ({ status: 'loading', data: null, error: null });

/** The start of the first day of a period of `days` days ending today (local midnight). */
export const periodStart = (days: number, now = new Date()): string => {
  const first = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return startOfDay(isoDay(first)).toISOString();
};

/** The three dashboards (spec 3 §2 Dashboard): the active tabs, the duration, and each tab's figures from the server. */
export const useDashboardController = (): DashboardController => {
  const { api, logout } = useServices();
  const { workspace } = useSession();
  const { t } = useTranslation();
  const client = useMemo(() => createInsightClient(api), [api]);
  const workspaceId = workspace?.id ?? '';
  const tabs = useMemo(() => activeDashboards(workspace), [workspace]);
  const max = maxDuration(workspace);
  // The tab lives in the address (`?tab=`), so a reload or a shared link opens the same one; an address naming a tab
  // the workspace does not list (or none) leads to its first active tab.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = (tabs as (string | null)[]).includes(asked) ? (asked as DashboardTab) : (tabs[0] ?? null);
  const setTab = useCallback((next: DashboardTab | null, replace = false) => setParams((previous) => {
    const kept = new URLSearchParams(previous);
    if (next) kept.set('tab', next);
    else kept.delete('tab');
    return kept;
  }, { replace }), [setParams]);
  const [duration, setDurationState] = useState(Math.min(DASHBOARD_DURATION_DEFAULT, max));
  const [tick, setTick] = useState(0);
  const [availability, setAvailability] = useState<Panel<AvailabilityData>>(loading);
  const [availabilityPage, setAvailabilityPage] = useState(0);
  const [stateChanges, setStateChanges] = useState<Panel<StateData>>(loading);
  const [firstState, setFirstState] = useState<string | null>(null);
  const [endState, setEndState] = useState<string | null>(null);
  const [agents, setAgents] = useState<Panel<AgentKpi[]>>(loading);
  const [sort, setSortState] = useState<DashboardController['agents']['sort']>({ key: 'username', order: 'asc' });
  const latest = useRef<Record<DashboardTab, number>>({ availability: 0, contacts: 0, agents: 0 });

  useEffect(() => {
    if (asked !== tab) setTab(tab, true);
  }, [asked, tab, setTab]);
  useEffect(() => setDurationState((d) => Math.min(d, max)), [max]);

  const states = useMemo(
    () => Object.entries((workspace?.states ?? {}) as Record<string, StateConfig>).map(([code, s]) => ({ code, label: s.label ?? code })),
    [workspace],
  );
  const stateLabel = useCallback((code: string) => states.find((s) => s.code === code)?.label ?? code, [states]);

  /** A failure as its panel shows it; a lost session signs out (spec 3 §8). */
  const failure = useCallback((error: unknown): string | null => {
    if (isApiRequestError(error)) {
      if (error.kind === 'aborted') return null;
      if (error.status === 401) {
        void logout();
        return null;
      }
      if (error.status === 400) return error.errors[0]?.message ?? error.message;
      if (error.status) return statusText(error.status);
    }
    return t('dashboard.error');
  }, [logout, t]);

  const load = useCallback(<T,>(which: DashboardTab, set: (panel: Panel<T>) => void, run: () => Promise<T>) => {
    const mine = ++latest.current[which];
    set({ status: 'loading', data: null, error: null });
    run().then(
      (data) => {
        if (mine === latest.current[which]) set({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (mine !== latest.current[which]) return;
        const message = failure(error);
        set({ status: 'error', data: null, error: message ?? t('dashboard.error') });
      },
    );
  }, [failure, t]);

  const timezone = useMemo(() => browserTimeZone(), []);

  useEffect(() => {
    if (!workspaceId || tab !== 'availability') return;
    load('availability', setAvailability, () => client.dashboard.availability(workspaceId, { from: periodStart(duration), timezone, page: availabilityPage, length: PAGE }));
  }, [tab, workspaceId, duration, availabilityPage, tick, client, load, timezone]);

  useEffect(() => {
    if (!workspaceId || tab !== 'contacts') return;
    load('contacts', setStateChanges, () =>
      client.dashboard.state(workspaceId, { from: periodStart(duration), timezone, ...(firstState ? { firstState } : {}), ...(endState ? { endState } : {}) }));
  }, [tab, workspaceId, duration, firstState, endState, tick, client, load, timezone]);

  useEffect(() => {
    if (!workspaceId || tab !== 'agents') return;
    load('agents', setAgents, () => client.dashboard.agents(workspaceId, timezone));
  }, [tab, workspaceId, tick, client, load, timezone]);

  const sorted = useMemo(() => {
    const list = [...(agents.data ?? [])];
    const value = (a: AgentKpi): string | number => {
      const v = a[sort.key];
      return typeof v === 'boolean' ? Number(v) : v ?? '';
    };
    list.sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return sort.order === 'asc' ? order : -order;
    });
    return list;
  }, [agents.data, sort]);

  return {
    tabs,
    tab,
    setTab,
    duration,
    maxDuration: max,
    setDuration: (days) => {
      if (!Number.isFinite(days)) return;
      setAvailabilityPage(0);
      setDurationState(Math.min(max, Math.max(1, Math.round(days))));
    },
    refresh: () => setTick((n) => n + 1),
    states,
    stateLabel,
    availability: { ...availability, page: availabilityPage, pageCount: Math.max(1, Math.ceil((availability.data?.total ?? 0) / PAGE)), setPage: setAvailabilityPage },
    stateChanges: { ...stateChanges, firstState: firstState ?? stateChanges.data?.firstState ?? null, endState: endState ?? stateChanges.data?.endState ?? null, setFirstState, setEndState },
    agents: {
      ...agents,
      sort,
      sorted,
      setSort: (key) => setSortState((current) => ({ key, order: current.key === key && current.order === 'asc' ? 'desc' : 'asc' })),
    },
  };
};
