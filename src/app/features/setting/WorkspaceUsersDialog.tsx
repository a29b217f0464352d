import { Button, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { AppDialog } from '../../ui/AppDialog';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsersClient } from '@api-client/users-client';
import type { UserRow } from '@domain/api/users';
import type { WorkspaceSummary } from '@domain/api/workspace';
import type { OrgLookups } from '../../ui/org-filter/use-org-filter-cascade';
import { ProfilingTableView } from '../../ui/profiling-table/ProfilingTableView';
import { useProfilingTable } from '../../ui/profiling-table/use-profiling-table';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';

/** The four tooltip cases of spec 1 §4 for a user's toggle in a workspace. */
export function workspaceToggleCase(row: UserRow): 'enabled' | 'temporaryPassword' | 'disabledBySystem' | 'disabled' {
  if (row.workspaceEnabled !== true) return 'disabled';
  if (row.status === 'disabled') return 'disabledBySystem';
  if (row.status === 'tmp-psw') return 'temporaryPassword';
  return 'enabled';
}

/**
 * Per-workspace user enablement with a bulk action (spec 1 §2, §4): the users a workspace is one of, each with a
 * toggle; a user locked by the system shows off and switching on offers to unlock them.
 */
export function WorkspaceUsersDialog({ users, workspaces, currentWorkspaceId, org, onUnlock, onDone, onClose }: {
  users: UsersClient;
  workspaces: WorkspaceSummary[];
  currentWorkspaceId: string | null;
  org: { lookups: OrgLookups; enabled: boolean; showTeams: boolean };
  onUnlock(row: UserRow): void;
  onDone(message: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [workspaceId, setWorkspaceId] = useState(currentWorkspaceId ?? workspaces[0]?.id ?? '');
  const target = useMemo(() => (workspaceId ? { entity: 'workspace' as const, workspaceId } : null), [workspaceId]);
  const table = useProfilingTable({ users, target });
  return (
    <AppDialog isOpen title={t('modals.workspaceUsers.title')} onClose={onClose} style={{ width: 900, maxWidth: '95vw' }} className="cm-workspace-users">
      <DialogBody>
        <FormGroup label={t('modals.workspaceUsers.workspace')} labelFor="cm-workspace-users-ws" inline>
          <PlainSelect id="cm-workspace-users-ws" value={workspaceId} onChange={(event) => setWorkspaceId(event.currentTarget.value)} options={workspaces.map((w) => ({ value: w.id, label: w.name }))} />
        </FormGroup>
        <ProfilingTableView
          table={table}
          label={t('modals.workspaceUsers.title')}
          org={org}
          editable
          tooltip={(row) => t(`modals.workspaceUsers.tooltip.${workspaceToggleCase(row)}`)}
          checked={(row) => workspaceToggleCase(row) === 'enabled' || workspaceToggleCase(row) === 'temporaryPassword'}
          onTurnOn={(row) => (workspaceToggleCase(row) === 'disabledBySystem' ? onUnlock(row) : void table.set([row], 'enable').then((ok) => ok && onDone(t('modals.workspaceUsers.saved'))))}
          texts={{ enableSelected: t('modals.workspaceUsers.enableSelected'), disableSelected: t('modals.workspaceUsers.disableSelected'), toggleHeader: t('modals.workspaces.enabled') }}
          onChanged={() => onDone(t('modals.workspaceUsers.saved'))}
        />
      </DialogBody>
      <DialogFooter actions={<Button text={t('modals.newUser.close')} onClick={onClose} />} />
    </AppDialog>
  );
}
