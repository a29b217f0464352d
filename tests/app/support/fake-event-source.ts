/** The part of EventSource the app uses, on globalThis for the tests that install it (jsdom has none). */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  private listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) { FakeEventSource.instances.push(this); }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() { this.closed = true; this.readyState = 2; }
  emit(type: string, data?: unknown) {
    if (type === 'open') this.readyState = 1;
    const event = { type, data: data === undefined ? undefined : JSON.stringify(data) } as MessageEvent;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  static open(): FakeEventSource[] { return FakeEventSource.instances.filter((es) => !es.closed); }
}

/** Forgets the previous test's streams and puts FakeEventSource on globalThis (call in beforeEach). */
export const installFakeEventSource = (): void => {
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
};

/** Takes EventSource off globalThis again (call in afterEach). */
export const removeFakeEventSource = (): void => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
};
