import { Button, InputGroup, Menu, MenuItem, Popover, Tooltip } from '@blueprintjs/core';
import { CaretDown, Import, Key, Layers, Lock, NewPerson, People, Search, Tick, Unlock } from '@blueprintjs/icons';
import { format } from 'date-fns';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@domain/api/users';
import type { Role } from '@domain/roles';
import { useServices, useSession } from '../../services/services-context';
import { useMediaQuery } from '../../shell/use-media-query';
import { ADMIN_CSS } from '../../ui/admin-styles';
import { AdminPager, AdminTable, pageSelection, type AdminColumn } from '../../ui/admin-table/AdminTable';
import { OrgFilterBar } from '../../ui/org-filter/OrgFilterBar';
import { useOrgFilterCascade } from '../../ui/org-filter/use-org-filter-cascade';
import { saveWithObjectUrl } from '../../ui/save-file';
import { useReturnFocus } from '../../ui/use-return-focus';
import { BulkFileDialog } from './BulkFileDialog';
import { CreateUserWizard } from './CreateUserWizard';
import { SETTING_CSS } from './setting-styles';
import { ownPlacementSource } from './use-create-user-controller';
import { useSettingController } from './use-setting-controller';
import { UserActionDialog } from './UserActionDialog';
import { WorkspacesDialog } from './WorkspacesDialog';
import { WorkspaceUsersDialog } from './WorkspaceUsersDialog';

/** The status dot of spec 1 §4: temporary password orange, locked red. */
const StatusDot = ({ row }: { row: UserRow }) => {
  const { t } = useTranslation();
  const text = t(`settings.status.${row.status || 'active'}`);
  return (
    <Tooltip content={text}>
      <span className={`cm-status-dot cm-status-dot--${row.status || 'active'}`} role="img" aria-label={text} data-status={row.status || 'active'} />
    </Tooltip>
  );
};

