/** Tracks the AbortController of every call in flight so that logout can abort them all at once. */
export interface RequestRegistry {
  register(): AbortController;
  release(controller: AbortController): void;
  abortAll(): number;
  readonly size: number;
}

export const createRequestRegistry = (): RequestRegistry => {
  const inFlight = new Set<AbortController>();
  return {
    register() {
      const controller = new AbortController();
      inFlight.add(controller);
      return controller;
    },
    release(controller) {
      inFlight.delete(controller);
    },
    abortAll() {
      const count = inFlight.size;
      for (const controller of inFlight) controller.abort();
      inFlight.clear();
      return count;
    },
    get size() {
      return inFlight.size;
    },
  };
};
