import { Button, Callout, DialogBody, DialogFooter, FileInput, ProgressBar } from '@blueprintjs/core';
import { AppDialog } from '../../ui/AppDialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadedFile } from '@api-client/api-client';
import type { UsersClient } from '@api-client/users-client';
import { BULK_COLUMNS } from '@domain/api/users';
import { UPLOAD_LIMIT_BYTES } from '@domain/constants';
import { limitInMb, type FileProblem } from '@renderers/attachments/file-rules';
import { AppButton } from '../../ui/AppButton';

/** Data rows of a CSV file, for the progress bar: its non-empty lines but the header (a quoted line break may miscount by a few). */
export const countDataRows = (text: string): number => Math.max(0, text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '').length - 1);

/** The cells of one answer line (quoted cells may hold the delimiter). */
function cellsOf(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** OK and ERROR lines of the answer: the summary shown before the file is saved. */
export function summarise(text: string): { ok: number; rejected: number } {
  const [header, ...lines] = text.split(/\r\n/).filter(Boolean);
  // the header is row<delimiter>username<delimiter>result<delimiter>message
  const delimiter = header?.charAt(3) ?? ',';
  let ok = 0;
  let rejected = 0;
  for (const line of lines) {
    const result = cellsOf(line, delimiter)[2];
    if (result === 'OK') ok += 1;
    else if (result === 'ERROR') rejected += 1;
  }
  return { ok, rejected };
}

/**
 * The file rules of spec 1 §5, checked before sending too (the server checks them again). Shown in the user's language
 * by the contactWork.files keys: in Italian, the spec's 'FILE NON SUPPORTATO' and 'IL FILE SUPERA LA DIMENSIONE LIMITE DI 5 MB'.
 */
export function fileProblem(file: File): FileProblem | null {
  if (!/\.csv$/i.test(file.name)) return { kind: 'unsupported' };
  if (file.size >= UPLOAD_LIMIT_BYTES) return { kind: 'tooLarge', limitMb: limitInMb(UPLOAD_LIMIT_BYTES) };
  return null;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'running'; total: number; done: number; started: boolean }
  | { kind: 'finished'; file: DownloadedFile; ok: number; rejected: number }
  /** The answer broke off after some rows were worked: what it said of them is kept and can be saved. */
  | { kind: 'interrupted'; file: DownloadedFile; ok: number; rejected: number; total: number }
  | { kind: 'failed' };

/** The complete lines of an answer that broke off (a last, cut line is dropped), as a file to save. */
export function partialAnswer(received: string, filename: string): DownloadedFile | null {
  const end = received.lastIndexOf('\n');
  const complete = end < 0 ? '' : received.slice(0, end + 1);
  if (complete.split(/\r\n|\n/).filter(Boolean).length < 2) return null;
  const blob = new Blob([complete], { type: 'text/csv' });
  return { blob, filename, bytes: blob.size };
}

/**
 * Bulk load and bulk check (spec 1 §2, §5, §7): a CSV file sent to the server, a progress bar while it is sent and its
 * rows are worked (the answer streams one line per row), then a summary (rows ok / rows rejected) and the answer saved
 * as signup-{timestamp}.csv or check-{timestamp}.csv.
 */
export function BulkFileDialog({ users, mode, save, onClose }: { users: UsersClient; mode: 'load' | 'check'; save(file: DownloadedFile): void; onClose(changed: boolean): void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPhase({ kind: 'idle' });
    setProblem(chosen ? fileProblem(chosen) : null);
  };

  const start = async () => {
    if (!file || problem) return;
    const total = countDataRows(await file.text());
    setPhase({ kind: 'running', total, done: 0, started: false });
    let received = '';
    try {
      const answer = await users.bulk(mode, file, (progress) => {
        received = progress.received;
        setPhase({ kind: 'running', total, done: Math.min(progress.rowsDone, total), started: true });
      });
      setPhase({ kind: 'finished', file: answer, ...summarise(await answer.blob.text()) });
    } catch {
      // the API client showed the server's message ('FILE NON SUPPORTATO', the size limit, a lost connection, …)
      const partial = partialAnswer(received, `${mode === 'load' ? 'signup' : 'check'}-${Date.now()}-partial.csv`);
      if (partial) setPhase({ kind: 'interrupted', file: partial, total, ...summarise(await partial.blob.text()) });
      else setPhase({ kind: 'failed' });
    }
  };

  const running = phase.kind === 'running';
  // Users were made (a finished load, or one that broke off after some rows): the table reloads on closing.
  const changed = (phase.kind === 'finished' || phase.kind === 'interrupted') && mode === 'load';
  return (
    <AppDialog isOpen title={t(mode === 'load' ? 'modals.bulk.loadTitle' : 'modals.bulk.checkTitle')} onClose={() => !running && onClose(changed)} canOutsideClickClose={false} className="cm-bulk-dialog">
      <DialogBody>
        <p>{t('modals.bulk.text')}</p>
        {/* the columns the server reads (bulk-users.ts): the user has the dialog, not the README */}
        <ul className="cm-bulk-dialog__columns">
          {BULK_COLUMNS.map((column) => <li key={column}><code>{column}</code>: {t(`modals.bulk.columns.${column}`)}</li>)}
        </ul>
        <p>{t('modals.bulk.answer')}</p>
        <FileInput
          fill
          text={file?.name ?? t('modals.bulk.chooseFile')}
          buttonText="…"
          disabled={running}
          inputProps={{ accept: '.csv,text/csv', 'aria-label': t('modals.bulk.chooseFile') }}
          onInputChange={(event) => choose((event.currentTarget as HTMLInputElement).files?.[0] ?? null)}
        />
        {problem ? (
          <Callout intent="danger" className="cm-bulk-dialog__problem" role="alert">
            {problem.kind === 'unsupported' ? t('contactWork.files.unsupported') : t('contactWork.files.tooLarge', { n: problem.limitMb })}
          </Callout>
        ) : null}
        {running ? (
          <div className="cm-bulk-dialog__progress" aria-live="polite">
            <ProgressBar intent="primary" value={phase.started && phase.total > 0 ? phase.done / phase.total : undefined} />
            <span>{phase.started ? t('modals.bulk.progress', { done: phase.done, total: phase.total, count: phase.total }) : t('modals.bulk.uploading')}</span>
          </div>
        ) : null}
        {phase.kind === 'finished' ? (
          <Callout intent={phase.rejected ? 'warning' : 'success'} className="cm-bulk-dialog__summary">
            {t('modals.bulk.summary', { ok: phase.ok, rejected: phase.rejected })}
          </Callout>
        ) : null}
        {phase.kind === 'interrupted' ? (
          <Callout intent="danger" className="cm-bulk-dialog__summary" role="alert">
            <p>{t('modals.bulk.interrupted', { done: phase.ok + phase.rejected, total: phase.total, count: phase.total })}</p>
            <p>{t('modals.bulk.summary', { ok: phase.ok, rejected: phase.rejected })}</p>
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={(
          <>
            <Button text={t('modals.bulk.close')} disabled={running} onClick={() => onClose(changed)} />
            {phase.kind === 'finished' || phase.kind === 'interrupted' ? (
              <Button intent="primary" text={t('modals.bulk.save', { filename: phase.file.filename })} onClick={() => save(phase.file)} />
            ) : (
              <AppButton intent="primary" text={t('modals.bulk.start')} disabled={!file || problem !== null} loading={running} onClick={() => void start()} />
            )}
          </>
        )}
      />
    </AppDialog>
  );
}
