import type { FromSchema } from 'json-schema-to-ts';
import { CONTACT_ID_PATTERN, LANGUAGES } from '../constants';
import { envelope, errorResponses, noQuery, noBody } from './common';

/**
 * File flows (spec 3 §2 Flows management, §3, §4, §5, §7; issue 16). A flow loads CSV files of contacts into one
 * workspace: each file is an import, parsed as a stream, each row mapped to data-model fields and checked against the
 * create form's schema (the translator's), valid rows inserted as contacts in the entry state, invalid ones written
 * with their line and reasons to the import's rejected file. A row's reference (the flow's RIFERIMENTO column) makes
 * a re-import idempotent: a reference already loaded by the flow is skipped, never loaded twice.
 *
 * Files reach a flow by upload (POST /api/cntmng/flow/{flowId}/upload) or by being dropped in the flow's inbound
 * folder under DATA_DIR (flows/<flowId>/inbound/), watched while the server runs. A disabled flow takes no upload
 * and leaves dropped files where they are until it is enabled again. A file that cannot be read (empty, not text, or
 * a header other than the flow's columns) fails its import and marks the flow failed with the reason; the next
 * import that completes, or enabling the flow, clears it.
 */

export const FLOW_ID_PATTERN = '^[a-z0-9][a-z0-9_-]{0,63}$';
/**
 * Words of the flow paths that no flow may be called: `/flow/{a}/{b}` (enable, disable), `/flow/status`,
 * `/flow/import/{id}`, and `upload`, whose toggle `/flow/enable/upload` would be the upload route of a flow 'enable'.
 */
export const RESERVED_FLOW_IDS = ['enable', 'disable', 'import', 'status', 'upload'] as const;
const flowId = { type: 'string', pattern: FLOW_ID_PATTERN } as const;
const hexId = { type: 'string', pattern: CONTACT_ID_PATTERN } as const;
const nullableString = { type: ['string', 'null'] } as const;

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_SOURCES = ['upload', 'folder', 'reload'] as const;

/** TIPO of a reference search row: what became of the row in that file. */
export const FLOW_ROW_TYPES = { loaded: 'CARICATO', skipped: 'GIÀ CARICATO', rejected: 'SCARTATO' } as const;
export type FlowRowOutcome = keyof typeof FLOW_ROW_TYPES;

/** The date/time format of DATA/ORA when the search names none (spec 3 §9: tables show DD/MM/YYYY HH:mm:ss). */
export const DEFAULT_DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm:ss';
export const DEFAULT_TIMEZONE = 'Europe/Rome';

/**
 * Why an import failed (and its flow with it), as data: the screen says it in the user's language, while `error` and
 * `failure` keep the server's English words for API clients and logs (importProblemText writes them).
 */
export type ImportProblem =
  | { code: 'disabled'; flowId: string }
  | { code: 'notCsv' }
  | { code: 'empty' }
  | { code: 'header'; expected: string[]; found: string[] }
  | { code: 'unreadable'; detail: string }
  | { code: 'workspaceGone'; workspaceId: string }
  | { code: 'modelMissing'; workspaceId: string }
  | { code: 'noEntryState'; workspaceId: string }
  | { code: 'configuration'; detail: string }
  | { code: 'interrupted' }
  | { code: 'interruptedDropAgain' }
  | { code: 'takenOver'; importId: string }
  | { code: 'takenOverFileGone' }
  | { code: 'stopped'; detail: string };
export type ImportProblemCode = ImportProblem['code'];
export const IMPORT_PROBLEM_CODES = [
  'disabled', 'notCsv', 'empty', 'header', 'unreadable', 'workspaceGone', 'modelMissing', 'noEntryState', 'configuration',
  'interrupted', 'interruptedDropAgain', 'takenOver', 'takenOverFileGone', 'stopped',
] as const satisfies readonly ImportProblemCode[];

/** A flow's failure: the problem of the import that failed it, with that import's file. */
export type FlowFailure = ImportProblem & { fileName: string };

