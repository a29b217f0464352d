import { ADDRESS_PARTS } from '@domain/address';
import type { Workspace } from '@domain/generated/workspace';
import type { Role } from '@domain/roles';
import { translateForm, type FormSection, type FormTranslation, type FormView } from '@translator/translate-form';
import type { Problem } from '@translator/types';
import { memoryServices, type AddressRecord, type EnumTable } from '@renderers/memory-services';
import type { PanelTitles } from '@renderers/layout/ContactPanels/ContactPanels';
import type { ContactRow } from '@renderers/table/contact-row';

/** One translated form, or why the translator refused the pair. */
export type FormResult = { ok: true; form: FormTranslation } | { ok: false; problems: Problem[] };

export type PreviewServices = ReturnType<typeof memoryServices>;

/** One view, section and role of a workspace and data model, as the preview panels show it. */
export function translateFormResult(model: unknown, workspace: unknown, view: FormView, section: FormSection, role: Role): FormResult {
  const t = translateForm(model, workspace, { view, section, role });
  return t.ok ? { ok: true, form: t.value } : { ok: false, problems: t.problems };
}

/** The attachment and document fields of the outputs form, shown read-only in the MEDIA panel. */
export function mediaForm(form: FormTranslation): FormTranslation | null {
  const names = form.uiSchema['ui:options'].media?.fields.map((f) => f.name) ?? [];
  if (!names.length) return null;
  return {
    schema: { type: 'object', properties: Object.fromEntries(names.map((n) => [n, form.schema.properties?.[n] ?? {}])) },
    uiSchema: { ...Object.fromEntries(names.map((n) => [n, form.uiSchema[n]])), 'ui:order': names, 'ui:options': { groups: [{ label: '', columns: 1, fields: names }] } },
  };
}

/** The panel titles and the agent script of the workspace's visualConfigs. */
export function agentScriptOf(workspace: Workspace): { titles: PanelTitles; script: string | null } {
  const agentScript = workspace.visualConfigs?.agentScript;
  return {
    titles: { INPUTS: agentScript?.inputsTitle, OUTPUTS: agentScript?.outputsTitle, MEDIA: agentScript?.mediaTitle, SCRIPT: agentScript?.scriptTitle },
    script: agentScript?.script ?? null,
  };
}

/** The addresses the contacts hold in the workspace's address block: what the address lookups suggest. */
export function addressesOf(workspace: Workspace, contacts: readonly ContactRow[]): AddressRecord[] {
  const cfg = workspace.inputAddressConfig;
  if (!cfg) return [];
  return contacts.map((c) => Object.fromEntries(ADDRESS_PARTS.flatMap((p) => {
    const field = cfg[p];
    const v = field ? c.inputs?.[field] : undefined;
    return v === undefined || v === null ? [] : [[p, String(v)]];
  })));
}

/** In-memory renderer services over a set of contacts: remote enums from the table, addresses and agents from the contacts. */
export function previewServices(workspace: Workspace, contacts: readonly ContactRow[], enums: EnumTable): PreviewServices {
  const agents = [...new Set(contacts.map((c) => c.agentId).filter((a): a is string => Boolean(a)))].map((a) => ({ value: a, label: a }));
  return memoryServices({ enums, addresses: addressesOf(workspace, contacts), agents });
}
