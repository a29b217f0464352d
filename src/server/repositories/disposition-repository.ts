import type { SavedDisposition } from '@domain/api/embed';
import type { Queryable, Row } from '../db/database';

/** The `dispositions` table: one row per disposition an agent saved at the end of an embedded call. */

interface DispositionRow extends Row {
  id: number | string;
  workspace_id: string;
  contact_id: string | null;
  campaign: string;
  agent: string;
  guid: string;
  callerid: string;
  l1: string;
  l2: string | null;
  l3: string | null;
  labels: string[] | string;
  comment: string;
  created_by: string;
  created_at: Date | string;
}

export type NewDisposition = Omit<SavedDisposition, 'id' | 'createdAt'> & { at: Date };

const COLUMNS = 'id, workspace_id, contact_id, campaign, agent, guid, callerid, l1, l2, l3, labels, comment, created_by, created_at';

const toDisposition = (row: DispositionRow): SavedDisposition => ({
  id: String(row.id),
  workspaceId: row.workspace_id,
  contactId: row.contact_id?.trim() ?? null,
  campaign: row.campaign,
  agent: row.agent,
  guid: row.guid,
  callerid: row.callerid,
  l1: row.l1,
  l2: row.l2,
  l3: row.l3,
  // `pg` parses jsonb; PGlite does too, but a string is handled in case a driver does not.
  labels: typeof row.labels === 'string' ? (JSON.parse(row.labels) as string[]) : row.labels,
  comment: row.comment,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
});

export function dispositionRepository(db: Queryable) {
  return {
    async insert(item: NewDisposition): Promise<SavedDisposition> {
      const [row] = await db.query<DispositionRow>(
        `INSERT INTO dispositions (workspace_id, contact_id, campaign, agent, guid, callerid, l1, l2, l3, labels, comment, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13) RETURNING ${COLUMNS}`,
        [item.workspaceId, item.contactId, item.campaign, item.agent, item.guid, item.callerid, item.l1, item.l2, item.l3, JSON.stringify(item.labels), item.comment, item.createdBy, item.at],
      );
      return toDisposition(row);
    },
    /** Newest first; by contact, by call guid, or both. */
    async list(workspaceId: string, by: { contactId?: string; guid?: string }, limit = 200): Promise<SavedDisposition[]> {
      const params: Array<string | number> = [workspaceId];
      const where = ['workspace_id = $1'];
      if (by.contactId) {
        params.push(by.contactId.toLowerCase());
        where.push(`contact_id = $${params.length}`);
      }
      if (by.guid) {
        params.push(by.guid);
        where.push(`guid = $${params.length}`);
      }
      params.push(limit);
      const rows = await db.query<DispositionRow>(
        `SELECT ${COLUMNS} FROM dispositions WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
        params,
      );
      return rows.map(toDisposition);
    },
  };
}
export type DispositionRepository = ReturnType<typeof dispositionRepository>;