const problemProperties = {
  code: { type: 'string', enum: IMPORT_PROBLEM_CODES },
  flowId: { type: 'string' },
  workspaceId: { type: 'string' },
  importId: { type: 'string' },
  /** The cause in the server's words (an unreadable file, a configuration that does not translate, an error). */
  detail: { type: 'string' },
  /** header: the flow's columns, and the file's first line. */
  expected: { type: 'array', items: { type: 'string' } },
  found: { type: 'array', items: { type: 'string' } },
} as const;
const importProblemSchema = { type: ['object', 'null'], required: ['code'], properties: problemProperties, additionalProperties: false } as const;
const flowFailureSchema = {
  type: ['object', 'null'],
  required: ['code', 'fileName'],
  properties: { ...problemProperties, /** The file whose import failed the flow. */ fileName: { type: 'string' } },
  additionalProperties: false,
} as const;

export const importSchema = {
  type: 'object',
  required: ['id', 'flowId', 'flowName', 'fileName', 'source', 'status', 'rowsRead', 'loaded', 'rejected', 'skipped', 'error', 'problem', 'createdAt', 'startedAt', 'finishedAt', 'rejectedFileId', 'reloadOf'],
  properties: {
    id: { type: 'string' },
    flowId: { type: 'string' },
    flowName: { type: 'string' },
    fileName: { type: 'string' },
    source: { type: 'string', enum: IMPORT_SOURCES },
    /** queued → running → done | failed. */
    status: { type: 'string', enum: IMPORT_STATUSES },
    /** Data rows read so far (the header excluded). */
    rowsRead: { type: 'integer' },
    /** Rows inserted as new contacts. */
    loaded: { type: 'integer' },
    /** Rows written to the rejected file. */
    rejected: { type: 'integer' },
    /** Rows whose reference the flow had already loaded (not loaded again). */
    skipped: { type: 'integer' },
    /** Why the import failed, in the server's words. */
    error: nullableString,
    /** Why the import failed, as data (the screen's words come from its code). */
    problem: importProblemSchema,
    createdAt: { type: 'string' },
    startedAt: nullableString,
    finishedAt: nullableString,
    /** The rejected file of this import, once it has one. */
    rejectedFileId: nullableString,
    /** The rejected file this import corrects (a reload). */
    reloadOf: nullableString,
    /**
     * A reload once done: how many rows of its rejected file are still not loaded (0: the file is now handled; more:
     * it stays open for another reload). Null for other imports and while a reload runs.
     */
    stillMissing: { type: ['integer', 'null'] },
  },
  additionalProperties: false,
} as const;
export type FlowImport = FromSchema<typeof importSchema>;

export const flowSchema = {
  type: 'object',
  required: ['id', 'name', 'workspaceId', 'workspaceName', 'enabled', 'failed', 'failure', 'failureProblem', 'columns', 'referenceColumn', 'mapping', 'maxFileSize', 'lastImport'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    workspaceId: { type: 'string' },
    workspaceName: { type: 'string' },
    enabled: { type: 'boolean' },
    failed: { type: 'boolean' },
    /** Why the flow failed (a file that could not be read). */
    failure: nullableString,
    /** The same, as data: the failed import's problem and its file. */
    failureProblem: flowFailureSchema,
    /** The header its files must have, in order. */
    columns: { type: 'array', items: { type: 'string' } },
    /** The column holding each row's reference (RIFERIMENTO). */
    referenceColumn: { type: 'string' },
    /** File column → data-model field: `name` for an input, `outputs.name` for an output. */
    mapping: { type: 'object', additionalProperties: { type: 'string' } },
    /** The largest file an upload or a reload may send, in bytes: the workspace's attachmentConfigs.maxSize, else 5,000,000. */
    maxFileSize: { type: 'integer', minimum: 1 },
    lastImport: { anyOf: [importSchema, { type: 'null' }] },
  },
  additionalProperties: false,
} as const;
export type Flow = FromSchema<typeof flowSchema>;

