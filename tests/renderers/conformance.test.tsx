/**
 * Every fixture's forms, every view and section, through the Blueprint theme: groups as labelled regions, each field
 * labelled and showing the sample contact's value in the control its widget name promises.
 */
import { act, render, screen, within } from '@testing-library/react';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema as RjsfUiSchema } from '@rjsf/utils';
import { BlueprintForm } from '@renderers/BlueprintForm/BlueprintForm';
import { ContactForm } from '@renderers/ContactForm/ContactForm';
import { translatorFor } from '@renderers/i18n/messages';
import { displayText } from '@renderers/widgets/ReadOnlyValue/ReadOnlyValue';
import { formatDate } from '@renderers/widgets/widget-support';
import { FORM_SECTIONS, FORM_VIEWS, translateForm } from '@translator/translate-form';
import type { JsonSchema } from '@translator/types';
import { fixture, richestContact, servicesFor, SLUGS } from './support';

const t = translatorFor('it-IT');
type Ui = { 'ui:widget'?: string; 'ui:field'?: string; 'ui:readonly'?: boolean; 'ui:options'?: { addressPart?: string } };

function expectField(name: string, schema: JsonSchema, ui: Ui, value: unknown, formReadonly: boolean, addressMode: 'DEFAULT' | 'ANNULLA' | null, remote: Array<{ value: string; label: string }> = [], prefix = 'f') {
  const id = `${prefix}_${name}`;
  const el = document.getElementById(id);
  if (!el) throw new Error(`${name}: no element #${id}`);
  const label = document.getElementById(`${id}__label`);
  expect({ name, label: label?.textContent }).toEqual({ name, label: expect.stringContaining(schema.title ?? name) });
  const readonly = formReadonly || ui['ui:readonly'] === true;
  if (ui['ui:options']?.addressPart && addressMode) {
    if (addressMode === 'DEFAULT') expect({ name, text: el.textContent }).toEqual({ name, text: value === undefined ? '—' : String(value) });
    else expect({ name, value: (el as HTMLInputElement).value }).toEqual({ name, value: value === undefined ? '' : String(value) });
    return;
  }
  if (ui['ui:field']) {
    expect(el).toHaveAttribute('role', 'group');
    const count = Array.isArray(value) ? value.length : 0;
    expect(within(el).getByText(new RegExp(`^${count} \\(min: `))).toBeInTheDocument();
    return;
  }
  const widget = ui['ui:widget'];
  if (readonly) {
    expect(el).toHaveAttribute('role', 'textbox');
    expect(el).toHaveAttribute('aria-readonly', 'true');
    const kind = widget === 'switch' ? 'boolean' : widget === 'updown' ? 'number' : widget === 'date' ? 'date' : widget === 'select' || widget === 'remoteSelect' ? 'select' : 'text';
    // Remote enums show the loaded label (the fixture's enums.json), static ones the schema's title.
    const options = [...(schema.oneOf ?? []).map((o) => ({ value: o.const, label: o.title })), ...remote];
    expect({ name, text: el.textContent }).toEqual({ name, text: displayText(kind, value, t, 'it-IT', options) });
    return;
  }
  const input = el as HTMLInputElement;
  switch (widget) {
    case 'switch': expect({ name, checked: input.checked }).toEqual({ name, checked: value === true }); break;
    case 'date': expect({ name, value: input.value }).toEqual({ name, value: formatDate(value) }); break;
    case 'updown': expect({ name, value: input.value }).toEqual({ name, value: value === undefined ? '' : String(value) }); break;
    default: expect({ name, value: input.value }).toEqual({ name, value: value === undefined || value === null ? '' : String(value) });
  }
  expect(input.tagName).toBe(widget === 'textarea' ? 'TEXTAREA' : widget === 'select' || widget === 'remoteSelect' ? 'SELECT' : 'INPUT');
}

