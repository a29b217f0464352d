import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema as RjsfUiSchema } from '@rjsf/utils';
import { BlueprintForm } from '@renderers/BlueprintForm/BlueprintForm';
import { memoryServices } from '@renderers/memory-services';
import type { JsonSchema, UiSchema } from '@translator/types';
import { renderForm } from './render-support';

const schema: JsonSchema = {
  type: 'object',
  required: ['nome'],
  properties: {
    nome: { type: 'string', title: 'Nome', minLength: 1 },
    note: { type: 'string', title: 'Note' },
    importo: { type: 'number', title: 'Importo' },
    nascita: { type: 'string', title: 'Data di nascita', format: 'date' },
    ora: { type: 'string', title: 'Ora', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
    cap: { type: 'string', title: 'CAP', pattern: '^[0-9]{5}$' },
    privacy: { type: 'boolean', title: 'Consenso privacy' },
    fornitura: { type: 'string', title: 'Fornitura', oneOf: [{ const: 'luce', title: 'Luce' }, { const: 'gas', title: 'Gas' }] },
  },
};
const uiSchema: UiSchema = {
  nome: { 'ui:widget': 'text', 'ui:placeholder': 'Mario' },
  note: { 'ui:widget': 'textarea' },
  importo: { 'ui:widget': 'updown' },
  nascita: { 'ui:widget': 'date' },
  ora: { 'ui:widget': 'time' },
  cap: { 'ui:widget': 'text' },
  privacy: { 'ui:widget': 'switch' },
  fornitura: { 'ui:widget': 'select' },
  'ui:options': { groups: [{ label: 'Anagrafica', columns: 3, fields: ['nome', 'note', 'importo', 'nascita', 'ora', 'cap', 'privacy', 'fornitura'] }] },
};


// Blueprint icons and enum answers arrive asynchronously: let them settle inside act before the next test.
afterEach(async () => { await act(async () => { await new Promise((r) => setTimeout(r, 20)); }); });
describe('widgets by data type', () => {
  it('renders each type with its role, label, placeholder and value', () => {
    renderForm(schema, uiSchema, { formData: { nome: 'Anna', note: 'ciao', importo: 12.5, nascita: '1980-01-31', ora: '09:30', privacy: true, fornitura: 'gas' } });
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Anna');
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveAttribute('placeholder', 'Mario');
    expect(screen.getByRole('textbox', { name: 'Note' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('spinbutton', { name: 'Importo' })).toHaveValue(12.5);
    expect(screen.getByRole('combobox', { name: 'Data di nascita' })).toHaveValue('31/01/1980');
    expect(screen.getByLabelText('Ora')).toHaveValue('09:30');
    expect(screen.getByRole('checkbox', { name: 'Consenso privacy' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Fornitura' })).toHaveValue('gas');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Seleziona…', 'Luce', 'Gas']);
    expect(screen.getByRole('region', { name: 'Anagrafica' }).querySelector('.cm-group__grid')).toHaveStyle({ gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' });
  });

  it('marks required fields and shows errors per field as values change', async () => {
    const user = userEvent.setup();
    renderForm(schema, uiSchema);
    const nome = screen.getByRole('textbox', { name: 'Nome' });
    expect(nome.closest('.cm-field')?.querySelector('.cm-required')).toHaveTextContent('*');
    await user.type(nome, 'A');
    await user.clear(nome);
    expect(await screen.findByRole('alert')).toHaveTextContent('Campo obbligatorio');
    await user.type(screen.getByRole('textbox', { name: 'CAP' }), '123');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Formato non valido');
  });

  it('reports typed values: numbers as numbers, empty as unset, the switch as checked', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderForm(schema, uiSchema, { onChange });
    await user.type(screen.getByRole('spinbutton', { name: 'Importo' }), '42');
    expect(onChange).toHaveBeenLastCalledWith({ importo: 42 }, 'importo');
    await user.click(screen.getByRole('checkbox', { name: 'Consenso privacy' }));
    expect(onChange).toHaveBeenLastCalledWith({ importo: 42, privacy: true }, 'privacy');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fornitura' }), 'luce');
    expect(onChange).toHaveBeenLastCalledWith({ importo: 42, privacy: true, fornitura: 'luce' }, 'fornitura');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fornitura' }), '');
    expect(onChange).toHaveBeenLastCalledWith({ importo: 42, privacy: true }, 'fornitura');
  });

  it('the date input mounts DateInput3 on first focus and shows DD/MM/YYYY in every locale', async () => {
    renderForm(schema, uiSchema, { formData: { nascita: '2024-02-29' }, locale: 'en-US' });
    const light = screen.getByRole('combobox', { name: 'Data di nascita' });
    expect(light).toHaveValue('29/02/2024');
    expect(light).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    act(() => { light.focus(); });
    await waitFor(() => expect(document.querySelector('.bp6-input-group #t_nascita')).not.toBeNull());
    expect(screen.getByRole('combobox', { name: 'Data di nascita' })).toHaveValue('29/02/2024');
  });

  describe('the date input by keyboard (QA: Esc keeps the focus, one Tab moves past the field)', () => {
    const mountDate = async (options: Parameters<typeof renderForm>[2] = {}) => {
      renderForm(schema, uiSchema, options);
      act(() => { screen.getByRole('combobox', { name: 'Data di nascita' }).focus(); });
      await waitFor(() => expect(document.querySelector('.bp6-input-group #t_nascita')).not.toBeNull());
      const input = document.getElementById('t_nascita') as HTMLInputElement;
      await waitFor(() => expect(input).toHaveFocus());
      return input;
    };
    const calendar = () => screen.queryByRole('dialog', { name: 'date picker' });

    it('focus leaves the calendar closed: Tab goes straight to the next field, Shift+Tab back', async () => {
      const user = userEvent.setup();
      const input = await mountDate();
      expect(calendar()).toBeNull();
      expect(input).toHaveAttribute('aria-expanded', 'false');
      await user.tab();
      expect(screen.getByLabelText('Ora')).toHaveFocus();
      await user.tab({ shift: true });
      expect(input).toHaveFocus();
      expect(calendar()).toBeNull();
    });

    it('ArrowDown or a click opens the calendar; Esc closes it and keeps the focus on the input', async () => {
      const user = userEvent.setup();
      const input = await mountDate({ formData: { nascita: '2024-02-29' } });
      await user.keyboard('{ArrowDown}');
      expect(await screen.findByRole('dialog', { name: 'date picker' })).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-expanded', 'true');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(calendar()).toBeNull());
      expect(input).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(input).toHaveFocus();

      await user.click(input);
      const picker = await screen.findByRole('dialog', { name: 'date picker' });
      // Tab with the calendar open walks into it; a day picked closes it and gives the focus back to the input
      await user.tab();
      expect(picker.contains(document.activeElement)).toBe(true);
      await user.click(within(picker).getByText('15'));
      await waitFor(() => expect(calendar()).toBeNull());
      expect(input).toHaveFocus();
      expect(input).toHaveValue('15/02/2024');
    });

    it('typing a day still works, with the calendar closed', async () => {
      const user = userEvent.setup();
      const onChange = jest.fn();
      const input = await mountDate({ onChange });
      await user.keyboard('01/02/1990');
      expect(onChange).toHaveBeenLastCalledWith({ nascita: '1990-02-01' }, 'nascita');
      expect(calendar()).toBeNull();
      await user.tab();
      expect(input).toHaveValue('01/02/1990');
      expect(screen.getByLabelText('Ora')).toHaveFocus();
    });
  });

  it('the show view displays each type read-only', () => {
    const readonlyUi: UiSchema = { ...uiSchema, 'ui:readonly': true };
    renderForm(schema, readonlyUi, { formData: { nome: 'Anna', importo: 1234.5, nascita: '1980-01-31', privacy: false, fornitura: 'gas' } });
    const text = (name: string) => screen.getByRole('textbox', { name }).textContent;
    expect(text('Nome')).toBe('Anna');
    expect(text('Note')).toBe('—');
    expect(text('Importo')).toBe((1234.5).toLocaleString('it-IT'));
    expect(text('Data di nascita')).toBe('31/01/1980');
    expect(text('Consenso privacy')).toBe('No');
    expect(text('Fornitura')).toBe('Gas');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('validates the whole form on submit and focuses the first error', () => {
    const onSubmit = jest.fn();
    const onError = jest.fn();
    renderForm(schema, uiSchema, { onSubmit, onError, children: <button type="submit">Salva</button> });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(onError).toHaveBeenCalledWith({ nome: ['Campo obbligatorio'] });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveFocus();
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome' }), { target: { value: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(onSubmit).toHaveBeenCalledWith({ nome: 'Anna' });
  });
});

describe('remote enums', () => {
  const enumSchema: JsonSchema = { type: 'object', properties: { fornitura: { type: 'string', title: 'Fornitura', oneOf: [{ const: 'luce', title: 'Luce' }, { const: 'gas', title: 'Gas' }] }, tipo: { type: 'string', title: 'Tipo offerta' }, offerta: { type: 'string', title: 'Offerta' } } };
  const remote = (field: string, cachable: boolean) => ({ kind: 'remote', section: 'inputs', field, url: null, remoteValues: true, cachable });
  const enumUi: UiSchema = {
    fornitura: { 'ui:widget': 'select', 'ui:options': { enumSource: { kind: 'static' }, clears: ['tipo'] } },
    tipo: { 'ui:widget': 'remoteSelect', 'ui:options': { enumSource: remote('tipo', true), dependsOn: ['fornitura'], clears: ['offerta'] } },
    offerta: { 'ui:widget': 'remoteSelect', 'ui:options': { enumSource: remote('offerta', false), dependsOn: ['tipo'] } },
  };
  const enums = { inputs: {
    tipo: [{ value: 'lf', label: 'Luce Fissa', parents: { fornitura: 'luce' } }, { value: 'gf', label: 'Gas Fisso', parents: { fornitura: 'gas' } }],
    offerta: [{ value: 'lf12', label: 'Luce Fissa 12 mesi', parents: { tipo: 'lf' } }],
  } };

  it('waits for its parent, shows loading, loads with the parent value, clears children when a parent changes', async () => {
    const user = userEvent.setup();
    // Long enough that the loading state is still there after selectOptions on a busy machine.
    const services = memoryServices({ enums, delayMs: 600 });
    const onChange = jest.fn();
    renderForm(enumSchema, enumUi, { services, onChange });
    expect(screen.getByRole('combobox', { name: 'Tipo offerta' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fornitura' }), 'luce');
    expect(screen.getByRole('combobox', { name: 'Tipo offerta' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('option', { name: 'Caricamento…' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Luce Fissa' }, { timeout: 5000 });
    expect(screen.queryByRole('option', { name: 'Gas Fisso' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo offerta' }), 'lf');
    await screen.findByRole('option', { name: 'Luce Fissa 12 mesi' }, { timeout: 5000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Offerta' }), 'lf12');
    expect(onChange).toHaveBeenLastCalledWith({ fornitura: 'luce', tipo: 'lf', offerta: 'lf12' }, 'offerta');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fornitura' }), 'gas');
    expect(onChange).toHaveBeenLastCalledWith({ fornitura: 'gas' }, 'fornitura');
    expect(screen.getByRole('combobox', { name: 'Offerta' })).toBeDisabled();
    await screen.findByRole('option', { name: 'Gas Fisso' }, { timeout: 5000 });
    expect(services.calls.enums).toEqual(['inputs.tipo:{"fornitura":"luce"}', 'inputs.offerta:{"tipo":"lf"}', 'inputs.tipo:{"fornitura":"gas"}']);
  });

  it('a failed load gives the single empty option; cachable sources are asked once', async () => {
    const services = memoryServices({ enums, failingEnums: ['offerta'] });
    renderForm(enumSchema, enumUi, { services, formData: { fornitura: 'luce', tipo: 'lf' } });
    await screen.findByRole('option', { name: 'Luce Fissa' });
    const offerta = screen.getByRole('combobox', { name: 'Offerta' });
    await waitFor(() => expect(offerta).not.toHaveAttribute('aria-busy'));
    expect(Array.from((offerta as HTMLSelectElement).options).map((o) => [o.value, o.textContent])).toEqual([['', '']]);
    renderForm(enumSchema, enumUi, { services, formData: { fornitura: 'luce' }, idPrefix: 'second' });
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Luce Fissa' })).toHaveLength(2));
    expect(services.calls.enums.filter((c) => c.startsWith('inputs.tipo'))).toHaveLength(1);
  });

  it('inside stock rjsf too: parents reach the loader through formContext and a parent change clears the child', async () => {
    const user = userEvent.setup();
    const services = memoryServices({ enums });
    const onChange = jest.fn();
    render(<BlueprintForm schema={enumSchema as RJSFSchema} uiSchema={enumUi as RjsfUiSchema} validator={validator} noHtml5Validate formContext={{ services, locale: 'it-IT' }} onChange={(e) => onChange(e.formData)} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fornitura' }), 'luce');
    await screen.findByRole('option', { name: 'Luce Fissa' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo offerta' }), 'lf');
    expect(onChange).toHaveBeenLastCalledWith({ fornitura: 'luce', tipo: 'lf' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fornitura' }), 'gas');
    expect(onChange).toHaveBeenLastCalledWith({ fornitura: 'gas' });
    await screen.findByRole('option', { name: 'Gas Fisso' });
    expect(services.calls.enums).toEqual(['inputs.tipo:{"fornitura":"luce"}', 'inputs.offerta:{"tipo":"lf"}', 'inputs.tipo:{"fornitura":"gas"}']);
  });
});
