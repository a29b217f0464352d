import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { BULK_COLUMNS, BULK_RESULTS, BULK_RESULT_COLUMNS, USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '@domain/api/users';
import { ROLES, type Role } from '@domain/roles';
import type { Clock } from '../../clock';
import { say, sayIn, type Said } from '../../server-messages';
import type { Database } from '../../db/database';
import type { UserAdminRepository } from '../../repositories/user-admin-repository';
import { BULK_TEMPORARY_PASSWORD_SCRYPT, newTemporaryCredential } from './temporary-password';
import { newUserId } from './user-admin-service';
import { userProblemText, type NamedThing, type UserProblemText, type UserTextLanguage } from './user-problem-texts';
import { newUserProblems, type OrgSnapshot, type Person } from './user-rules';

/**
 * The bulk load and bulk check of users (spec 1 §2, §5, §7). The file is parsed as a stream (PapaParse) and every row
 * goes through the rules of the create-user wizard (user-rules.ts newUserProblems, the username rule, availability).
 * Check changes nothing; load creates each valid row in its own transaction and carries on past bad rows. Both answer
 * a CSV with one line per input row, produced as the rows are done, so neither side ever holds the whole answer.
 *
 * Columns (README, "Bulk load of users"): username, role, outsourcer, sites, teams. Outsourcer, sites and teams are
 * ids or names (case-insensitive); several sites or teams are separated by '|'. The delimiter is the file's own
 * (',' ';' or tab) and the answer uses it too, so a spreadsheet opens both alike.
 */

export type BulkMode = 'check' | 'load';

export interface BulkOptions {
  mode: BulkMode;
  actor: Person;
  org: OrgSnapshot;
  groupId: string | null;
  db: Database;
  repo: UserAdminRepository;
  clock: Clock;
  /** The language of the answer's reasons: the caller's (Accept-Language). */
  language: UserTextLanguage;
}

export interface BulkHeader {
  delimiter: string;
  newline: '\r\n' | '\n' | '\r';
  /** Column index of each known column (-1: absent). */
  columns: Record<(typeof BULK_COLUMNS)[number], number>;
}

/** A file the bulk routes cannot read rows from: what is wrong, as a catalogue message (server-messages.ts). */
export class BulkFileError extends Error {
  constructor(readonly said: Said) {
    super(sayIn(said, 'en'));
    this.name = 'BulkFileError';
  }
}

/** Rows checked together: one query for the taken usernames, passwords hashed in parallel. */
const BATCH = 100;
const LIST_SEPARATOR = '|';
const usernamePattern = new RegExp(USERNAME_PATTERN);

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** The header line: its delimiter, line ending and the position of each column. Throws BulkFileError naming what is wrong. */
export function readHeader(text: string): BulkHeader {
  const body = stripBom(text);
  if (body.trim() === '') throw new BulkFileError(say('bulkFileEmpty', { columns: BULK_COLUMNS.join(';') }));
  const end = body.search(/\r\n|\n|\r/);
  const first = end === -1 ? body : body.slice(0, end);
  const newline = end === -1 ? '\n' : body.startsWith('\r\n', end) ? '\r\n' : (body[end] as '\n' | '\r');
  const counts = [';', ',', '\t'].map((d) => [d, first.split(d).length - 1] as const);
  const delimiter = counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
  const names = first.split(delimiter).map((cell) => cell.trim().replace(/^"|"$/g, '').trim().toLowerCase());
  const columns = Object.fromEntries(BULK_COLUMNS.map((column) => [column, names.indexOf(column)])) as BulkHeader['columns'];
  const missing = (['username', 'role'] as const).filter((column) => columns[column] === -1);
  if (missing.length) {
    throw new BulkFileError(say('bulkFileHeader', { columns: BULK_COLUMNS.join(delimiter), missing }));
  }
  return { delimiter, newline, columns };
}

/** A cell as a spreadsheet will not run it as a formula. */
function csvCell(value: string, delimiter: string): string {
  let text = value;
  if (/^[=+@\t\r]/.test(text) || (text.startsWith('-') && !usernamePattern.test(text))) text = `'${text}`;
  return text.includes('"') || text.includes(delimiter) || /[\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const roleByName = (cell: string): Role | null => {
  const name = cell.trim().toLowerCase();
  if (name === 'statistic') return 'middle';
  return (ROLES as readonly string[]).includes(name) ? (name as Role) : null;
};

/** An id, else a unique case-insensitive name among `candidates`. */
function resolve<T extends { name: string }>(cell: string, all: Map<string, T>, candidates: (id: string, item: T) => boolean, what: NamedThing): { id: string } | { problem: UserProblemText } {
  const value = cell.trim();
  if (all.has(value)) return { id: value };
  const lower = value.toLowerCase();
  const matches = [...all.entries()].filter(([id, item]) => item.name.toLowerCase() === lower && candidates(id, item));
  if (matches.length === 1) return { id: matches[0][0] };
  return { problem: { code: matches.length ? 'nameAmbiguous' : 'nameUnknown', what, value } };
}

interface ParsedRow {
  row: number;
  username: string;
  problems: string[];
  role?: Role;
  outsourcerId: string | null;
  siteIds: string[];
  teamIds: string[];
}

/** One data row to the wizard's input, or the problems that stop it (before the organisation rules). */
function parseRow(cells: string[], row: number, header: BulkHeader, org: OrgSnapshot, language: UserTextLanguage): ParsedRow {
  const cell = (column: (typeof BULK_COLUMNS)[number]) => (header.columns[column] === -1 ? '' : (cells[header.columns[column]] ?? '').trim());
  const username = cell('username');
  const parsed: ParsedRow = { row, username, problems: [], outsourcerId: null, siteIds: [], teamIds: [] };
  const problem = (text: UserProblemText) => parsed.problems.push(userProblemText(text, language));
  if (!username) problem({ code: 'usernameRequired' });
  else if (!usernamePattern.test(username)) problem({ code: 'usernamePattern' });
  else if (username.length > USERNAME_MAX_LENGTH) problem({ code: 'usernameTooLong', max: USERNAME_MAX_LENGTH });
  const role = roleByName(cell('role'));
  if (!role) problem(cell('role') ? { code: 'roleUnknown', value: cell('role') } : { code: 'roleRequired' });
  else parsed.role = role;

  const outsourcerCell = cell('outsourcer');
  if (outsourcerCell) {
    const found = resolve(outsourcerCell, org.outsourcers, () => true, 'outsourcer');
    if ('id' in found) parsed.outsourcerId = found.id;
    else problem(found.problem);
  }
  const items = (column: 'sites' | 'teams') => cell(column).split(LIST_SEPARATOR).map((s) => s.trim()).filter(Boolean);
  for (const site of items('sites')) {
    const found = resolve(site, org.sites, (_id, s) => parsed.outsourcerId === null || s.outsourcerId === parsed.outsourcerId, 'site');
    if ('id' in found) parsed.siteIds.push(found.id);
    else problem(found.problem);
  }
  for (const team of items('teams')) {
    const found = resolve(team, org.teams, (_id, t) => parsed.siteIds.length === 0 || parsed.siteIds.includes(t.siteId), 'team');
    if ('id' in found) parsed.teamIds.push(found.id);
    else problem(found.problem);
  }
  parsed.siteIds = [...new Set(parsed.siteIds)];
  parsed.teamIds = [...new Set(parsed.teamIds)];
  return parsed;
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/** The file's data rows with their row number (the header is row 1), parsed as a stream with backpressure. */
async function* dataRows(text: string, header: BulkHeader): AsyncGenerator<{ row: number; cells: string[] }> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: header.delimiter, newline: header.newline, header: false, skipEmptyLines: false });
  const body = stripBom(text);
  const CHUNK = 64 * 1024;
  Readable.from((function* chunks() {
    for (let at = 0; at < body.length; at += CHUNK) yield body.slice(at, at + CHUNK);
  })()).pipe(parser);
  let row = 0;
  for await (const cells of parser as AsyncIterable<string[]>) {
    row += 1;
    if (row === 1 || isBlank(cells)) continue;
    yield { row, cells };
  }
}

export interface BulkSummary { ok: number; rejected: number }

/**
 * The answer's lines: the header, then one line per input row (row, username, result, message). `summary` is filled
 * in as lines are produced.
 */
export async function* bulkResultLines(text: string, header: BulkHeader, options: BulkOptions, summary: BulkSummary = { ok: 0, rejected: 0 }): AsyncGenerator<string> {
  const { delimiter } = header;
  const say = (text: UserProblemText) => userProblemText(text, options.language);
  const line = (cells: string[]) => `${cells.map((c) => csvCell(c, delimiter)).join(delimiter)}\r\n`;
  yield line([...BULK_RESULT_COLUMNS]);
  /** Lower-cased usernames of earlier rows and the row they came on: a second row with one is a duplicate. */
  const seen = new Map<string, number>();

  async function* runBatch(batch: ParsedRow[]): AsyncGenerator<string> {
    const candidates = batch.filter((r) => r.problems.length === 0).map((r) => r.username);
    const taken = await options.repo.takenUsernames(candidates);
    const valid: ParsedRow[] = [];
    for (const parsed of batch) {
      if (parsed.problems.length === 0 && parsed.role) {
        const key = parsed.username.toLowerCase();
        const earlier = seen.get(key);
        if (taken.has(key)) parsed.problems.push(say({ code: 'usernameTaken' }));
        else if (earlier !== undefined) parsed.problems.push(say({ code: 'usernameRepeats', row: earlier }));
        else {
          seen.set(key, parsed.row);
          const rules = newUserProblems(options.actor, { role: parsed.role, outsourcerId: parsed.outsourcerId, siteIds: parsed.siteIds, teamIds: parsed.teamIds }, options.org, options.language);
          parsed.problems.push(...rules.map((p) => p.message));
        }
      } else if (parsed.username) {
        // a rejected row still claims its username, so a later row with the same one reads as a repeat
        if (!seen.has(parsed.username.toLowerCase())) seen.set(parsed.username.toLowerCase(), parsed.row);
      }
      if (parsed.problems.length === 0) valid.push(parsed);
    }
    const credentials = options.mode === 'load' ? await Promise.all(valid.map(() => newTemporaryCredential(BULK_TEMPORARY_PASSWORD_SCRYPT))) : [];
    for (const parsed of batch) {
      const index = valid.indexOf(parsed);
      if (index === -1) {
        summary.rejected += 1;
        yield line([String(parsed.row), parsed.username, BULK_RESULTS.error, parsed.problems.join('; ')]);
        continue;
      }
      if (options.mode === 'check') {
        summary.ok += 1;
        yield line([String(parsed.row), parsed.username, BULK_RESULTS.ok, '']);
        continue;
      }
      const credential = credentials[index];
      const created = await options.db.transaction((tx) =>
        options.repo.create(tx, {
          id: newUserId(),
          username: parsed.username,
          passwordHash: credential.hash,
          role: parsed.role as Role,
          outsourcerId: parsed.outsourcerId,
          siteIds: parsed.siteIds,
          teamIds: parsed.teamIds,
          groupId: options.groupId,
          at: new Date(options.clock()),
        }),
      );
      if (created) summary.ok += 1;
      else summary.rejected += 1;
      yield line(created ? [String(parsed.row), parsed.username, BULK_RESULTS.ok, credential.password] : [String(parsed.row), parsed.username, BULK_RESULTS.error, say({ code: 'usernameTaken' })]);
    }
  }

  let batch: ParsedRow[] = [];
  for await (const { row, cells } of dataRows(text, header)) {
    batch.push(parseRow(cells, row, header, options.org, options.language));
    if (batch.length === BATCH) {
      yield* runBatch(batch);
      batch = [];
    }
  }
  if (batch.length) yield* runBatch(batch);
}
