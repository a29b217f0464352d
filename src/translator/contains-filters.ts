import type { Field } from '@domain/generated/data-model';
import type { EnumConfig } from '@domain/generated/workspace';

/** The static values a field's list filter offers (a local enum), or undefined for free text or a remote source. */
export function filterValuesOf(cfg: EnumConfig | undefined): EnumConfig['values'] | undefined {
  return cfg?.url || cfg?.remoteValues ? undefined : cfg?.values;
}

/**
 * Whether the list filters a field by a part of its value, whatever its case (`{ contains }`): filterable free text
 * (dataType text, the default, or string) that offers no list of values. Numbers, dates, times, booleans, arrays and
 * listed values stay exact. The filter form (translate-list) and the server's trigram indexes (list-sort-indexes)
 * follow this one rule, so every text filter an agent can type is served by an index and no other field costs one.
 */
export function filtersByContains(field: Field, cfg: EnumConfig | undefined): boolean {
  if (field.filterable !== true) return false;
  if (field.dataType !== undefined && field.dataType !== 'text' && field.dataType !== 'string') return false;
  return !filterValuesOf(cfg)?.length;
}
