import type { ContactFilter } from '@domain/generated/contact-filter';
import type { DataModel } from '@domain/generated/data-model';
import type { Database } from '@server/db/database';
import { SqlParams, orderClause, whereClause } from '@server/repositories/contact-query';

/**
 * What the contact list must answer for a filter, by the plain query with every index scan off: the exact count of
 * its matches and the ids of its page (the filter's page and length, 10 by default), in the list's order. The list's
 * own paths (walks of the sort's indexes, kept counts, samples) are checked against it.
 */
export async function plainListPage(database: Database, workspaceId: string, filter: ContactFilter): Promise<{ total: number; ids: string[] }> {
  const [{ model }] = await database.query<{ model: DataModel }>(
    'SELECT d.document AS model FROM workspaces w JOIN data_models d ON d.id = w.data_model_id WHERE w.id = $1',
    [workspaceId],
  );
  return database.transaction(async (tx) => {
    await tx.exec('SET LOCAL enable_indexscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_indexonlyscan = off');
    const p = new SqlParams();
    const where = whereClause(filter, { workspaceId, model, enumConfig: undefined, visibility: { all: true } }, p);
    const [{ n }] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM contacts WHERE ${where}`, p.values);
    const length = filter.length ?? 10;
    const rows = await tx.query<{ id: string }>(
      `SELECT id FROM contacts WHERE ${where} ORDER BY ${orderClause(filter, model, p)} LIMIT ${length} OFFSET ${(filter.page ?? 0) * length}`,
      p.values,
    );
    return { total: n, ids: rows.map((row) => row.id.trim()) };
  });
}
