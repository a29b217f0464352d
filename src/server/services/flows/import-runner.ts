import { basename, extname } from 'node:path';
import Papa from 'papaparse';
import { importProblemText, type FlowImport, type ImportProblem } from '@domain/api/flows';
import { allowedValues, type ReasonRule, type RowReason } from '@domain/row-reasons';
import type { ArrayConfigs } from '@domain/generated/workspace';
import { FORM_SECTIONS, type FormSection } from '@translator/translate-form';
import type { JsonSchema } from '@translator/types';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/database';
import { analyzeAfterImport } from '../../db/statistics';
import { HttpError } from '../../http-error';
import { sayIn } from '../../server-messages';
import { flowRepository, type FlowRecord, type FlowRepository, type ImportCounts, type LoadedRow, type RejectedRow } from '../../repositories/flow-repository';
import { contactIdSequence, newContactId } from '../../repositories/contact-work-repository';
import type { WorkspaceDocument, WorkspaceRepository } from '../../repositories/workspace-repository';
import { checkRemoteEnums, formSchema, planSection, type FieldError } from '../contact-work/contact-forms';
import { readHead, sniffFile, textEncodingOf, textStream } from './flow-files';
import { mapColumns, rowValues } from './row-values';

/**
 * One file of a flow, start to end: read as a stream (PapaParse), each row mapped to data-model fields and checked
 * with the SAME create-form schema the translator gives the browser (and the same remote-enum check the insert route
 * makes), valid rows inserted as contacts in the entry state, invalid ones kept with their line and reasons for the
 * rejected file. Rows go to the database in batches, each batch in one transaction with the import's counters, so
 * the progress call sees whole batches. With several writers a failure keeps the batches that committed, before or
 * after it; a reload skips the rows they loaded.
 */

export interface ImportDeps {
  db: Database;
  clock: Clock;
  workspaces: WorkspaceRepository;
  /** The flows over `db` (app.repos.flows); a transaction builds its own over `tx`. */
  flows: FlowRepository;
  /** Rows per transaction. */
  batchSize: number;
  /**
   * Batches written at once, each in its own transaction (default 1). On PostgreSQL two writers keep two backends busy
   * while this process reads the next batch: the upkeep of a contact's indexes is most of an import's cost. PGlite runs
   * one transaction at a time, so more writers only queue there.
   */
  writers?: number;
}

/** A failure of the file (or of the flow's configuration): the import fails and the flow is marked failed with it. */
export class ImportFailure extends Error {
  constructor(readonly problem: ImportProblem) { super(importProblemText(problem)); }
}

/** The import was stopped with the server: it fails, the flow does not. */
export class ImportInterrupted extends Error {
  constructor(readonly problem: ImportProblem) { super(importProblemText(problem)); }
}

const ROLE_FOR_IMPORTS = 'admin';

interface PendingRow extends LoadedRow { inputs: Record<string, unknown>; outputs: Record<string, unknown> }

/** remote enum values of the workspace, read once: the same check as the insert route, without a query per row. */
async function enumValuesInMemory(db: Queryable, workspaceId: string) {
  const rows = await db.query<{ kind: FormSection; field: string; value: string; parents: Record<string, unknown> }>(
    'SELECT kind, field, value, parents FROM enum_values WHERE workspace_id = $1 ORDER BY kind, field, position, value',
    [workspaceId],
  );
  const byField = new Map<string, Array<{ value: string; parents: Record<string, unknown> }>>();
  for (const row of rows) {
    const key = `${row.kind}/${row.field}`;
    byField.set(key, [...(byField.get(key) ?? []), { value: row.value, parents: row.parents ?? {} }]);
  }
  return {
    enumFieldHasValues: async (_workspace: string, kind: FormSection, field: string) => byField.has(`${kind}/${field}`),
    enumValueExists: async (_workspace: string, kind: FormSection, field: string, value: string, parents: Record<string, string>) =>
      (byField.get(`${kind}/${field}`) ?? []).some((v) => v.value === value && Object.entries(parents).every(([k, p]) => v.parents[k] === p)),
    /** The values the field takes for those parents' values, in the enum call's order. */
    valuesFor: (kind: FormSection, field: string, parents: Record<string, string>): string[] =>
      (byField.get(`${kind}/${field}`) ?? []).filter((v) => Object.entries(parents).every(([k, p]) => v.parents[k] === p)).map((v) => v.value),
  };
}

