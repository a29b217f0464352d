import { Button, ButtonGroup, DialogBody, DialogFooter, HTMLTable, NonIdealState, Switch, Tooltip } from '@blueprintjs/core';
import { AppDialog } from '../../ui/AppDialog';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsersClient } from '@api-client/users-client';
import type { UserRow } from '@domain/api/users';
import type { WorkspaceSummary } from '@domain/api/workspace';
import { AppSpinner } from '../../ui/AppSpinner';
import { AppButton } from '../../ui/AppButton';

interface Candidate { id: string; name: string; profilingDisabled: boolean; holders: { userId: string; forbidden: boolean; toggleable: boolean }[] }

/** The workspaces of each target, merged: for every workspace, which targets have it and whether the caller may change it. */
function merge(lists: { userId: string; workspaces: WorkspaceSummary[] }[]): Candidate[] {
  const byId = new Map<string, Candidate>();
  for (const { userId, workspaces } of lists) {
    for (const w of workspaces) {
      const entry = byId.get(w.id) ?? { id: w.id, name: w.name, profilingDisabled: w.profilingDisabled === true, holders: [] };
      entry.holders.push({ userId, forbidden: w.forbidden === true, toggleable: w.toggleable === true });
      byId.set(w.id, entry);
    }
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Assign workspaces (spec 1 §2, §6), to one user or to the bulk selection: only the workspaces of each target's team,
 * call centre or outsourcer (the server's list), and only those the caller may toggle (a team-leader not those with
 * profilingDisabled).
 */
export function WorkspacesDialog({ users, targets, onDone, onClose }: { users: UsersClient; targets: UserRow[]; onDone(message: string): void; onClose(): void }) {
  const { t } = useTranslation();
  const [candidates, setCandidates] = useState<Candidate[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const single = targets.length === 1 ? targets[0] : null;

  const load = useCallback(async () => {
    const lists = await Promise.all(targets.map(async (target) => ({ userId: target.id, workspaces: await users.userWorkspaces(target.id).catch(() => []) })));
    setCandidates(merge(lists));
  }, [targets, users]);
  useEffect(() => {
    void load();
  }, [load]);

  const change = async (candidate: Candidate, action: 'enable' | 'disable') => {
    const userIds = candidate.holders.filter((h) => h.toggleable && h.forbidden === (action === 'enable')).map((h) => h.userId);
    if (userIds.length === 0) return;
    setBusy(candidate.id);
    try {
      await users.profiling({ entity: 'workspace', action, userIds, entityIds: [candidate.id] });
      onDone(t('modals.workspaces.saved'));
      await load();
    } catch {
      // the API client showed the server's reasons
    } finally {
      setBusy(null);
    }
  };

  const title = single ? t('modals.workspaces.title', { username: single.username }) : t('modals.workspaces.bulkTitle', { count: targets.length });
  return (
    <AppDialog isOpen title={title} onClose={onClose} className="cm-workspaces-dialog" style={{ width: 640 }}>
      <DialogBody>
        {candidates === null ? <AppSpinner size={30} /> : candidates.length === 0 ? <NonIdealState title={t('modals.workspaces.none')} /> : (
          <HTMLTable compact striped style={{ width: '100%' }} aria-label={title}>
            <tbody>
              {candidates.map((candidate) => {
                const toggleable = candidate.holders.some((h) => h.toggleable);
                const enabledCount = candidate.holders.filter((h) => !h.forbidden).length;
                const lockedNote = candidate.profilingDisabled && !toggleable ? t('modals.workspaces.profilingDisabled') : undefined;
                return (
                  <tr key={candidate.id} data-workspace={candidate.id}>
                    <td>{candidate.name}</td>
                    <td style={{ textAlign: 'right' }}>
                      {single ? (
                        <Tooltip content={lockedNote} disabled={!lockedNote}>
                          <Switch
                            checked={enabledCount === 1}
                            disabled={!toggleable || busy !== null}
                            label={t('modals.workspaces.enabled')}
                            aria-label={`${candidate.name}: ${t('modals.workspaces.enabled')}`}
                            onChange={() => void change(candidate, enabledCount === 1 ? 'disable' : 'enable')}
                            style={{ marginBottom: 0 }}
                          />
                        </Tooltip>
                      ) : (
                        <span className="cm-workspaces-dialog__bulk">
                          <span>{enabledCount}/{candidate.holders.length}</span>{' '}
                          <ButtonGroup>
                            <AppButton size="small" text={t('modals.workspaces.enableAll')} disabled={!toggleable || busy !== null} loading={busy === candidate.id} onClick={() => void change(candidate, 'enable')} />
                            <Button size="small" text={t('modals.workspaces.disableAll')} disabled={!toggleable || busy !== null} onClick={() => void change(candidate, 'disable')} />
                          </ButtonGroup>
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('modals.newUser.close')} onClick={onClose} />} />
    </AppDialog>
  );
}
