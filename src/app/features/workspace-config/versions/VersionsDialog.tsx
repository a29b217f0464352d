import { Button, Callout, Checkbox, Classes, DialogBody, DialogFooter, FormGroup, H4, H5, HTMLTable, Intent, NonIdealState, Tab, Tabs, Tag, TextArea } from '@blueprintjs/core';
import { AppDialog } from '../../../ui/AppDialog';
import { History, Undo } from '@blueprintjs/icons';
import { format } from 'date-fns';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createWorkspaceConfigApi } from '@api-client/workspace-config-client';
import type { AuditEntry, VersionEntry } from '@domain/api/workspace-config';
import { TOAST_MS } from '@domain/constants';
import { useServices } from '../../../services/services-context';
import type { LineMark, MarkedLine } from './side-by-side';
import { DIFF_DOCUMENTS, useVersionsController, type DiffDocument, type DiffRow, type VersionsController, type VersionsDiff } from './use-versions-controller';
import { AppSpinner } from '../../../ui/AppSpinner';
import { AppAlert } from '../../../ui/AppAlert';

export interface VersionsDialogProps {
  workspaceId: string;
  isOpen: boolean;
  onClose: () => void;
  onRolledBack: (version: number) => void;
}

const VERSIONS_CSS = `
.cm-versions { width: min(1100px, 96vw); }
.cm-versions section + section { margin-top: 1rem; }
.cm-versions__scroll { overflow: auto; max-height: 40vh; }
.cm-versions table { width: 100%; }
.cm-versions__value { margin: 0; max-width: 28rem; max-height: 8rem; overflow: auto; white-space: pre-wrap; word-break: break-word; font-size: 12px; }
.cm-versions__pointer { word-break: break-all; }
.cm-versions__sides { display: grid; grid-template-columns: 1fr 1fr; gap: 0.5rem; }
.cm-versions__pane { overflow: auto; max-height: 50vh; border: 1px solid rgba(128, 128, 128, 0.35); }
.cm-versions__pane h6 { position: sticky; top: 0; margin: 0; padding: 2px 6px; background: #f6f7f9; }
.bp6-dark .cm-versions__pane h6 { background: #2f343c; }
.cm-versions__lines { margin: 0; padding: 0; list-style: none; font: 12px/1.45 monospace; }
.cm-versions__line { display: flex; white-space: pre; }
.cm-versions__line > span { flex: none; width: 3.5em; padding-right: 0.5em; text-align: right; opacity: 0.6; user-select: none; }
.cm-versions__line > b { flex: none; width: 1.2em; font-weight: normal; user-select: none; }
.cm-versions__line ins, .cm-versions__line del { text-decoration: none; }
.cm-versions__line--removed { background: rgba(205, 66, 70, 0.18); }
.cm-versions__line--added { background: rgba(35, 133, 81, 0.18); }
.cm-versions__line--changed { background: rgba(200, 118, 25, 0.2); }
`;

/** When, as the tables show it: DD/MM/YYYY HH:mm. */
const when = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'dd/MM/yyyy HH:mm');
};

const Value = ({ value }: { value: { value: unknown } | null }) =>
  (value ? <pre className="cm-versions__value">{value.value === undefined ? '' : JSON.stringify(value.value, null, 2)}</pre> : null);

