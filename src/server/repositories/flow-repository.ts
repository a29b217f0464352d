import type { RowReason } from '@domain/row-reasons';
import { importProblemText, type FileSearchRow, type Flow, type FlowFailure, type FlowImport, type FlowRowOutcome, type ImportProblem, type ImportStatus, type RejectedFile } from '@domain/api/flows';
import type { Queryable, Row, SqlParam } from '../db/database';

/**
 * Flows, their imports (one per file), the rows of each file by reference, and the rejected files
 * (migrations/009-flows-and-delivery.ts). A reference is loaded at most once per flow: the partial unique index
 * flow_rows_loaded_reference makes a second load of it, even by another process at the same moment, a skip.
 */

interface FlowRow extends Row {
  id: string;
  name: string;
  workspace_id: string;
  workspace_name: string;
  enabled: boolean;
  failed: boolean;
  failure: string | null;
  failure_problem: FlowFailure | null;
  columns: string[];
  mapping: Record<string, string>;
  reference_column: string;
  delimiter: string;
}

interface ImportRow extends Row {
  id: string;
  flow_id: string;
  flow_name: string;
  file_name: string;
  source: FlowImport['source'];
  status: ImportStatus;
  rows_read: number;
  loaded: number;
  rejected: number;
  skipped: number;
  error: string | null;
  problem: ImportProblem | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  rejected_file_id: string | null;
  reload_of: string | null;
  still_missing: number | null;
}

/** A flow as the import reads it: its settings without the last import. */
export type FlowRecord = Omit<Flow, 'lastImport' | 'maxFileSize'> & { delimiter: string };

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const toImport = (row: ImportRow): FlowImport => ({
  id: row.id.trim(),
  flowId: row.flow_id,
  flowName: row.flow_name,
  fileName: row.file_name,
  source: row.source,
  status: row.status,
  rowsRead: Number(row.rows_read),
  loaded: Number(row.loaded),
  rejected: Number(row.rejected),
  skipped: Number(row.skipped),
  error: row.error,
  problem: row.problem ?? null,
  createdAt: new Date(row.created_at).toISOString(),
  startedAt: iso(row.started_at),
  finishedAt: iso(row.finished_at),
  rejectedFileId: row.rejected_file_id?.trim() ?? null,
  reloadOf: row.reload_of?.trim() ?? null,
  stillMissing: row.still_missing === null ? null : Number(row.still_missing),
});

const toFlow = (row: FlowRow): FlowRecord => ({
  id: row.id,
  name: row.name,
  workspaceId: row.workspace_id,
  workspaceName: row.workspace_name,
  enabled: row.enabled,
  failed: row.failed,
  failure: row.failure,
  failureProblem: row.failure_problem ?? null,
  columns: row.columns,
  referenceColumn: row.reference_column,
  mapping: row.mapping,
  delimiter: row.delimiter,
});

const FLOW_SELECT = `SELECT f.id, f.name, f.workspace_id, w.name AS workspace_name, f.enabled, f.failed, f.failure, f.failure_problem, f.columns, f.mapping,
  f.reference_column, f.delimiter FROM flows f JOIN workspaces w ON w.id = f.workspace_id`;
const IMPORT_SELECT = `SELECT i.id, i.flow_id, f.name AS flow_name, i.file_name, i.source, i.status, i.rows_read, i.loaded, i.rejected, i.skipped,
  i.error, i.problem, i.created_at, i.started_at, i.finished_at, r.id AS rejected_file_id, i.reload_of, i.still_missing
  FROM flow_imports i JOIN flows f ON f.id = i.flow_id LEFT JOIN flow_rejected_files r ON r.import_id = i.id`;

export interface NewFlow {
  id: string;
  name: string;
  workspaceId: string;
  enabled: boolean;
  columns: string[];
  mapping: Record<string, string>;
  referenceColumn: string;
  delimiter: string;
  at: Date;
}

