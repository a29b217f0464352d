import { randomBytes } from 'node:crypto';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import Papa from 'papaparse';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_DATE_TIME_FORMAT, DEFAULT_TIMEZONE, FLOW_ROW_TYPES, type Flow, type FlowImport, type ReferenceRow, type RejectedFileContent, type SearchByRefsBody } from '@domain/api/flows';
import { ATTACHMENT_DEFAULT_MAX_BYTES, DEFAULT_LANGUAGE, type Language } from '@domain/constants';
import { rowReasonsText } from '@domain/row-reasons';
import type { AttachmentConfigs } from '@domain/generated/workspace';
import { can } from '@translator/can';
import { translatePermissions } from '@translator/translate-permissions';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import { badField, conflict, notFound } from '../../http-error';
import { say } from '../../server-messages';
import { permissionContext, type AuthContext } from '../../plugins/auth';
import type { FlowRecord, FlowRepository } from '../../repositories/flow-repository';
import type { WorkspaceRepository } from '../../repositories/workspace-repository';
import { formatInstant, isTimeZone } from './date-format';
import { flowFolder, moveFile, receiveUpload, safeFileName } from './flow-files';
import { REJECTED_FILE_COLUMNS, runImport } from './import-runner';

export interface FlowServiceOptions {
  /** DATA_DIR/flows: the flows' folders. */
  root: string;
  /**
   * Rows per transaction (default 2,000 on PostgreSQL, 1,000 on PGlite). On PostgreSQL a batch's statement, its
   * statement triggers and its commit are paid per batch: 2,000 rows cut the database's time per row by about a tenth
   * (`npm run bench -- flows-import --batch N`); PGlite gains little and holds the bigger batch in this process.
   */
  batchSize?: number;
  /** Batches written at once (default 2 on PostgreSQL, 1 on PGlite, which runs one transaction at a time). */
  writers?: number;
  /** How often the inbound folders are looked at while watching (default 2 s). */
  scanIntervalMs?: number;
  /**
   * A dropped file is taken once its size and time have not changed between two looks, so a file still being
   * copied is not read half-way; 0 takes files at the first look (tests).
   */
  settle?: boolean;
  /**
   * How long this process holds an import it has queued or is running without renewing its lease (default 60 s;
   * renewed every third of it). A process that stops without ending its imports leaves them to be taken over once
   * their lease has run out (migration 029).
   */
  leaseMs?: number;
}

/** A flow the user may manage, with the largest file its workspace takes (read with the workspace that allows it). */
export type VisibleFlow = FlowRecord & { maxFileSize: number };

/** The workspace's attachmentConfigs.maxSize, else 5,000,000 bytes: the limit of its flows' files (spec 3 §5). */
const maxFileSizeOf = (workspace: { attachmentConfigs?: unknown } | null): number => {
  const configured = ((workspace?.attachmentConfigs ?? {}) as AttachmentConfigs).maxSize;
  return typeof configured === 'number' && configured > 0 ? configured : ATTACHMENT_DEFAULT_MAX_BYTES;
};

export interface FlowService {
  readonly root: string;
  /** The flows `auth` may manage: those of workspaces the user may open and where `flowsmanagement` holds. */
  visibleFlows(auth: AuthContext): Promise<VisibleFlow[]>;
  /** One flow the user may manage, else 404. */
  flowFor(auth: AuthContext, flowId: string): Promise<VisibleFlow>;
  list(auth: AuthContext): Promise<Flow[]>;
  toggle(auth: AuthContext, flowId: string, enabled: boolean): Promise<Flow>;
  upload(auth: AuthContext, request: FastifyRequest, flowId: string, reloadOf?: string): Promise<FlowImport>;
  importFor(auth: AuthContext, importId: string): Promise<FlowImport>;
  searchReferences(auth: AuthContext, body: SearchByRefsBody): Promise<ReferenceRow[]>;
  /** The rejected file, its MOTIVO in `language` (Italian, the product's language, when none is named). */
  rejectedFileContent(auth: AuthContext, id: string, language?: Language): Promise<RejectedFileContent>;
  /**
   * Takes over the imports a stopped process left unfinished (their lease ran out): each fails as interrupted and its
   * file is queued again as a new import. Then looks at every enabled flow's inbound folder once and queues the files
   * found there that have settled (or every file, with `settled: false`: tests, and files known to be complete).
   * Answers the imports queued.
   */
  scan(options?: { settled?: boolean }): Promise<FlowImport[]>;
  /** Resolves when every queued import has run. */
  whenIdle(): Promise<void>;
  startWatching(): void;
  /** Stops watching, lets the running import stop at its next batch, and waits for it. */
  stop(): Promise<void>;
}


