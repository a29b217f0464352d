import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@api-client/api-error';
import { createUsersClient, type UsersClient } from '@api-client/users-client';
import type { TemporaryPassword, UserRow, UserSort } from '@domain/api/users';
import { TOAST_MS } from '@domain/constants';
import { useServices, useSession } from '../../services/services-context';
import { usePermissions } from '../../session/use-permissions';
import { EMPTY_ORG_SELECTION, type OrgSelection } from '../../ui/org-filter/use-org-filter-cascade';
import type { AdminSort } from '../../ui/admin-table/AdminTable';

/** The dialogs of spec 1 §2 (user settings), with the rows they act on. */
export type SettingDialog =
  | { kind: 'create' }
  | { kind: 'reset' | 'unlock'; user: UserRow }
  | { kind: 'lock'; users: UserRow[] }
  | { kind: 'workspaces'; users: UserRow[] }
  | { kind: 'workspaceUsers' }
  | { kind: 'bulk'; mode: 'load' | 'check' };

const TEXT_DEBOUNCE_MS = 300;

export interface SettingController {
  users: UsersClient;
  rows: UserRow[];
  total: number;
  status: 'loading' | 'ready' | 'error';
  page: number;
  length: number;
  sort: AdminSort;
  text: string;
  org: OrgSelection;
  setPage(page: number): void;
  setLength(length: number): void;
  setSort(sort: AdminSort | null): void;
  setText(text: string): void;
  setOrg(org: OrgSelection): void;
  reload(): void;
  selectedIds: string[];
  setSelectedIds(ids: string[]): void;
  /** Selected rows the caller may act on (the bulk menu works on these). */
  selectedRows: UserRow[];
  allowed: { create: boolean; bulkLoad: boolean; bulkCheck: boolean; orgLists: boolean; teamFilter: boolean };
  /** The toolbar shows its labels only from this width (spec 1 §9: admin 1000 px, others 800 px). */
  wideQuery: string;
  dialog: SettingDialog | null;
  open(dialog: SettingDialog): void;
  close(): void;
  /** Reset (or unlock): answers the temporary password, or null after a toast said why not. */
  resetPassword(user: UserRow, kind: 'reset' | 'unlock'): Promise<TemporaryPassword | null>;
  lock(users: UserRow[]): Promise<boolean>;
  success(message: string): void;
}

/** The headless controller of /setting: the user table's state on the server, selection, dialogs and row actions. */
export function useSettingController(): SettingController {
  const { api, toasts } = useServices();
  const { user, workspace } = useSession();
  const { allowed } = usePermissions();
  const { t } = useTranslation();
  const users = useMemo(() => createUsersClient(api), [api]);

  const [page, setPage] = useState(0);
  const [length, setLengthState] = useState(10);
  const [sort, setSortState] = useState<AdminSort>({ key: 'username', order: 'asc' });
  const [text, setTextState] = useState('');
  const [query, setQuery] = useState('');
  const [org, setOrgState] = useState<OrgSelection>(EMPTY_ORG_SELECTION);
  const [rows, setRows] = useState<UserRow[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<SettingController['status']>('loading');
  const [reloads, setReloads] = useState(0);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [selectedById, setSelectedById] = useState<Record<string, UserRow>>({});
  const [dialog, setDialog] = useState<SettingDialog | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const generation = useRef(0);
  useEffect(() => {
    const mine = ++generation.current;
    setStatus('loading');
    users
      .search({ page, length: length as 10 | 15 | 20, sort: sort.key as UserSort, order: sort.order, text: query || undefined, ...org })
      .then((result) => {
        if (mine !== generation.current) return;
        setRows(result.data);
        setTotal(result.total);
        setStatus('ready');
      })
      .catch(() => {
        if (mine === generation.current) setStatus('error');
      });
  }, [users, page, length, sort, query, org, reloads]);

  // the bulk menu needs the selected rows even when they are on another page
  useEffect(() => {
    setSelectedById((known) => {
      const next = { ...known };
      for (const row of rows) next[row.id] = row;
      return next;
    });
  }, [rows]);

  const role = user?.role;
  const newUserHidden = role ? workspace?.viewsConfig?.[role]?.setting?.newUserHidden === true : true;
  const success = useCallback((message: string) => {
    toasts.show({ intent: 'success', heading: t('settings.toast.successHeading'), message, timeout: TOAST_MS.successSettings });
  }, [toasts, t]);
  const failure = useCallback((message: string) => {
    toasts.show({ intent: 'danger', heading: t('settings.toast.errorHeading'), message, timeout: TOAST_MS.error });
  }, [toasts, t]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  return {
    users,
    rows,
    total,
    status,
    page,
    length,
    sort,
    text,
    org,
    setPage,
    setLength: (next) => {
      setLengthState(next);
      setPage(0);
    },
    setSort: (next) => {
      setSortState(next ?? { key: 'username', order: 'asc' });
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
    reload,
    selectedIds,
    setSelectedIds,
    selectedRows: selectedIds.map((id) => selectedById[id]).filter((row): row is UserRow => row !== undefined && row.manageable),
    allowed: {
      create: allowed('setting') && !newUserHidden,
      bulkLoad: allowed('bulkLoad'),
      bulkCheck: allowed('bulkCheck'),
      orgLists: allowed('orgLists'),
      teamFilter: allowed('teamFilter'),
    },
    wideQuery: role === 'admin' ? '(min-width: 1000px)' : '(min-width: 800px)',
    dialog,
    open: setDialog,
    close: () => setDialog(null),
    async resetPassword(target, kind) {
      try {
        // spec 1 §3: the reset payload is the username and the group the admin works in
        const result = await users.reset(target.username, user?.groupId);
        success(t(kind === 'unlock' ? 'modals.unlock.success' : 'modals.reset.success', { username: target.username }));
        reload();
        return result;
      } catch (error) {
        // spec 1 §8: 401 gives modals.reset.unauthorized, any other failure modals.reset.error
        const status = isApiRequestError(error) ? error.status : null;
        if (!(isApiRequestError(error) && error.kind === 'aborted')) failure(t(status === 401 || status === 403 ? 'modals.reset.unauthorized' : 'modals.reset.error'));
        return null;
      }
    },
    async lock(targets) {
      try {
        await users.disable(targets.map((row) => row.id));
        success(targets.length === 1 ? t('modals.lock.success') : t('modals.lock.bulkSuccess', { count: targets.length }));
        setSelectedIds((ids) => ids.filter((id) => !targets.some((row) => row.id === id)));
        reload();
        return true;
      } catch (error) {
        // spec 1 §8: 404 gives modals.reset.unauthorized, any other failure modals.reset.error
        const status = isApiRequestError(error) ? error.status : null;
        if (!(isApiRequestError(error) && error.kind === 'aborted')) failure(t(status === 404 || status === 403 ? 'modals.reset.unauthorized' : 'modals.reset.error'));
        return false;
      }
    },
    success,
  };
}