/** The rejected file's name: the file's name with `_scarti` before the extension. */
export const rejectedFileName = (fileName: string): string => {
  const ext = extname(fileName);
  return `${basename(fileName, ext)}_scarti${ext || '.csv'}`;
};

export async function runImport(deps: ImportDeps, importId: string, path: string, actorId: string | null, signal?: AbortSignal): Promise<FlowImport> {
  const { db, clock, flows: repo } = deps;
  const found = await repo.findImport(importId);
  if (!found) throw new Error(`import ${importId} not found`);
  const flow = (await repo.find(found.flowId))!;
  const counts: ImportCounts = { rowsRead: 0, loaded: 0, rejected: 0, skipped: 0 };
  // Disabled while the file waited in the queue: it is not read (spec 3 §4: a disabled flow processes nothing), and
  // the flow is not failed for it.
  if (!flow.enabled) {
    await repo.finishImport(importId, 'failed', { code: 'disabled', flowId: flow.id }, counts, new Date(clock()));
    return (await repo.findImport(importId))!;
  }
  await repo.startImport(importId, new Date(clock()));
  try {
    const corrections = await importRows(deps, flow, found, path, actorId, counts, signal);
    const at = new Date(clock());
    await db.transaction(async (tx) => {
      const t = flowRepository(tx);
      await t.finishImport(importId, 'done', null, counts, at);
      if (counts.rejected > 0) await t.createRejectedFile({ id: newContactId(at), flowId: flow.id, importId, name: rejectedFileName(found.fileName), rows: counts.rejected, at });
      // A reload handles its rejected file only once every row that file rejected is loaded (by it or before it):
      // otherwise it says how many are still missing, and the file stays open for another reload.
      if (found.reloadOf) await t.closeReload(found.reloadOf, importId, corrections, at);
      if (flow.failed) await t.setFailure(flow.id, null, at);
    });
    // The planner's statistics follow a large import (PGlite gathers none by itself): db/statistics.ts.
    await analyzeAfterImport(db, counts.loaded).catch(() => false);
  } catch (error) {
    const problem: ImportProblem = error instanceof ImportFailure || error instanceof ImportInterrupted ? error.problem : { code: 'stopped', detail: (error as Error)?.message ?? String(error) };
    const at = new Date(clock());
    await repo.finishImport(importId, 'failed', problem, counts, at);
    if (!(error instanceof ImportInterrupted)) await repo.setFailure(flow.id, { ...problem, fileName: found.fileName }, at);
  }
  return (await repo.findImport(importId))!;
}

/**
 * Reads, checks and writes the file's rows. Answers, for a reload of a downloaded rejected file (its LINEA column
 * kept), the reference of each row by the line of the rejected file it corrects: a corrected row may carry a reference
 * of its own (one that was empty, or wrong).
 */
