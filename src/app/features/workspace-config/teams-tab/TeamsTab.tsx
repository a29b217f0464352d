import { Button, DialogBody, DialogFooter, InputGroup, Switch, Tooltip } from '@blueprintjs/core';
import { AppDialog } from '../../../ui/AppDialog';
import { Layers, Search } from '@blueprintjs/icons';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createUsersClient, type UsersClient } from '@api-client/users-client';
import type { TeamRow, TeamWorkspaceRow } from '@domain/api/teams';
import { TOAST_MS } from '@domain/constants';
import { useServices, useSession } from '../../../services/services-context';
import { ADMIN_CSS } from '../../../ui/admin-styles';
import { AdminPager, AdminTable, pageSelection, type AdminColumn } from '../../../ui/admin-table/AdminTable';
import { useReturnFocus } from '../../../ui/use-return-focus';
import { useAssociationController, useTeamsTabController } from './use-teams-tab-controller';

/** The team toggle's tooltip: in Italian whatever the language (spec 1 §8). */
const tooltipOf = (t: (key: string) => string, enabled: boolean) => t(enabled ? 'workspaceConfig.teams.enabledTooltip' : 'workspaceConfig.teams.disabledTooltip');

/**
 * The 'workspace x team association' modal (spec 1 §2): every workspace with a toggle for the team, bulk enable and
 * disable, a name filter. It closes only through its own button.
 */
function AssociationDialog({ users, team, editable, onChanged, onClose }: { users: UsersClient; team: TeamRow; editable: (row: TeamWorkspaceRow) => boolean; onChanged(): void; onClose(): void }) {
  const { t } = useTranslation();
  const association = useAssociationController({ users, teamId: team.teamId, onChanged });
  const may = (row: TeamWorkspaceRow) => editable(row) && !association.busy && !association.loading;
  const columns: AdminColumn<TeamWorkspaceRow & { id: string }>[] = [
    { id: 'workspace', header: t('modals.workspaceUsers.workspace'), cell: (row) => row.workspaceName },
    {
      id: 'enabled',
      header: t('workspaceConfig.teams.columns.enabled'),
      width: 90,
      cell: (row) => (
        <Tooltip content={tooltipOf(t, row.enabled)}>
          <Switch checked={row.enabled} disabled={!may(row)} aria-label={`${row.workspaceName}: ${tooltipOf(t, row.enabled)}`} style={{ marginBottom: 0 }} onChange={() => void association.set([row.workspaceId], row.enabled ? 'disable' : 'enable')} />
        </Tooltip>
      ),
    },
  ];
  const selectable = association.rows.filter(may).map((row) => row.id);
  const selection = pageSelection(association.selectedIds, association.rows.map((row) => row.id), association.setSelectedIds, selectable);
  const chosen = association.selectedIds.filter((id) => selectable.includes(id));
  return (
    <AppDialog isOpen title={`${t('workspaceConfig.teams.association')} · ${team.teamName}`} onClose={onClose} canOutsideClickClose={false} canEscapeKeyClose={false} isCloseButtonShown={false} style={{ width: 640 }} className="cm-association-dialog">
      <DialogBody>
        <div className="cm-teams-tab__toolbar">
          <InputGroup leftIcon={<Search />} placeholder={t('workspaceConfig.teams.filter')} aria-label={t('workspaceConfig.teams.filter')} value={association.filter} onValueChange={association.setFilter} />
          <Button text={t('workspaceConfig.teams.enableSelected')} disabled={chosen.length === 0 || association.busy} onClick={() => void association.set(chosen, 'enable')} />
          <Button text={t('workspaceConfig.teams.disableSelected')} disabled={chosen.length === 0 || association.busy} onClick={() => void association.set(chosen, 'disable')} />
        </div>
        <AdminTable<TeamWorkspaceRow & { id: string }>
          label={t('workspaceConfig.teams.association')}
          columns={columns}
          rows={association.rows}
          loading={association.loading}
          selection={selection}
          selectable={may}
          rowName={(row) => row.workspaceName}
          emptyText={t('workspaceConfig.teams.noWorkspaces')}
          error={association.failed ? { title: t('workspaceConfig.teams.workspacesLoadError'), onRetry: association.reload } : null}
        />
      </DialogBody>
      <DialogFooter actions={<Button text={t('workspaceConfig.teams.close')} onClick={onClose} />} />
    </AppDialog>
  );
}

