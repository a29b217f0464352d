import { useCallback, useEffect, useMemo, useState } from 'react';
import type { UsersClient } from '@api-client/users-client';
import type { TeamRow, TeamWorkspaceRow } from '@domain/api/teams';
import type { ProfilingAction } from '@domain/api/users';

const NO_TEAMS: TeamRow[] = [];

export interface TeamsTabController {
  /** The teams of the current workspace only: another workspace's rows never show under this one. */
  rows: (TeamRow & { id: string })[];
  total: number;
  loading: boolean;
  /** The teams could not be loaded (not the same as 'no teams'); reload asks again. */
  failed: boolean;
  reload(): void;
  page: number;
  length: number;
  text: string;
  setPage(page: number): void;
  setLength(length: number): void;
  setText(text: string): void;
  selectedIds: string[];
  setSelectedIds(ids: string[]): void;
  busy: boolean;
  /** Enables or disables the current workspace for these teams. */
  set(teamIds: string[], action: ProfilingAction): Promise<boolean>;
}

/**
 * The Teams tab (spec 1 §2): the teams of the caller's part of the organisation with whether the current workspace is
 * enabled for each, a name filter and pages of 10, 15 or 20. Teams are few, so the list is filtered and paged here.
 */
export function useTeamsTabController({ users, workspaceId, onChanged }: { users: UsersClient; workspaceId: string; onChanged(): void }): TeamsTabController {
  // The answer is kept with the workspace it belongs to, so a switch of workspace hides it at once.
  const [loaded, setLoaded] = useState<{ workspaceId: string; rows: TeamRow[]; failed: boolean } | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(0);
  const [length, setLengthState] = useState(10);
  const [text, setTextState] = useState('');
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [reloads, setReloads] = useState(0);

  // a selection made under another workspace is not carried to this one
  useEffect(() => {
    setSelectedIds([]);
    setPage(0);
  }, [workspaceId]);

  useEffect(() => {
    if (!workspaceId) return;
    let live = true;
    setLoading(true);
    users
      .teamsByWorkspace(workspaceId)
      .then((rows) => live && setLoaded({ workspaceId, rows, failed: false }))
      .catch(() => live && setLoaded({ workspaceId, rows: [], failed: true }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [users, workspaceId, reloads]);

  const current = loaded !== null && loaded.workspaceId === workspaceId;
  const all = current ? loaded.rows : NO_TEAMS;

  const filtered = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const list = needle ? all.filter((row) => `${row.teamName} ${row.siteName} ${row.outsourcerName}`.toLowerCase().includes(needle)) : all;
    return list.map((row) => ({ ...row, id: row.teamId }));
  }, [all, text]);

  const set = useCallback(async (teamIds: string[], action: ProfilingAction) => {
    if (teamIds.length === 0 || !current) return false;
    setBusy(true);
    try {
      await users.associate({ teamIds, workspaceIds: [workspaceId], action });
      setReloads((n) => n + 1);
      onChanged();
      return true;
    } catch {
      // the API client showed the server's reasons
      return false;
    } finally {
      setBusy(false);
    }
  }, [users, workspaceId, onChanged, current]);

  return {
    rows: filtered.slice(page * length, page * length + length),
    total: filtered.length,
    loading: loading || (workspaceId !== '' && !current),
    failed: current && loaded.failed,
    reload: () => setReloads((n) => n + 1),
    page,
    length,
    text,
    setPage,
    setLength: (next) => {
      setLengthState(next);
      setPage(0);
    },
    setText: (next) => {
      setTextState(next);
      setPage(0);
    },
    selectedIds,
    setSelectedIds,
    busy,
    set,
  };
}

export interface AssociationController {
  rows: (TeamWorkspaceRow & { id: string })[];
  loading: boolean;
  /** The workspaces could not be loaded (not the same as 'no workspaces'); reload asks again. */
  failed: boolean;
  reload(): void;
  filter: string;
  setFilter(text: string): void;
  selectedIds: string[];
  setSelectedIds(ids: string[]): void;
  busy: boolean;
  set(workspaceIds: string[], action: ProfilingAction): Promise<void>;
}

/** The 'workspace x team association' modal: every workspace the caller may open, with a toggle for the team. */
export function useAssociationController({ users, teamId, onChanged }: { users: UsersClient; teamId: string; onChanged(): void }): AssociationController {
  const [all, setAll] = useState<TeamWorkspaceRow[]>([]);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [filter, setFilter] = useState('');
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    users
      .workspacesByTeam(teamId)
      .then((rows) => {
        if (!live) return;
        setAll(rows);
        setFailed(false);
      })
      .catch(() => {
        if (!live) return;
        setAll([]);
        setFailed(true);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [users, teamId, reloads]);

  const needle = filter.trim().toLowerCase();
  return {
    rows: all.filter((row) => !needle || row.workspaceName.toLowerCase().includes(needle)).map((row) => ({ ...row, id: row.workspaceId })),
    loading,
    failed,
    reload: () => setReloads((n) => n + 1),
    filter,
    setFilter,
    selectedIds,
    setSelectedIds,
    busy,
    async set(workspaceIds, action) {
      if (workspaceIds.length === 0) return;
      setBusy(true);
      try {
        await users.associate({ teamIds: [teamId], workspaceIds, action });
        setReloads((n) => n + 1);
        onChanged();
      } catch {
        // the API client showed the server's reasons
      } finally {
        setBusy(false);
      }
    },
  };
}