async function importRows(deps: ImportDeps, flow: FlowRecord, current: FlowImport, path: string, actorId: string | null, counts: ImportCounts, signal?: AbortSignal): Promise<Map<number, string>> {
  const { db, clock, batchSize } = deps;
  const workspace = await deps.workspaces.findDocument(flow.workspaceId);
  if (!workspace) throw new ImportFailure({ code: 'workspaceGone', workspaceId: flow.workspaceId });
  const model = await deps.workspaces.findDataModel(String(workspace.dataModelId ?? ''));
  if (!model) throw new ImportFailure({ code: 'modelMissing', workspaceId: flow.workspaceId });
  const entryState = typeof workspace.entryState === 'string' ? workspace.entryState : '';
  if (!entryState) throw new ImportFailure({ code: 'noEntryState', workspaceId: flow.workspaceId });
  const schemas = {} as Record<FormSection, JsonSchema>;
  try {
    for (const section of FORM_SECTIONS) schemas[section] = formSchema(model, workspace, 'create', section, ROLE_FOR_IMPORTS);
  } catch (error) {
    throw new ImportFailure({ code: 'configuration', detail: error instanceof HttpError ? `${error.message}: ${error.errors.map((e) => `${e.field ?? ''} ${e.message}`).join('; ')}` : String(error) });
  }

  const head = await readHead(path).catch((error: Error) => { throw new ImportFailure({ code: 'unreadable', detail: error.message }); });
  if (head.length === 0) throw new ImportFailure({ code: 'empty' });
  if (sniffFile(head) !== 'text') throw new ImportFailure({ code: 'notCsv' });
  const enums = await enumValuesInMemory(db, workspace.id);
  const mapped = mapColumns(flow.columns, flow.mapping, model);
  const columnOf = (section: FormSection, name: string) => mapped.find((m) => m.section === section && m.name === name)?.column;
  const referenceIndex = flow.columns.indexOf(flow.referenceColumn);

  const source = textStream(path, textEncodingOf(head));
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: flow.delimiter || '', header: false, skipEmptyLines: false });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  const seen = new Map<string, number>();
  const nextContactId = contactIdSequence();
  let pending: PendingRow[] = [];
  let rejected: RejectedRow[] = [];
  // The physical line the record being read starts on (the header is line 1), and the next one's: a quoted field
  // may span lines.
  let line = 0;
  let nextLine = 1;
  let width = flow.columns.length;
  const corrections = new Map<number, string>();
  /** Where a reloaded file has LINEA, the line of the rejected row a row corrects; -1 otherwise. */
  let correctedLine = -1;

  // The batches being written, oldest first, while the next one is read and checked: at most `writers` of them.
  const writers = Math.max(1, deps.writers ?? 1);
  const writing: Array<Promise<void>> = [];

  /** Hands the batch read so far to the database, once a writer is free. */
  const flush = async () => {
    if (writing.length >= writers) await writing.shift();
    if (signal?.aborted) throw new ImportInterrupted({ code: 'interruptedDropAgain' });
    const batch = write(pending, rejected);
    // Its failure is met when its turn comes or at the end; until then it must not count as unhandled.
    batch.catch(() => undefined);
    writing.push(batch);
    pending = [];
    rejected = [];
  };

  /** Waits for every batch being written; the first failure among them is the import's. */
  const written = async () => {
    const outcomes = await Promise.allSettled(writing.splice(0));
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
  };

  const write = async (loaded: PendingRow[], refused: RejectedRow[]) => {
    const at = new Date(clock());
    const batch: ImportCounts = { rowsRead: 0, loaded: 0, rejected: 0, skipped: 0 };
    await db.transaction(async (tx) => {
      // The batch writes its contacts' insert events itself, naming the file (migration 015), and their arrivals in the
      // entry state (019): the row triggers stay quiet.
      await tx.query("SELECT set_config('contact_manager.user_id', $1, true), set_config('contact_manager.at', $2, true), set_config('contact_manager.insert_events', 'written', true), set_config('contact_manager.state_arrivals', 'written', true)", [actorId ?? '', at.toISOString()]);
      const t = flowRepository(tx);
      // A row whose reference another file already loaded is skipped, not rejected again, however it reads now.
      const loadedBefore = await t.loadedElsewhere(flow.id, current.id, [...new Set(refused.filter((r) => r.reference && !r.repeated).map((r) => r.reference))]);
      const stale = refused.filter((r) => !r.repeated && loadedBefore.has(r.reference));
      const stillRefused = stale.length ? refused.filter((r) => r.repeated || !loadedBefore.has(r.reference)) : refused;
      await t.addSkipped(flow.id, current.id, stale, at);
      const wonIds = await loadRows(tx, current, workspace, entryState, loaded, actorId, at);
      const won = wonIds.size === loaded.length ? loaded : loaded.filter((row) => wonIds.has(row.contactId));
      const skipped = won === loaded ? [] : loaded.filter((row) => !wonIds.has(row.contactId));
      await t.addSkipped(flow.id, current.id, skipped, at);
      await t.addRejected(flow.id, current.id, stillRefused, at);
      batch.loaded = won.length;
      batch.skipped = skipped.length + stale.length;
      batch.rejected = stillRefused.length;
      // Added to what other batches committed, so concurrent batches do not overwrite each other's counts.
      await t.progressBy(current.id, counts.rowsRead, batch);
    });
    // Counted once committed: a batch that fails adds nothing to the import's counts.
    counts.loaded += batch.loaded;
    counts.skipped += batch.skipped;
    counts.rejected += batch.rejected;
  };

  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      line = nextLine;
      nextLine = line + 1 + lineBreaksIn(cells);
      if (line === 1) {
        const header = cells.map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, '') : c).trim());
        if (!headerMatches(flow.columns, header)) throw new ImportFailure({ code: 'header', expected: flow.columns, found: header });
        width = header.length;
        if (current.reloadOf && width === flow.columns.length + REJECTED_FILE_COLUMNS.length) correctedLine = flow.columns.length;
        continue;
      }
      if (cells.every((c) => c.trim() === '')) continue;
      counts.rowsRead += 1;
      const reference = (cells[referenceIndex] ?? '').trim();
      if (correctedLine >= 0 && reference && cells.length === width) {
        const corrected = Number(cells[correctedLine].trim());
        if (Number.isInteger(corrected) && corrected > 1) corrections.set(corrected, reference);
      }
      const reasons = rowProblems(cells, reference);
      // The first line of each reference, valid or not: a second row with it is a duplicate either way.
      if (reference && !seen.has(reference)) seen.set(reference, line);
      if (!reasons.length) {
        const values = rowValues(cells, mapped);
        const errors: FieldError[] = [];
        const plans = FORM_SECTIONS.map((section) => planSection({ section, view: 'create', sent: values[section], stored: {}, fields: section === 'inputs' ? model.model : model.outputs, schema: schemas[section], arrayConfig: workspace.arrayConfig as ArrayConfigs | undefined }, errors));
        if (!errors.length) for (const [i, section] of FORM_SECTIONS.entries()) await checkRemoteEnums(enums, workspace, section, plans[i], errors);
        for (const e of errors) {
          const [, section, pointed] = /^\/(inputs|outputs)\/([^/]+)/.exec(e.field ?? '') ?? [];
          const name = pointed?.replace(/~1/g, '/').replace(/~0/g, '~');
          const column = section ? columnOf(section as FormSection, name) : undefined;
          const described = section ? (section === 'inputs' ? model.model : model.outputs)[name] : undefined;
          const label = described?.label ?? e.label;
          const words = sayIn(e.message, 'en');
          reasons.push({ field: column ?? e.field, message: column ? `${column}: ${words}` : words, ...(column ? { column } : {}), ...(label ? { label } : {}), ...(e.rule ? { rule: explained(e.rule, section as FormSection | undefined, name, described?.placeholder) } : {}) });
        }
        if (!reasons.length) {
          pending.push({ reference, line, contactId: nextContactId(new Date(clock())), inputs: plans[0].set, outputs: plans[1].set });
        }
      }
      if (reasons.length) rejected.push({ reference, line, reasons: reasons.map(({ repeated: _repeated, ...reason }) => reason), cells, repeated: reasons.some((r) => r.repeated) });
      if (pending.length + rejected.length >= batchSize) await flush();
    }
    if (line === 0) throw new ImportFailure({ code: 'header', expected: flow.columns, found: [] });
    if (pending.length || rejected.length) await flush();
    else if (signal?.aborted) throw new ImportInterrupted({ code: 'interrupted' });
    await written();
    return corrections;
  } finally {
    source.destroy();
    parser.destroy();
    // Batches still being written end before the import's end is recorded (their counters are the import's).
    await Promise.allSettled(writing);
  }

  /**
   * A broken rule with what the reader needs to put the value right: a format's example (the field's placeholder), a
   * list's values (the form's for a list of the workspace, the enum call's for those parents' values otherwise).
   */
  function explained(rule: ReasonRule, section: FormSection | undefined, name: string | undefined, placeholder: unknown): ReasonRule {
    if (rule.code === 'pattern') return withExample(rule, placeholder);
    if (!section || name === undefined) return rule;
    if (rule.code === 'notAllowed') return { ...rule, ...allowedValues((schemas[section].properties?.[name]?.oneOf ?? []).map((option) => option.const)) };
    if (rule.code === 'notAllowedFor') return { ...rule, ...allowedValues(enums.valuesFor(section, name, rule.parents)) };
    return rule;
  }

  /** What is wrong with a row before its values are looked at: its shape and its reference. */
  function rowProblems(cells: string[], reference: string): Array<RowReason & { repeated?: true }> {
    const column = flow.referenceColumn;
    if (cells.length !== width) return [{ message: `the line has ${cells.length} fields, the header ${width}`, rule: { code: 'columns', found: cells.length, expected: width } }];
    if (!reference) return [{ field: column, column, message: `${column}: the reference is empty`, rule: { code: 'noReference' } }];
    const first = seen.get(reference);
    if (first !== undefined) return [{ field: column, column, message: `${column}: reference ${reference} is already on line ${first} of this file`, rule: { code: 'duplicateReference', reference, line: first }, repeated: true }];
    return [];
  }
}

