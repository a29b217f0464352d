import type { ContactFilter } from './generated/contact-filter';

/** The filter rules of spec 2 §2.2 applied to a change: onlySuspended forces includeSuspended; turning includeSuspended off clears onlySuspended. */
export function applyFilterRules(previous: ContactFilter, next: ContactFilter): ContactFilter {
  const out: ContactFilter = { ...next };
  if (out.onlySuspended && !previous.onlySuspended) out.includeSuspended = true;
  else if (previous.includeSuspended && out.includeSuspended === false) out.onlySuspended = false;
  else if (out.onlySuspended) out.includeSuspended = true;
  if (typeof out.priority === 'number') out.priority = Math.min(10, Math.max(0, Math.round(out.priority)));
  return out;
}
