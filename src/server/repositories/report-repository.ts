import type { ReportRow } from '@domain/api/reports';
import type { ReportTemplateName } from '@domain/report-templates';
import { cursorRows } from '../db/cursor';
import type { Database, Row } from '../db/database';
import { reportQuery, type ReportQuery } from '../services/reports/report-templates';

/** Custom reports: the per-user report rights and the templates' results (spec 1 §2 Reports tab, spec 3 §2). */
export function reportRepository(db: Database) {
  return {
    /** The reports of the workspace disabled for the user (user_forbidden_reports). */
    async forbiddenFor(userId: string, workspaceId: string): Promise<Set<string>> {
      const rows = await db.query<{ report_id: string }>('SELECT report_id FROM user_forbidden_reports WHERE user_id = $1 AND workspace_id = $2', [userId, workspaceId]);
      return new Set(rows.map((r) => r.report_id));
    },

    /** One page of a template's rows and their total (the page and the count side by side). */
    async page(template: ReportTemplateName, query: ReportQuery, page: number, length: number): Promise<{ rows: ReportRow[]; total: number }> {
      const { sql, params } = reportQuery(template, query);
      const [rows, counted] = await Promise.all([
        db.query<ReportRow & Row>(`${sql} LIMIT ${length} OFFSET ${page * length}`, params.values),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS report`, params.values),
      ]);
      return { rows, total: counted[0].n };
    },

    /** Every row of a template, a batch at a time, from a database cursor (constant memory, whatever the size). */
    rows(template: ReportTemplateName, query: ReportQuery, batch = 5_000): { columns: readonly string[]; batches: AsyncGenerator<Row[]> } {
      const { sql, params, columns } = reportQuery(template, query);
      return { columns, batches: cursorRows(db, sql, params.values, batch) };
    },
  };
}
export type ReportRepository = ReturnType<typeof reportRepository>;
