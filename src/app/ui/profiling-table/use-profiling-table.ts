import { useCallback, useEffect, useRef, useState } from 'react';
import type { UsersClient } from '@api-client/users-client';
import type { ProfilingAction, UserRow } from '@domain/api/users';
import { EMPTY_ORG_SELECTION, type OrgSelection } from '../org-filter/use-org-filter-cascade';

interface Loaded { key: string; rows: UserRow[]; total: number; failed: boolean }
const NO_ROWS: UserRow[] = [];
const NOTHING_LOADED: Loaded = { key: '', rows: NO_ROWS, total: 0, failed: false };

/** Which right the table toggles: a workspace for its users, or one report of a workspace. */
export type ProfilingTarget = { entity: 'workspace'; workspaceId: string } | { entity: 'report'; workspaceId: string; reportId: string };

export interface ProfilingTable {
  /** The rows of the current target only: another target's rows never show under this one. */
  rows: UserRow[];
  total: number;
  /** True from a change of target, page or filter until its rows come: nothing may be toggled meanwhile. */
  loading: boolean;
  /** The rows of the current target could not be loaded; reload asks again. */
  failed: boolean;
  page: number;
  length: number;
  text: string;
  org: OrgSelection;
  setPage(page: number): void;
  setLength(length: number): void;
  setText(text: string): void;
  setOrg(org: OrgSelection): void;
  selectedIds: string[];
  setSelectedIds(ids: string[]): void;
  /** Whether the row's right is on, and whether the caller may change it (the server's flags). */
  enabled(row: UserRow): boolean;
  toggleable(row: UserRow): boolean;
  busy: boolean;
  set(rows: UserRow[], action: ProfilingAction): Promise<boolean>;
  reload(): void;
}

/**
 * The per-workspace user table of /setting and the Reports tab's user table (spec 1 §2, §4, §6): server paging (10, 15,
 * 20), a text filter, the organisation filters, one toggle per user and bulk enable/disable of the selection.
 */
export function useProfilingTable({ users, target }: { users: UsersClient; target: ProfilingTarget | null }): ProfilingTable {
  const [page, setPage] = useState(0);
  const [length, setLengthState] = useState(10);
  const [text, setTextState] = useState('');
  const [query, setQuery] = useState('');
  const [org, setOrgState] = useState<OrgSelection>(EMPTY_ORG_SELECTION);
  // The answer is kept with the target it belongs to, so a switch of workspace or report hides it at once.
  const [loaded, setLoaded] = useState<Loaded>(NOTHING_LOADED);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);

  const workspaceId = target?.workspaceId;
  const reportId = target?.entity === 'report' ? target.reportId : undefined;
  useEffect(() => {
    setSelectedIds([]);
    setPage(0);
  }, [workspaceId, reportId]);

  const targetKey = workspaceId ? JSON.stringify([workspaceId, reportId ?? null]) : '';
  const generation = useRef(0);
  useEffect(() => {
    const mine = ++generation.current;
    if (!workspaceId) {
      setLoaded(NOTHING_LOADED);
      setLoading(false);
      return;
    }
    const key = JSON.stringify([workspaceId, reportId ?? null]);
    setLoading(true);
    users
      .search({ page, length: length as 10 | 15 | 20, text: query || undefined, ...org, workspaceId, ...(reportId ? { reportId } : {}) })
      .then((result) => {
        if (mine === generation.current) setLoaded({ key, rows: result.data, total: result.total, failed: false });
      })
      .catch(() => {
        if (mine === generation.current) setLoaded((before) => ({ key, rows: [], total: before.key === key ? before.total : 0, failed: true }));
      })
      .finally(() => {
        if (mine === generation.current) setLoading(false);
      });
  }, [users, workspaceId, reportId, page, length, query, org, reloads]);

  const current = loaded.key === targetKey;
  const rows = current ? loaded.rows : NO_ROWS;

  const isReport = target?.entity === 'report';
  const enabled = useCallback((row: UserRow) => (isReport ? row.reportEnabled === true : row.workspaceEnabled === true), [isReport]);
  const toggleable = useCallback((row: UserRow) => (isReport ? row.reportToggleable === true : row.workspaceToggleable === true), [isReport]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  return {
    rows,
    total: current ? loaded.total : 0,
    loading: loading || !current,
    failed: current && loaded.failed,
    page,
    length,
    text,
    org,
    setPage,
    setLength: (next) => {
      setLengthState(next);
      setPage(0);
    },
    setText: (next) => {
      setTextState(next);
      setPage(0);
    },
    setOrg: (next) => {
      setOrgState(next);
      setPage(0);
    },
    selectedIds,
    setSelectedIds,
    enabled,
    toggleable,
    busy,
    async set(targets, action) {
      // rows shown for another target, or about to be replaced, are not acted on
      if (!target || !current || loading) return false;
      const userIds = targets.filter((row) => toggleable(row) && rows.some((shown) => shown.id === row.id)).map((row) => row.id);
      if (userIds.length === 0) return false;
      setBusy(true);
      try {
        await users.profiling(
          target.entity === 'report'
            ? { entity: 'report', action, userIds, entityIds: [target.reportId], workspaceId: target.workspaceId }
            : { entity: 'workspace', action, userIds, entityIds: [target.workspaceId] },
        );
        reload();
        return true;
      } catch {
        // the API client showed the server's reasons
        return false;
      } finally {
        setBusy(false);
      }
    },
    reload,
  };
}