/** The line breaks inside a record's quoted fields (CRLF, LF or CR, each one): the lines it spans after its first. */
function lineBreaksIn(cells: readonly string[]): number {
  let breaks = 0;
  for (const cell of cells) {
    if (cell.indexOf('\n') === -1 && cell.indexOf('\r') === -1) continue;
    breaks += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  return breaks;
}

/** A format the value does not match names the data model's placeholder as an example of a right value, when there is one. */
const withExample = (rule: ReasonRule, placeholder: unknown): ReasonRule =>
  rule.code === 'pattern' && typeof placeholder === 'string' && placeholder.trim() ? { ...rule, example: placeholder.trim() } : rule;

/** The columns a rejected file adds after the flow's: a downloaded rejected file, corrected, loads as it is. */
export const REJECTED_FILE_COLUMNS = ['LINEA', 'MOTIVO'] as const;

/** The flow's columns in order (any case), optionally followed by the rejected file's own two. */
export function headerMatches(columns: readonly string[], header: readonly string[]): boolean {
  const expected = columns.map((c) => c.trim().toLowerCase());
  const found = header.map((c) => c.toLowerCase());
  const same = (list: readonly string[]) => list.length === found.length && list.every((c, i) => c === found[i]);
  return same(expected) || same([...expected, ...REJECTED_FILE_COLUMNS.map((c) => c.toLowerCase())]);
}

/**
 * One statement per batch: claims the rows' references for the flow (a reference loaded before, by this process or
 * another at the same moment, loses), inserts the contacts that won in the entry state, and writes each one's insert
 * event naming the file, the flow and the line: what the contacts trigger writes for any other insert (same columns,
 * same time and actor), with the file in it, and each one's arrival in the entry state: a new contact's arrival has
 * no previous one, so it is lone and counts in its 15-minute slot (state_arrival_slots, migration 018), and it is the
 * contact's last arrival in the state (last_arrivals, migration 024), as the events' trigger would count it (migration
 * 019 silences that trigger for this writer). Answers the contact ids that won.
 */
async function loadRows(tx: Queryable, current: FlowImport, workspace: WorkspaceDocument, state: string, rows: readonly PendingRow[], actorId: string | null, at: Date): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const sql = `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(c text, r text, l int, i jsonb, o jsonb)
     ), claimed AS (
       INSERT INTO flow_rows (flow_id, import_id, reference, line, outcome, contact_id, at)
       SELECT $2, $3, r, l, 'loaded', c, $4 FROM input
       ON CONFLICT (flow_id, reference) WHERE outcome = 'loaded' DO NOTHING
       RETURNING contact_id, reference, line
     ), added AS (
       INSERT INTO contacts (id, workspace_id, state, priority, inputs, outputs, created_at, last_state_change_at, availability, version)
       SELECT input.c, $5, $6, 10, input.i, input.o, $4, $4, 'toProcess', 0 FROM claimed JOIN input ON input.c = claimed.contact_id ORDER BY claimed.contact_id
       RETURNING id, state, outcome, agent_id
     ), events AS (
       INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id, agent_id, show_detail, extra_data)
       SELECT $5, added.id, $4, 'insert', added.state, NULL, added.outcome, left($7, 255), nullif($8::text, ''), added.agent_id, true,
         jsonb_build_object('flowId', $2::text, 'importId', $3::text, 'fileName', $9::text, 'line', claimed.line, 'reference', claimed.reference)
       FROM added JOIN claimed ON claimed.contact_id = added.id ORDER BY claimed.line
       RETURNING id, contact_id, state, at
     ), arrivals AS (
       INSERT INTO state_arrivals (event_id, workspace_id, contact_id, state, at, previous_at)
       SELECT id, $5, contact_id, state, at, NULL FROM events
     ), slots AS (
       INSERT INTO state_arrival_slots AS s (workspace_id, state, slot, arrivals, last_arrivals)
       SELECT $5, state, date_bin('15 minutes', at, timestamptz '1970-01-01 00:00:00+00'), count(*)::int, count(*)::int FROM events GROUP BY 2, 3
       ON CONFLICT (workspace_id, state, slot) DO UPDATE SET arrivals = s.arrivals + EXCLUDED.arrivals, last_arrivals = s.last_arrivals + EXCLUDED.last_arrivals
     )
     SELECT contact_id FROM claimed`;
  const params = [
      JSON.stringify(rows.map((r) => ({ c: r.contactId, r: r.reference, l: r.line, i: r.inputs, o: r.outputs }))),
      current.flowId, current.id, at, workspace.id, state, `File: ${current.fileName}`, actorId, current.fileName,
    ];
  const claimed = await tx.query<{ contact_id: string }>(sql, params);
  return new Set(claimed.map((row) => row.contact_id.trim()));
}
