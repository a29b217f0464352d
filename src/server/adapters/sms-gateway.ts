import { PHONE_PATTERN } from '../../domain/constants';
import type { OutboxMessage } from '../../domain/api/contact-work';
import type { Queryable } from '../db/database';
import { outboxRepository, type NewOutboxMessage } from '../repositories/outbox-repository';

/**
 * The seam to whatever delivers SMS and webapp messages. A message is handed over inside the transaction of the
 * change that caused it (a save reaching a state, an action), so a refused save sends nothing.
 */
export type OutboundMessage = Omit<NewOutboxMessage, 'status' | 'error'>;

export interface SmsGateway {
  send(message: OutboundMessage, tx: Queryable): Promise<OutboxMessage>;
}

const phone = new RegExp(PHONE_PATTERN);

/** Why a message cannot be delivered, or null. */
export function undeliverable(message: Pick<OutboundMessage, 'channel' | 'recipient'>): string | null {
  if (message.channel !== 'sms') return null;
  if (!message.recipient) return 'No recipient: the contact has no phone number and none was given';
  if (!phone.test(message.recipient)) return `'${message.recipient}' is not a phone number (optional +39, then 9 or 10 digits)`;
  return null;
}

/**
 * The embedded default: every message is written to the `sms_outbox` table (GET /api/cntmng/outbox reads it back);
 * a delivery process, or a person, takes queued ones from there. Undeliverable SMS are kept as failed, with the reason.
 */
export function outboxSmsGateway(): SmsGateway {
  return {
    async send(message, tx) {
      const error = undeliverable(message);
      return outboxRepository(tx).insert({ ...message, status: error ? 'failed' : 'queued', error });
    },
  };
}