/**
 * The Teams tab of /workspaceconfig (spec 1 §2): the teams of the caller's part of the organisation with the current
 * workspace's toggle, bulk enable/disable, and per team the 'workspace x team association' modal. A workspace with
 * profilingDisabled is changed by admins only (the server refuses anyone else too).
 */
export function TeamsTab() {
  const { t } = useTranslation();
  const { api, toasts } = useServices();
  const { user, workspace } = useSession();
  const users = useMemo(() => createUsersClient(api), [api]);
  const onChanged = useCallback(() => toasts.show({ intent: 'success', message: t('workspaceConfig.teams.saved'), timeout: TOAST_MS.successSettings }), [toasts, t]);
  const teams = useTeamsTabController({ users, workspaceId: workspace?.id ?? '', onChanged });
  const [open, setOpen] = useState<TeamRow | null>(null);
  useReturnFocus(open !== null);
  const isAdmin = user?.role === 'admin';
  const editableHere = isAdmin || workspace?.profilingDisabled !== true;
  // while the teams load (another workspace, a reload) nothing is changed: the answer may replace them
  const frozen = teams.busy || teams.loading;

  const columns: AdminColumn<TeamRow & { id: string }>[] = [
    { id: 'team', header: t('workspaceConfig.teams.columns.team'), cell: (row) => row.teamName },
    { id: 'site', header: t('workspaceConfig.teams.columns.site'), cell: (row) => row.siteName },
    { id: 'outsourcer', header: t('workspaceConfig.teams.columns.outsourcer'), cell: (row) => row.outsourcerName },
    {
      id: 'enabled',
      header: t('workspaceConfig.teams.columns.enabled'),
      width: 90,
      cell: (row) => (
        <Tooltip content={tooltipOf(t, row.enabled)}>
          <Switch checked={row.enabled} disabled={!editableHere || frozen} aria-label={`${row.teamName}: ${tooltipOf(t, row.enabled)}`} style={{ marginBottom: 0 }} onChange={() => void teams.set([row.teamId], row.enabled ? 'disable' : 'enable')} />
        </Tooltip>
      ),
    },
    {
      id: 'workspaces',
      header: t('workspaceConfig.teams.columns.workspaces'),
      width: 110,
      cell: (row) => (
        <Tooltip content={t('workspaceConfig.teams.openAssociation', { team: row.teamName })}>
          <Button variant="minimal" size="small" icon={<Layers />} aria-label={t('workspaceConfig.teams.openAssociation', { team: row.teamName })} onClick={() => setOpen(row)} />
        </Tooltip>
      ),
    },
  ];
  const pageIds = teams.rows.map((row) => row.id);
  const selection = pageSelection(teams.selectedIds, pageIds, teams.setSelectedIds, editableHere ? pageIds : []);
  return (
    <div className="cm-teams-tab">
      <style>{ADMIN_CSS}</style>
      <div className="cm-teams-tab__toolbar">
        <InputGroup leftIcon={<Search />} placeholder={t('workspaceConfig.teams.search')} aria-label={t('workspaceConfig.teams.search')} value={teams.text} onValueChange={teams.setText} />
        <Button text={t('workspaceConfig.teams.enableSelected')} disabled={!editableHere || teams.selectedIds.length === 0 || frozen} onClick={() => void teams.set(teams.selectedIds, 'enable')} />
        <Button text={t('workspaceConfig.teams.disableSelected')} disabled={!editableHere || teams.selectedIds.length === 0 || frozen} onClick={() => void teams.set(teams.selectedIds, 'disable')} />
      </div>
      <AdminTable
        label={t('workspaceConfig.teams.tab')}
        columns={columns}
        rows={teams.rows}
        loading={teams.loading}
        selection={selection}
        selectable={() => editableHere}
        rowName={(row) => row.teamName}
        emptyText={t('workspaceConfig.teams.empty')}
        error={teams.failed ? { title: t('workspaceConfig.teams.loadError'), onRetry: teams.reload } : null}
      />
      <AdminPager page={teams.page} length={teams.length} total={teams.total} onPage={teams.setPage} onLength={teams.setLength} />
      {open ? <AssociationDialog users={users} team={open} editable={(row) => isAdmin || !row.profilingDisabled} onChanged={onChanged} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
