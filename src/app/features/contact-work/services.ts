import type { EnumOption, RendererServices, StoredFile } from '@renderers/form-context';
import type { EnumBody, EnumSection } from '@domain/api/contacts';
import { enumParents, loadFieldEnum, lookupAddress } from '../../ui/renderer-services';
import type { ContactWorkApi } from './contact-work-api';

type SectionValues = EnumSection['values'];
/** Kept per workspace, version and section for the session: one answer serves every enum of a form, parents included. */
const sections = new Map<string, Promise<SectionValues>>();
const SECTIONS_KEPT = 20;

const sectionValues = (api: ContactWorkApi, workspaceId: string, version: number, kind: 'inputs' | 'outputs'): Promise<SectionValues> => {
  const key = JSON.stringify([workspaceId, version, kind]);
  let pending = sections.get(key);
  if (!pending) {
    if (sections.size >= SECTIONS_KEPT) sections.delete(sections.keys().next().value as string);
    pending = api.contacts.enumSection(workspaceId, kind).then((answer) => answer.values);
    sections.set(key, pending);
    pending.catch(() => sections.delete(key));
  }
  return pending;
};

/** Forgets the kept enum answers (tests). */
export const forgetEnumSections = (): void => sections.clear();

/** The values of a field for the parents' values, as the server's per-field call picks them. */
const valuesFor = (rows: SectionValues[string], parents: EnumBody): EnumOption[] => {
  const wanted = Object.entries(parents).filter(([, v]) => v !== null && v !== '').map(([k, v]) => [k, String(v)] as const);
  return rows.filter((row) => wanted.every(([k, v]) => row.parents[k] === v)).map(({ value, label }) => ({ value, label }));
};

/**
 * The renderer services of the contact forms over the API client: enums from one answer per section and workspace
 * version (a field the answer leaves out, or any field without a version, per field with the contact id when there is one),
 * address lookups, and uploads into the contact's attachment arrays (none before it exists).
 */
export const contactRendererServices = (api: ContactWorkApi, workspaceId: string, contactId?: string, version?: number): RendererServices => ({
  async loadEnum(request) {
    if (version !== undefined) {
      const rows = (await sectionValues(api, workspaceId, version, request.section).catch(() => null))?.[request.field];
      if (rows) return valuesFor(rows, enumParents(request));
    }
    return loadFieldEnum(api, workspaceId, request, contactId);
  },
  lookupAddress: (part, query, context) => lookupAddress(api, part, query, context),
  async uploadFile(file: File, field: string): Promise<StoredFile> {
    if (!contactId) throw new Error('Files can be attached once the contact exists');
    const result = await api.contactWork.uploadAttachment(contactId, field, file.name, file);
    return { name: result.name, type: result.contentType, size: result.size, url: '', id: result.name };
  },
});
