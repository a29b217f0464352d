import { Button, Callout, NonIdealState, Switch, Tag, Tooltip } from '@blueprintjs/core';
import { Edit, Export, History, Import, Plus, WarningSign } from '@blueprintjs/icons';
import { format } from 'date-fns';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { createWorkspaceConfigApi } from '@api-client/workspace-config-client';
import type { ConfigWorkspaceRow } from '@domain/api/workspace-config';
import { useServices } from '../../../services/services-context';
import { ADMIN_CSS } from '../../../ui/admin-styles';
import { AdminTable, type AdminColumn } from '../../../ui/admin-table/AdminTable';
import { saveWithObjectUrl } from '../../../ui/save-file';
import { useReturnFocus } from '../../../ui/use-return-focus';
import { createDraftStore, NEW_WORKSPACE_DRAFT } from '../editor/draft-storage';
import type { EditorTarget } from '../editor/use-config-editor-controller';
import { VersionsDialog } from '../versions/VersionsDialog';
import { refreshWorkspaceList } from './refresh-workspace-list';
import { useWorkspacesTabController, type ImportReadProblem } from './use-workspaces-tab-controller';
import { AppSpinner } from '../../../ui/AppSpinner';
import { AppButton } from '../../../ui/AppButton';

// CodeMirror, the schemas and the preview's renderers come with the editor only.
const ConfigEditor = lazy(() => import('../editor/ConfigEditor').then((m) => ({ default: m.ConfigEditor })));

const WORKSPACES_CSS = `
.cm-workspaces-tab { display: flex; flex-direction: column; gap: 0.75rem; }
.cm-workspaces-tab__toolbar { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.cm-workspaces-tab__file { display: none; }
.cm-workspaces-tab td[data-column="id"] code { white-space: nowrap; }
.cm-workspaces-tab__draft { margin-left: 0.5rem; }
`;

/** DD/MM/YYYY HH:mm, the table's date format; an unreadable value stays as it is. */
export const formatPublishedAt = (iso: string | null): string => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'dd/MM/yyyy HH:mm');
};

const pretty = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The Workspaces tab of /workspaceconfig (issue 13): the workspaces with their version and last publish, enable
 * toggle, Edit / Versions / Export per row, New workspace and Import. The editor replaces the table while open, and
 * its target is in the address (`?edit=<id>` or `?edit=new`), so a reload comes back to it with the draft.
 */