function DiffTable({ rows, label }: { rows: DiffRow[]; label: string }) {
  const { t } = useTranslation();
  if (!rows.length) return <p>{t('workspaceConfigVersions.noChanges')}</p>;
  return (
    <HTMLTable compact striped aria-label={label}>
      <thead>
        <tr>
          <th>{t('workspaceConfigVersions.diffColumns.op')}</th>
          <th>{t('workspaceConfigVersions.diffColumns.path')}</th>
          <th>{t('workspaceConfigVersions.diffColumns.old')}</th>
          <th>{t('workspaceConfigVersions.diffColumns.new')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <td><Tag minimal intent={row.op === 'add' ? Intent.SUCCESS : row.op === 'remove' ? Intent.DANGER : Intent.WARNING}>{row.op}</Tag></td>
            <td className="cm-versions__pointer"><code>{row.path}</code>{row.from !== undefined ? <> ← <code>{row.from}</code></> : null}</td>
            <td><Value value={row.old} /></td>
            <td><Value value={row.next} /></td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

const MARK_SIGNS: Record<LineMark, string> = { removed: '−', added: '+', changed: '~' };

/** One version of a document, read-only, a line per row with its number; the lines the patch touches marked. */
function SidePane({ lines, label, side }: { lines: MarkedLine[]; label: string; side: 'before' | 'after' }) {
  const { t } = useTranslation();
  return (
    <div className="cm-versions__pane" role="region" aria-label={label}>
      <h6>{label}</h6>
      <ol className="cm-versions__lines">
        {lines.map((line) => {
          const text = line.mark === null ? line.text : side === 'before' ? <del>{line.text}</del> : <ins>{line.text}</ins>;
          return (
            <li
              key={line.number}
              className={line.mark ? `cm-versions__line cm-versions__line--${line.mark}` : 'cm-versions__line'}
              data-mark={line.mark ?? undefined}
              title={line.mark ? `${t(`workspaceConfigVersions.marks.${line.mark}`)}: ${line.pointer || '/'}` : undefined}
            >
              <span aria-hidden="true">{line.number}</span>
              <b aria-hidden="true">{line.mark ? MARK_SIGNS[line.mark] : ' '}</b>
              {text}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function SideBySideView({ data, doc }: { data: VersionsDiff; doc: DiffDocument }) {
  const { t } = useTranslation();
  const name = t(`workspaceConfigVersions.documents.${doc}`);
  if (!data.documents[doc].length) return <p>{t('workspaceConfigVersions.noChanges')}</p>;
  return (
    <div className="cm-versions__sides">
      <SidePane side="before" lines={data.sides[doc].before} label={t('workspaceConfigVersions.pane', { document: name, version: data.from })} />
      <SidePane side="after" lines={data.sides[doc].after} label={t('workspaceConfigVersions.pane', { document: name, version: data.to })} />
    </div>
  );
}

function DiffDocuments({ data, view }: { data: VersionsDiff; view: 'sides' | 'patch' }) {
  const { t } = useTranslation();
  return (
    <>
      {DIFF_DOCUMENTS.map((doc) => (
        <div key={doc}>
          <H5>{t(`workspaceConfigVersions.documents.${doc}`)}</H5>
          {view === 'sides' ? <SideBySideView data={data} doc={doc} /> : <div className="cm-versions__scroll"><DiffTable rows={data.documents[doc]} label={t(`workspaceConfigVersions.documents.${doc}`)} /></div>}
        </div>
      ))}
    </>
  );
}

function Diff({ c }: { c: VersionsController }) {
  const { t } = useTranslation();
  const { diff } = c;
  if (diff.status === 'idle') return <p className={Classes.TEXT_MUTED}>{t('workspaceConfigVersions.pickTwo')}</p>;
  if (diff.status === 'loading') return <NonIdealState icon={<AppSpinner size={24} />} title={t('workspaceConfigVersions.diffLoading')} />;
  if (diff.status === 'error') return <Callout intent={Intent.DANGER} role="alert">{t('workspaceConfigVersions.diffError')}: {diff.message}</Callout>;
  return (
    <section aria-label={t('workspaceConfigVersions.diffTitle', { from: diff.data.from, to: diff.data.to })}>
      <H4>{t('workspaceConfigVersions.diffTitle', { from: diff.data.from, to: diff.data.to })}</H4>
      <Tabs id="cm-versions-diff" defaultSelectedTabId="sides" renderActiveTabPanelOnly>
        <Tab id="sides" title={t('workspaceConfigVersions.views.sides')} panel={<DiffDocuments data={diff.data} view="sides" />} />
        <Tab id="patch" title={t('workspaceConfigVersions.views.patch')} panel={<DiffDocuments data={diff.data} view="patch" />} />
      </Tabs>
    </section>
  );
}

function VersionRow({ v, c }: { v: VersionEntry; c: VersionsController }) {
  const { t } = useTranslation();
  const live = v.version === c.current;
  return (
    <tr>
      <td><Checkbox className="cm-versions__pick" checked={c.selected.includes(v.version)} onChange={() => c.toggle(v.version)} aria-label={t('workspaceConfigVersions.pick', { version: v.version })} /></td>
      <td>v{v.version}{live ? <> <Tag minimal intent={Intent.SUCCESS}>{t('workspaceConfigVersions.current')}</Tag></> : null}</td>
      <td>{when(v.at)}</td>
      <td>{v.by ?? ''}</td>
      <td>{v.comment ?? ''}</td>
      <td>{t(`workspaceConfigVersions.actions.${v.action}`)}{v.action === 'rollback' && v.fromVersion !== null ? ` ${t('workspaceConfigVersions.restoredFrom', { version: v.fromVersion })}` : ''}</td>
      <td>
        {live ? null : (
          <Button size="small" icon={<Undo />} text={t('workspaceConfigVersions.rollback')} aria-label={t('workspaceConfigVersions.rollbackTo', { version: v.version })} disabled={c.rollback.busy || c.current === null} onClick={() => c.rollback.ask(v.version)} />
        )}
      </td>
    </tr>
  );
}

function Versions({ c }: { c: VersionsController }) {
  const { t } = useTranslation();
  const { versions } = c;
  if (versions.status === 'idle' || versions.status === 'loading') return <NonIdealState icon={<AppSpinner size={24} />} title={t('workspaceConfigVersions.loading')} />;
  if (versions.status === 'error') {
    return (
      <Callout intent={Intent.DANGER} role="alert" title={t('workspaceConfigVersions.loadError')}>
        {versions.message} <Button size="small" text={t('workspaceConfigVersions.retry')} onClick={c.reload} />
      </Callout>
    );
  }
  if (!versions.data.length) return <NonIdealState icon={<History size={32} />} title={t('workspaceConfigVersions.empty')} />;
  return (
    <div className="cm-versions__scroll">
      <HTMLTable compact striped interactive aria-label={t('workspaceConfigVersions.columns.version')}>
        <thead>
          <tr>
            <th>{t('workspaceConfigVersions.columns.compare')}</th>
            <th>{t('workspaceConfigVersions.columns.version')}</th>
            <th>{t('workspaceConfigVersions.columns.at')}</th>
            <th>{t('workspaceConfigVersions.columns.by')}</th>
            <th>{t('workspaceConfigVersions.columns.comment')}</th>
            <th>{t('workspaceConfigVersions.columns.action')}</th>
            <th aria-label={t('workspaceConfigVersions.rollback')} />
          </tr>
        </thead>
        <tbody>{versions.data.map((v) => <VersionRow key={v.version} v={v} c={c} />)}</tbody>
      </HTMLTable>
    </div>
  );
}

const fromTo = (a: AuditEntry): string => `${a.fromVersion === null ? '—' : `v${a.fromVersion}`} → ${a.toVersion === null ? '—' : `v${a.toVersion}`}`;

function Audit({ c }: { c: VersionsController }) {
  const { t } = useTranslation();
  const { audit } = c;
  let body;
  if (audit.status === 'idle' || audit.status === 'loading') body = <AppSpinner size={20} />;
  else if (audit.status === 'error') body = <Callout intent={Intent.DANGER}>{t('workspaceConfigVersions.audit.error')}: {audit.message}</Callout>;
  else if (!audit.data.length) body = <p>{t('workspaceConfigVersions.audit.empty')}</p>;
  else {
    body = (
      <div className="cm-versions__scroll">
        <HTMLTable compact striped aria-label={t('workspaceConfigVersions.audit.title')}>
          <thead>
            <tr>
              <th>{t('workspaceConfigVersions.columns.action')}</th>
              <th>{t('workspaceConfigVersions.audit.versions')}</th>
              <th>{t('workspaceConfigVersions.columns.by')}</th>
              <th>{t('workspaceConfigVersions.columns.at')}</th>
              <th>{t('workspaceConfigVersions.columns.comment')}</th>
            </tr>
          </thead>
          <tbody>
            {audit.data.map((a) => (
              <tr key={a.id}>
                <td>{t(`workspaceConfigVersions.actions.${a.action}`)}</td>
                <td>{fromTo(a)}</td>
                <td>{a.by ?? ''}</td>
                <td>{when(a.at)}</td>
                <td>{a.comment ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );
  }
  return (
    <section>
      <H4>{t('workspaceConfigVersions.audit.title')}</H4>
      {body}
    </section>
  );
}

/** The view of the Versions dialog: the versions, the diff of the two picked, the change log and the rollback confirmation. */
export function VersionsDialogView({ c, workspaceId, isOpen, onClose }: { c: VersionsController; workspaceId: string; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { rollback } = c;
  return (
    <AppDialog isOpen={isOpen} onClose={onClose} title={t('workspaceConfigVersions.title', { workspace: workspaceId })} icon={<History />} className="cm-versions">
      <style>{VERSIONS_CSS}</style>
      <DialogBody>
        {rollback.message ? <Callout intent={Intent.WARNING} role="alert" className="cm-versions__message">{rollback.message}</Callout> : null}
        <section><Versions c={c} /></section>
        <section><Diff c={c} /></section>
        <Audit c={c} />
      </DialogBody>
      <DialogFooter actions={<Button text={t('workspaceConfigVersions.close')} onClick={onClose} />} />
      <AppAlert
        isOpen={rollback.target !== null}
        intent={Intent.WARNING}
        icon={<Undo />}
        loading={rollback.busy}
        confirmButtonText={t('workspaceConfigVersions.rollback')}
        cancelButtonText={t('workspaceConfigVersions.cancel')}
        onConfirm={() => void rollback.confirm()}
        onCancel={rollback.cancel}
        canEscapeKeyCancel={!rollback.busy}
      >
        <H5>{t('workspaceConfigVersions.confirmTitle', { version: rollback.target ?? '' })}</H5>
        <p>{t('workspaceConfigVersions.confirmText', { version: rollback.target ?? '', current: c.current ?? '' })}</p>
        <FormGroup label={t('workspaceConfigVersions.comment')} labelFor="cm-versions-comment">
          <TextArea id="cm-versions-comment" fill maxLength={2000} value={rollback.comment} onChange={(e) => rollback.setComment(e.currentTarget.value)} />
        </FormGroup>
      </AppAlert>
    </AppDialog>
  );
}

/**
 * The Versions of a workspace (issue 13): the list (version, when, who, comment, action), any two compared side by
 * side (two read-only panes per document, the lines the JSON Patch touches marked) or as the patch's operations, the
 * change log, and the rollback to a version with a comment.
 */
export function VersionsDialog({ workspaceId, isOpen, onClose, onRolledBack }: VersionsDialogProps) {
  const { t } = useTranslation();
  const { api, toasts } = useServices();
  const config = useMemo(() => createWorkspaceConfigApi(api), [api]);
  const onSuccess = useCallback((version: number) => {
    toasts.show({ intent: 'success', message: t('workspaceConfigVersions.done', { version }), timeout: TOAST_MS.success });
    onRolledBack(version);
  }, [toasts, t, onRolledBack]);
  const c = useVersionsController({ config, workspaceId, isOpen, t, onSuccess });
  return <VersionsDialogView c={c} workspaceId={workspaceId} isOpen={isOpen} onClose={onClose} />;
}
