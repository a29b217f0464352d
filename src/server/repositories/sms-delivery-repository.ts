import type { OutboxMessage, OutboxStatus } from '@domain/api/contact-work';
import { OUTBOX_STATUSES } from '@domain/api/contact-work';
import type { Queryable } from '../db/database';
import { OUTBOX_COLUMNS, toMessage, type OutboxRow } from './outbox-repository';

/**
 * The dispatcher's side of `sms_outbox`: claiming due SMS (safe with several processes on one database: the rows are
 * locked with FOR UPDATE SKIP LOCKED and flipped to `sending` in the same statement, so two claimers never get the
 * same message) and writing each attempt's result. Webapp messages are not claimed: no adapter delivers them.
 */

export interface ClaimOptions {
  /** Who claims (host, process and a random part): only the claimer writes the result. */
  worker: string;
  now: Date;
  limit: number;
  /** A message left `sending` longer than this (its claimer died) is claimed again. */
  leaseMs: number;
}

export type AttemptOutcome =
  | { status: 'sent'; providerId: string | null }
  | { status: 'queued'; error: string; nextAttemptAt: Date }
  | { status: 'failed'; error: string };

export type OutboxCounts = Record<OutboxStatus, number>;

export function smsDeliveryRepository(db: Queryable) {
  return {
    /** Due messages, oldest first, now `sending` and counted as one more attempt. */
    async claim({ worker, now, limit, leaseMs }: ClaimOptions): Promise<OutboxMessage[]> {
      const rows = await db.query<OutboxRow>(
        `WITH due AS (
           SELECT id FROM sms_outbox
           WHERE channel = 'sms'
             AND ((status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= $1))
               OR (status = 'sending' AND claimed_at < $2))
           ORDER BY id
           LIMIT $3
           FOR UPDATE SKIP LOCKED
         )
         UPDATE sms_outbox AS o
         SET status = 'sending', claimed_at = $1, claimed_by = $4, attempts = o.attempts + 1, updated_at = $1
         FROM due WHERE o.id = due.id
         RETURNING ${OUTBOX_COLUMNS.split(', ').map((c) => `o.${c}`).join(', ')}`,
        [now, new Date(now.getTime() - leaseMs), limit, worker],
      );
      return rows.map(toMessage).sort((a, b) => a.id - b.id);
    },

    /** The result of the attempt `worker` claimed; false when the claim was lost (its lease ran out and another took it). */
    async settle(id: number, worker: string, outcome: AttemptOutcome, now: Date): Promise<boolean> {
      const providerId = outcome.status === 'sent' ? outcome.providerId : null;
      const error = outcome.status === 'sent' ? null : outcome.error;
      const next = outcome.status === 'queued' ? outcome.nextAttemptAt : null;
      const rows = await db.query(
        `UPDATE sms_outbox
         SET status = $3, provider_id = coalesce($4, provider_id), error = $5, next_attempt_at = $6,
             sent_at = CASE WHEN $3 = 'sent' THEN $7::timestamptz ELSE sent_at END,
             claimed_at = NULL, claimed_by = NULL, updated_at = $7
         WHERE id = $1 AND status = 'sending' AND claimed_by = $2
         RETURNING id`,
        [id, worker, outcome.status, providerId, error, next, now],
      );
      return rows.length > 0;
    },

    async counts(workspaceId: string): Promise<OutboxCounts> {
      const rows = await db.query<{ status: OutboxStatus; n: number }>(
        "SELECT status, count(*)::int AS n FROM sms_outbox WHERE workspace_id = $1 AND channel = 'sms' GROUP BY status",
        [workspaceId],
      );
      const counts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as OutboxCounts;
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },
  };
}
export type SmsDeliveryRepository = ReturnType<typeof smsDeliveryRepository>;
