import { Button, Callout, ControlGroup, HTMLTable, InputGroup, Intent, ProgressBar, Switch, Tag } from '@blueprintjs/core';
import { ChevronLeft, ChevronRight, Download, Refresh, Search, SmallCross, Upload } from '@blueprintjs/icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_ROW_TYPES, type Flow, type FlowRowOutcome, type ReferenceRow, type RejectedFile } from '@domain/api/flows';
import { formatDateTime } from '../../ui/date-time';
import { DisclosurePanel } from '../../ui/DisclosurePanel';
import { useFlowsController, type FlowsController, type ImportWatch, type Paged } from './use-flows-controller';
import { flowFailureMessage, importProblemMessage } from './import-problem-message';
import { AppSpinner } from '../../ui/AppSpinner';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';
import { AppButton } from '../../ui/AppButton';

const FLOWS_CSS = `
.cm-flows { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
.cm-flows__title { margin: 0; font-size: 1.3rem; }
.cm-flows__bar { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin-bottom: 0.5rem; }
.cm-flows__refs { display: flex; flex-wrap: wrap; gap: 0.3rem; margin-bottom: 0.5rem; }
.cm-flows__ref { display: inline-flex; align-items: center; }
.cm-flows__scroll { overflow-x: auto; }
.cm-flows__scroll table { width: 100%; }
.cm-flows__pager { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; justify-content: flex-end; margin-top: 0.4rem; }
.cm-flows__progress { display: flex; flex-direction: column; gap: 0.4rem; }
.cm-flows__counts { display: flex; flex-wrap: wrap; gap: 0.4rem; }
.cm-flows__failure { display: block; overflow-wrap: anywhere; max-width: 32rem; }
.cm-flows__summary { overflow-wrap: anywhere; }
.cm-flows__hint { color: #5f6b7c; margin: 0; }
.cm-flows__file-input { display: none; }
.cm-flows__loading { display: flex; gap: 0.5rem; align-items: center; margin: 0.5rem 0; }
`;

function Pager<T>({ pages, label }: { pages: Paged<T>; label: string }) {
  const { t } = useTranslation();
  // The page-size choice (spec 3 §9: 10, 15 or 20) is always there, however few the rows; the page buttons when there are pages.
  return (
    <nav className="cm-flows__pager" aria-label={label}>
      {pages.pageCount > 1 ? (
        <>
          <Button variant="minimal" icon={<ChevronLeft />} aria-label={t('flows.list.previous')} disabled={pages.page <= 0} onClick={() => pages.setPage(pages.page - 1)} />
          <span>{t('flows.list.page', { page: pages.page + 1, pages: pages.pageCount })}</span>
          <Button variant="minimal" icon={<ChevronRight />} aria-label={t('flows.list.next')} disabled={pages.page >= pages.pageCount - 1} onClick={() => pages.setPage(pages.page + 1)} />
        </>
      ) : null}
      <label>
        {t('flows.list.pageSize')}{' '}
        <PlainSelect value={pages.pageSize} onChange={(e) => pages.setPageSize(Number(e.currentTarget.value))} options={pages.pageSizes.map((n) => ({ value: n, label: String(n) }))} />
      </label>
    </nav>
  );
}

/** A button that opens the file chooser and hands the chosen file over. */
function FilePicker({ label, onFile, disabled, loading, testId }: { label: string; onFile(file: File): void; disabled?: boolean; loading?: boolean; testId?: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={input} type="file" className="cm-flows__file-input" data-testid={testId} aria-label={label} onChange={(e) => { const file = e.currentTarget.files?.[0]; e.currentTarget.value = ''; if (file) onFile(file); }} />
      <AppButton size="small" icon={<Upload />} text={label} disabled={disabled || loading} loading={loading} onClick={() => input.current?.click()} />
    </>
  );
}

const ROW_OUTCOMES = Object.keys(FLOW_ROW_TYPES) as FlowRowOutcome[];
const ROW_TYPE_INTENTS: Record<FlowRowOutcome, Intent> = { loaded: Intent.SUCCESS, skipped: Intent.NONE, rejected: Intent.DANGER };

