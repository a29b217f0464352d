import { ACTIVITY_DEBOUNCE_MS, EVENT_THROTTLE_MS, HEARTBEAT_INTERVAL_MS, SESSION_RENEW_FRACTION } from '@domain/constants';
import type { SessionStore } from './session-store';

/** The user actions that count as activity. */
export const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export type ExpiryCause = ['inactivity'] | ['heartbeat', unknown];

export interface SessionMonitorDeps {
  store: SessionStore;
  renew(): Promise<void>;
  heartbeat(): Promise<{ sessionTimeout: number }>;
  /**
   * The session-expired handling: toast, logout, /login. Called at most once per monitor; a failed heartbeat comes
   * with its error (the server may say why, e.g. the account was locked).
   */
  onExpired(...cause: ExpiryCause): void;
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

export interface SessionMonitor {
  start(): void;
  stop(): void;
  /** An activity event (already filtered to the events above); throttled to one per 5 s, debounced by 1 s. */
  notify(): void;
  readonly lastActivity: number;
}

/**
 * Session rules of spec 1 §4 and spec 3 §9: logout after inactivity equal to the timeout; once two thirds of the
 * timeout have passed since the session start, the next action renews it; heartbeat every 60 s, whose failure
 * runs the session-expired handling.
 */
export const createSessionMonitor = (deps: SessionMonitorDeps): SessionMonitor => {
  const now = deps.now ?? (() => Date.now());
  let lastActivity = now();
  let lastEventAt = Number.NEGATIVE_INFINITY;
  let debounce: ReturnType<typeof setTimeout> | null = null;
  let tick: ReturnType<typeof setInterval> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let expired = false;
  let renewing = false;

  const expire = (...cause: ExpiryCause) => {
    if (expired) return;
    expired = true;
    stop();
    deps.onExpired(...cause);
  };

  const check = () => {
    const { sessionStart, sessionTimeout } = deps.store.getState();
    const at = now();
    if (at - lastActivity >= sessionTimeout || at - Math.max(sessionStart, 0) >= sessionTimeout) expire('inactivity');
  };

  const onActivity = () => {
    check();
    if (expired) return;
    lastActivity = now();
    const { sessionStart, sessionTimeout } = deps.store.getState();
    if (!renewing && lastActivity - sessionStart > sessionTimeout * SESSION_RENEW_FRACTION) {
      renewing = true;
      deps.renew().catch(() => undefined).finally(() => {
        renewing = false;
      });
    }
  };

  const notify = () => {
    const at = now();
    if (at - lastEventAt < EVENT_THROTTLE_MS) return;
    lastEventAt = at;
    if (debounce) clearTimeout(debounce);
    debounce = setTimeout(() => {
      debounce = null;
      onActivity();
    }, ACTIVITY_DEBOUNCE_MS);
  };

  const beat = () => {
    deps.heartbeat().then(
      (data) => {
        if (data.sessionTimeout && data.sessionTimeout !== deps.store.getState().sessionTimeout) deps.store.save({ sessionTimeout: data.sessionTimeout });
      },
      (error: unknown) => {
        const aborted = typeof error === 'object' && error !== null && (error as { kind?: string }).kind === 'aborted';
        if (!aborted && !expired) expire('heartbeat', error);
      },
    );
  };

  function stop() {
    if (tick) clearInterval(tick);
    if (heartbeat) clearInterval(heartbeat);
    if (debounce) clearTimeout(debounce);
    tick = heartbeat = debounce = null;
    for (const type of ACTIVITY_EVENTS) deps.target.removeEventListener(type, notify, { capture: true } as EventListenerOptions);
  }

  return {
    start() {
      expired = false;
      lastActivity = now();
      for (const type of ACTIVITY_EVENTS) deps.target.addEventListener(type, notify, { passive: true, capture: true } as AddEventListenerOptions);
      tick = setInterval(check, 1_000);
      heartbeat = setInterval(beat, HEARTBEAT_INTERVAL_MS);
    },
    stop,
    notify,
    get lastActivity() {
      return lastActivity;
    },
  };
};
