/**
 * `next`, with every part that equals the same part of `previous` (by value) replaced by that part of `previous`:
 * a new translation of a draft keeps the identity of what did not change (a field's schema, a group), so memoised
 * views of those parts do not render again. Plain JSON data only (objects, arrays, primitives).
 */
/** A plain object, from this realm or another (a worker's answer, structuredClone). */
const isPlain = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
};

export function keepEqual<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return next;
  if (typeof previous !== 'object' || typeof next !== 'object' || previous === null || next === null) return next;
  if (Array.isArray(previous) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const before = previous as unknown[];
    const kept = next.map((item, i) => keepEqual(before[i], item));
    return (kept.length === before.length && kept.every((item, i) => item === before[i]) ? before : kept) as T;
  }
  if (!isPlain(next) || !isPlain(previous)) return next;
  const before = previous as Record<string, unknown>;
  const keys = Object.keys(next);
  let same = keys.length === Object.keys(before).length;
  const kept: Record<string, unknown> = {};
  for (const key of keys) {
    const value = keepEqual(before[key], (next as Record<string, unknown>)[key]);
    kept[key] = value;
    if (same && (value !== before[key] || !(key in before))) same = false;
  }
  return (same ? before : kept) as T;
}