/** TIPO as the API gives it (CARICATO, GIÀ CARICATO, SCARTATO), said in the user's language. */
function RowTypeTag({ type }: { type: ReferenceRow['TIPO'] }) {
  const { t } = useTranslation();
  const outcome = ROW_OUTCOMES.find((o) => FLOW_ROW_TYPES[o] === type);
  return <Tag minimal intent={outcome ? ROW_TYPE_INTENTS[outcome] : Intent.NONE}>{outcome ? t(`flows.rowType.${outcome}`) : type}</Tag>;
}

function ReferencesPanel({ c }: { c: FlowsController }) {
  const { t } = useTranslation();
  const { refs } = c;
  return (
    <DisclosurePanel title={t('flows.panels.refs')}>
      <form className="cm-flows__bar" onSubmit={(e) => { e.preventDefault(); refs.add(); }}>
        <ControlGroup>
          <InputGroup id="cm-flows-ref" aria-label={t('flows.refs.reference')} placeholder={t('flows.refs.reference')} value={refs.draft} onChange={(e) => refs.setDraft(e.currentTarget.value)} />
          <Button type="submit" text={t('flows.refs.add')} disabled={!refs.draft.trim()} />
        </ControlGroup>
        <AppButton intent={Intent.PRIMARY} icon={<Search />} text={t('flows.refs.search')} disabled={!refs.list.length} loading={refs.loading} onClick={() => void refs.search()} />
      </form>
      {refs.list.length ? (
        <div className="cm-flows__refs">
          {refs.list.map((ref) => (
            <span key={ref} className="cm-flows__ref">
              <Tag size="large">{ref}</Tag>
              <Button size="small" variant="minimal" icon={<SmallCross />} aria-label={t('flows.refs.remove', { ref })} onClick={() => refs.remove(ref)} />
            </span>
          ))}
        </div>
      ) : <p className="cm-flows__hint">{t('flows.refs.hint')}</p>}
      {refs.results && refs.results.total > 0 && refs.notFound.length ? <p className="cm-flows__not-found">{t('flows.refs.notFound', { refs: refs.notFound.join(', ') })}</p> : null}
      {refs.results ? (
        refs.results.total === 0 ? <p className="cm-flows__not-found">{t('flows.refs.empty')}</p> : (
          <>
            <div className="cm-flows__scroll">
              <HTMLTable compact striped aria-label={t('flows.panels.refs')}>
                <thead><tr><th>{t('flows.columns.reference')}</th><th>{t('flows.columns.fileName')}</th><th>{t('flows.columns.dateTime')}</th><th>{t('flows.columns.type')}</th></tr></thead>
                <tbody>
                  {refs.results.rows.map((r) => (
                    <tr key={`${r.importId}-${r.line}`} title={r.reasons ?? undefined}>
                      <td>{r.RIFERIMENTO}</td><td>{r['NOME FILE']}</td><td>{r['DATA/ORA']}</td>
                      <td><RowTypeTag type={r.TIPO} /></td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
            <Pager pages={refs.results} label={t('flows.panels.refs')} />
          </>
        )
      ) : null}
    </DisclosurePanel>
  );
}

function FilesPanel({ c }: { c: FlowsController }) {
  const { t } = useTranslation();
  const { files } = c;
  return (
    <DisclosurePanel title={t('flows.panels.files')}>
      <form className="cm-flows__bar" onSubmit={(e) => { e.preventDefault(); void files.search(); }}>
        <InputGroup id="cm-flows-file-name" aria-label={t('flows.files.name')} placeholder={t('flows.files.name')} value={files.name} onChange={(e) => files.setName(e.currentTarget.value)} />
        <AppButton type="submit" icon={<Search />} text={t('flows.files.search')} loading={files.loading} />
      </form>
      {files.searched && files.results.total === 0 ? <p>{t('flows.files.empty')}</p> : null}
      {files.results.total ? (
        <>
          <div className="cm-flows__scroll">
            <HTMLTable compact striped aria-label={t('flows.panels.files')}>
              <thead><tr><th>{t('flows.columns.fileName')}</th><th>{t('flows.columns.dateTime')}</th><th>{t('flows.columns.status')}</th></tr></thead>
              <tbody>
                {files.results.rows.map((r) => (
                  <tr key={r.importId}><td>{r.fileName}</td><td>{formatDateTime(r.dateTime)}</td><td>{t(`flows.importStatus.${r.status}`)}</td></tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          <Pager pages={files.results} label={t('flows.panels.files')} />
        </>
      ) : null}
    </DisclosurePanel>
  );
}

function FlowRow({ c, flow }: { c: FlowsController; flow: Flow }) {
  const { t } = useTranslation();
  const busy = c.flows.toggling.has(flow.id) || c.flows.loading;
  const failure = flow.failed ? flowFailureMessage(t, flow) : '';
  return (
    <tr data-flow={flow.id}>
      <td title={t('flows.list.header', { columns: flow.columns.join(';') })}>{flow.name}<br /><small>{flow.workspaceName}</small></td>
      <td>{flow.id}</td>
      <td>{flow.enabled ? t('flows.list.yes') : t('flows.list.no')}</td>
      <td>{flow.failed ? <Tag intent={Intent.DANGER} minimal title={failure || undefined}>{t('flows.list.failed')}</Tag> : <Tag intent={Intent.SUCCESS} minimal>{t('flows.list.ok')}</Tag>}{failure ? <small className="cm-flows__failure">{failure}</small> : null}</td>
      <td><Switch checked={flow.enabled} disabled={busy} aria-label={`${t('flows.columns.toggle')} ${flow.name}`} onChange={() => void c.flows.toggle(flow)} /></td>
      <td><FilePicker label={t('flows.list.upload')} testId={`upload-${flow.id}`} disabled={!flow.enabled} loading={c.flows.uploading.has(flow.id)} onFile={(file) => void c.flows.upload(flow, file)} /></td>
    </tr>
  );
}

function FlowListPanel({ c }: { c: FlowsController }) {
  const { t } = useTranslation();
  const { flows } = c;
  return (
    <DisclosurePanel title={t('flows.panels.list')}>
      <div className="cm-flows__bar"><AppButton icon={<Refresh />} text={t('flows.list.refresh')} loading={flows.loading} onClick={() => void flows.refresh()} /></div>
      {flows.failed ? (
        <Callout intent={Intent.DANGER} role="alert" title={t('flows.list.loadFailed')} className="cm-flows__list-failed">
          <AppButton text={t('flows.list.retry')} loading={flows.loading} onClick={() => void flows.refresh()} />
        </Callout>
      ) : null}
      {flows.list.total === 0 ? (
        // "No flows" only once the list has answered; a failed list has said so above.
        flows.failed ? null : !flows.listed || flows.loading ? <div className="cm-flows__loading"><AppSpinner size={16} /> {t('flows.list.loading')}</div> : <p>{t('flows.list.empty')}</p>
      ) : (
        <>
          <div className="cm-flows__scroll">
            <HTMLTable compact striped aria-label={t('flows.panels.list')}>
              <thead><tr><th>{t('flows.columns.name')}</th><th>{t('flows.columns.id')}</th><th>{t('flows.columns.enabled')}</th><th>{t('flows.columns.failed')}</th><th>{t('flows.columns.toggle')}</th><th>{t('flows.columns.file')}</th></tr></thead>
              <tbody>{flows.list.rows.map((flow) => <FlowRow key={flow.id} c={c} flow={flow} />)}</tbody>
            </HTMLTable>
          </div>
          <Pager pages={flows.list} label={t('flows.panels.list')} />
        </>
      )}
    </DisclosurePanel>
  );
}

function RejectedRow({ c, file }: { c: FlowsController; file: RejectedFile }) {
  const { t } = useTranslation();
  return (
    <tr data-rejected={file.id}>
      <td>{file.id}</td>
      <td>{file.name}</td>
      <td>{formatDateTime(file.datetime)}</td>
      <td>{file.rows}</td>
      <td>{file.handled ? <Tag minimal intent={Intent.SUCCESS}>{t('flows.rejected.handled')}</Tag> : <Tag minimal intent={Intent.WARNING}>{t('flows.rejected.open')}</Tag>}</td>
      <td>
        <ControlGroup>
          <Button size="small" icon={<Download />} text={t('flows.rejected.download')} onClick={() => void c.rejected.download(file)} />
          <FilePicker label={t('flows.rejected.reload')} testId={`reload-${file.id}`} disabled={file.handled} loading={c.rejected.reloading.has(file.id)} onFile={(upload) => void c.rejected.reload(file, upload)} />
        </ControlGroup>
      </td>
    </tr>
  );
}

function RejectedPanel({ c }: { c: FlowsController }) {
  const { t } = useTranslation();
  const { rejected } = c;
  return (
    <DisclosurePanel title={t('flows.panels.rejected')}>
      <div className="cm-flows__bar">
        <label htmlFor="cm-flows-rejected-flow">{t('flows.rejected.flow')}</label>
        <PlainSelect id="cm-flows-rejected-flow" value={rejected.flowId} onChange={(e) => rejected.choose(e.currentTarget.value)} options={[{ value: '', label: t('flows.rejected.choose') }, ...c.flows.all.map((f) => ({ value: f.id, label: f.name }))]} />
      </div>
      {rejected.flowId && !rejected.loading && rejected.list.total === 0 ? <p>{t('flows.rejected.empty')}</p> : null}
      {rejected.list.total ? (
        <>
          <div className="cm-flows__scroll">
            <HTMLTable compact striped aria-label={t('flows.panels.rejected')}>
              <thead><tr><th>{t('flows.columns.id')}</th><th>{t('flows.columns.name')}</th><th>{t('flows.columns.dateTime')}</th><th>{t('flows.columns.rows')}</th><th>{t('flows.columns.status')}</th><th /></tr></thead>
              <tbody>{rejected.list.rows.map((file) => <RejectedRow key={file.id} c={c} file={file} />)}</tbody>
            </HTMLTable>
          </div>
          <Pager pages={rejected.list} label={t('flows.panels.rejected')} />
        </>
      ) : null}
    </DisclosurePanel>
  );
}

function ImportProgress({ watch, onClose }: { watch: ImportWatch; onClose(): void }) {
  const { t } = useTranslation();
  const { current, expectedRows, finished } = watch;
  const value = finished ? 1 : expectedRows ? Math.min(1, current.rowsRead / expectedRows) : undefined;
  const failed = current.status === 'failed';
  return (
    <Callout intent={failed ? Intent.DANGER : finished ? Intent.SUCCESS : Intent.PRIMARY} className="cm-flows__progress" role="status" aria-live="polite" data-status={current.status}>
      <strong>{t('flows.progress.title', { file: current.fileName })}</strong>
      <ProgressBar value={value} intent={failed ? Intent.DANGER : finished ? Intent.SUCCESS : Intent.PRIMARY} animate={!finished} stripes={!finished} aria-label={t('flows.progress.title', { file: current.fileName })} />
      <div className="cm-flows__counts">
        <Tag minimal>{t('flows.progress.read', { count: current.rowsRead })}</Tag>
        <Tag minimal intent={Intent.SUCCESS}>{t('flows.progress.loaded', { count: current.loaded })}</Tag>
        <Tag minimal intent={Intent.DANGER}>{t('flows.progress.rejected', { count: current.rejected })}</Tag>
        <Tag minimal>{t('flows.progress.skipped', { count: current.skipped })}</Tag>
      </div>
      {finished ? (
        <p className="cm-flows__summary">
          {failed
            ? t('flows.progress.failed', { error: importProblemMessage(t, current.problem, current.error) })
            : t('flows.progress.done', { loaded: current.loaded, rejected: current.rejected, skipped: current.skipped, read: current.rowsRead, count: current.rowsRead })}
        </p>
      ) : null}
      {finished && !failed && current.reloadOf && typeof current.stillMissing === 'number' ? (
        <p className="cm-flows__summary">
          {current.stillMissing === 0 ? t('flows.progress.reloadHandled') : t('flows.progress.reloadMissing', { count: current.stillMissing })}
        </p>
      ) : null}
      {finished ? <div><Button size="small" variant="minimal" icon={<SmallCross />} text="OK" onClick={onClose} /></div> : null}
    </Callout>
  );
}

export function FlowsManagementView({ c }: { c: FlowsController }) {
  const { t } = useTranslation();
  return (
    <section className="cm-flows" aria-labelledby="cm-page-title">
      <style>{FLOWS_CSS}</style>
      <h1 id="cm-page-title" className="cm-flows__title">{t('flows.title')}</h1>
      {c.progress ? <ImportProgress watch={c.progress} onClose={c.dismissProgress} /> : null}
      <ReferencesPanel c={c} />
      <FilesPanel c={c} />
      <FlowListPanel c={c} />
      <RejectedPanel c={c} />
    </section>
  );
}

/** /flowsmanagement (permission flowsmanagement and its view visible, checked by the route). */
export function FlowsManagementPage() {
  const c = useFlowsController();
  return <FlowsManagementView c={c} />;
}