export interface NewImport {
  id: string;
  flowId: string;
  fileName: string;
  source: FlowImport['source'];
  reloadOf: string | null;
  createdBy: string | null;
  at: Date;
  /** The process that holds it until it ends, and until when unless renewed (migration 029). */
  lease?: { owner: string; until: Date };
}

/** An unfinished import a process has taken over from one whose lease ran out. */
export interface TakenOverImport { id: string; flowId: string; fileName: string; source: FlowImport['source']; reloadOf: string | null; createdBy: string | null }

export interface ImportCounts { rowsRead: number; loaded: number; rejected: number; skipped: number }

/** A row of a file that goes to the contacts: its reference, its line and the contact it becomes. */
export interface LoadedRow { reference: string; line: number; contactId: string }
export interface RejectedRow {
  reference: string;
  line: number;
  reasons: RowReason[];
  cells: string[];
  /** Its reference is on an earlier line of the same file: rejected even when that reference was loaded. */
  repeated?: boolean;
}

export interface ReferenceHit {
  reference: string;
  fileName: string;
  at: Date;
  outcome: FlowRowOutcome;
  flowId: string;
  flowName: string;
  importId: string;
  line: number;
  contactId: string | null;
  reasons: RowReason[] | null;
}

export function flowRepository(db: Queryable) {
  return {
    async list(flowIds?: readonly string[]): Promise<FlowRecord[]> {
      const rows = flowIds
        ? await db.query<FlowRow>(`${FLOW_SELECT} WHERE f.id = ANY($1) ORDER BY f.name, f.id`, [flowIds])
        : await db.query<FlowRow>(`${FLOW_SELECT} ORDER BY f.name, f.id`);
      return rows.map(toFlow);
    },

    async find(id: string): Promise<FlowRecord | null> {
      const [row] = await db.query<FlowRow>(`${FLOW_SELECT} WHERE f.id = $1`, [id]);
      return row ? toFlow(row) : null;
    },

    /** Seeds a flow once: a flow that exists keeps what people changed since. */
    async insertIfMissing(flow: NewFlow): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO flows (id, name, workspace_id, enabled, columns, mapping, reference_column, delimiter, created_at, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $9, 'seed') ON CONFLICT (id) DO NOTHING RETURNING id`,
        [flow.id, flow.name, flow.workspaceId, flow.enabled, JSON.stringify(flow.columns), JSON.stringify(flow.mapping), flow.referenceColumn, flow.delimiter, flow.at],
      );
      return rows.length > 0;
    },

    /** Enabling also clears `failed`: whoever enables a failed flow has dealt with the reason. */
    async setEnabled(id: string, enabled: boolean, userId: string, at: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE flows SET enabled = $2, failed = CASE WHEN $2 THEN false ELSE failed END, failure = CASE WHEN $2 THEN NULL ELSE failure END,
           failure_problem = CASE WHEN $2 THEN NULL ELSE failure_problem END,
           updated_at = $4, updated_by = $3 WHERE id = $1 RETURNING id`,
        [id, enabled, userId, at],
      );
      return rows.length > 0;
    },

    /** Marks the flow failed by an import's problem (its words: the file's name, then the problem's), or clears it. */
    async setFailure(id: string, failure: FlowFailure | null, at: Date): Promise<void> {
      await db.query(
        'UPDATE flows SET failed = $2, failure = $3, failure_problem = $4::jsonb, updated_at = $5 WHERE id = $1',
        [id, failure !== null, failure && `${failure.fileName}: ${importProblemText(failure)}`, failure && JSON.stringify(failure), at],
      );
    },

    async lastImports(flowIds: readonly string[]): Promise<Map<string, FlowImport>> {
      if (!flowIds.length) return new Map();
      const rows = await db.query<ImportRow>(
        `${IMPORT_SELECT} WHERE i.id IN (SELECT DISTINCT ON (flow_id) id FROM flow_imports WHERE flow_id = ANY($1) ORDER BY flow_id, created_at DESC, id DESC)`,
        [flowIds],
      );
      return new Map(rows.map((row) => [row.flow_id, toImport(row)]));
    },

    async createImport(i: NewImport): Promise<FlowImport> {
      await db.query(
        `INSERT INTO flow_imports (id, flow_id, file_name, source, status, reload_of, created_at, created_by, lease_owner, lease_until)
         VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7, $8, $9)`,
        [i.id, i.flowId, i.fileName, i.source, i.reloadOf, i.at, i.createdBy, i.lease?.owner ?? null, i.lease?.until ?? null],
      );
      return (await this.findImport(i.id))!;
    },

    /** Extends the lease of every unfinished import `owner` holds. */
    async renewLeases(owner: string, until: Date): Promise<void> {
      await db.query("UPDATE flow_imports SET lease_until = $2 WHERE lease_owner = $1 AND status IN ('queued', 'running')", [owner, until]);
    },

    /**
     * Takes over the unfinished imports whose lease ran out before `now` (or that have none): each goes to `owner`
     * until `until`, once (rows another process is taking over at the same moment are passed by).
     */
    async takeOverStale(owner: string, now: Date, until: Date): Promise<TakenOverImport[]> {
      const rows = await db.query<{ id: string; flow_id: string; file_name: string; source: FlowImport['source']; reload_of: string | null; created_by: string | null }>(
        `UPDATE flow_imports SET lease_owner = $1, lease_until = $3
         WHERE id IN (SELECT id FROM flow_imports WHERE status IN ('queued', 'running') AND (lease_until IS NULL OR lease_until < $2) ORDER BY created_at, id FOR UPDATE SKIP LOCKED)
         RETURNING id, flow_id, file_name, source, reload_of, created_by`,
        [owner, now, until],
      );
      return rows.map((r) => ({ id: r.id.trim(), flowId: r.flow_id, fileName: r.file_name, source: r.source, reloadOf: r.reload_of?.trim() ?? null, createdBy: r.created_by }));
    },

    async findImport(id: string): Promise<FlowImport | null> {
      const [row] = await db.query<ImportRow>(`${IMPORT_SELECT} WHERE i.id = $1`, [id.toLowerCase()]);
      return row ? toImport(row) : null;
    },

    /** Ends an unfinished import as failed with `problem`, keeping the counts its committed batches added. */
    async abandonImport(id: string, problem: ImportProblem, at: Date): Promise<void> {
      await db.query(
        "UPDATE flow_imports SET status = 'failed', error = $2, problem = $3::jsonb, finished_at = $4 WHERE id = $1 AND status IN ('queued', 'running')",
        [id, importProblemText(problem), JSON.stringify(problem), at],
      );
    },

    async startImport(id: string, at: Date): Promise<void> {
      await db.query("UPDATE flow_imports SET status = 'running', started_at = $2 WHERE id = $1", [id, at]);
    },

    /** A batch's counts added to the import's (rows read is the reader's figure, which only grows). */
    async progressBy(id: string, rowsRead: number, batch: Omit<ImportCounts, 'rowsRead'>): Promise<void> {
      await db.query(
        'UPDATE flow_imports SET rows_read = GREATEST(rows_read, $2), loaded = loaded + $3, rejected = rejected + $4, skipped = skipped + $5 WHERE id = $1',
        [id, rowsRead, batch.loaded, batch.rejected, batch.skipped],
      );
    },

    async finishImport(id: string, status: 'done' | 'failed', problem: ImportProblem | null, counts: ImportCounts, at: Date): Promise<void> {
      await db.query(
        'UPDATE flow_imports SET status = $2, error = $3, problem = $4::jsonb, rows_read = $5, loaded = $6, rejected = $7, skipped = $8, finished_at = $9 WHERE id = $1',
        [id, status, problem && importProblemText(problem), problem && JSON.stringify(problem), counts.rowsRead, counts.loaded, counts.rejected, counts.skipped, at],
      );
    },

    /** Rows whose reference the flow had loaded: written as skipped, with the contact that reference became. */
    async addSkipped(flowId: string, importId: string, rows: ReadonlyArray<{ reference: string; line: number }>, at: Date): Promise<void> {
      if (!rows.length) return;
      await db.query(
        `INSERT INTO flow_rows (flow_id, import_id, reference, line, outcome, contact_id, at)
         SELECT $1, $2, e->>'r', (e->>'l')::int, 'skipped', (SELECT contact_id FROM flow_rows l WHERE l.flow_id = $1 AND l.reference = e->>'r' AND l.outcome = 'loaded'), $3
         FROM jsonb_array_elements($4::jsonb) AS e`,
        [flowId, importId, at, JSON.stringify(rows.map((r) => ({ r: r.reference, l: r.line })))],
      );
    },

    /** Which of `references` the flow loaded in another import. */
    async loadedElsewhere(flowId: string, importId: string, references: readonly string[]): Promise<Set<string>> {
      if (!references.length) return new Set();
      const rows = await db.query<{ reference: string }>(
        "SELECT reference FROM flow_rows WHERE flow_id = $1 AND outcome = 'loaded' AND reference = ANY($2) AND import_id <> $3",
        [flowId, references, importId],
      );
      return new Set(rows.map((r) => r.reference));
    },

    async addRejected(flowId: string, importId: string, rows: readonly RejectedRow[], at: Date): Promise<void> {
      if (!rows.length) return;
      await db.query(
        `INSERT INTO flow_rows (flow_id, import_id, reference, line, outcome, reasons, cells, at)
         SELECT $1, $2, e->>'r', (e->>'l')::int, 'rejected', e->'m', e->'c', $3 FROM jsonb_array_elements($4::jsonb) AS e`,
        [flowId, importId, at, JSON.stringify(rows.map((r) => ({ r: r.reference, l: r.line, m: r.reasons, c: r.cells })))],
      );
    },

    async createRejectedFile(file: { id: string; flowId: string; importId: string; name: string; rows: number; at: Date }): Promise<void> {
      await db.query(
        'INSERT INTO flow_rejected_files (id, flow_id, import_id, name, rows, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [file.id, file.flowId, file.importId, file.name, file.rows, file.at],
      );
    },

    async rejectedFiles(flowId: string): Promise<RejectedFile[]> {
      const rows = await db.query<{ id: string; name: string; created_at: Date | string; rows: number; import_id: string; handled_at: Date | string | null; handled_by_import: string | null }>(
        'SELECT id, name, created_at, rows, import_id, handled_at, handled_by_import FROM flow_rejected_files WHERE flow_id = $1 ORDER BY created_at DESC, import_id DESC',
        [flowId],
      );
      return rows.map((r) => ({
        id: r.id.trim(),
        name: r.name,
        datetime: new Date(r.created_at).toISOString(),
        rows: Number(r.rows),
        importId: r.import_id.trim(),
        handled: r.handled_at !== null,
        handledAt: iso(r.handled_at),
        handledByImport: r.handled_by_import?.trim() ?? null,
      }));
    },

    async findRejectedFile(id: string): Promise<(RejectedFile & { flowId: string }) | null> {
      const [row] = await db.query<{ flow_id: string }>('SELECT flow_id FROM flow_rejected_files WHERE id = $1', [id.toLowerCase()]);
      if (!row) return null;
      const file = (await this.rejectedFiles(row.flow_id)).find((f) => f.id === id.toLowerCase());
      return file ? { ...file, flowId: row.flow_id } : null;
    },

    /** The rejected rows of an import, in file order: what the rejected file holds. */
    async rejectedRows(importId: string): Promise<Array<{ line: number; cells: string[]; reasons: RowReason[] }>> {
      const rows = await db.query<{ line: number; cells: string[] | null; reasons: RowReason[] | null }>(
        "SELECT line, cells, reasons FROM flow_rows WHERE import_id = $1 AND outcome = 'rejected' ORDER BY line, id",
        [importId],
      );
      return rows.map((r) => ({ line: Number(r.line), cells: r.cells ?? [], reasons: r.reasons ?? [] }));
    },

    async markHandled(rejectedFileId: string, importId: string, at: Date): Promise<void> {
      await db.query('UPDATE flow_rejected_files SET handled_at = $2, handled_by_import = $3 WHERE id = $1 AND handled_at IS NULL', [rejectedFileId, at, importId]);
    },

    /**
     * The end of a reload that completed: how many rows of its rejected file are still not loaded, kept on the reload
     * (migration 032); none left marks the file handled by it. A row is loaded when the flow has loaded its reference,
     * or the reference a reloaded row gave it (`corrections`: LINEA, the row's line, to that reference).
     */
    async closeReload(rejectedFileId: string, importId: string, corrections: ReadonlyMap<number, string>, at: Date): Promise<number> {
      const [{ n }] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM flow_rejected_files f JOIN flow_rows r ON r.import_id = f.import_id AND r.outcome = 'rejected'
         WHERE f.id = $1
           AND NOT EXISTS (SELECT 1 FROM flow_rows l WHERE l.flow_id = f.flow_id AND l.outcome = 'loaded' AND l.reference = r.reference)
           AND NOT EXISTS (SELECT 1 FROM flow_rows l WHERE l.flow_id = f.flow_id AND l.outcome = 'loaded' AND l.reference = ($2::jsonb ->> r.line::text))`,
        [rejectedFileId, JSON.stringify(Object.fromEntries(corrections))],
      );
      const missing = Number(n);
      await db.query('UPDATE flow_imports SET still_missing = $2 WHERE id = $1', [importId, missing]);
      if (missing === 0) await this.markHandled(rejectedFileId, importId, at);
      return missing;
    },

    /** Every row of the flows' files with one of the references, newest first. */
    async searchReferences(flowIds: readonly string[], references: readonly string[], limit = 1_000): Promise<ReferenceHit[]> {
      if (!flowIds.length || !references.length) return [];
      const rows = await db.query<{ reference: string; file_name: string; at: Date | string; outcome: FlowRowOutcome; flow_id: string; flow_name: string; import_id: string; line: number; contact_id: string | null; reasons: ReferenceHit['reasons'] }>(
        `SELECT r.reference, i.file_name, i.created_at AS at, r.outcome, r.flow_id, f.name AS flow_name, r.import_id, r.line, r.contact_id, r.reasons
         FROM flow_rows r JOIN flow_imports i ON i.id = r.import_id JOIN flows f ON f.id = r.flow_id
         WHERE r.reference = ANY($1) AND r.flow_id = ANY($2)
         ORDER BY i.created_at DESC, r.import_id DESC, r.line LIMIT $3`,
        [references, flowIds, limit],
      );
      return rows.map((r) => ({
        reference: r.reference,
        fileName: r.file_name,
        at: new Date(r.at),
        outcome: r.outcome,
        flowId: r.flow_id,
        flowName: r.flow_name,
        importId: r.import_id.trim(),
        line: Number(r.line),
        contactId: r.contact_id?.trim() ?? null,
        reasons: r.reasons,
      }));
    },

    /** Files of the flows whose name contains `name` (any case), newest first. */
    async searchFiles(flowIds: readonly string[], name: string, limit = 200): Promise<FileSearchRow[]> {
      if (!flowIds.length) return [];
      const params: SqlParam[] = [flowIds, limit];
      let where = 'i.flow_id = ANY($1)';
      if (name.trim()) {
        params.push(`%${name.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where += ` AND lower(i.file_name) LIKE $${params.length}`;
      }
      const rows = await db.query<ImportRow>(`${IMPORT_SELECT} WHERE ${where} ORDER BY i.created_at DESC, i.id DESC LIMIT $2`, params);
      return rows.map(toImport).map((i) => ({
        fileName: i.fileName,
        dateTime: i.createdAt,
        status: i.status,
        importId: i.id,
        flowId: i.flowId,
        flowName: i.flowName,
        rowsRead: i.rowsRead,
        loaded: i.loaded,
        rejected: i.rejected,
        skipped: i.skipped,
      }));
    },
  };
}
export type FlowRepository = ReturnType<typeof flowRepository>;