export const flowToggleParamsSchema = {
  type: 'object',
  required: ['a', 'b'],
  properties: {
    a: { type: 'string', enum: ['enable', 'disable'] },
    /** The flow id. */
    b: flowId,
  },
  additionalProperties: false,
} as const;

export const flowParamsSchema = {
  type: 'object',
  required: ['flowId'],
  properties: { flowId },
  additionalProperties: false,
} as const;

export const importParamsSchema = {
  type: 'object',
  required: ['importId'],
  properties: { importId: hexId },
  additionalProperties: false,
} as const;

const language = { type: 'string', enum: LANGUAGES } as const;

/** The language whoever reads the rejected file's reasons reads (RowReason): without it, Italian (the product's). */
export const readerLanguageSchema = {
  type: 'object',
  properties: { language },
  additionalProperties: false,
} as const;

export const searchByRefsBodySchema = {
  type: 'object',
  required: ['refs'],
  properties: {
    refs: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'string', minLength: 1, maxLength: 200 } },
    /** How DATA/ORA is written: tokens YYYY MM DD HH mm ss; default DD/MM/YYYY HH:mm:ss. */
    format: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[YMDHms/:.,\\- T]+$' },
    /** The time zone of DATA/ORA (IANA name); default Europe/Rome. */
    timezone: { type: 'string', minLength: 1, maxLength: 64 },
    /** Sent by the screen; accepted and not used (the spec does not say what it changes). */
    isCmpMng: { type: 'boolean' },
    /** The language of `reasons`; without it, the server's English words. */
    language,
  },
  additionalProperties: false,
} as const;
export type SearchByRefsBody = FromSchema<typeof searchByRefsBodySchema>;

export const referenceRowSchema = {
  type: 'object',
  required: ['RIFERIMENTO', 'NOME FILE', 'DATA/ORA', 'TIPO', 'flowId', 'flowName', 'importId', 'line', 'contactId', 'reasons'],
  properties: {
    RIFERIMENTO: { type: 'string' },
    'NOME FILE': { type: 'string' },
    'DATA/ORA': { type: 'string' },
    /** CARICATO (loaded), GIÀ CARICATO (skipped: loaded before) or SCARTATO (rejected). */
    TIPO: { type: 'string', enum: Object.values(FLOW_ROW_TYPES) },
    flowId: { type: 'string' },
    flowName: { type: 'string' },
    importId: { type: 'string' },
    /** The row's line in the file (the header is line 1). */
    line: { type: 'integer' },
    /** The contact the row created (CARICATO). */
    contactId: nullableString,
    /** Why the row was rejected (SCARTATO). */
    reasons: nullableString,
  },
  additionalProperties: false,
} as const;
export type ReferenceRow = FromSchema<typeof referenceRowSchema>;

export const fileSearchBodySchema = {
  type: 'object',
  required: ['name'],
  properties: {
    /** Part of the file name, any case; empty: the latest files. */
    name: { type: 'string', maxLength: 200 },
  },
  additionalProperties: false,
} as const;
export type FileSearchBody = FromSchema<typeof fileSearchBodySchema>;

export const fileSearchRowSchema = {
  type: 'object',
  required: ['fileName', 'dateTime', 'status', 'importId', 'flowId', 'flowName', 'rowsRead', 'loaded', 'rejected', 'skipped'],
  properties: {
    fileName: { type: 'string' },
    /** When the file arrived (ISO). */
    dateTime: { type: 'string' },
    status: { type: 'string', enum: IMPORT_STATUSES },
    importId: { type: 'string' },
    flowId: { type: 'string' },
    flowName: { type: 'string' },
    rowsRead: { type: 'integer' },
    loaded: { type: 'integer' },
    rejected: { type: 'integer' },
    skipped: { type: 'integer' },
  },
  additionalProperties: false,
} as const;
export type FileSearchRow = FromSchema<typeof fileSearchRowSchema>;

