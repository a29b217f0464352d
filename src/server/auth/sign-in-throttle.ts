import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock';
import type { SignInRecord, SignInThrottleRepository } from '../repositories/sign-in-throttle-repository';

export interface SignInThrottlePolicy {
  /** Failures older than this are forgotten. */
  windowMs: number;
  /** Failures one address may make for one username before it has to wait. */
  freeFailures: number;
  /**
   * Failures of one username from all addresses together past which an address that has failed even once has to
   * wait: guessing from many addresses slows down, while an address with no failure is never held back.
   */
  usernameCeiling: number;
  /** The first wait; each further failure doubles it, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A password check still unfinished after this long belonged to a process that stopped: it is ignored. */
  checkTimeoutMs: number;
  /** How long an attempt waits for the checks in flight before it (the same address and username) to finish. */
  maxQueueMs: number;
}

export const SIGN_IN_THROTTLE: SignInThrottlePolicy = {
  windowMs: 15 * 60_000,
  freeFailures: 5,
  usernameCeiling: 20,
  firstDelayMs: 60_000,
  maxDelayMs: 15 * 60_000,
  checkTimeoutMs: 30_000,
  maxQueueMs: 10_000,
};

const QUEUE_STEP_MS = 20;

export type SignInAllowance = { kind: 'open'; slots: number } | { kind: 'wait'; retryAfterMs: number };

/**
 * How many passwords this address may have checked for this username at once right now, or how long it must wait.
 * Slots count the failures still allowed before a wait, so parallel guesses can never exceed them.
 */
export function signInAllowance(record: Pick<SignInRecord, 'failures' | 'lastFailureAt' | 'usernameFailures'>, now: number, policy: SignInThrottlePolicy): SignInAllowance {
  const free = record.usernameFailures >= policy.usernameCeiling ? 0 : policy.freeFailures;
  if (record.failures < free) return { kind: 'open', slots: free - record.failures };
  if (record.failures === 0 || !record.lastFailureAt) return { kind: 'open', slots: 1 };
  const delay = Math.min(policy.firstDelayMs * 2 ** (record.failures - free), policy.maxDelayMs);
  const openAt = record.lastFailureAt.getTime() + delay;
  return now >= openAt ? { kind: 'open', slots: 1 } : { kind: 'wait', retryAfterMs: openAt - now };
}

export type SignInOutcome<T> = { kind: 'checked'; result: T } | { kind: 'throttled'; retryAfterMs: number };

/**
 * Sign-in throttling by username and client address. A password is checked only under a reservation taken while
 * the username is locked, so a burst of parallel guesses gets no more checks than the free failures; a correct
 * password is never recorded as a failure, and an attempt that finds only correct checks in flight waits for them
 * instead of being refused.
 */
export function signInThrottle(repository: SignInThrottleRepository, clock: Clock, policy: SignInThrottlePolicy = SIGN_IN_THROTTLE) {

  type Reservation = { kind: 'reserved'; checkId: number } | { kind: 'wait'; retryAfterMs: number } | { kind: 'queued' };

  const reserve = (username: string, ip: string): Promise<Reservation> =>
    repository.locked(username, async (tx) => {
      const now = clock();
      await repository.dropStaleChecks(tx, new Date(now - policy.checkTimeoutMs));
      const record = await repository.read(tx, username, ip, new Date(now - policy.windowMs), new Date(now - policy.checkTimeoutMs));
      const allowance = signInAllowance(record, now, policy);
      if (allowance.kind === 'wait') return allowance;
      if (record.checksInFlight >= allowance.slots) return { kind: 'queued' };
      return { kind: 'reserved', checkId: await repository.startCheck(tx, username, ip, new Date(now)) };
    });

  return {
    /**
     * Runs `check` (true when the credentials are right) for `username` from `ip` unless that pair must wait.
     * `check` must not throw for a wrong password: its answer is what is recorded.
     */
    async attempt<T>(username: string, ip: string, check: () => Promise<{ ok: boolean; result: T }>): Promise<SignInOutcome<T>> {
      const queuedUntil = Date.now() + policy.maxQueueMs;
      let reservation = await reserve(username, ip);
      while (reservation.kind === 'queued') {
        if (Date.now() >= queuedUntil) return { kind: 'throttled', retryAfterMs: policy.firstDelayMs };
        await sleep(QUEUE_STEP_MS);
        reservation = await reserve(username, ip);
      }
      if (reservation.kind === 'wait') return { kind: 'throttled', retryAfterMs: reservation.retryAfterMs };
      const { checkId } = reservation;
      let outcome: { ok: boolean; result: T };
      try {
        outcome = await check();
      } catch (error) {
        // A check that broke (the database, not the password) says nothing about the password.
        await repository.cancelCheck(checkId);
        throw error;
      }
      if (outcome.ok) await repository.recordSuccess(checkId, username, ip);
      else await repository.recordFailure(checkId, username, ip, new Date(clock()));
      return { kind: 'checked', result: outcome.result };
    },

    /** An administrator's unlock: every failure of `username` is forgotten, from every address. */
    unlock: (username: string): Promise<number> => repository.forgetFailures(username),
  };
}
export type SignInThrottle = ReturnType<typeof signInThrottle>;
