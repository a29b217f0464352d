import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { RendererFormContext, RendererLocale } from '@renderers/form-context';
import { isApiRequestError } from '@api-client/api-error';
import type { DownloadedFile } from '@api-client/api-client';
import type { ContactFilter, ContactRow, KpiData } from '@domain/api/contacts';
import { KPI_REFRESH_MS, LIST_PAGE_SIZES } from '@domain/constants';
import type { DataModel } from '@domain/generated/data-model';
import type { MassiveAction, Workspace } from '@domain/generated/workspace';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { applyFilterRules } from '@domain/contact-filter-rules';
import { embedDefaultFilter, translateList, type ListColumn, type ListTranslation } from '@translator/translate-list';
import { useServices, useSession } from '../../services/services-context';
import { useAgentNames } from '../../session/use-agent-names';
import { failureText } from '../../ui/failure-text';
import { rememberListReturn, takeListScroll } from '../../ui/list-return';
import type { OrgLookups, OrgSelection } from '../../ui/org-filter/use-org-filter-cascade';
import { canTakeRow } from '../../ui/take-rules';
import { canReleaseRow } from './list-rules';
import { listRendererServices, type ContactListApi } from './list-renderer-services';
import { compactFilter, readListFilter, writeListFilter } from './list-url-state';
import { BULK_TOAST_MS, useBulkActionController, type BulkActionController } from './use-bulk-action-controller';
import { localeOf } from '../../ui/renderer-locale';
import { saveWithObjectUrl } from '../../ui/save-file';
import { takeNextOffered, usePermissions } from '../../session/use-permissions';
import { noteTaken } from '../../shell/hotkeys/after-take';
import { translationProblemText } from '../../ui/translation-problem-text';

export type ListStatus = 'invalid' | 'loading' | 'ready' | 'error';
export interface ListSort { key: string; order: 'asc' | 'desc' }
export interface RowPermissions { show: boolean; edit: boolean; take: boolean; release: boolean }

export interface ContactListOptions {
  /** /contacts/embed/list: no CSV, no bulk actions; the embed default filters (spec 2 §2.2, §2.10). */
  embed?: boolean;
  /** Saves a downloaded file; the browser default uses an object URL. */
  saveFile?: (file: DownloadedFile) => void;
}

export interface ContactListController {
  status: ListStatus;
  /** Why the workspace configuration cannot be listed (status 'invalid'). */
  problems: string[];
  translation: ListTranslation | null;
  columns: readonly ListColumn[];
  filter: ContactFilter;
  setFilter(next: ContactFilter): void;
  resetFilters(): void;
  rows: readonly ContactRow[];
  total: number;
  /** More contacts match than the server counts (LIST_TOTAL_CAP): total is a lower bound, shown as "10.000+". */
  totalCapped: boolean;
  page: number;
  pageCount: number;
  length: number;
  pageSizes: readonly number[];
  setPage(page: number): void;
  setLength(length: number): void;
  sort: ListSort | null;
  setSort(sort: ListSort | null): void;
  reload(): void;
  kpi: KpiData | null;
  allowed: { create: boolean; takeNext: boolean; csvExport: boolean; massiveActions: boolean };
  rowPermissions(row: ContactRow): RowPermissions;
  openShow(row: ContactRow): void;
  openEdit(row: ContactRow): void;
  create(): void;
  take(row: ContactRow): Promise<void>;
  release(row: ContactRow): Promise<void>;
  takeNext(): Promise<void>;
  /** A take-next request is under way: another one would give the agent a second contact (the button waits). */
  takingNext: boolean;
  /** Row ids being taken or released. */
  busyIds: ReadonlySet<string>;
  selection: {
    ids: readonly string[];
    isSelected(id: string): boolean;
    toggle(id: string): void;
    /** Selects every row of the page, or clears them when all are selected. */
    togglePage(): void;
    clear(): void;
    pageState: 'none' | 'some' | 'all';
  };
  exporting: { running: boolean; bytes: number };
  exportCsv(): Promise<void>;
  /** Stops the export under way: nothing is saved and no error is shown. */
  stopExport(): void;
  bulk: BulkActionController;
  formContext: RendererFormContext | null;
  locale: RendererLocale;
  currentUserId: string | undefined;
  /** Usernames by user id for the assigned-agent column: the agents list of the session, and the user. */
  agentNames: ReadonlyMap<string, string>;
  embed: boolean;
  /** The URL search this render reflects (browser tests wait for it to match the address bar). */
  renderedSearch: string;
  /**
   * The outsourcer, call-centre and team filters as one cascade (spec 2 §6, the translator's orgCascade): shown when
   * the role has them and may load the organisation lists; `showTeams` when the team filter is part of it.
   */
  org: { visible: boolean; showTeams: boolean; lookups: OrgLookups; value: OrgSelection; setValue(next: OrgSelection): void };
  /**
   * The focused row, remembered per page of this filter (forgotten when the filter changes): `note` records the row
   * the view's focus is on; `remembered` answers the row to give the focus back to once this page's rows are loaded,
   * i.e. the one last focused here or the contact the agent just came back from.
   */
  rowFocus: { note(id: string): void; remembered(): string | null };
}

