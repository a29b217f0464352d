import type { AddressLookupPart, AddressPart, AddressSuggestion, EnumOption, EnumRequest } from '@renderers/form-context';
import type { ApiClient } from '@api-client/api-client';
import type { EnumBody } from '@domain/api/contacts';

/**
 * What the renderer services of the contact, list-filter and SMS forms share: the per-field enum call and the
 * address lookups over the API client. Each screen adds what only it does (the contact form's per-section enum
 * answers and uploads, the filter form's option lists).
 */

/** A failed enum load gives a single empty option (spec 2 §8, spec 3 §8). */
const EMPTY_OPTION: readonly EnumOption[] = [{ value: '', label: '' }];

/** A parent value as the enum call's body carries it: scalars as they are, objects as JSON text, nothing as null. */
const scalar = (value: unknown): string | number | boolean | null =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : value === undefined || value === null ? null : JSON.stringify(value);

/** The parents' values of an enum request, as the server's enum call takes them. */
export const enumParents = (request: Pick<EnumRequest, 'parents'>): EnumBody =>
  Object.fromEntries(Object.entries(request.parents).map(([key, value]) => [key, scalar(value)]));

export interface EnumApi { contacts: Pick<ApiClient['contacts'], 'enumValues'> }

/** One field's values for its parents' values (with the contact, when there is one); a failure gives EMPTY_OPTION. */
export const loadFieldEnum = async (api: EnumApi, workspaceId: string, request: EnumRequest, contactId?: string): Promise<EnumOption[]> => {
  try {
    const values = await api.contacts.enumValues(workspaceId, request.section, request.field, enumParents(request), contactId);
    return values.map(({ value, label }) => ({ value, label }));
  } catch {
    return [...EMPTY_OPTION];
  }
};

export interface AddressApi { address: ApiClient['address'] }

/** Address lookups (spec 2 §2.6): only for a non-empty query; cities and streets narrowed by what is already chosen. */
export const lookupAddress = async (api: AddressApi, part: AddressLookupPart, query: string, context: Partial<Record<AddressPart, string>>): Promise<AddressSuggestion[]> => {
  const q = query.trim();
  if (!q) return [];
  const province = context.province_acr || context.province || '';
  if (part === 'province') {
    const items = await api.address.provinces(q);
    return items.map((i) => ({ label: `${i.p} (${i.x})`, values: { province: i.p, province_acr: i.x } }));
  }
  if (part === 'city') {
    const items = await api.address.cities(province, q);
    return items.map((i) => ({ label: `${i.c} (${i.x})`, values: { province: i.p, province_acr: i.x, city: i.c } }));
  }
  const items = await api.address.streets(province, context.city ?? '', q);
  return items.map((i) => ({ label: `${i.s}, ${i.c}`, values: { province: i.p, province_acr: i.x, city: i.c, street: i.s } }));
};
