import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { OutboxMessage } from '@domain/api/contact-work';
import type { SmsDelivery, DeliveryResult } from '../../adapters/sms-gateway';
import { undeliverable } from '../../adapters/sms-gateway';
import type { Clock } from '../../clock';
import type { AttemptOutcome, SmsDeliveryRepository } from '../../repositories/sms-delivery-repository';

export interface DispatcherSettings {
  /** Messages claimed at once. */
  batchSize: number;
  /** Deliveries in flight at once. */
  concurrency: number;
  /** The pause when nothing is due. */
  idleMs: number;
  /** Attempts before a message is failed for good (the first one included). */
  maxAttempts: number;
  /** The wait before the first retry; it doubles for each later one, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A message left `sending` this long (its process died mid-send) is claimed again. Keep it well above the gateway's timeout. */
  leaseMs: number;
  /**
   * The waits between tries to record a delivery's result when the database refuses it (a dropped connection, a
   * failover). A result never recorded leaves the message `sending` until its lease runs out and it is sent again
   * (with the same idempotency key), so the dispatcher keeps trying well inside the lease.
   */
  settleRetryMs: readonly number[];
}

export const DEFAULT_DISPATCHER_SETTINGS: DispatcherSettings = {
  batchSize: 50,
  concurrency: 16,
  idleMs: 1_000,
  maxAttempts: 5,
  retryBaseMs: 2_000,
  retryMaxMs: 300_000,
  leaseMs: 120_000,
  settleRetryMs: [200, 1_000, 5_000],
};

export interface DispatchRound {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

export interface SmsDispatcher {
  readonly worker: string;
  readonly target: string;
  /** Claims one batch of due messages and delivers it. */
  runOnce(): Promise<DispatchRound>;
  /** Rounds until nothing is due now (tests, benches). */
  drain(): Promise<DispatchRound>;
  /** The loop: rounds back to back while there is work, a pause of idleMs when there is none. */
  start(): void;
  /** Ends the loop after the deliveries in flight are settled. */
  stop(): Promise<void>;
  /** Ends the pause early (a message was just queued). */
  wake(): void;
}

/** The wait before attempt `attempts + 1`: base × 2^(attempts − 1), capped, with up to 20 % of jitter so retries spread. */
export function retryDelay(attempts: number, settings: Pick<DispatcherSettings, 'retryBaseMs' | 'retryMaxMs'>, random = Math.random): number {
  const exact = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exact * (1 + 0.2 * random()));
}

/** What a delivery result does to the message after `attempts` attempts. */
export function outcomeOf(result: DeliveryResult, attempts: number, now: Date, settings: DispatcherSettings): AttemptOutcome {
  if (result.ok) return { status: 'sent', providerId: result.providerId };
  if (!result.retryable) return { status: 'failed', error: result.error };
  if (attempts >= settings.maxAttempts) return { status: 'failed', error: `${result.error} (gave up after ${attempts} attempts)` };
  return { status: 'queued', error: result.error, nextAttemptAt: new Date(now.getTime() + retryDelay(attempts, settings)) };
}

export interface DispatcherDeps {
  /** The outbox's delivery side (app.repos.smsDelivery, or one over another process's database). */
  deliveries: SmsDeliveryRepository;
  delivery: SmsDelivery;
  clock: Clock;
  settings?: Partial<DispatcherSettings>;
  /** Where the loop reports a failing round (the database was unreachable, say); it keeps going. */
  onError?: (error: unknown) => void;
  worker?: string;
}

/**
 * Takes queued SMS from the outbox and hands them to the delivery adapter, statuses queued → sending → sent | failed,
 * with a bounded retry and backoff for 5xx and timeouts. Several dispatchers (processes) may share one database:
 * the claim makes each message one dispatcher's, and only that dispatcher writes its result.
 */
export function createSmsDispatcher({ deliveries: repo, delivery, clock, settings: given, onError, worker: givenWorker }: DispatcherDeps): SmsDispatcher {
  const settings: DispatcherSettings = { ...DEFAULT_DISPATCHER_SETTINGS, ...given };
  const worker = givenWorker ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let running = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;

  async function deliverOne(message: OutboxMessage): Promise<AttemptOutcome> {
    const problem = undeliverable(message);
    const result: DeliveryResult = problem
      ? { ok: false, retryable: false, error: problem }
      : await delivery.deliver({ reference: String(message.id), recipient: message.recipient ?? '', sender: message.sender, body: message.body }).catch(
          (error: unknown): DeliveryResult => ({ ok: false, retryable: true, error: `adapter: ${(error as Error)?.message ?? String(error)}` }),
        );
    const outcome = outcomeOf(result, message.attempts, new Date(clock()), settings);
    await settle(message.id, outcome);
    return outcome;
  }

  /** Records the result, trying again after each wait of settleRetryMs; the last refusal is the round's failure. */
  async function settle(id: number, outcome: AttemptOutcome): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await repo.settle(id, worker, outcome, new Date(clock()));
        return;
      } catch (error) {
        const wait = settings.settleRetryMs[attempt];
        if (wait === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  async function runOnce(): Promise<DispatchRound> {
    const claimed = await repo.claim({ worker, now: new Date(clock()), limit: settings.batchSize, leaseMs: settings.leaseMs });
    const round: DispatchRound = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const outcome = await deliverOne(claimed[next++]);
        if (outcome.status === 'sent') round.sent++;
        else if (outcome.status === 'queued') round.retried++;
        else round.failed++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, claimed.length) }, lane));
    return round;
  }

  async function drain(): Promise<DispatchRound> {
    const total: DispatchRound = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const round = await runOnce();
      total.claimed += round.claimed;
      total.sent += round.sent;
      total.retried += round.retried;
      total.failed += round.failed;
      if (round.claimed === 0) return total;
    }
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => { wakeUp = null; resolve(); }, ms);
      wakeUp = () => { clearTimeout(timer); wakeUp = null; resolve(); };
    });

  async function run(): Promise<void> {
    while (running) {
      let claimed = 0;
      try {
        claimed = (await runOnce()).claimed;
      } catch (error) {
        onError?.(error);
      }
      if (running && claimed < settings.batchSize) await pause(settings.idleMs);
    }
  }

  return {
    worker,
    target: delivery.target,
    runOnce,
    drain,
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      loop = null;
    },
    wake() {
      wakeUp?.();
    },
  };
}