let importSequence = 0;
/**
 * An import's id, 24 hex characters like a contact's, that sorts as the imports were created (of one process):
 * the time in ms, a counter, and random bits. Lists order imports by time, then by id.
 */
export function newImportId(at: Date): string {
  importSequence = (importSequence + 1) & 0xffff;
  const bytes = Buffer.alloc(12);
  bytes.writeUIntBE(Math.max(0, at.getTime()) % 2 ** 48, 0, 6);
  bytes.writeUInt16BE(importSequence, 6);
  randomBytes(4).copy(bytes, 8);
  return bytes.toString('hex');
}

/** The flows of DATA_DIR/flows: uploads, the inbound folders, the import queue of this process, and what people may see. */
export function createFlowService(deps: { db: Database; clock: Clock; workspaces: WorkspaceRepository; flows: FlowRepository }, options: FlowServiceOptions): FlowService {
  const { db, clock, workspaces, flows: repo } = deps;
  const batchSize = options.batchSize ?? (db.dialect === 'postgres' ? 2_000 : 1_000);
  const writers = options.writers ?? (db.dialect === 'postgres' ? 2 : 1);
  const scanIntervalMs = options.scanIntervalMs ?? 2_000;
  const settleByDefault = options.settle ?? true;
  const leaseMs = options.leaseMs ?? 60_000;
  /** This process, as the owner of the imports it holds. */
  const owner = randomBytes(8).toString('hex');
  const lease = () => ({ owner, until: new Date(clock() + leaseMs) });
  /** Imports queued or running here, and the timer that renews their leases while there are any. */
  let held = 0;
  let renewing: ReturnType<typeof setInterval> | null = null;
  const abort = new AbortController();
  let queue: Promise<unknown> = Promise.resolve();
  let watcher: ReturnType<typeof setTimeout> | null = null;
  let watching = false;
  let scanning: Promise<unknown> = Promise.resolve();
  const lastLook = new Map<string, string>();

  /** Where an import's file is worked: the flow's work folder, named by the import. */
  const workFile = (flowId: string, importId: string, fileName: string) => join(flowFolder(options.root, flowId, 'work'), `${importId}-${fileName}`);

  function hold(): void {
    held += 1;
    if (renewing) return;
    renewing = setInterval(() => void repo.renewLeases(owner, lease().until).catch(() => undefined), Math.max(1, Math.floor(leaseMs / 3)));
    renewing.unref();
  }

  function release(): void {
    held -= 1;
    if (held > 0 || !renewing) return;
    clearInterval(renewing);
    renewing = null;
  }

  function enqueue(imp: FlowImport, path: string, actorId: string | null): void {
    hold();
    queue = queue.then(async () => {
      const done = await runImport({ db, clock, workspaces, flows: repo, batchSize, writers }, imp.id, path, actorId, abort.signal).catch(() => null);
      // A dropped file whose flow was disabled before its turn goes back to the inbound folder, for when it is enabled.
      const waits = imp.source === 'folder' && done?.status === 'failed' && done.problem?.code === 'disabled';
      const target = waits ? join(flowFolder(options.root, imp.flowId, 'inbound'), imp.fileName) : join(flowFolder(options.root, imp.flowId, done?.status === 'done' ? 'done' : 'failed'), basename(path));
      await moveFile(path, target).catch(() => false);
    }).finally(release);
  }

  /** The imports another process left unfinished, each failed as interrupted and its file queued again (see scan). */
  async function takeOverStale(): Promise<FlowImport[]> {
    const now = new Date(clock());
    const queued: FlowImport[] = [];
    for (const left of await repo.takeOverStale(owner, now, lease().until)) {
      const work = workFile(left.flowId, left.id, left.fileName);
      const at = new Date(clock());
      const id = newImportId(at);
      const again = workFile(left.flowId, id, left.fileName);
      if (!(await moveFile(work, again).catch(() => false))) {
        await repo.abandonImport(left.id, { code: 'takenOverFileGone' }, at);
        continue;
      }
      const imp = await repo.createImport({ id, flowId: left.flowId, fileName: left.fileName, source: left.source, reloadOf: left.reloadOf, createdBy: left.createdBy, at, lease: lease() });
      await repo.abandonImport(left.id, { code: 'takenOver', importId: id }, at);
      enqueue(imp, again, left.createdBy);
      queued.push(imp);
    }
    return queued;
  }

  async function visibleFlows(auth: AuthContext): Promise<VisibleFlow[]> {
    const flows = await repo.list();
    // Per workspace: whether the user manages its flows, and then how large a file they take (null: not theirs).
    const allowed = new Map<string, number | null>();
    for (const flow of flows) {
      if (allowed.has(flow.workspaceId)) continue;
      const workspace = await workspaces.findDocument(flow.workspaceId);
      const open = workspace !== null && (await workspaces.canOpen(auth.user, flow.workspaceId));
      const manages = open && can(translatePermissions(workspace).flowsmanagement, permissionContext({ ...auth, workspace }));
      allowed.set(flow.workspaceId, manages ? maxFileSizeOf(workspace) : null);
    }
    return flows.flatMap((flow) => {
      const maxFileSize = allowed.get(flow.workspaceId);
      return typeof maxFileSize === 'number' ? [{ ...flow, maxFileSize }] : [];
    });
  }

  async function flowFor(auth: AuthContext, flowId: string): Promise<VisibleFlow> {
    const flow = (await visibleFlows(auth)).find((f) => f.id === flowId);
    if (!flow) throw notFound(say('flowNotFound', { id: flowId }));
    return flow;
  }

  const withLastImport = async (flows: VisibleFlow[]): Promise<Flow[]> => {
    const last = await repo.lastImports(flows.map((f) => f.id));
    return flows.map(({ delimiter: _delimiter, ...flow }) => ({ ...flow, lastImport: last.get(flow.id) ?? null }));
  };

  async function scanFlow(flow: FlowRecord, settle: boolean): Promise<FlowImport[]> {
    const inbound = flowFolder(options.root, flow.id, 'inbound');
    await mkdir(inbound, { recursive: true });
    const queued: FlowImport[] = [];
    for (const entry of await readdir(inbound, { withFileTypes: true })) {
      if (!entry.isFile() || entry.name.startsWith('.') || /\.(part|partial|tmp|crdownload)$/i.test(entry.name)) continue;
      const path = join(inbound, entry.name);
      const info = await stat(path).catch(() => null);
      if (!info) continue;
      const look = `${info.size}:${info.mtimeMs}`;
      if (settle && lastLook.get(path) !== look) {
        lastLook.set(path, look);
        continue;
      }
      lastLook.delete(path);
      const at = new Date(clock());
      const id = newImportId(at);
      const name = safeFileName(entry.name);
      const work = workFile(flow.id, id, name);
      // The rename is the claim: of several processes watching one folder, one gets the file.
      if (!(await moveFile(path, work))) continue;
      const imp = await repo.createImport({ id, flowId: flow.id, fileName: name, source: 'folder', reloadOf: null, createdBy: null, at, lease: lease() });
      enqueue(imp, work, null);
      queued.push(imp);
    }
    return queued;
  }

  async function scan({ settled = settleByDefault }: { settled?: boolean } = {}): Promise<FlowImport[]> {
    const run = scanning.then(async () => {
      const queued: FlowImport[] = await takeOverStale();
      for (const flow of await repo.list()) if (flow.enabled) queued.push(...(await scanFlow(flow, settled)));
      return queued;
    });
    scanning = run.catch(() => undefined);
    return run;
  }

  const loop = () => {
    if (!watching) return;
    watcher = setTimeout(() => {
      void scan().catch(() => undefined).finally(loop);
    }, scanIntervalMs);
  };

  return {
    root: options.root,
    visibleFlows,
    flowFor,
    async list(auth) {
      return withLastImport(await visibleFlows(auth));
    },
    async toggle(auth, flowId, enabled) {
      const flow = await flowFor(auth, flowId);
      await repo.setEnabled(flow.id, enabled, auth.user.id, new Date(clock()));
      const [updated] = await withLastImport([{ ...(await repo.find(flow.id))!, maxFileSize: flow.maxFileSize }]);
      return updated;
    },
    async upload(auth, request, flowId, reloadOf) {
      const flow = await flowFor(auth, flowId);
      if (!flow.enabled) throw conflict(say('flowDisabled', { id: flow.id }));
      const at = new Date(clock());
      const id = newImportId(at);
      const file = await receiveUpload(request, (name) => workFile(flow.id, id, name), flow.maxFileSize);
      const imp = await repo.createImport({ id, flowId: flow.id, fileName: file.name, source: reloadOf ? 'reload' : 'upload', reloadOf: reloadOf ?? null, createdBy: auth.user.id, at, lease: lease() });
      enqueue(imp, file.path, auth.user.id);
      return imp;
    },
    async importFor(auth, importId) {
      const imp = await repo.findImport(importId);
      if (!imp || !(await visibleFlows(auth)).some((f) => f.id === imp.flowId)) throw notFound(say('importNotFound', { id: importId }));
      return imp;
    },
    async searchReferences(auth, body) {
      const timezone = body.timezone ?? DEFAULT_TIMEZONE;
      if (!isTimeZone(timezone)) throw badField('timezone', say('unknownTimezone', { field: 'timezone', timezone }));
      const format = body.format ?? DEFAULT_DATE_TIME_FORMAT;
      const refs = [...new Set(body.refs.map((r) => r.trim()).filter(Boolean))];
      const hits = await repo.searchReferences((await visibleFlows(auth)).map((f) => f.id), refs);
      return hits.map((h) => ({
        RIFERIMENTO: h.reference,
        'NOME FILE': h.fileName,
        'DATA/ORA': formatInstant(h.at, format, timezone),
        TIPO: FLOW_ROW_TYPES[h.outcome],
        flowId: h.flowId,
        flowName: h.flowName,
        importId: h.importId,
        line: h.line,
        contactId: h.contactId,
        reasons: h.reasons ? rowReasonsText(h.reasons, '; ', body.language) : null,
      }));
    },
    async rejectedFileContent(auth, id, language) {
      const file = await repo.findRejectedFile(id);
      if (!file) throw notFound(say('rejectedFileNotFound', { id }));
      const flow = await flowFor(auth, file.flowId).catch(() => { throw notFound(say('rejectedFileNotFound', { id })); });
      const rows = await repo.rejectedRows(file.importId);
      // The file is the back office's to correct and load again: its MOTIVO is in the reader's language, the
      // product's (Italian) when the call names none, never in the server's words for API clients.
      const reader = language ?? DEFAULT_LANGUAGE;
      const csv = Papa.unparse(
        { fields: [...flow.columns, ...REJECTED_FILE_COLUMNS], data: rows.map((r) => [...flow.columns.map((_c, i) => r.cells[i] ?? ''), String(r.line), rowReasonsText(r.reasons, ' | ', reader)]) },
        { delimiter: flow.delimiter || ';', newline: '\r\n' },
      );
      return { contentType: 'text/csv', base64: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8').toString('base64'), fileName: file.name };
    },
    scan,
    whenIdle: async () => {
      await scanning;
      for (;;) {
        const current = queue;
        await current;
        if (current === queue) return;
      }
    },
    startWatching() {
      if (watching) return;
      watching = true;
      loop();
    },
    async stop() {
      watching = false;
      if (watcher) clearTimeout(watcher);
      if (renewing) clearInterval(renewing);
      renewing = null;
      abort.abort();
      await scanning;
      await queue;
    },
  };
}
