import { PHONE_PATTERN } from '@domain/constants';
import type { OutboxMessage } from '@domain/api/contact-work';
import type { Queryable } from '../db/database';
import { outboxRepository, type NewOutboxMessage } from '../repositories/outbox-repository';
import { say, sayIn, type Said } from '../server-messages';

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
export function undeliverableReason(message: Pick<OutboundMessage, 'channel' | 'recipient'>): Said | null {
  if (message.channel !== 'sms') return null;
  if (!message.recipient) return say('noRecipient');
  if (!phone.test(message.recipient)) return say('notAPhoneNumber', { recipient: message.recipient });
  return null;
}

/** Why a message cannot be delivered, in the server's words (a failed message keeps them), or null. */
export function undeliverable(message: Pick<OutboundMessage, 'channel' | 'recipient'>): string | null {
  const reason = undeliverableReason(message);
  return reason && sayIn(reason, 'en');
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

/** One SMS as the delivery adapter sees it. `reference` is the outbox id: the gateway can use it to drop a repeat. */
export interface DeliveryRequest {
  reference: string;
  recipient: string;
  sender: string | null;
  body: string;
}

/** What became of one delivery attempt. A retryable failure (5xx, 408, 429, timeout, network) may succeed later. */
export type DeliveryResult = { ok: true; providerId: string | null } | { ok: false; retryable: boolean; error: string };

/** The seam to the provider that actually sends SMS: the dispatcher hands it one claimed message at a time. */
export interface SmsDelivery {
  /** For logs and the screens: where messages go (never the token). */
  readonly target: string;
  deliver(message: DeliveryRequest): Promise<DeliveryResult>;
}

export interface HttpSmsGatewayConfig {
  /** The provider's endpoint: each message is one JSON POST here. */
  url: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** An attempt that takes longer is abandoned and retried (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const DEFAULT_GATEWAY_TIMEOUT_MS = 10_000;
const ERROR_TEXT_MAX = 300;

/** The provider's id of the message, under the names gateways commonly use. */
function providerIdOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const nested = record.data && typeof record.data === 'object' ? (record.data as Record<string, unknown>) : {};
  for (const source of [record, nested]) {
    for (const key of ['id', 'messageId', 'message_id', 'sid']) {
      const value = source[key];
      if (typeof value === 'string' && value) return value.slice(0, 200);
      if (typeof value === 'number') return String(value);
    }
  }
  return null;
}

const retryableStatus = (status: number): boolean => status >= 500 || status === 408 || status === 429;

/** A promise that rejects with a TimeoutError after `ms`, aborting `controller` as it does. */
function deadline(ms: number, controller: AbortController): { expired: Promise<never>; clear(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = Object.assign(new Error(`no answer in ${ms} ms`), { name: 'TimeoutError' });
      controller.abort(error);
      reject(error);
    }, ms);
  });
  expired.catch(() => undefined);
  return { expired, clear: () => clearTimeout(timer) };
}

const isTimeout = (error: unknown): boolean => ['TimeoutError', 'AbortError'].includes((error as { name?: string })?.name ?? '');

/**
 * The generic HTTP gateway: `POST <url>` with `{ to, from, text, reference }` as JSON, a bearer token and an
 * `Idempotency-Key` of the outbox id. 2xx: sent (the answer's `id`, `messageId`, `message_id` or `sid` is kept);
 * 5xx, 408, 429, a timeout or a network failure: retryable; any other 4xx: refused for good.
 */
export function httpSmsDelivery(config: HttpSmsGatewayConfig): SmsDelivery {
  const timeoutMs = config.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS;
  const doFetch = config.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const timeoutError = `timeout: no answer from the gateway in ${timeoutMs} ms`;
  let target = config.url;
  try {
    const url = new URL(config.url);
    target = `${url.origin}${url.pathname}`;
  } catch {
    // Kept as given: main refuses a URL that does not parse before it gets here.
  }

  async function deliver(message: DeliveryRequest): Promise<DeliveryResult> {
    // The deadline aborts the request and settles the attempt, whether or not the fetch honours its signal.
    const controller = new AbortController();
    const limit = deadline(timeoutMs, controller);
    const inTime = <T>(work: Promise<T>): Promise<T> => Promise.race([work, limit.expired]);
    try {
      let response: Response;
      try {
        response = await inTime(doFetch(config.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'idempotency-key': `sms-${message.reference}`,
            ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
          },
          body: JSON.stringify({ to: message.recipient, from: message.sender, text: message.body, reference: message.reference }),
          signal: controller.signal,
        }));
      } catch (error) {
        if (isTimeout(error)) return { ok: false, retryable: true, error: timeoutError };
        const cause = (error as { cause?: { message?: string } }).cause?.message;
        return { ok: false, retryable: true, error: `network: ${cause ?? (error as Error)?.message ?? String(error)}`.slice(0, ERROR_TEXT_MAX) };
      }
      let text = '';
      try {
        text = await inTime(response.text());
      } catch (error) {
        // The gateway said yes and its body broke off or came too late: it took the message, so it is not sent again.
        if (response.ok) return { ok: true, providerId: null };
        return { ok: false, retryable: true, error: isTimeout(error) ? timeoutError : `HTTP ${response.status}` };
      }
      if (!response.ok) {
        const detail = text.replace(/\s+/g, ' ').trim();
        return { ok: false, retryable: retryableStatus(response.status), error: `HTTP ${response.status}${detail ? `: ${detail}` : ''}`.slice(0, ERROR_TEXT_MAX) };
      }
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // A 2xx without JSON is still accepted; there is just no provider id.
      }
      return { ok: true, providerId: providerIdOf(body) };
    } finally {
      limit.clear();
    }
  }

  return { target, deliver };
}