export function WorkspacesTab() {
  const { t } = useTranslation();
  const importProblemText = (read: ImportReadProblem): string => {
    if (read.problem !== 'notJson') return t(`workspaceConfig.workspaces.importProblem.${read.problem}`);
    const where = { line: read.line, column: read.column };
    return read.file ? t('workspaceConfig.workspaces.importProblem.notJsonNamed', { file: read.file, ...where }) : t('workspaceConfig.workspaces.importProblem.notJson', where);
  };
  const { api, store, toasts } = useServices();
  const configApi = useMemo(() => createWorkspaceConfigApi(api), [api]);
  const drafts = useMemo(() => createDraftStore(window.localStorage), []);
  const refresh = useCallback(() => refreshWorkspaceList(api, store), [api, store]);
  const tab = useWorkspacesTabController({ api: configApi, refreshWorkspaceList: refresh, saveFile: saveWithObjectUrl });
  const [params, setParams] = useSearchParams();
  const [versionsOf, setVersionsOf] = useState<string | null>(null);
  useReturnFocus(versionsOf !== null);
  const fileInput = useRef<HTMLInputElement>(null);

  const editing = params.get('edit');
  const target = useMemo((): EditorTarget | null => (editing === null ? null : editing === 'new' ? { mode: 'create' } : { mode: 'edit', workspaceId: editing }), [editing]);
  const setEditing = useCallback((value: string | null) => setParams((previous) => {
    const next = new URLSearchParams(previous);
    next.set('tab', 'workspaces');
    if (value === null) next.delete('edit');
    else next.set('edit', value);
    return next;
  }), [setParams]);

  const onPublished = useCallback((workspaceId: string, version: number) => {
    tab.changed();
    toasts.show({ intent: 'success', message: t('workspaceConfig.workspaces.published', { id: workspaceId, version }) });
    if (target?.mode === 'create') setEditing(null);
  }, [tab, toasts, t, target, setEditing]);

  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    if (!files.length) return;
    const outcome = await tab.importFiles(files);
    switch (outcome.type) {
      case 'created':
        toasts.show({ intent: 'success', message: t('workspaceConfig.workspaces.imported', { id: outcome.workspaceId, version: outcome.version }) });
        break;
      case 'invalid':
        // the imported documents become the new-workspace draft, with their problems shown by the editor
        drafts.write(NEW_WORKSPACE_DRAFT, { baseVersion: null, baseDataModelVersion: null, workspace: pretty(outcome.workspace), dataModel: pretty(outcome.dataModel), savedAt: new Date().toISOString() });
        toasts.show({ intent: 'warning', message: t('workspaceConfig.workspaces.importInvalid', { count: outcome.problems.length }) });
        setEditing('new');
        break;
      case 'unreadable':
        toasts.show({ intent: 'danger', message: t('workspaceConfig.workspaces.importUnreadable', { message: importProblemText(outcome.problem) }) });
        break;
      case 'taken':
      case 'failed':
        toasts.show({ intent: 'danger', message: t('workspaceConfig.workspaces.importFailed', { message: outcome.message }) });
        break;
    }
  };

  if (target) {
    return (
      <Suspense fallback={<AppSpinner size={30} />}>
        <ConfigEditor key={editing} target={target} onClose={() => setEditing(null)} onPublished={onPublished} />
      </Suspense>
    );
  }

  const columns: AdminColumn<ConfigWorkspaceRow>[] = [
    {
      id: 'id',
      header: t('workspaceConfig.workspaces.columns.id'),
      cell: (row) => (
        <>
          <code>{row.id}</code>
          {drafts.read(row.id) ? <Tag minimal intent="warning" className="cm-workspaces-tab__draft">{t('workspaceConfig.workspaces.draft')}</Tag> : null}
        </>
      ),
    },
    { id: 'name', header: t('workspaceConfig.workspaces.columns.name'), cell: (row) => row.name },
    { id: 'dataModel', header: t('workspaceConfig.workspaces.columns.dataModel'), cell: (row) => t('workspaceConfig.workspaces.dataModelVersion', { id: row.dataModelId, version: row.dataModelVersion }) },
    {
      id: 'enabled',
      header: t('workspaceConfig.workspaces.columns.enabled'),
      width: 90,
      cell: (row) => (
        <Switch
          checked={row.enabled}
          disabled={tab.busyIds.includes(row.id)}
          aria-label={t(row.enabled ? 'workspaceConfig.workspaces.disable' : 'workspaceConfig.workspaces.enable', { name: row.name })}
          style={{ marginBottom: 0 }}
          onChange={() => void tab.setEnabled(row.id, !row.enabled)}
        />
      ),
    },
    { id: 'version', header: t('workspaceConfig.workspaces.columns.version'), width: 80, cell: (row) => row.version },
    {
      id: 'published',
      header: t('workspaceConfig.workspaces.columns.published'),
      cell: (row) => (row.publishedAt
        ? row.publishedBy ? t('workspaceConfig.workspaces.publishedAtBy', { at: formatPublishedAt(row.publishedAt), by: row.publishedBy }) : formatPublishedAt(row.publishedAt)
        : t('workspaceConfig.workspaces.neverPublished')),
    },
    {
      id: 'actions',
      header: t('workspaceConfig.workspaces.columns.actions'),
      width: 120,
      cell: (row) => (
        <span className="cm-row-actions">
          <Tooltip content={t('workspaceConfig.workspaces.edit', { name: row.name })}>
            <Button variant="minimal" size="small" icon={<Edit />} aria-label={t('workspaceConfig.workspaces.edit', { name: row.name })} onClick={() => setEditing(row.id)} />
          </Tooltip>
          <Tooltip content={t('workspaceConfig.workspaces.versions', { name: row.name })}>
            <Button variant="minimal" size="small" icon={<History />} aria-label={t('workspaceConfig.workspaces.versions', { name: row.name })} onClick={() => setVersionsOf(row.id)} />
          </Tooltip>
          <Tooltip content={t('workspaceConfig.workspaces.export', { name: row.name })}>
            <Button variant="minimal" size="small" icon={<Export />} aria-label={t('workspaceConfig.workspaces.export', { name: row.name })} onClick={() => void tab.exportWorkspace(row.id)} />
          </Tooltip>
        </span>
      ),
    },
  ];

  return (
    <div className="cm-workspaces-tab">
      <style>{ADMIN_CSS + WORKSPACES_CSS}</style>
      <div className="cm-workspaces-tab__toolbar">
        <Button intent="primary" icon={<Plus />} text={t('workspaceConfig.workspaces.newWorkspace')} onClick={() => setEditing('new')} />
        <AppButton icon={<Import />} text={t('workspaceConfig.workspaces.import')} loading={tab.importing} onClick={() => fileInput.current?.click()} />
        <input ref={fileInput} className="cm-workspaces-tab__file" type="file" multiple accept="application/json,.json" aria-label={t('workspaceConfig.workspaces.importFile')} onChange={(event) => void onImport(event)} />
      </div>
      {tab.error ? (
        <NonIdealState
          icon={<WarningSign />}
          title={t('workspaceConfig.workspaces.loadError')}
          description={tab.error}
          action={<Button text={t('workspaceConfig.workspaces.retry')} onClick={tab.reload} />}
        />
      ) : (
        <AdminTable label={t('workspaceConfig.workspaces.tab')} className="cm-workspaces-tab__table" columns={columns} rows={tab.rows} loading={tab.loading} emptyText={t('workspaceConfig.workspaces.empty')} />
      )}
      {tab.rows.some((row) => !row.enabled) ? <Callout intent="primary" compact>{t('workspaceConfig.workspaces.disabledNote')}</Callout> : null}
      {versionsOf ? (
        <VersionsDialog
          workspaceId={versionsOf}
          isOpen
          onClose={() => setVersionsOf(null)}
          onRolledBack={(version: number) => {
            tab.changed();
            toasts.show({ intent: 'success', message: t('workspaceConfig.workspaces.rolledBack', { id: versionsOf, version }) });
          }}
        />
      ) : null}
    </div>
  );
}