const EMPTY_ROWS: ContactRow[] = [];

/** The contact list (spec 2 §2.2) without a view: page state in the URL, server paging, permissions, actions. */
export const useContactListController = (options: ContactListOptions = {}): ContactListController => {
  const embed = options.embed === true;
  const saveFile = options.saveFile ?? saveWithObjectUrl;
  const services = useServices();
  const api = services.api as ContactListApi;
  const { toasts, navigate, sessionStorage } = services;
  const { user, workspace, dataModel, agents, embed: embedData } = useSession();
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();

  const translated = useMemo(() => (user && workspace && dataModel ? translateList(dataModel, workspace, user.role) : null), [user, workspace, dataModel]);
  const translation = translated?.ok ? translated.value : null;
  const problems = useMemo(
    () => (translated && !translated.ok ? translated.problems.map(translationProblemText) : !workspace || !dataModel ? [t('app.noWorkspaceInSession')] : []),
    [translated, workspace, dataModel, t],
  );
  const workspaceId = workspace?.id ?? '';

  // Permissions: the translator's json-logic rules, the same the server enforces (spec 2 §6).
  const { allowed: allows } = usePermissions({ embed });

  // The filter lives in the URL; the translator's defaults (and the embed ones) fill what the URL leaves out.
  const defaults = useMemo<ContactFilter>(() => {
    const base = translation?.filters.defaults ?? { page: 0, length: LIST_PAGE_SIZES[0], order: 'desc' as const };
    return embed && dataModel ? { ...base, ...embedDefaultFilter(dataModel as DataModel, embedData?.callerid) } : base;
  }, [translation, embed, dataModel, embedData]);
  const filter = useMemo(() => readListFilter(searchParams, defaults), [searchParams, defaults]);
  const writeFilter = useCallback((next: ContactFilter) => {
    const params = writeListFilter(next, defaults);
    if (params.toString() !== writeListFilter(filter, defaults).toString()) setSearchParams(params);
  }, [defaults, filter, setSearchParams]);

  const requestFilter = useMemo(() => compactFilter(filter), [filter]);
  const requestKey = JSON.stringify(requestFilter);

  const [reloadToken, setReloadToken] = useState(0);
  // The answer remembers the request it answers, so the status is 'loading' from the very render that changes the
  // filter (no stale 'ready' frame), while the previous rows stay on screen under the spinner.
  const loadKey = `${requestKey}#${reloadToken}`;
  const [loaded, setLoaded] = useState<{ key: string; rows: ContactRow[]; total: number; totalCapped?: boolean } | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  // A failure belongs to the request it answered: a filter changed away and back is asked again, not shown as failed
  // (cleared during this render, so no frame shows the old error).
  const [askedKey, setAskedKey] = useState(loadKey);
  if (askedKey !== loadKey) {
    setAskedKey(loadKey);
    if (failedKey !== null) setFailedKey(null);
  }
  useEffect(() => {
    if (!translation || !workspaceId) return undefined;
    let live = true;
    api.contacts.search(workspaceId, JSON.parse(requestKey) as ContactFilter).then(
      (answer) => {
        if (!live) return;
        setLoaded({ key: loadKey, rows: answer.data as ContactRow[], total: answer.total, totalCapped: answer.totalCapped === true });
        setFailedKey(null);
      },
      (error: unknown) => {
        if (!live || (isApiRequestError(error) && error.kind === 'aborted')) return;
        setFailedKey(loadKey);
      },
    );
    return () => { live = false; };
  }, [api, translation, workspaceId, requestKey, loadKey]);
  const status: ListStatus = failedKey === loadKey ? 'error' : loaded?.key === loadKey ? 'ready' : 'loading';
  const focusedRows = useRef(new Map<number, string>());
  const result = loaded ?? { rows: EMPTY_ROWS, total: 0 };

  // Back from a contact: the page the agent left (its address) scrolled where it was, once its rows are on screen.
  const listPath = searchParams.toString() ? `/contacts/list?${searchParams.toString()}` : '/contacts/list';
  useEffect(() => {
    if (status !== 'ready' || embed) return;
    const at = takeListScroll(sessionStorage, listPath);
    if (!at) return;
    if (at.rowId) focusedRows.current.set(filter.page ?? 0, at.rowId);
    const restore = () => {
      window.scrollTo(0, at.scrollY);
      const box = document.querySelector('.cm-contacts-list__table');
      if (box) box.scrollLeft = at.scrollLeft;
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(restore); else restore();
  }, [status, embed, sessionStorage, listPath, filter.page]);
  const rememberPlace = useCallback(() => {
    if (embed) return;
    rememberListReturn(sessionStorage, { path: listPath, scrollY: window.scrollY, scrollLeft: document.querySelector('.cm-contacts-list__table')?.scrollLeft ?? 0 });
  }, [embed, sessionStorage, listPath]);

  // KPI strip, refreshed every 60 s (spec 2 §2.2, §9).
  const [kpi, setKpi] = useState<KpiData | null>(null);
  useEffect(() => {
    if (!workspaceId || !translation) return undefined;
    let live = true;
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const load = () => api.contacts.kpi(workspaceId, timezone).then((data) => { if (live) setKpi(data); }, () => undefined);
    void load();
    const timer = setInterval(() => void load(), KPI_REFRESH_MS);
    return () => { live = false; clearInterval(timer); };
  }, [api, workspaceId, translation, reloadToken]);

  // Selection survives paging but not a change of the filter itself.
  const [selected, setSelected] = useState<string[]>([]);
  const selectionKey = JSON.stringify({ ...requestFilter, page: undefined });
  useEffect(() => { setSelected([]); focusedRows.current.clear(); }, [selectionKey]);

  const length = filter.length ?? LIST_PAGE_SIZES[0];
  const page = filter.page ?? 0;
  const total = result.total;
  const totalCapped = 'totalCapped' in result && result.totalCapped === true;
  const pageCount = Math.max(1, Math.ceil(total / length));
  const rows = result.rows;
  const sort = filter.sort ? { key: filter.sort, order: filter.order ?? 'desc' } : null;

  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const withBusy = async (id: string, work: () => Promise<void>) => {
    setBusy((ids) => new Set(ids).add(id));
    try {
      await work();
    } finally {
      setBusy((ids) => { const next = new Set(ids); next.delete(id); return next; });
    }
  };

  const goShow = useCallback((id: string) => {
    sessionStorage.setItem(STORAGE_KEYS.agentScriptOpen, 'true');
    rememberPlace();
    navigate(`/contacts/show/${id}`);
  }, [navigate, sessionStorage, rememberPlace]);

  /** In embed view a contact opens in the embedded entry, with the call's bar and 'set disposition', not on /contacts/show. */
  const openInEmbed = (id: string): boolean => {
    if (!embed || !embedData) return false;
    sessionStorage.setItem(STORAGE_KEYS.agentScriptOpen, 'true');
    // The route without contact id shows the contact the stored embed data names (issue 7).
    services.store.setEmbed({ ...embedData, contactId: id });
    const { campaign, agent, guid, callerid, workspaceId: embedWorkspace } = embedData;
    navigate(`/contacts/embed/${[campaign, agent, guid, callerid, embedWorkspace].map(encodeURIComponent).join('/')}`);
    return true;
  };

  const afterTake = (id: string) => {
    noteTaken(id);
    if (!openInEmbed(id)) goShow(id);
  };

  // One take-next at a time: each request assigns a contact, so a second click (or Alt+N) while the first runs would
  // leave the agent holding contacts they never open. The ref answers at once; the state shows the button busy.
  const takeNextRunning = useRef(false);
  const [takingNext, setTakingNext] = useState(false);

  const [exporting, setExporting] = useState({ running: false, bytes: 0 });
  const exportCancel = useRef<AbortController | null>(null);
  const reload = useCallback(() => setReloadToken((n) => n + 1), []);
  const onWorked = useCallback((done: number, count: number) => {
    toasts.show({ intent: 'success', message: t('contactsList.bulk.worked', { done, count }), timeout: BULK_TOAST_MS });
  }, [t, toasts]);
  const onBulkDone = useCallback(() => { setSelected([]); reload(); }, [reload]);

  const bulk = useBulkActionController({
    api,
    workspaceId,
    actions: (workspace as Workspace | null)?.massiveActions ?? ([] as MassiveAction[]),
    selectedIds: selected,
    filter: { ...requestFilter, page: undefined, length: undefined },
    total,
    totalCapped,
    onWorked,
    onDone: onBulkDone,
  });

  // The team filter's options come from the teams list, which loads only where the orgLists rule allows (spec 1 §6).
  const teamsAllowed = allows('orgLists');
  const orgCascade = useMemo(() => ((translation?.filters.uiSchema['ui:options'] as { orgCascade?: string[] } | undefined)?.orgCascade ?? []), [translation]);
  const orgLookups = useMemo<OrgLookups>(() => ({
    outsourcers: () => api.organisation.outsourcers(),
    sites: (ids) => api.organisation.sites(ids),
    teams: (ids) => api.organisation.teams(ids),
  }), [api]);
  const orgValue = useMemo<OrgSelection>(() => ({ outsourcerIds: filter.outsourcerIds ?? [], siteIds: filter.siteIds ?? [], teamIds: filter.teamIds ?? [] }), [filter.outsourcerIds, filter.siteIds, filter.teamIds]);
  const agentNames = useAgentNames();
  const formContext = useMemo<RendererFormContext | null>(
    () => (workspaceId ? { services: listRendererServices(api, workspaceId, agents, { teams: teamsAllowed }), locale: localeOf(i18n.language) } : null),
    [api, workspaceId, agents, teamsAllowed, i18n.language],
  );

  const pageIds = rows.map((row) => row.id);
  const onPage = pageIds.filter((id) => selected.includes(id)).length;

  return {
    status: translation ? status : 'invalid',
    problems,
    translation,
    columns: translation?.columns ?? [],
    filter,
    setFilter: (next) => writeFilter({ ...applyFilterRules(filter, next), page: 0, length: filter.length, order: filter.order, sort: filter.sort }),
    resetFilters: () => writeFilter({ ...defaults, length: filter.length, order: filter.order, sort: filter.sort }),
    rows,
    total,
    totalCapped,
    page,
    pageCount,
    length,
    pageSizes: LIST_PAGE_SIZES,
    setPage: (next) => writeFilter({ ...filter, page: Math.max(0, Math.min(next, pageCount - 1)) }),
    setLength: (next) => writeFilter({ ...filter, length: next, page: 0 }),
    sort,
    // Default order is descending (spec 2 §9); clearing the sort keeps it.
    setSort: (next) => writeFilter({ ...filter, sort: next?.key, order: next?.order ?? 'desc', page: 0 }),
    reload,
    kpi,
    allowed: {
      create: allows('insert'),
      takeNext: takeNextOffered(workspace as Workspace | null, allows),
      csvExport: !embed && allows('csvExport'),
      massiveActions: !embed && allows('massiveActions') && bulk.actions.length > 0,
    },
    rowPermissions: (row) => ({
      show: allows('show', row),
      edit: allows('edit', row),
      take: allows('take', row) && canTakeRow(row),
      // someone else's contact only for those who assign contacts to others (the server's rule)
      release: allows('release', row) && canReleaseRow(row) && (row.agentId === user?.id || allows('agentList', row)),
    }),
    openShow: (row) => { if (!openInEmbed(row.id)) goShow(row.id); },
    openEdit: (row) => { rememberPlace(); navigate(`/contacts/edit/${row.id}`); },
    // The create form knows it was opened from the embed view: no 'Save and continue', back to the embed list (spec 2 §2.5).
    create: () => { rememberPlace(); if (embed) navigate('/contacts/create', { state: { embed: true } }); else navigate('/contacts/create'); },
    take: (row) => withBusy(row.id, async () => {
      try {
        await api.contacts.take(row.id);
      } catch {
        reload();
        return;
      }
      afterTake(row.id);
    }),
    release: (row) => withBusy(row.id, async () => {
      try {
        await api.contacts.release(row.id);
        toasts.show({ intent: 'success', message: t('contactsList.released', { id: row.id }) });
      } finally {
        reload();
      }
    }).catch(() => undefined),
    takeNext: async () => {
      if (takeNextRunning.current) return;
      takeNextRunning.current = true;
      setTakingNext(true);
      try {
        const { id } = await api.contacts.takeNext(workspaceId, { quiet: true });
        afterTake(id);
      } catch (error) {
        if (isApiRequestError(error) && error.kind === 'aborted') return;
        if (isApiRequestError(error) && error.status === 404) toasts.show({ intent: 'warning', message: t('contactsList.noNewContact') });
        else toasts.show({ intent: 'danger', heading: t('contacts.list.toast.onError.heading'), message: failureText(error, t) });
      } finally {
        takeNextRunning.current = false;
        setTakingNext(false);
      }
    },
    takingNext,
    busyIds: busy,
    selection: {
      ids: selected,
      isSelected: (id) => selected.includes(id),
      toggle: (id) => setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id])),
      togglePage: () => setSelected((ids) => (pageIds.length > 0 && pageIds.every((id) => ids.includes(id)) ? ids.filter((id) => !pageIds.includes(id)) : [...new Set([...ids, ...pageIds])])),
      clear: () => setSelected([]),
      pageState: onPage === 0 ? 'none' : onPage === pageIds.length ? 'all' : 'some',
    },
    exporting,
    exportCsv: async () => {
      if (exporting.running) return;
      setExporting({ running: true, bytes: 0 });
      const cancel = new AbortController();
      exportCancel.current = cancel;
      try {
        const file = await api.contacts.exportCsv(
          workspaceId,
          { filters: { ...requestFilter, page: undefined, length: undefined }, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
          (bytes) => setExporting({ running: true, bytes }),
          cancel.signal,
        );
        saveFile(file);
        toasts.show({ intent: 'success', message: t('contactsList.export.done', { filename: file.filename }) });
      } catch {
        // reported by the API client (a stopped export fails as aborted, which shows nothing)
      } finally {
        if (exportCancel.current === cancel) exportCancel.current = null;
        setExporting({ running: false, bytes: 0 });
      }
    },
    stopExport: () => exportCancel.current?.abort(),
    bulk,
    formContext,
    locale: localeOf(i18n.language),
    currentUserId: user?.id,
    agentNames,
    embed,
    renderedSearch: searchParams.toString(),
    org: {
      visible: orgCascade.length > 0 && teamsAllowed && !embed,
      showTeams: orgCascade.includes('teamIds'),
      lookups: orgLookups,
      value: orgValue,
      setValue: (next) => writeFilter({ ...filter, ...next, page: 0 }),
    },
    rowFocus: {
      // while a page loads the old rows are still on screen: they are not this page's
      note: (id) => { if (status === 'ready') focusedRows.current.set(page, id); },
      remembered: () => focusedRows.current.get(page) ?? null,
    },
  };
};
