/**
 * The renderer browser tests' page: one fixture form per scenario (`#address`, `#enums`, `#arrays`), services in
 * memory with a delay so loading states show, and the values and service calls on `window` for the test to read.
 */
import { createRoot } from 'react-dom/client';
import energiaModel from '../fixtures/workspaces/energia-casa/data-model.json';
import energiaWorkspace from '../fixtures/workspaces/energia-casa/workspace.json';
import energiaEnums from '../fixtures/workspaces/energia-casa/enums.json';
import energiaContacts from '../fixtures/workspaces/energia-casa/contacts.json';
import sinistriModel from '../fixtures/workspaces/sinistri-auto/data-model.json';
import sinistriWorkspace from '../fixtures/workspaces/sinistri-auto/workspace.json';
import { ContactForm } from '@renderers/ContactForm/ContactForm';
import { memoryServices, type AddressRecord, type EnumTable } from '@renderers/memory-services';
import { translateForm } from '@translator/translate-form';

declare global {
  interface Window { formValues: Record<string, unknown>; serviceCalls: { enums: string[]; lookups: string[] } }
}

type Contact = { inputs: Record<string, unknown> };
const contacts = energiaContacts as Contact[];
const addresses: AddressRecord[] = contacts.map((c) => ({ province: c.inputs.provincia as string, province_acr: c.inputs.siglaProvincia as string, city: c.inputs.citta as string, street: c.inputs.indirizzo as string, zip: c.inputs.cap as string }));
const scenario = location.hash.slice(1) || 'address';
const failing = new URLSearchParams(location.search).get('fail')?.split(',') ?? [];
const services = memoryServices({ enums: energiaEnums as EnumTable, addresses, delayMs: 150, failingEnums: failing });
window.serviceCalls = services.calls;
window.formValues = {};

const [model, workspace, section] = scenario === 'arrays' ? [sinistriModel, sinistriWorkspace, 'outputs' as const] : [energiaModel, energiaWorkspace, 'inputs' as const];
const t = translateForm(model, workspace, { view: 'edit', section, role: 'admin' });
if (!t.ok) throw new Error(t.problems.map((p) => p.message).join('; '));
const sample = scenario === 'address' ? contacts.find((c) => c.inputs.citta && c.inputs.provincia)?.inputs ?? {} : {};
window.formValues = { ...sample };

createRoot(document.getElementById('root') as HTMLElement).render(
  <ContactForm
    schema={t.value.schema}
    uiSchema={t.value.uiSchema}
    formData={sample}
    formContext={{ services, locale: 'it-IT' }}
    idPrefix="e2e"
    onChange={(values) => { window.formValues = values; }}
  />,
);
