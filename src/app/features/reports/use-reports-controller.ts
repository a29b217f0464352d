import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@api-client/api-error';
import type { DownloadedFile } from '@api-client/api-client';
import { createInsightClient, type InsightClient } from '@api-client/insight-client';
import { REPORT_MAX_ORG_IDS, REPORT_PAGE_SIZE, intervalDays, type ReportDefinition, type ReportRow, type ReportRunBody } from '@domain/api/reports';
import { TOAST_MS } from '@domain/constants';
import { useServices, useSession } from '../../services/services-context';
import { usePermissions } from '../../session/use-permissions';
import { browserTimeZone, endOfDay, isoDay, startOfDay, statusText } from '../../ui/insight-format';
import { EMPTY_ORG_SELECTION, useOrgFilterCascade, type OrgFilterCascade, type OrgLookups, type OrgSelection } from '../../ui/org-filter/use-org-filter-cascade';
import { saveWithObjectUrl } from '../../ui/save-file';

/** What the reports screen needs from the server: the API client's reports and organisation calls (the test seam). */
export interface ReportsApi {
  reports: InsightClient['reports'];
  organisation: OrgLookups;
}

export interface ReportsOptions {
  api?: ReportsApi;
  /** Saves the downloaded CSV under the server's name (the browser's download by default). */
  saveFile?(file: DownloadedFile): void;
  /** Today's clock (the default of both dates). */
  now?(): Date;
}

export interface ReportsFilters {
  /** YYYY-MM-DD, both included (spec 3 §2, §9). */
  from: string | null;
  to: string | null;
  reportId: string | null;
  /** The advanced filters of the chosen report (filterContactProp, filterRefProp). */
  contactProp: string;
  refProp: string;
  org: OrgSelection;
}

/** The hint where the results go (spec 3 §2 Custom reports, §5), or the rows. */
export type ReportsHint = 'invalidInterval' | 'tooManyTeams' | 'selectReport' | 'exportToView' | 'clickSearch' | null;

export interface ReportsController {
  definitions: ReportDefinition[];
  definitionsStatus: 'loading' | 'ready' | 'error';
  reloadDefinitions(): void;
  filters: ReportsFilters;
  setFilters(next: Partial<Omit<ReportsFilters, 'reportId' | 'org'>>): void;
  /**
   * A date field holds text that is no day (31/02/2026, half a day): its stored day is not what is on screen, so the
   * interval is invalid until the text is a day again (spec 3 §5).
   */
  setDateText(field: 'from' | 'to', invalid: boolean): void;
  /** Changes when the date fields must be drawn afresh from `filters` (Reset), whatever text they hold: their key. */
  dateRound: number;
  chooseReport(reportId: string | null): void;
  report: ReportDefinition | null;
  /** The advanced filters the chosen report enables, with their labels. */
  extraFilters: { contactProp: string | null; refProp: string | null };
  /** The interval message of spec 3 §5 when the dates are missing or wrong; both date fields show in error. */
  intervalError: string | null;
  hint: ReportsHint;
  /** The hint's text: the interval message, or one of the three messages of spec 3 §2. */
  hintText: string | null;
  canSearch: boolean;
  canCsv: boolean;
  search(): void;
  downloadCsv(): Promise<void>;
  csv: { running: boolean; bytes: number };
  cancelCsv(): void;
  reset(): void;
  /** The outsourcer, call-centre and team filters: shown to roles other than team-leader and basic (teamFilter). */
  org: { visible: boolean; cascade: OrgFilterCascade; value: OrgSelection };
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The keys of the first row (spec 3 §2). */
  columns: string[];
  rows: ReportRow[];
  total: number;
  page: number;
  length: number;
  setPage(page: number): void;
  setLength(length: number): void;
}

