import { createSessionMonitor } from '@app/session/session-monitor';
import { createSessionStore } from '@app/session/session-store';
import { ACTIVITY_DEBOUNCE_MS, EVENT_THROTTLE_MS, HEARTBEAT_INTERVAL_MS } from '@domain/constants';
import { MemoryStorage } from './support/memory-storage';

const TIMEOUT = 60_000;

const setup = (heartbeat: () => Promise<{ sessionTimeout: number }> = async () => ({ sessionTimeout: TIMEOUT })) => {
  const store = createSessionStore(new MemoryStorage());
  store.save({ sessionStart: Date.now(), sessionTimeout: TIMEOUT });
  const renew = jest.fn(async () => store.save({ sessionStart: Date.now() }));
  const onExpired = jest.fn();
  const target = new EventTarget() as unknown as Window;
  const monitor = createSessionMonitor({ store, renew, heartbeat: jest.fn(heartbeat), onExpired, target });
  monitor.start();
  return { store, renew, onExpired, monitor, target };
};

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') }));
afterEach(() => jest.useRealTimers());

describe('session monitor (spec 1 §4, spec 3 §9)', () => {
  it('logs out after inactivity equal to the timeout, not before', () => {
    const { onExpired, monitor } = setup();
    jest.advanceTimersByTime(TIMEOUT - 2_000);
    expect(onExpired).not.toHaveBeenCalled();
    jest.advanceTimersByTime(2_000);
    expect(onExpired).toHaveBeenCalledWith('inactivity');
    expect(onExpired).toHaveBeenCalledTimes(1);
    monitor.stop();
  });

  it('renews on the next action once two thirds have passed, which keeps an active session alive', () => {
    const { renew, onExpired, monitor, target } = setup();
    jest.advanceTimersByTime(TIMEOUT / 2);
    target.dispatchEvent(new Event('keydown'));
    jest.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS);
    expect(renew).not.toHaveBeenCalled();
    jest.advanceTimersByTime(TIMEOUT / 4);
    target.dispatchEvent(new Event('mousedown'));
    jest.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS);
    expect(renew).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(TIMEOUT / 2);
    expect(onExpired).not.toHaveBeenCalled();
    monitor.stop();
  });

  it('throttles activity events to one per 5 s and debounces them by 1 s', () => {
    const { monitor, target } = setup();
    const start = monitor.lastActivity;
    jest.advanceTimersByTime(10_000);
    target.dispatchEvent(new Event('keydown'));
    jest.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS - 1);
    expect(monitor.lastActivity).toBe(start);
    jest.advanceTimersByTime(1);
    const first = monitor.lastActivity;
    expect(first).toBe(start + 10_000 + ACTIVITY_DEBOUNCE_MS);
    jest.advanceTimersByTime(1_000);
    target.dispatchEvent(new Event('keydown'));
    jest.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS);
    expect(monitor.lastActivity).toBe(first);
    jest.advanceTimersByTime(EVENT_THROTTLE_MS);
    target.dispatchEvent(new Event('keydown'));
    jest.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS);
    expect(monitor.lastActivity).toBeGreaterThan(first);
    monitor.stop();
  });

  it('sends a heartbeat every 60 s; a failed one runs the session-expired handling, with its error (the server may say why)', async () => {
    let fail = false;
    const beats: number[] = [];
    const refusal = Object.assign(new Error('401'), { kind: 'unauthorized' });
    const { onExpired, monitor, store } = setup(async () => {
      beats.push(Date.now());
      if (fail) throw refusal;
      return { sessionTimeout: 10 * HEARTBEAT_INTERVAL_MS };
    });
    store.save({ sessionTimeout: 10 * HEARTBEAT_INTERVAL_MS });
    await jest.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(beats).toHaveLength(1);
    expect(onExpired).not.toHaveBeenCalled();
    fail = true;
    await jest.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(beats).toHaveLength(2);
    expect(onExpired).toHaveBeenCalledWith('heartbeat', refusal);
    monitor.stop();
  });

  it('stop() removes listeners and timers', () => {
    const { onExpired, monitor } = setup();
    monitor.stop();
    jest.advanceTimersByTime(TIMEOUT * 2);
    expect(onExpired).not.toHaveBeenCalled();
  });
});
