import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isApiRequestError } from '@api-client/api-error';
import { createInsightClient } from '@api-client/insight-client';
import type { UserListItem } from '@domain/api/auth';
import { EVENTS_PAGE_SIZE, type EventDetail, type EventRow } from '@domain/api/events';
import { TOAST_MS } from '@domain/constants';
import { isContactId } from '../../routes/paths';
import { useServices, useSession } from '../../services/services-context';
import { contactLabels, type ContactLabels } from '../../ui/contact-labels';
import { usePermissions } from '../../session/use-permissions';
import { useAgentNames, type AgentNames } from '../../session/use-agent-names';
import { endOfDay, startOfDay, statusText } from '../../ui/insight-format';

export interface EventsFilters {
  contactId: string;
  agents: string[];
  /** YYYY-MM-DD, both included. */
  from: string | null;
  to: string | null;
}

export interface EventsController {
  filters: EventsFilters;
  setFilters(next: Partial<EventsFilters>): void;
  /** A date field holds text that is no day: its stored day is not what is on screen, so there is no search. */
  setDateText(field: 'from' | 'to', invalid: boolean): void;
  /** Changes when the date fields must be drawn afresh from `filters` (Reset), whatever text they hold: their key. */
  dateRound: number;
  /**
   * Why the contact id typed is not one (24 hexadecimal characters), or null: said at once for a character or a length
   * no id has, and for a short one once the field is left or a search is asked for.
   */
  contactIdError: string | null;
  /** The contact id field was left: from now on a short id is marked in error. */
  contactIdLeft(): void;
  /** The search runs only with a contact id (spec 3 §2) that is one, and dates that are days or empty. */
  canSearch: boolean;
  search(): void;
  reset(): void;
  /** Agents to filter by, for the roles that load them (agentList); empty otherwise. */
  agents: UserListItem[];
  agentFilter: boolean;
  /** Usernames by user id for the agent column (the shared lookup, with the users this screen loaded). */
  agentNames: AgentNames;
  /** State and outcome labels of the workspace, by code. */
  labels: ContactLabels;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the last search failed (status 'error'); its rows are cleared, so no other contact's events stay on screen. */
  error: string | null;
  /** Runs the failed search again. */
  retry(): void;
  rows: EventRow[];
  total: number;
  page: number;
  pageCount: number;
  length: number;
  setPage(page: number): void;
  detail: { open: boolean; loading: boolean; event: EventDetail | null; row: EventRow | null; error: string | null };
  openDetail(row: EventRow): void;
  closeDetail(): void;
}

const EMPTY: EventsFilters = { contactId: '', agents: [], from: null, to: null };
const NO_DETAIL: EventsController['detail'] = { open: false, loading: false, event: null, row: null, error: null };