describe.each(SLUGS)('%s', (slug) => {
  const f = fixture(slug);
  const cases = FORM_VIEWS.flatMap((view) => FORM_SECTIONS.map((section) => [view, section] as const));
  it.each(cases)('%s %s: groups, labels, roles and values', async (view, section) => {
    const tr = translateForm(f.model, f.workspace, { view, section, role: 'admin' });
    if (!tr.ok) throw new Error(JSON.stringify(tr.problems));
    const { schema, uiSchema } = tr.value;
    const contact = richestContact(f, section);
    const values = (contact[section] ?? {}) as Record<string, unknown>;
    const formData = Object.fromEntries(Object.keys(schema.properties ?? {}).flatMap((k) => (values[k] === undefined ? [] : [[k, values[k]]])));
    render(<ContactForm schema={schema} uiSchema={uiSchema} formData={formData} formContext={{ services: servicesFor(f), locale: 'it-IT' }} idPrefix="f" />);
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });

    const root = uiSchema['ui:options'] as { groups: Array<{ label: string; fields: string[] }>; address?: { label: string; initialMode: 'DEFAULT' | 'ANNULLA'; fields: Record<string, string> } };
    for (const g of root.groups) if (g.label) expect(screen.getByRole('region', { name: g.label })).toBeInTheDocument();
    if (root.address) expect(screen.getByRole('region', { name: 'Località' })).toBeInTheDocument();
    const names = Object.keys(schema.properties ?? {});
    for (const name of names) expectField(name, schema.properties?.[name] as JsonSchema, (uiSchema[name] ?? {}) as Ui, formData[name], uiSchema['ui:readonly'] === true, root.address ? root.address.initialMode : null, f.enums[section]?.[name]);
    expect(names.length).toBe(Object.keys(schema.properties ?? {}).length);
  });

  it('a role without the view permission gets every field read-only, with the reasons', async () => {
    const tr = translateForm(f.model, f.workspace, { view: 'edit', section: 'inputs', role: 'basic' });
    if (!tr.ok) throw new Error('translation refused');
    const { schema, uiSchema } = tr.value;
    if (uiSchema['ui:readonly'] !== true) return; // basic may edit in this workspace: nothing to deny
    const contact = richestContact(f, 'inputs');
    render(<ContactForm schema={schema} uiSchema={uiSchema} formData={contact.inputs} formContext={{ services: servicesFor(f), locale: 'it-IT' }} idPrefix="f" />);
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    expect(screen.getByRole('note')).toHaveTextContent(/Sola lettura/);
    expect(screen.queryAllByRole('button', { name: 'MODIFICA' })).toHaveLength(0);
    const names = Object.keys(schema.properties ?? {}).filter((n) => !(uiSchema[n] as Ui)['ui:field'] && !(uiSchema[n] as Ui)['ui:options']?.addressPart);
    for (const name of names) expect(document.getElementById(`f_${name}`)).toHaveAttribute('aria-readonly', 'true');
  });
});

describe.each(SLUGS.filter((s) => s !== 'campagna-grande'))('%s through stock rjsf with the Blueprint theme (withTheme)', (slug) => {
  const f = fixture(slug);
  it.each(FORM_SECTIONS)('edit %s: the same labels, roles and values', async (section) => {
    const tr = translateForm(f.model, f.workspace, { view: 'edit', section, role: 'admin' });
    if (!tr.ok) throw new Error(JSON.stringify(tr.problems));
    const { schema, uiSchema } = tr.value;
    const values = (richestContact(f, section)[section] ?? {}) as Record<string, unknown>;
    const formData = Object.fromEntries(Object.keys(schema.properties ?? {}).flatMap((k) => (values[k] === undefined ? [] : [[k, values[k]]])));
    render(<BlueprintForm schema={schema as RJSFSchema} uiSchema={uiSchema as RjsfUiSchema} formData={formData} validator={validator} noHtml5Validate formContext={{ services: servicesFor(f), locale: 'it-IT' }} />);
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    const root = uiSchema['ui:options'] as { groups: Array<{ label: string }>; address?: { initialMode: 'DEFAULT' | 'ANNULLA' } };
    for (const g of root.groups) if (g.label) expect(screen.getByRole('region', { name: g.label })).toBeInTheDocument();
    if (root.address) expect(screen.getByRole('region', { name: 'Località' })).toBeInTheDocument();
    for (const name of Object.keys(schema.properties ?? {})) expectField(name, schema.properties?.[name] as JsonSchema, (uiSchema[name] ?? {}) as Ui, formData[name], false, root.address?.initialMode ?? null, f.enums[section]?.[name], 'root');
    expect(screen.getByRole('button', { name: 'Salva' })).toHaveAttribute('type', 'submit');
  });
});