/** What is wrong with the interval for a report (spec 3 §5), as the server counts it: null when it is valid. */
export const intervalIssue = (from: string | null, to: string | null, maxRange: number | undefined): { maxRange?: number } | null => {
  if (!from || !to) return {};
  const start = startOfDay(from);
  const end = endOfDay(to);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || start.getTime() > end.getTime()) return {};
  if (maxRange !== undefined && intervalDays(start, end) > maxRange) return { maxRange };
  return null;
};

type OrgRequest = Pick<ReportRunBody, 'outsourcerIds' | 'siteIds' | 'teamIds'>;

/**
 * The organisation part of a report request (spec 3 §4 filter cascade): the choices as they are, which the server
 * resolves to their teams, so a report never waits for the team list and an organisation with no team covers
 * nothing. More teams than a request names (REPORT_MAX_ORG_IDS) go as their organisation when they are every listed
 * team; otherwise there is no request ('tooMany').
 */
export const orgRequestOf = (org: OrgSelection, listed: { outsourcers: readonly { id: string }[]; teams: readonly { id: string }[] }): OrgRequest | 'tooMany' => {
  const part = (ids: readonly string[]) => (ids.length ? [...ids] : undefined);
  const { siteIds } = org;
  let { outsourcerIds, teamIds } = org;
  if (teamIds.length > REPORT_MAX_ORG_IDS) {
    const chosen = new Set(teamIds);
    if (!listed.teams.every((team) => chosen.has(team.id))) return 'tooMany';
    teamIds = [];
    // Every team of the caller's organisation: every outsourcer they see.
    if (!outsourcerIds.length && !siteIds.length) {
      if (!listed.outsourcers.length) return 'tooMany';
      outsourcerIds = listed.outsourcers.map((o) => o.id);
    }
  }
  if (outsourcerIds.length > REPORT_MAX_ORG_IDS || siteIds.length > REPORT_MAX_ORG_IDS) return 'tooMany';
  const result: OrgRequest = {};
  if (part(outsourcerIds)) result.outsourcerIds = part(outsourcerIds);
  if (part(siteIds)) result.siteIds = part(siteIds);
  if (part(teamIds)) result.teamIds = part(teamIds);
  return result;
};

const initialFilters = (today: string): ReportsFilters => ({ from: today, to: today, reportId: null, contactProp: '', refProp: '', org: EMPTY_ORG_SELECTION });

type Request = Omit<ReportRunBody, 'format' | 'page' | 'length'> & { reportId: string };

/**
 * Custom reports (spec 3 §2, §4, §5, §6, §8): the reports the user may run in the workspace, the interval (default
 * today) checked as the server checks it, the extra filters and the organisation cascade, a server-paged table and
 * the CSV streamed under the server's name.
 */