/** The events log (spec 3 §2 Events log, §8): filters, a server-paged table newest first, the detail drawer. */
export const useEventsController = (): EventsController => {
  const { api, toasts, logout } = useServices();
  const { workspace, agents: storedAgents } = useSession();
  const { allowed } = usePermissions();
  const { t } = useTranslation();
  const client = useMemo(() => createInsightClient(api), [api]);
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFiltersState] = useState<EventsFilters>(() => ({ ...EMPTY, contactId: searchParams.get('contactId') ?? '' }));
  const [badDates, setBadDates] = useState({ from: false, to: false });
  const [contactIdChecked, setContactIdChecked] = useState(false);
  const [dateRound, setDateRound] = useState(0);
  const [applied, setApplied] = useState<EventsFilters | null>(null);
  const [page, setPageState] = useState(0);
  const [status, setStatus] = useState<EventsController['status']>('idle');
  const [rows, setRows] = useState<EventRow[]>([]);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [detail, setDetail] = useState<EventsController['detail']>(NO_DETAIL);
  const [agents, setAgents] = useState<UserListItem[]>(storedAgents);
  const agentFilter = allowed('agentList');
  const workspaceId = workspace?.id ?? '';
  const request = useRef(0);

  useEffect(() => {
    if (!agentFilter || storedAgents.length) return;
    api.auth.users().then(setAgents, () => setAgents([]));
  }, [api, agentFilter, storedAgents]);

  /**
   * Spec 3 §8: a 400 shows the first message of its errors list, a 401 signs out, other statuses their text.
   * Answers the message shown, for the page to repeat where the failure is (null: nothing to show).
   */
  const fail = useCallback((error: unknown): string | null => {
    if (isApiRequestError(error)) {
      if (error.kind === 'aborted') return null;
      if (error.status === 401) {
        void logout();
        return null;
      }
      if (error.status) {
        const message = error.status === 400 ? error.errors[0]?.message ?? error.message : statusText(error.status);
        toasts.show({ intent: 'danger', heading: t('events.errorHeading'), message });
        return message;
      }
    }
    const message = t('events.fallbackError');
    toasts.show({ intent: 'danger', heading: t('events.errorHeading'), message, timeout: TOAST_MS.error });
    return message;
  }, [logout, t, toasts]);

  useEffect(() => {
    if (!applied || !workspaceId) return;
    const mine = ++request.current;
    setStatus('loading');
    setError(null);
    client.events
      .search(workspaceId, {
        contactId: applied.contactId.trim(),
        ...(applied.agents.length ? { agents: applied.agents } : {}),
        ...(applied.from ? { from: startOfDay(applied.from).toISOString() } : {}),
        ...(applied.to ? { to: endOfDay(applied.to).toISOString() } : {}),
        page,
        length: EVENTS_PAGE_SIZE,
        sort: 'at',
        order: 'desc',
      })
      .then(
        (result) => {
          if (mine !== request.current) return;
          setRows(result.data);
          setTotal(result.total);
          setStatus('ready');
        },
        (cause: unknown) => {
          if (mine !== request.current) return;
          // The rows on screen answered another search (maybe another contact): they go with the failure.
          setRows([]);
          setTotal(0);
          setStatus('error');
          setError(fail(cause) ?? t('events.fallbackError'));
        },
      );
  }, [applied, page, workspaceId, client, fail, t, attempt]);

  const typedId = filters.contactId.trim();
  // A character no id has, or too many of them, is said at once; an id still being typed once the field is left.
  const neverAnId = /[^0-9a-fA-F]/.test(typedId) || typedId.length > 24;
  const idIsValid = isContactId(typedId);
  const contactIdError = typedId !== '' && !idIsValid && (contactIdChecked || neverAnId) ? t('events.contactIdInvalid') : null;
  const canSearch = idIsValid && !badDates.from && !badDates.to;

  const search = useCallback(() => {
    setContactIdChecked(true);
    if (!canSearch) return;
    setPageState(0);
    setApplied({ ...filters });
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      next.set('contactId', filters.contactId.trim());
      return next;
    }, { replace: true });
  }, [canSearch, filters, setSearchParams]);

  // A link with ?contactId= opens on its events (a link whose id is no id shows the field in error instead).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !workspaceId) return;
    opened.current = true;
    if (isContactId(filters.contactId.trim())) setApplied({ ...filters });
    else if (filters.contactId.trim()) setContactIdChecked(true);
  }, [filters, workspaceId]);

  const openDetail = useCallback((row: EventRow) => {
    setDetail({ open: true, loading: true, event: null, row, error: null });
    client.events.detail(workspaceId, row.id).then(
      (event) => setDetail((current) => (current.row?.id === row.id ? { ...current, loading: false, event } : current)),
      (cause: unknown) => {
        const message = fail(cause) ?? t('events.fallbackError');
        setDetail((current) => (current.row?.id === row.id ? { ...current, loading: false, error: message } : current));
      },
    );
  }, [client, workspaceId, fail, t]);

  const labels = useMemo(() => contactLabels(workspace), [workspace]);
  const agentNames = useAgentNames(agents);

  return {
    filters,
    setFilters: (next) => setFiltersState((current) => ({ ...current, ...next })),
    setDateText: (field, invalid) => setBadDates((current) => (current[field] === invalid ? current : { ...current, [field]: invalid })),
    dateRound,
    contactIdError,
    contactIdLeft: () => setContactIdChecked(true),
    canSearch,
    search,
    reset: () => {
      request.current++;
      setFiltersState(EMPTY);
      setBadDates({ from: false, to: false });
      setContactIdChecked(false);
      setDateRound((n) => n + 1);
      setApplied(null);
      setRows([]);
      setTotal(0);
      setPageState(0);
      setStatus('idle');
      setError(null);
    },
    agents,
    agentFilter,
    agentNames,
    labels,
    status,
    error,
    retry: () => setAttempt((n) => n + 1),
    rows,
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / EVENTS_PAGE_SIZE)),
    length: EVENTS_PAGE_SIZE,
    setPage: setPageState,
    detail,
    openDetail,
    closeDetail: () => setDetail(NO_DETAIL),
  };
};
