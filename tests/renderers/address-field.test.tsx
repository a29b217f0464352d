import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema as RjsfUiSchema } from '@rjsf/utils';
import { BlueprintForm } from '@renderers/BlueprintForm/BlueprintForm';
import type { ContactFormHandle } from '@renderers/ContactForm/ContactForm';
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

  it('the focus follows the buttons (QA: keyboard): MODIFICA → Provincia, SBLOCCA → Provincia, ANNULLA → MODIFICA', async () => {
    const user = userEvent.setup();
    const { schema, uiSchema } = form('edit');
    renderForm(schema, uiSchema, { formData: contact.inputs, services: memoryServices({ addresses: addressesOf(f) }) });
    const block = screen.getByRole('region', { name: 'Località' });
    act(() => { within(block).getByRole('button', { name: 'MODIFICA' }).focus(); });
    await user.keyboard('{Enter}');
    expect(block).toHaveAttribute('data-mode', 'ANNULLA');
    expect(within(block).getByRole('combobox', { name: 'Provincia' })).toHaveFocus();
    act(() => { within(block).getByRole('button', { name: 'SBLOCCA' }).focus(); });
    await user.keyboard('{Enter}');
    expect(block).toHaveAttribute('data-mode', 'SBLOCCA');
    expect(within(block).getByRole('textbox', { name: 'Provincia' })).toHaveFocus();
    act(() => { within(block).getByRole('button', { name: 'ANNULLA' }).focus(); });
    await user.keyboard('{Enter}');
    expect(block).toHaveAttribute('data-mode', 'DEFAULT');
    expect(within(block).getByRole('button', { name: 'MODIFICA' })).toHaveFocus();
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

  describe('the lookup is a combobox (QA: keyboard, blur, Escape)', () => {
    const lombardia = [
      { province: 'Milano', province_acr: 'MI', city: 'Milano', zip: '20121' },
      { province: 'Monza e Brianza', province_acr: 'MB', city: 'Monza', zip: '20900' },
      { province: 'Mantova', province_acr: 'MN', city: 'Mantova', zip: '46100' },
    ];
    const openLookup = async () => {
      const user = userEvent.setup();
      const onChange = jest.fn();
      const { schema, uiSchema } = form('create');
      renderForm(schema, uiSchema, { services: memoryServices({ addresses: lombardia }), onChange });
      const block = screen.getByRole('region', { name: 'Località' });
      const province = within(block).getByRole('combobox', { name: 'Provincia' });
      await user.type(province, 'M');
      await screen.findByRole('listbox', { name: 'Provincia' }, { timeout: 2000 });
      const listOpen = () => screen.queryByRole('listbox', { name: 'Provincia' });
      return { user, onChange, block, province, listOpen };
    };

    it('ArrowDown/ArrowUp move the active option, Enter picks it and closes the list', async () => {
      const { user, onChange, block, province, listOpen } = await openLookup();
      expect(province).toHaveAttribute('aria-expanded', 'true');
      const list = screen.getByRole('listbox', { name: 'Provincia' });
      expect(province).toHaveAttribute('aria-controls', list.id);
      const options = within(list).getAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual(['Milano', 'Monza e Brianza', 'Mantova']);
      expect(province).not.toHaveAttribute('aria-activedescendant');

      await user.keyboard('{ArrowDown}');
      expect(province).toHaveAttribute('aria-activedescendant', options[0].id);
      expect(options[0]).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{ArrowDown}{ArrowDown}');
      expect(province).toHaveAttribute('aria-activedescendant', options[2].id);
      await user.keyboard('{ArrowDown}');
      expect(province).toHaveAttribute('aria-activedescendant', options[0].id);
      await user.keyboard('{ArrowUp}');
      expect(province).toHaveAttribute('aria-activedescendant', options[2].id);
      await user.keyboard('{ArrowUp}');
      expect(province).toHaveAttribute('aria-activedescendant', options[1].id);
      expect(options[1]).toHaveAttribute('aria-selected', 'true');
      expect(options[0]).toHaveAttribute('aria-selected', 'false');
      expect(province).toHaveFocus();

      await user.keyboard('{Enter}');
      expect(province).toHaveValue('Monza e Brianza');
      expect(within(block).getByRole('textbox', { name: 'Sigla provincia' })).toHaveValue('MB');
      expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ provincia: 'Monza e Brianza', siglaProvincia: 'MB' }), expect.any(String));
      expect(province).toHaveAttribute('aria-expanded', 'false');
      expect(province).not.toHaveAttribute('aria-activedescendant');
      expect(listOpen()).toBeNull();
    });

    it('Escape closes an open list and only then: a second Escape goes on to the page', async () => {
      const { user, province, listOpen } = await openLookup();
      const seen: Array<{ prevented: boolean }> = [];
      const listen = (e: KeyboardEvent) => { if (e.key === 'Escape') seen.push({ prevented: e.defaultPrevented }); };
      document.addEventListener('keydown', listen);
      try {
        await user.keyboard('{ArrowDown}{Escape}');
        expect(province).toHaveAttribute('aria-expanded', 'false');
        expect(listOpen()).toBeNull();
        expect(seen).toEqual([]);
        expect(province).toHaveValue('M');
        await user.keyboard('{Escape}');
        expect(seen).toEqual([{ prevented: false }]);
        // ArrowDown opens the list again on the same suggestions
        await user.keyboard('{ArrowDown}');
        expect(province).toHaveAttribute('aria-expanded', 'true');
        expect(province).toHaveAttribute('aria-activedescendant', within(listOpen() as HTMLElement).getAllByRole('option')[0].id);
      } finally {
        document.removeEventListener('keydown', listen);
      }
    });

    it('leaving the field closes the list; the list is drawn as a raised Blueprint menu; a click still picks', async () => {
      const { user, block, province, listOpen } = await openLookup();
      const list = screen.getByRole('listbox', { name: 'Provincia' });
      expect(list).toHaveClass('bp6-menu');
      expect(list.parentElement).toHaveClass('bp6-elevation-2');
      await user.click(within(block).getByRole('textbox', { name: 'CAP' }));
      expect(province).toHaveAttribute('aria-expanded', 'false');
      expect(listOpen()).toBeNull();

      await user.type(province, 'a');
      await user.click(within(await screen.findByRole('listbox', { name: 'Provincia' }, { timeout: 2000 })).getByRole('option', { name: 'Mantova' }));
      expect(province).toHaveValue('Mantova');
      expect(within(block).getByRole('textbox', { name: 'Sigla provincia' })).toHaveValue('MN');
    });
  });

  it('a part with errors is outlined in danger, marked invalid and described by its error (QA: red text, no red input)', async () => {
    const handle = createRef<ContactFormHandle>();
    const { schema, uiSchema } = form('create');
    renderForm(schema, uiSchema, { formData: { siglaProvincia: 'mb', cap: '2095', provincia: 'Monza' }, handle });
    const block = screen.getByRole('region', { name: 'Località' });
    const sigla = within(block).getByRole('textbox', { name: 'Sigla provincia' });
    const cap = within(block).getByRole('textbox', { name: 'CAP' });
    const province = within(block).getByRole('combobox', { name: 'Provincia' });
    expect(sigla).not.toHaveAttribute('aria-invalid');
    expect(sigla.closest('.bp6-input-group')).not.toHaveClass('bp6-intent-danger');

    act(() => { handle.current?.validate(); });
    await waitFor(() => expect(sigla).toHaveAttribute('aria-invalid', 'true'));
    for (const input of [sigla, cap]) {
      expect(input.closest('.bp6-input-group')).toHaveClass('bp6-intent-danger');
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(/.+/);
    }
    expect(province).not.toHaveAttribute('aria-invalid');
    expect(province.closest('.bp6-input-group')).not.toHaveClass('bp6-intent-danger');

    // a lookup part (a server's 400 for the province) is outlined the same way
    act(() => { handle.current?.setErrors({ provincia: ['Provincia sconosciuta'] }); });
    await waitFor(() => expect(province).toHaveAttribute('aria-invalid', 'true'));
    expect(province.closest('.bp6-input-group')).toHaveClass('bp6-intent-danger');
    expect(province).toHaveAccessibleDescription('Provincia sconosciuta');

    // in SBLOCCA too, and a corrected part loses the outline
    fireEvent.click(within(block).getByRole('button', { name: 'SBLOCCA' }));
    const free = within(block).getByRole('textbox', { name: 'Provincia' });
    expect(free).toHaveAttribute('aria-invalid', 'true');
    expect(free.closest('.bp6-input-group')).toHaveClass('bp6-intent-danger');
    const freeSigla = within(block).getByRole('textbox', { name: 'Sigla provincia' });
    fireEvent.change(freeSigla, { target: { value: 'MB' } });
    await waitFor(() => expect(freeSigla).not.toHaveAttribute('aria-invalid'));
    expect(freeSigla.closest('.bp6-input-group')).not.toHaveClass('bp6-intent-danger');
  });
});