export const useReportsController = (options: ReportsOptions = {}): ReportsController => {
  const services = useServices();
  const { toasts, logout } = services;
  const { workspace, user } = useSession();
  const { allowed } = usePermissions();
  const { t } = useTranslation();
  const api = useMemo<ReportsApi>(() => options.api ?? { reports: createInsightClient(services.api).reports, organisation: services.api.organisation }, [options.api, services.api]);
  const saveFile = options.saveFile ?? saveWithObjectUrl;
  const nowRef = useRef(options.now ?? (() => new Date()));
  const today = () => isoDay(nowRef.current());
  const workspaceId = workspace?.id ?? '';
  const role = user?.role;

  const [definitions, setDefinitions] = useState<ReportDefinition[]>([]);
  const [definitionsStatus, setDefinitionsStatus] = useState<ReportsController['definitionsStatus']>('loading');
  const [listRound, setListRound] = useState(0);
  const [filters, setFiltersState] = useState<ReportsFilters>(() => initialFilters(today()));
  const [badDates, setBadDates] = useState({ from: false, to: false });
  const [dateRound, setDateRound] = useState(0);
  const [applied, setApplied] = useState<Request | null>(null);
  const [page, setPageState] = useState(0);
  const [length, setLengthState] = useState<number>(REPORT_PAGE_SIZE);
  const [status, setStatus] = useState<ReportsController['status']>('idle');
  const [rows, setRows] = useState<ReportRow[]>([]);
  const [total, setTotal] = useState(0);
  const [csv, setCsv] = useState({ running: false, bytes: 0 });
  const csvCancel = useRef<AbortController | null>(null);
  const request = useRef(0);

  const orgVisible = allowed('teamFilter');
  const setOrg = useCallback((org: OrgSelection) => setFiltersState((current) => ({ ...current, org })), []);
  const cascade = useOrgFilterCascade({ lookups: api.organisation, enabled: orgVisible && allowed('orgLists'), value: filters.org, onChange: setOrg });

  /** Spec 3 §8: 'OPERATION FAILED' for 5 s with the first message of a 400, the status text, a string as it is, else 'Generic Error :('; a 401 signs out. */
  const fail = useCallback((error: unknown) => {
    let message = t('reports.genericError');
    if (isApiRequestError(error)) {
      if (error.kind === 'aborted') return;
      if (error.status === 401 || error.kind === 'unauthorized') {
        void logout();
        return;
      }
      if (error.status === 400) message = error.errors[0]?.message ?? error.message;
      else if (error.status) message = statusText(error.status);
    } else if (typeof error === 'string' && error) message = error;
    toasts.show({ intent: 'danger', heading: t('reports.operationFailed'), message, timeout: TOAST_MS.error });
  }, [logout, t, toasts]);
  // The loads read the latest `fail` without depending on it: a language change must not run them again.
  const failRef = useRef(fail);
  failRef.current = fail;

  // The reports list loads for every role except basic (spec 3 §6).
  useEffect(() => {
    if (!workspaceId || !role) return;
    if (role === 'basic') {
      setDefinitions([]);
      setDefinitionsStatus('ready');
      return;
    }
    let live = true;
    setDefinitionsStatus('loading');
    api.reports.list(workspaceId).then(
      (list) => {
        if (!live) return;
        setDefinitions(list);
        setDefinitionsStatus('ready');
        setFiltersState((current) => (current.reportId && !list.some((r) => r.id === current.reportId) ? { ...current, reportId: null } : current));
      },
      (error: unknown) => {
        if (!live) return;
        setDefinitions([]);
        setDefinitionsStatus('error');
        failRef.current(error);
      },
    );
    return () => {
      live = false;
    };
  }, [api, workspaceId, role, listRound]);

  useEffect(() => {
    if (!applied || !workspaceId) return;
    const mine = ++request.current;
    setStatus('loading');
    const { reportId, ...body } = applied;
    api.reports.rows(workspaceId, reportId, { ...body, page, length }).then(
      (result) => {
        if (mine !== request.current) return;
        setRows(result.data);
        setTotal(result.total);
        setStatus('ready');
      },
      (error: unknown) => {
        if (mine !== request.current) return;
        setStatus('error');
        failRef.current(error);
      },
    );
  }, [api, applied, page, length, workspaceId]);

  const report = definitions.find((r) => r.id === filters.reportId) ?? null;
  const extraFilters = {
    contactProp: report?.filterContactProp?.enabled && report.filters.contactProp ? report.filterContactProp.label : null,
    refProp: report?.filterRefProp?.enabled && report.filters.refProp ? report.filterRefProp.label : null,
  };
  const issue = badDates.from || badDates.to ? {} : intervalIssue(filters.from, filters.to, report?.maxRange);
  const intervalError = issue ? (issue.maxRange !== undefined ? t('reports.invalidIntervalMax', { maxRange: issue.maxRange }) : t('reports.invalidInterval')) : null;
  const orgPart = !orgVisible || !report?.filters.teams ? {} : orgRequestOf(filters.org, cascade);
  const hint: ReportsHint = issue ? 'invalidInterval' : orgPart === 'tooMany' ? 'tooManyTeams' : !report ? 'selectReport' : !report.renderAllowed ? 'exportToView' : status === 'idle' ? 'clickSearch' : null;
  const hintText = hint === 'invalidInterval' ? intervalError : hint === 'tooManyTeams' ? t('reports.tooManyTeams', { max: REPORT_MAX_ORG_IDS }) : hint ? t(`reports.${hint}`) : null;
  const canCsv = report !== null && !issue && orgPart !== 'tooMany' && !csv.running;
  const canSearch = report !== null && report.renderAllowed && !issue && orgPart !== 'tooMany';

  /** The request of the current filters: the days as the ISO instants of their start and end, the chosen organisation. */
  const requestOf = (): Request | null => {
    if (!report || !filters.from || !filters.to || issue || orgPart === 'tooMany') return null;
    const contactProp = extraFilters.contactProp !== null ? filters.contactProp.trim() : '';
    const refProp = extraFilters.refProp !== null ? filters.refProp.trim() : '';
    return {
      reportId: report.id,
      from: startOfDay(filters.from).toISOString(),
      to: endOfDay(filters.to).toISOString(),
      timezone: browserTimeZone(),
      ...orgPart,
      ...(contactProp || refProp ? { extraFilters: { ...(contactProp ? { contactProp } : {}), ...(refProp ? { refProp } : {}) } } : {}),
    };
  };

  const clearResults = () => {
    request.current++;
    setApplied(null);
    setRows([]);
    setTotal(0);
    setPageState(0);
    setStatus('idle');
  };

  return {
    definitions,
    definitionsStatus,
    reloadDefinitions: () => setListRound((n) => n + 1),
    filters,
    setFilters: (next) => setFiltersState((current) => ({ ...current, ...next })),
    setDateText: (field, invalid) => setBadDates((current) => (current[field] === invalid ? current : { ...current, [field]: invalid })),
    dateRound,
    chooseReport: (reportId) => {
      if (reportId === filters.reportId) return;
      setFiltersState((current) => ({ ...current, reportId, contactProp: '', refProp: '' }));
      clearResults();
    },
    report,
    extraFilters,
    intervalError,
    hint,
    hintText,
    canSearch,
    canCsv,
    search: () => {
      const next = canSearch ? requestOf() : null;
      if (!next) return;
      setPageState(0);
      setApplied(next);
    },
    downloadCsv: async () => {
      const next = canCsv ? requestOf() : null;
      if (!next) return;
      const { reportId, ...body } = next;
      setCsv({ running: true, bytes: 0 });
      const cancel = new AbortController();
      csvCancel.current = cancel;
      try {
        const file = await api.reports.csv(workspaceId, reportId, { ...body, page: 0, length: REPORT_PAGE_SIZE }, (bytes) => setCsv({ running: true, bytes }), cancel.signal);
        saveFile(file);
        toasts.show({ intent: 'success', message: t('reports.downloaded', { filename: file.filename }) });
      } catch (error) {
        fail(error);
      } finally {
        if (csvCancel.current === cancel) csvCancel.current = null;
        setCsv({ running: false, bytes: 0 });
      }
    },
    /** Stops the CSV download under way: nothing is saved and no error is shown. */
    cancelCsv: () => csvCancel.current?.abort(),
    csv,
    // Spec 3 §4: the report choice, the dates (back to today), the results and the team selections.
    reset: () => {
      setFiltersState(initialFilters(today()));
      setBadDates({ from: false, to: false });
      setDateRound((n) => n + 1);
      cascade.chooseOutsourcers([]);
      clearResults();
    },
    org: { visible: orgVisible, cascade, value: filters.org },
    status,
    columns: rows.length ? Object.keys(rows[0]) : [],
    rows,
    total,
    page,
    length,
    setPage: setPageState,
    setLength: (next) => {
      setLengthState(next);
      setPageState(0);
    },
  };
};
