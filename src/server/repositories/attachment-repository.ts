import type { Queryable, Row } from '../db/database';

/** Files of a contact (`contact_files`): uploaded attachments and generated documents. Bytes travel as base64. */

export type FileKind = 'attachment' | 'doc';

export interface StoredFile {
  contentType: string;
  size: number;
  /** base64 */
  data: string;
}

export function attachmentRepository(db: Queryable) {
  return {
    async put(tx: Queryable, file: { contactId: string; kind: FileKind; field: string; name: string; contentType: string; bytes: Buffer; userId: string | null; at: Date }): Promise<void> {
      await tx.query(
        `INSERT INTO contact_files (contact_id, kind, field, name, content_type, size, data, created_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, decode($7, 'base64'), $8, $9)
         ON CONFLICT (contact_id, kind, field, name) DO UPDATE
           SET content_type = EXCLUDED.content_type, size = EXCLUDED.size, data = EXCLUDED.data, created_at = EXCLUDED.created_at, created_by = EXCLUDED.created_by`,
        [file.contactId, file.kind, file.field, file.name, file.contentType, file.bytes.length, file.bytes.toString('base64'), file.at, file.userId],
      );
    },

    async get(contactId: string, kind: FileKind, field: string, name: string): Promise<StoredFile | null> {
      const rows = await db.query<{ content_type: string; size: number; data: string } & Row>(
        `SELECT content_type, size, encode(data, 'base64') AS data FROM contact_files WHERE contact_id = $1 AND kind = $2 AND field = $3 AND name = $4`,
        [contactId, kind, field, name],
      );
      if (!rows.length) return null;
      // encode() breaks base64 into 76-character lines.
      return { contentType: rows[0].content_type, size: Number(rows[0].size), data: rows[0].data.replace(/\n/g, '') };
    },

    async remove(tx: Queryable, contactId: string, kind: FileKind, field: string, name: string): Promise<boolean> {
      const rows = await tx.query('DELETE FROM contact_files WHERE contact_id = $1 AND kind = $2 AND field = $3 AND name = $4 RETURNING 1', [contactId, kind, field, name]);
      return rows.length > 0;
    },
  };
}
export type AttachmentRepository = ReturnType<typeof attachmentRepository>;

/**
 * Rewrites one array value of a contact under a row lock, so concurrent uploads to the same list do not lose each
 * other's entries. The caller bumps the version in the same transaction (bumpVersion): a save carrying the version
 * read before a file change then answers 409 instead of overwriting what it did not see.
 */
export async function updateArrayValue(
  tx: Queryable,
  contactId: string,
  section: 'inputs' | 'outputs',
  field: string,
  change: (items: Record<string, unknown>[]) => Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const [row] = await tx.query<{ items: unknown } & Row>(`SELECT ${section}->$2 AS items FROM contacts WHERE id = $1 FOR UPDATE`, [contactId, field]);
  const current = Array.isArray(row?.items) ? (row.items as Record<string, unknown>[]) : [];
  const next = change(current);
  await tx.query(`UPDATE contacts SET ${section} = jsonb_set(${section}, ARRAY[$2]::text[], $3::jsonb, true) WHERE id = $1`, [contactId, field, JSON.stringify(next)]);
  return next;
}

/** Moves the contact's version on (a file change is a change of the contact) and answers the new version. */
export async function bumpVersion(tx: Queryable, contactId: string): Promise<number> {
  const [row] = await tx.query<{ version: number }>('UPDATE contacts SET version = version + 1 WHERE id = $1 RETURNING version', [contactId]);
  return Number(row?.version);
}
