import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { contactRoutes, type ExportBody } from '@domain/api/contacts';
import type { Row } from '../db/database';
import { AVAILABILITY_TEXTS, type Availability } from '@domain/availability';
import { problemLanguage, type ProblemLanguage } from '@translator/problem-messages';
import { fixedColumnLabel, translateList, type ListColumn } from '@translator/translate-list';
import { HttpError } from '../http-error';
import { say } from '../server-messages';
import { SqlParams, whereClause } from '../repositories/contact-query';
import { checkTimezone } from '../services/contact-work/workspace-access';
import { declaredAccess } from '../services/contact-work/contact-access';
import { queryContext } from './contact-routes';

/** One CSV cell (RFC 4180); cells that a spreadsheet would run as a formula are kept as text. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const FIXED_SQL: Record<string, (p: SqlParams, timezone: string) => string> = {
  id: () => 'id',
  availability: () => 'availability',
  state: () => 'state',
  lastStateChangeAt: (p, tz) => `to_char(last_state_change_at AT TIME ZONE ${p.add(tz)}, 'DD/MM/YYYY HH24:MI')`,
  outcome: () => 'outcome',
  priority: () => 'priority',
  // The username, as the list shows the assigned agent (the id when the user is gone): one join in the page's query.
  agentId: () => 'COALESCE((SELECT u.username FROM users u WHERE u.id = contacts.agent_id), contacts.agent_id)',
};

/** A yes/no field as the list's cell says it (renderers common.yes / common.no), without the list's check mark. */
const YES_NO: Record<ProblemLanguage, { yes: string; no: string }> = { it: { yes: 'Sì', no: 'No' }, en: { yes: 'Yes', no: 'No' } };
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A column's cells as the list shows them, in the caller's language: the availability's text, and an enumerated
 * value's label (state, outcome, a data-model field with configured values) rather than its code; a yes/no as Sì/No
 * (Yes/No), a date as DD/MM/YYYY (spec 2 §9; the last state change is worded by the query, in the caller's time zone);
 * anything else (a time is HH:mm as stored) as stored. Built once per column: an export writes 100,000 rows.
 */
function exportValue(column: ListColumn, language: ProblemLanguage): (value: unknown) => unknown {
  if (column.kind === 'fixed' && column.key === 'availability') return (value) => AVAILABILITY_TEXTS[language][value as Availability] ?? value;
  if (column.kind === 'fixed' && column.key === 'id') return (value) => String(value).trim();
  if (!column.values?.length) {
    if (column.dataType === 'boolean') {
      const { yes, no } = YES_NO[language];
      // as the list's cell: anything but true (an unset field too) reads No
      return (value) => (value === true ? yes : no);
    }
    if (column.dataType === 'date') {
      return (value) => {
        const date = typeof value === 'string' ? ISO_DATE.exec(value) : null;
        return date ? `${date[3]}/${date[2]}/${date[1]}` : value;
      };
    }
    return (value) => value;
  }
  const labels = new Map(column.values.map((v) => [v.value, v.label]));
  const labelOf = (item: unknown) => (item === null || item === undefined ? item : labels.get(String(item)) ?? item);
  return (value) => (Array.isArray(value) ? value.map(labelOf) : labelOf(value));
}

/** The visible columns of the list (fixed ones and data-model columns with isVisible), as SELECT expressions. */
function selectFor(columns: ListColumn[], timezone: string) {
  return (p: SqlParams) =>
    columns
      .map((column, i) => {
        const expr = column.kind === 'fixed' ? FIXED_SQL[column.key](p, timezone) : `${column.kind} -> ${p.add(column.field)}::text`;
        return `${expr} AS c${i}`;
      })
      .join(', ');
}

/**
 * The CSV export (spec 2 §2.2, §7): the current filter, the visible columns, streamed page by page from the database;
 * headers and values in the caller's language (Accept-Language, as the browser's API client sends the app's), as the
 * list shows them.
 */
export async function exportRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const contacts = app.repos.contacts;

  app.route({
    ...contactRoutes.exportCsv,
    config: { access: { permission: 'csvExport', workspace: 'params.id' } },
    handler: async (request, reply) => {
      const body = request.body as ExportBody;
      const language = problemLanguage(request.headers['accept-language']);
      const filter = body.filters ?? {};
      const timezone = body.timezone ?? 'Europe/Rome';
      const access = declaredAccess(request);
      await checkTimezone(app, timezone);
      const ctx = queryContext(access, filter);
      const translated = translateList(access.model, access.workspace, access.auth.user.role);
      if (!translated.ok) {
        throw new HttpError(400, say('workspaceConfigurationInvalid'), translated.problems.map((p) => ({ message: JSON.stringify(p) })));
      }
      const columns = translated.value.columns.filter((c) => c.kind === 'fixed' || c.isVisible);
      // Fail with a 400 before the first byte on a bad filter (unknown field, wrong type), not mid-stream.
      whereClause(filter, ctx, new SqlParams());

      const shown = columns.map((column) => exportValue(column, language));
      const format = (row: Row) => shown.map((value, i) => csvCell(value(row[`c${i}`]))).join(',');

      async function* lines(): AsyncGenerator<string> {
        yield `${columns.map((c) => csvCell(c.kind === 'fixed' ? fixedColumnLabel(c.key, language) : c.label)).join(',')}\r\n`;
        for await (const page of contacts.exportPages(filter, ctx, selectFor(columns, timezone))) {
          yield page.map((row) => `${format(row)}\r\n`).join('');
        }
      }

      const stamp = new Date(app.clock()).toISOString().replace(/\D/g, '').slice(0, 14);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="report-${stamp}.csv"`)
        .header('cache-control', 'no-store');
      // The stream is the body; the string response schema only documents it.
      return reply.send(Readable.from(lines(), { objectMode: false }) as unknown as string);
    },
  });
}
