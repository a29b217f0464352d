/** Runs `cb` when the browser is idle (within `timeout` ms at the latest); answers a cancel function. */
export function idle(cb: () => void, timeout = 100): () => void {
  if (typeof requestIdleCallback === 'function') { const h = requestIdleCallback(cb, { timeout }); return () => cancelIdleCallback(h); }
  const h = setTimeout(cb, 0);
  return () => clearTimeout(h);
}
