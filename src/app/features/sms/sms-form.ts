import type { RendererServices } from '../../../../renderers/form-context';
import type { EnumBody } from '../../../domain/api/contacts';
import type { ApiClient } from '../../../api-client/api-client';
import type { FormTranslation } from '../../../translator/translate-form';

/** The SMS form without the attachment and document lists: an SMS carries text only, and there is no contact to attach to. */
export function withoutMedia(form: FormTranslation): FormTranslation {
  const { media, ...layout } = form.uiSchema['ui:options'];
  if (!media) return form;
  const dropped = new Set(media.fields.map((f) => f.name));
  const keep = (name: string) => !dropped.has(name);
  return {
    schema: {
      ...form.schema,
      properties: Object.fromEntries(Object.entries(form.schema.properties ?? {}).filter(([name]) => keep(name))),
      required: form.schema.required?.filter(keep),
    },
    uiSchema: {
      ...Object.fromEntries(Object.entries(form.uiSchema).filter(([name]) => keep(name))),
      'ui:order': form.uiSchema['ui:order'].filter(keep),
      'ui:options': { ...layout, groups: layout.groups.map((g) => ({ ...g, fields: g.fields.filter(keep) })).filter((g) => g.fields.length) },
    },
  };
}

const scalar = (value: unknown): string | number | boolean | null =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : value === undefined || value === null ? null : JSON.stringify(value);

/**
 * The renderer services of the SMS form: remote enum values of the workspace (a failed load gives one empty option,
 * spec 3 §8) and address lookups; nothing is uploaded.
 */
export const smsRendererServices = (api: ApiClient, workspaceId: string): RendererServices => ({
  async loadEnum(request) {
    const parents: EnumBody = Object.fromEntries(Object.entries(request.parents).map(([key, value]) => [key, scalar(value)]));
    try {
      const values = await api.contacts.enumValues(workspaceId, request.section, request.field, parents);
      return values.map(({ value, label }) => ({ value, label }));
    } catch {
      return [{ value: '', label: '' }];
    }
  },
  async lookupAddress(part, query, context) {
    const q = query.trim();
    if (!q) return [];
    const province = context.province_acr || context.province || '';
    if (part === 'province') return (await api.address.provinces(q)).map((i) => ({ label: `${i.p} (${i.x})`, values: { province: i.p, province_acr: i.x } }));
    if (part === 'city') return (await api.address.cities(province, q)).map((i) => ({ label: `${i.c} (${i.x})`, values: { province: i.p, province_acr: i.x, city: i.c } }));
    return (await api.address.streets(province, context.city ?? '', q)).map((i) => ({ label: `${i.s}, ${i.c}`, values: { province: i.p, province_acr: i.x, city: i.c, street: i.s } }));
  },
  async uploadFile() {
    throw new Error('An SMS carries no files');
  },
});