export const rejectedFileSchema = {
  type: 'object',
  required: ['id', 'name', 'datetime', 'rows', 'importId', 'handled', 'handledAt', 'handledByImport'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    /** When it was written (ISO). */
    datetime: { type: 'string' },
    /** Rejected rows in it. */
    rows: { type: 'integer' },
    /** The import that rejected them. */
    importId: { type: 'string' },
    /** Every row it rejected is loaded now, the last of them by a reload (handledByImport). */
    handled: { type: 'boolean' },
    handledAt: nullableString,
    handledByImport: nullableString,
  },
  additionalProperties: false,
} as const;
export type RejectedFile = FromSchema<typeof rejectedFileSchema>;

export const rejectedFileContentSchema = {
  type: 'object',
  required: ['contentType', 'base64', 'fileName'],
  properties: {
    /** text/csv: the flow's columns plus LINEA (the row's line in the original file) and MOTIVO (the reasons by field). */
    contentType: { type: 'string' },
    base64: { type: 'string' },
    fileName: { type: 'string' },
  },
  additionalProperties: false,
} as const;
export type RejectedFileContent = FromSchema<typeof rejectedFileContentSchema>;

export const rejectedFileParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: hexId },
  additionalProperties: false,
} as const;

export const discardListParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: flowId },
  additionalProperties: false,
} as const;

/** The server's English words for an import's problems (the screen words them from the problem's code). */
export const FLOW_MESSAGES = {
  disabled: (id: string) => `Flow ${id} is disabled: enable it to load files`,
  notCsv: 'the file is not text: a flow reads CSV files',
  empty: 'the file is empty: a flow file starts with its header line',
  header: (expected: readonly string[], found: readonly string[]) => `the header is not the flow's: expected ${expected.join(';')}, found ${found.join(';')}`,
  takenOver: (newImportId: string) => `interrupted: the server stopped during the import; its file is imported again as import ${newImportId} (rows already loaded are skipped)`,
  takenOverFileGone: "interrupted: the server stopped during the import, and its file is no longer in the flow's work folder: drop the file again (rows already loaded are skipped)",
} as const;

/** The server's English words for an import's problem (`error` of the import; `failure` of its flow after the file name). */
export function importProblemText(problem: ImportProblem): string {
  switch (problem.code) {
    case 'disabled': return FLOW_MESSAGES.disabled(problem.flowId);
    case 'notCsv': return FLOW_MESSAGES.notCsv;
    case 'empty': return FLOW_MESSAGES.empty;
    case 'header': return FLOW_MESSAGES.header(problem.expected, problem.found);
    case 'unreadable': return `the file cannot be read: ${problem.detail}`;
    case 'workspaceGone': return `workspace ${problem.workspaceId} no longer exists`;
    case 'modelMissing': return `the data model of workspace ${problem.workspaceId} is missing`;
    case 'noEntryState': return `workspace ${problem.workspaceId} has no entry state`;
    case 'configuration': return problem.detail;
    case 'interrupted': return 'interrupted: the server stopped during the import';
    case 'interruptedDropAgain': return 'interrupted: the server stopped during the import; drop the file again (rows already loaded are skipped)';
    case 'takenOver': return FLOW_MESSAGES.takenOver(problem.importId);
    case 'takenOverFileGone': return FLOW_MESSAGES.takenOverFileGone;
    case 'stopped': return `the import stopped: ${problem.detail}`;
  }
}

const tags = ['flows'] as const;
const uploadDescription =
  "Multipart part `fileContent`: a file, or a data URL (`data:text/csv;base64,...`). Checked by its bytes, whatever its name or declared type: pdf, png, jpeg or text, else 415 'FILE NON SUPPORTATO'; over the workspace's attachmentConfigs.maxSize (default 5,000,000 bytes) 413 'IL FILE SUPERA LA DIMENSIONE LIMITE DI {n} MB'; an empty file (0 bytes) 400. " +
  'The import runs after the answer: poll GET /api/cntmng/flow/import/{importId}. A file that is not a readable CSV with the flow\'s header fails the import and marks the flow failed.';

