import { Button, InputGroup, Switch, Tooltip } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@domain/api/users';
import type { Role } from '@domain/roles';
import { AdminPager, AdminTable, pageSelection, type AdminColumn } from '../admin-table/AdminTable';
import { OrgFilterBar } from '../org-filter/OrgFilterBar';
import { useOrgFilterCascade, type OrgLookups } from '../org-filter/use-org-filter-cascade';
import type { ProfilingTable } from './use-profiling-table';

export interface ProfilingTableViewProps {
  table: ProfilingTable;
  label: string;
  /** The organisation lists load only for the roles of spec 1 §6 (orgLists); the team filter hides for team-leader and basic. */
  org: { lookups: OrgLookups; enabled: boolean; showTeams: boolean };
  /** The toggle's tooltip and accessible name for a row. */
  tooltip(row: UserRow): string;
  /** The toggle as shown (a locked user shows off even where the right is on). */
  checked?(row: UserRow): boolean;
  /** Turning a row on: by default the right itself (a locked user's row may do something else, e.g. unlock). */
  onTurnOn?(row: UserRow): void;
  /** Whether the caller may change anything here at all (Reports tab: admin or team-leader). */
  editable: boolean;
  texts: { enableSelected: string; disableSelected: string; toggleHeader: string };
  onChanged?(): void;
}

/** A user table with one right toggled per row and in bulk: the per-workspace enablement and the Reports tab. */
export function ProfilingTableView({ table, label, org, tooltip, checked, onTurnOn, editable, texts, onChanged }: ProfilingTableViewProps) {
  const { t } = useTranslation();
  const cascade = useOrgFilterCascade({ lookups: org.lookups, enabled: org.enabled, value: table.org, onChange: table.setOrg });
  const isOn = checked ?? table.enabled;
  // while the rows load (another page, filter, workspace or report) nothing is changed: the answer may replace them
  const frozen = table.busy || table.loading;
  const may = (row: UserRow) => editable && table.toggleable(row);
  const selected = table.rows.filter((row) => table.selectedIds.includes(row.id));
  const run = async (rows: UserRow[], action: 'enable' | 'disable') => {
    if (await table.set(rows, action)) onChanged?.();
  };

  const columns: AdminColumn<UserRow>[] = [
    { id: 'username', header: t('settings.columns.username'), cell: (row) => row.username },
    { id: 'role', header: t('settings.columns.role'), cell: (row) => t(`roles.${row.role as Role}`) },
    { id: 'siteNames', header: t('settings.columns.siteNames'), cell: (row) => row.siteNames.join(', ') },
    { id: 'teamNames', header: t('settings.columns.teamNames'), cell: (row) => row.teamNames.join(', ') },
    {
      id: 'toggle',
      header: texts.toggleHeader,
      width: 90,
      cell: (row) => (
        <Tooltip content={tooltip(row)}>
          <Switch
            checked={isOn(row)}
            disabled={!may(row) || frozen}
            aria-label={`${row.username}: ${tooltip(row)}`}
            style={{ marginBottom: 0 }}
            onChange={() => {
              if (isOn(row)) void run([row], 'disable');
              else if (onTurnOn) onTurnOn(row);
              else void run([row], 'enable');
            }}
          />
        </Tooltip>
      ),
    },
  ];

  const pageIds = table.rows.map((row) => row.id);
  const selection = pageSelection(table.selectedIds, pageIds, table.setSelectedIds, table.rows.filter(may).map((row) => row.id));
  return (
    <div className="cm-profiling-table">
      <div className="cm-profiling-table__filters">
        <InputGroup leftIcon={<Search />} placeholder={t('settings.search')} aria-label={t('settings.search')} value={table.text} onValueChange={table.setText} />
        {org.enabled ? <OrgFilterBar cascade={cascade} value={table.org} showTeams={org.showTeams} /> : null}
      </div>
      {editable ? (
        <div className="cm-profiling-table__bulk">
          <Button text={texts.enableSelected} disabled={selected.length === 0 || frozen} onClick={() => void run(selected, 'enable')} />
          <Button text={texts.disableSelected} disabled={selected.length === 0 || frozen} onClick={() => void run(selected, 'disable')} />
        </div>
      ) : null}
      <AdminTable
        label={label}
        columns={columns}
        rows={table.rows}
        loading={table.loading}
        selection={editable ? selection : undefined}
        selectable={may}
        rowName={(row) => row.username}
        emptyText={t('settings.noRows')}
        error={table.failed ? { title: t('settings.loadError'), onRetry: table.reload } : null}
      />
      <AdminPager page={table.page} length={table.length} total={table.total} onPage={table.setPage} onLength={table.setLength} />
    </div>
  );
}
