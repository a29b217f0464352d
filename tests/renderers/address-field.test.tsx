import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema as RjsfUiSchema } from '@rjsf/utils';
import { BlueprintForm } from '@renderers/BlueprintForm/BlueprintForm';
import { memoryServices } from '@renderers/memory-services';
import { translateForm } from '@translator/translate-form';
import { renderForm } from './render-support';
import { addressesOf, fixture } from './support';

const f = fixture('energia-casa');
const form = (view: 'edit' | 'create') => {
  const t = translateForm(f.model, f.workspace, { view, section: 'inputs', role: 'admin' });
  if (!t.ok) throw new Error('translation refused');
  return t.value;
};
const contact = f.contacts.find((c) => c.inputs.provincia && c.inputs.citta && c.inputs.indirizzo) ?? f.contacts[0];


// Blueprint icons and enum answers arrive asynchronously: let them settle inside act before the next test.
afterEach(async () => { await act(async () => { await new Promise((r) => setTimeout(r, 20)); }); });
describe('address block (spec 2 §2.6)', () => {
  it.each([
    ['it-IT', 'Località'],
    ['en-US', 'Location'],
    ['en-GB', 'Location'],
  ] as const)('in %s the block is titled %s', (locale, title) => {
    const { schema, uiSchema } = form('edit');
    renderForm(schema, uiSchema, { formData: contact.inputs, locale });
    expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('DEFAULT is read-only; MODIFICA enters ANNULLA with lookups only for non-empty queries; a pick fills the parts; ANNULLA restores', async () => {
    const user = userEvent.setup();
    const services = memoryServices({ addresses: addressesOf(f) });
    const onChange = jest.fn();
    const { schema, uiSchema } = form('edit');
    renderForm(schema, uiSchema, { formData: contact.inputs, services, onChange });
    const block = screen.getByRole('region', { name: 'Località' });
    expect(within(block).getByRole('textbox', { name: 'Provincia' })).toHaveAttribute('aria-readonly', 'true');
    expect(within(block).getByRole('textbox', { name: 'Comune' })).toHaveTextContent(String(contact.inputs.citta));

    await user.click(within(block).getByRole('button', { name: 'MODIFICA' }));
    expect(block).toHaveAttribute('data-mode', 'ANNULLA');
    const city = within(block).getByRole('combobox', { name: 'Comune' });
    await user.clear(city);
    await new Promise((r) => setTimeout(r, 300));
    expect(services.calls.lookups).toEqual([]);
    const other = addressesOf(f).find((a) => a.city && a.city !== contact.inputs.citta && a.province === contact.inputs.provincia) ?? addressesOf(f).find((a) => a.city !== contact.inputs.citta);
    const query = String(other?.city).slice(0, 4);
    await user.clear(within(block).getByRole('combobox', { name: 'Provincia' }));
    await user.type(city, query);
    const [option] = await screen.findAllByRole('option', { name: new RegExp(`^${String(other?.city)}$`) }, { timeout: 2000 });
    expect(services.calls.lookups.filter((c) => c.endsWith(':'))).toEqual([]);
    await user.click(option);
    expect(city).toHaveValue(String(other?.city));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ citta: other?.city }), 'citta');

    await user.click(within(block).getByRole('button', { name: 'ANNULLA' }));
    expect(block).toHaveAttribute('data-mode', 'DEFAULT');
    expect(within(block).getByRole('textbox', { name: 'Comune' })).toHaveTextContent(String(contact.inputs.citta));
    expect(within(block).getByRole('textbox', { name: 'CAP' })).toHaveTextContent(String(contact.inputs.cap ?? '—'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ citta: contact.inputs.citta }), expect.any(String));
  });

  it('SBLOCCA allows free text without lookups', async () => {
    const user = userEvent.setup();
    const services = memoryServices({ addresses: addressesOf(f) });
    const { schema, uiSchema } = form('edit');
    renderForm(schema, uiSchema, { formData: contact.inputs, services });
    const block = screen.getByRole('region', { name: 'Località' });
    await user.click(within(block).getByRole('button', { name: 'SBLOCCA' }));
    expect(block).toHaveAttribute('data-mode', 'SBLOCCA');
    const street = within(block).getByRole('textbox', { name: 'Indirizzo' });
    await user.clear(street);
    await user.type(street, 'Via Nuova 1');
    await new Promise((r) => setTimeout(r, 300));
    expect(street).toHaveValue('Via Nuova 1');
    expect(services.calls.lookups).toEqual([]);
    expect(within(block).queryByRole('button', { name: 'SBLOCCA' })).toBeNull();
  });

  it('the create form starts editable (ANNULLA)', () => {
    const { schema, uiSchema } = form('create');
    renderForm(schema, uiSchema);
    const block = screen.getByRole('region', { name: 'Località' });
    expect(block).toHaveAttribute('data-mode', 'ANNULLA');
    expect(within(block).getByRole('combobox', { name: 'Provincia' })).toHaveValue('');
  });

  it('works the same inside stock rjsf (BlueprintForm): modes, values through rjsf, cancel restores', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { schema, uiSchema } = form('edit');
    render(<BlueprintForm schema={schema as RJSFSchema} uiSchema={uiSchema as RjsfUiSchema} formData={contact.inputs} validator={validator} noHtml5Validate formContext={{ services: memoryServices({ addresses: addressesOf(f) }), locale: 'it-IT' }} onChange={(e) => onChange(e.formData)} />);
    const block = screen.getByRole('region', { name: 'Località' });
    expect(within(block).getByRole('textbox', { name: 'Comune' })).toHaveAttribute('aria-readonly', 'true');
    await user.click(within(block).getByRole('button', { name: 'SBLOCCA' }));
    const street = within(block).getByRole('textbox', { name: 'Indirizzo' });
    await user.clear(street);
    await user.type(street, 'Via Roma 2');
    expect(street).toHaveValue('Via Roma 2');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ indirizzo: 'Via Roma 2' }));
    await user.click(within(block).getByRole('button', { name: 'ANNULLA' }));
    expect(within(block).getByRole('textbox', { name: 'Indirizzo' })).toHaveTextContent(String(contact.inputs.indirizzo));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ indirizzo: contact.inputs.indirizzo }));
  });
});