export const flowRoutes = {
  status: {
    method: 'GET',
    url: '/api/cntmng/flow/status',
    schema: {
      summary: 'The flows of the workspaces the caller may manage flows in: enabled, failed, columns, reference column, mapping and the last import.',
      tags,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: flowSchema } as const), ...errorResponses(401, 403) },
    },
  },
  toggle: {
    method: 'POST',
    url: '/api/cntmng/flow/:a/:b',
    schema: {
      summary: 'Enables (`a` = enable) or disables (`a` = disable) flow `b`; answers the flow. Enabling clears `failed`.',
      tags,
      params: flowToggleParamsSchema,
      querystring: noQuery,
      body: noBody,
      response: { 200: envelope(flowSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  upload: {
    method: 'POST',
    url: '/api/cntmng/flow/:flowId/upload',
    schema: {
      summary: "Uploads a file to the flow and starts its import; answers the import (queued), whose id the progress call takes.",
      description: `${uploadDescription} A disabled flow answers 409.`,
      tags,
      consumes: ['multipart/form-data'],
      'x-multipart-data-url': true,
      params: flowParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(importSchema), ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    },
  },
  importProgress: {
    method: 'GET',
    url: '/api/cntmng/flow/import/:importId',
    schema: {
      summary: 'An import: rows read, loaded, rejected and skipped so far, and its status; the summary once done.',
      tags,
      params: importParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(importSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
} as const;

export const fileRoutes = {
  searchByRefs: {
    method: 'POST',
    url: '/api/cntmng/file/searchByRefs',
    schema: {
      summary: 'Every file row with one of the references: RIFERIMENTO, NOME FILE, DATA/ORA (in `format` and `timezone`), TIPO; newest first.',
      tags,
      body: searchByRefsBodySchema,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: referenceRowSchema } as const), ...errorResponses(400, 401, 403) },
    },
  },
  search: {
    method: 'POST',
    url: '/api/cntmng/file/search',
    schema: {
      summary: 'Files whose name contains `name` (any case): file name, date/time and import status; newest first, at most 200.',
      tags,
      body: fileSearchBodySchema,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: fileSearchRowSchema } as const), ...errorResponses(400, 401, 403) },
    },
  },
  discardList: {
    method: 'GET',
    url: '/api/cntmng/file/discard/list/:id',
    schema: {
      summary: 'The rejected files of flow `id`, newest first: id, name, date/time, rows, and whether a reload handled it.',
      tags,
      params: discardListParamsSchema,
      querystring: noQuery,
      response: { 200: envelope({ type: 'array', items: rejectedFileSchema } as const), ...errorResponses(400, 401, 403, 404) },
    },
  },
  discardDownload: {
    method: 'GET',
    url: '/api/cntmng/file/discard/download/:id',
    schema: {
      summary: 'A rejected file as base64 CSV: the flow\'s columns, then LINEA and MOTIVO (the reasons by field).',
      description: 'MOTIVO is in `language` when the query names one (the screen sends its own), else in Italian (it-IT, the product\'s language).',
      tags,
      params: rejectedFileParamsSchema,
      querystring: readerLanguageSchema,
      response: { 200: envelope(rejectedFileContentSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
  reload: {
    method: 'POST',
    url: '/api/cntmng/file/reload/:id',
    schema: {
      summary: "Uploads a corrected file for rejected file `id`: imported like any file of its flow; once done, the rejected file is marked handled if every row it rejected is loaded (by this file or before), else the import's `stillMissing` says how many are not.",
      description: `${uploadDescription} A disabled flow answers 409; a rejected file already handled 409.`,
      tags,
      consumes: ['multipart/form-data'],
      'x-multipart-data-url': true,
      params: rejectedFileParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(importSchema), ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    },
  },
} as const;