/** /setting (spec 1 §2): the users the caller manages, their filters, selection, bulk actions and dialogs. */
export function SettingPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { user, workspace, workspaces } = useSession();
  const setting = useSettingController();
  const wide = useMediaQuery(setting.wideQuery);
  const lookups = api.organisation;
  const cascade = useOrgFilterCascade({ lookups, enabled: setting.allowed.orgLists, value: setting.org, onChange: setting.setOrg });
  const creator = useMemo(() => (user ? { id: user.id, username: user.username, role: user.role, groupId: user.groupId } : null), [user]);
  const source = useMemo(
    () => (setting.allowed.orgLists ? { outsourcers: lookups.outsourcers, sites: lookups.sites, teams: lookups.teams } : creator ? ownPlacementSource(setting.users, creator) : null),
    [setting.allowed.orgLists, lookups, setting.users, creator],
  );
  const label = (text: string) => (wide ? text : undefined);
  const { dialog } = setting;
  // the dialogs mount fresh at each opening: the focus goes back to their opener on close
  useReturnFocus(dialog !== null);
  const orgProps = { lookups, enabled: setting.allowed.orgLists, showTeams: setting.allowed.teamFilter };

  const actions = (row: UserRow) => {
    const disabled = !row.manageable;
    const locked = row.status === 'disabled';
    const name = { username: row.username };
    return (
      <span className="cm-row-actions">
        <Tooltip content={t('settings.actions.reset', name)}>
          <Button variant="minimal" size="small" icon={<Key />} aria-label={t('settings.actions.reset', name)} disabled={disabled || locked} onClick={() => setting.open({ kind: 'reset', user: row })} />
        </Tooltip>
        {locked ? (
          <Tooltip content={t('settings.actions.unlock', name)}>
            <Button variant="minimal" size="small" icon={<Unlock />} aria-label={t('settings.actions.unlock', name)} disabled={disabled} onClick={() => setting.open({ kind: 'unlock', user: row })} />
          </Tooltip>
        ) : (
          <Tooltip content={t('settings.actions.lock', name)}>
            <Button variant="minimal" size="small" icon={<Lock />} aria-label={t('settings.actions.lock', name)} disabled={disabled} onClick={() => setting.open({ kind: 'lock', users: [row] })} />
          </Tooltip>
        )}
        <Tooltip content={t('settings.actions.workspaces', name)}>
          <Button variant="minimal" size="small" icon={<Layers />} aria-label={t('settings.actions.workspaces', name)} disabled={disabled} onClick={() => setting.open({ kind: 'workspaces', users: [row] })} />
        </Tooltip>
      </span>
    );
  };

  const columns: AdminColumn<UserRow>[] = [
    { id: 'status', header: t('settings.columns.status'), cell: (row) => <StatusDot row={row} />, sortable: true, width: 70 },
    { id: 'username', header: t('settings.columns.username'), cell: (row) => row.username, sortable: true },
    { id: 'role', header: t('settings.columns.role'), cell: (row) => t(`roles.${row.role as Role}`), sortable: true },
    { id: 'lastPasswordChange', header: t('settings.columns.lastPasswordChange'), cell: (row) => format(new Date(row.lastPasswordChange), 'dd/MM/yyyy HH:mm'), sortable: true },
    { id: 'siteNames', header: t('settings.columns.siteNames'), cell: (row) => row.siteNames.join(', ') },
    { id: 'teamNames', header: t('settings.columns.teamNames'), cell: (row) => row.teamNames.join(', ') },
    { id: 'actions', header: t('settings.columns.actions'), cell: actions, width: 120 },
  ];
  const selectable = setting.rows.filter((row) => row.manageable).map((row) => row.id);
  const selection = pageSelection(setting.selectedIds, setting.rows.map((row) => row.id), setting.setSelectedIds, selectable);
  const chosen = setting.selectedRows;

  return (
    <section className="cm-page cm-setting" aria-labelledby="cm-page-title">
      <style>{ADMIN_CSS + SETTING_CSS}</style>
      <header className="cm-setting__header">
        <h1 id="cm-page-title" className="cm-page-title">{t('settings.title')}</h1>
        <div className="cm-setting__toolbar" role="toolbar" aria-label={t('settings.title')}>
          {setting.allowed.create ? (
            <Tooltip content={t('settings.newUser')} disabled={wide}>
              <Button intent="primary" icon={<NewPerson />} text={label(t('settings.newUser'))} aria-label={t('settings.newUser')} onClick={() => setting.open({ kind: 'create' })} />
            </Tooltip>
          ) : null}
          <Popover
            placement="bottom-start"
            disabled={chosen.length === 0}
            content={(
              <Menu aria-label={t('settings.bulkActions')}>
                <MenuItem icon={<Lock />} text={t('settings.bulk.lock')} onClick={() => setting.open({ kind: 'lock', users: chosen })} />
                <MenuItem icon={<Layers />} text={t('settings.bulk.workspaces')} onClick={() => setting.open({ kind: 'workspaces', users: chosen })} />
              </Menu>
            )}
          >
            <Tooltip content={t('settings.bulkActions')} disabled={wide}>
              <Button icon={<Tick />} endIcon={<CaretDown />} disabled={chosen.length === 0} text={label(`${t('settings.bulkActions')}${chosen.length ? ` (${chosen.length})` : ''}`)} aria-label={t('settings.bulkActions')} />
            </Tooltip>
          </Popover>
          <Tooltip content={t('settings.workspaceUsers')} disabled={wide}>
            <Button icon={<People />} text={label(t('settings.workspaceUsers'))} aria-label={t('settings.workspaceUsers')} onClick={() => setting.open({ kind: 'workspaceUsers' })} />
          </Tooltip>
          {setting.allowed.bulkLoad ? (
            <Tooltip content={t('settings.bulkLoad')} disabled={wide}>
              <Button icon={<Import />} text={label(t('settings.bulkLoad'))} aria-label={t('settings.bulkLoad')} onClick={() => setting.open({ kind: 'bulk', mode: 'load' })} />
            </Tooltip>
          ) : null}
          {setting.allowed.bulkCheck ? (
            <Tooltip content={t('settings.bulkCheck')} disabled={wide}>
              <Button icon={<Search />} text={label(t('settings.bulkCheck'))} aria-label={t('settings.bulkCheck')} onClick={() => setting.open({ kind: 'bulk', mode: 'check' })} />
            </Tooltip>
          ) : null}
        </div>
      </header>
      <div className="cm-setting__filters">
        <InputGroup leftIcon={<Search />} placeholder={t('settings.search')} aria-label={t('settings.search')} value={setting.text} onValueChange={setting.setText} />
        {setting.allowed.orgLists ? <OrgFilterBar cascade={cascade} value={setting.org} showTeams={setting.allowed.teamFilter} /> : null}
      </div>
      <AdminTable
        label={t('settings.title')}
        className="cm-setting__table"
        columns={columns}
        rows={setting.rows}
        loading={setting.status === 'loading'}
        sort={setting.sort}
        onSortChange={setting.setSort}
        selection={selection}
        selectable={(row) => row.manageable}
        rowName={(row) => row.username}
        emptyText={t('settings.noRows')}
        error={setting.status === 'error' ? { title: t('settings.loadError'), onRetry: setting.reload } : null}
      />
      <AdminPager page={setting.page} length={setting.length} total={setting.total} onPage={setting.setPage} onLength={setting.setLength} />

      {dialog?.kind === 'create' && creator && source ? (
        <CreateUserWizard
          users={setting.users}
          creator={creator}
          source={source}
          onClose={(created) => {
            setting.close();
            if (created) setting.reload();
          }}
        />
      ) : null}
      {dialog?.kind === 'reset' || dialog?.kind === 'unlock' ? (
        <UserActionDialog kind={dialog.kind} users={[dialog.user]} onConfirmReset={setting.resetPassword} onConfirmLock={setting.lock} onClose={setting.close} />
      ) : null}
      {dialog?.kind === 'lock' ? <UserActionDialog kind="lock" users={dialog.users} onConfirmReset={setting.resetPassword} onConfirmLock={setting.lock} onClose={setting.close} /> : null}
      {dialog?.kind === 'workspaces' ? <WorkspacesDialog users={setting.users} targets={dialog.users} onDone={setting.success} onClose={setting.close} /> : null}
      {dialog?.kind === 'workspaceUsers' ? (
        <WorkspaceUsersDialog
          users={setting.users}
          workspaces={workspaces}
          currentWorkspaceId={workspace?.id ?? null}
          org={orgProps}
          onUnlock={(row) => setting.open({ kind: 'unlock', user: row })}
          onDone={setting.success}
          onClose={setting.close}
        />
      ) : null}
      {dialog?.kind === 'bulk' ? (
        <BulkFileDialog
          users={setting.users}
          mode={dialog.mode}
          save={saveWithObjectUrl}
          onClose={(changed) => {
            setting.close();
            if (changed) setting.reload();
          }}
        />
      ) : null}
    </section>
  );
}
