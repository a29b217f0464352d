/** Epoch milliseconds. Injected so tests move time instead of sleeping. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();
