import type { EnumOption, EnumRequest, RendererServices } from '../form-context';

/** The spec's answer to a failed enum load (spec 2 §8): a single empty option. */
export const FAILED_ENUM: readonly EnumOption[] = Object.freeze([{ value: '', label: '' }]);

const caches = new WeakMap<RendererServices, Map<string, Promise<EnumOption[]>>>();

/**
 * Loads one remote enum. `cachable` sources are kept per services instance and request (parents included), so a
 * form with many copies of a field asks once; failures are never cached.
 */
export function loadEnum(services: RendererServices, request: EnumRequest, cachable: boolean): Promise<readonly EnumOption[]> {
  const load = () => services.loadEnum(request);
  if (!cachable) return load().catch(() => FAILED_ENUM);
  let cache = caches.get(services);
  if (!cache) { cache = new Map(); caches.set(services, cache); }
  const key = JSON.stringify([request.section, request.field, request.url, request.parents]);
  let pending = cache.get(key);
  if (!pending) {
    pending = load();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending.catch(() => FAILED_ENUM);
}

/** Fields to clear when `changed` changes: its children, and theirs (uiSchema `clears`). */
export function fieldsToClear(changed: string, clearsOf: (field: string) => readonly string[] | undefined): string[] {
  const out: string[] = [];
  const seen = new Set<string>([changed]);
  const queue = [...(clearsOf(changed) ?? [])];
  while (queue.length) {
    const next = queue.shift() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    out.push(next);
    queue.push(...(clearsOf(next) ?? []));
  }
  return out;
}
