import type { OutboxChannel, OutboxMessage, OutboxStatus } from '@domain/api/contact-work';
import type { Queryable, Row } from '../db/database';

/** The `sms_outbox` table: messages waiting for (or refused by) delivery. */

export interface OutboxRow extends Row {
  id: number;
  channel: OutboxChannel;
  workspace_id: string;
  contact_id: string | null;
  config_id: string;
  trigger: OutboxMessage['trigger'];
  sender: string | null;
  recipient: string | null;
  body: string;
  url: string | null;
  status: OutboxStatus;
  error: string | null;
  created_at: Date | string;
  created_by: string | null;
  attempts: number;
  provider_id: string | null;
  sent_at: Date | string | null;
  updated_at: Date | string | null;
}

export const OUTBOX_COLUMNS = 'id, channel, workspace_id, contact_id, config_id, trigger, sender, recipient, body, url, status, error, created_at, created_by, attempts, provider_id, sent_at, updated_at';
const COLUMNS = OUTBOX_COLUMNS;
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: Number(row.id),
  channel: row.channel,
  workspaceId: row.workspace_id,
  contactId: row.contact_id?.trim() ?? null,
  configId: row.config_id,
  trigger: row.trigger,
  sender: row.sender,
  recipient: row.recipient,
  body: row.body,
  url: row.url,
  status: row.status,
  error: row.error,
  createdAt: new Date(row.created_at).toISOString(),
  createdBy: row.created_by,
  attempts: Number(row.attempts),
  providerId: row.provider_id,
  sentAt: isoOrNull(row.sent_at),
  updatedAt: isoOrNull(row.updated_at),
});

export interface NewOutboxMessage {
  channel: OutboxChannel;
  workspaceId: string;
  contactId: string | null;
  configId: string;
  trigger: OutboxMessage['trigger'];
  sender: string | null;
  recipient: string | null;
  body: string;
  url: string | null;
  status: 'queued' | 'failed';
  error: string | null;
  createdBy: string | null;
  at: Date;
}

export function outboxRepository(db: Queryable) {
  return {
    async insert(m: NewOutboxMessage): Promise<OutboxMessage> {
      const [row] = await db.query<OutboxRow>(
        `INSERT INTO sms_outbox (channel, workspace_id, contact_id, config_id, trigger, sender, recipient, body, url, status, error, created_at, created_by, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $12) RETURNING ${COLUMNS}`,
        [m.channel, m.workspaceId, m.contactId, m.configId, m.trigger, m.sender, m.recipient, m.body, m.url, m.status, m.error, m.at, m.createdBy],
      );
      return toMessage(row);
    },

    /** Newest first. */
    async list(workspaceId: string, options: { contactId?: string; status?: OutboxStatus; channel?: OutboxChannel; limit: number }): Promise<OutboxMessage[]> {
      const params: (string | number)[] = [workspaceId, options.limit];
      let where = 'workspace_id = $1';
      if (options.contactId) {
        params.push(options.contactId.toLowerCase());
        where += ` AND contact_id = $${params.length}`;
      }
      if (options.status) {
        params.push(options.status);
        where += ` AND status = $${params.length}`;
      }
      if (options.channel) {
        params.push(options.channel);
        where += ` AND channel = $${params.length}`;
      }
      const rows = await db.query<OutboxRow>(`SELECT ${COLUMNS} FROM sms_outbox WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $2`, params);
      return rows.map(toMessage);
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;
