import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryServices } from '@renderers/memory-services';
import type { JsonSchema, UiSchema } from '@translator/types';
import { renderForm } from './render-support';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    testimoni: { type: 'array', title: 'Testimoni', minItems: 1, maxItems: 2, items: { type: 'object', required: ['nome'], properties: { nome: { type: 'string', title: 'Nome testimone', minLength: 1 }, telefono: { type: 'string', title: 'Telefono testimone', pattern: '^[0-9]+$' } } } },
    foto: { type: 'array', title: 'Foto dei danni', items: { type: 'object', properties: {} } },
  },
};
const uiSchema: UiSchema = {
  testimoni: { 'ui:field': 'ArrayModalField', items: { nome: { 'ui:widget': 'text' }, telefono: { 'ui:widget': 'text' } }, 'ui:options': { arrayKind: 'modal' } },
  foto: { 'ui:field': 'AttachmentListField', 'ui:options': { arrayKind: 'attachment', maxSize: 2_000_000 } },
};


// Blueprint icons and enum answers arrive asynchronously: let them settle inside act before the next test.
afterEach(async () => { await act(async () => { await new Promise((r) => setTimeout(r, 20)); }); });
describe('array edited in a modal (spec 2 §5)', () => {
  it('counts with (min: x max: y), adds only with valid required fields, drops invalid values, stops at the maximum', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderForm(schema, uiSchema, { onChange });
    const group = screen.getByRole('group', { name: 'Testimoni' });
    expect(within(group).getByText('0 (min: 1 max: 2)')).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Aggiungi' }));
    const dialog = await screen.findByRole('dialog');
    const add = within(dialog).getByRole('button', { name: 'Aggiungi' });
    expect(add).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Telefono testimone' }), 'abc');
    expect(add).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome testimone' }), 'Luca');
    expect(add).toBeEnabled();
    await user.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange).toHaveBeenLastCalledWith({ testimoni: [{ nome: 'Luca' }] }, 'testimoni');
    expect(within(group).getByText('1 (min: 1 max: 2)')).toBeInTheDocument();
    expect(within(group).getByText(/Valore non valido scartato: Telefono testimone/)).toBeInTheDocument();

    await user.click(within(group).getByRole('button', { name: 'Aggiungi' }));
    const second = await screen.findByRole('dialog', { name: 'Testimoni — Nuovo elemento' });
    expect(within(second).getByRole('button', { name: 'Chiudi' })).toBeInTheDocument();
    await user.type(within(second).getByRole('textbox', { name: 'Nome testimone' }), 'Sara');
    await user.click(within(second).getByRole('button', { name: 'Aggiungi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(group).getByText('2 (min: 1 max: 2)')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Aggiungi' })).toBeDisabled();
    expect(within(group).getAllByRole('row').map((r) => r.textContent)).toEqual(['Nome testimoneTelefono testimone', 'Luca—', 'Sara—']);

    await user.click(within(group).getByRole('button', { name: 'Rimuovi 1' }));
    expect(within(group).getByText('1 (min: 1 max: 2)')).toBeInTheDocument();
  });
});

describe('the item dialog by keyboard (QA: focus on open, Enter adds)', () => {
  const notes: JsonSchema = {
    type: 'object',
    properties: {
      recapiti: { type: 'array', title: 'Recapiti', items: { type: 'object', required: ['numero'], properties: { numero: { type: 'string', title: 'Numero', pattern: '^[0-9]+$' }, nota: { type: 'string', title: 'Nota' } } } },
    },
  };
  const notesUi: UiSchema = { recapiti: { 'ui:field': 'ArrayModalField', items: { numero: { 'ui:widget': 'text' }, nota: { 'ui:widget': 'textarea' } }, 'ui:options': { arrayKind: 'modal' } } };
  const nextFrame = () => act(async () => { await new Promise((r) => requestAnimationFrame(() => r(undefined))); });

  it('opens on its first field, also when editing an item', async () => {
    const user = userEvent.setup();
    renderForm(schema, uiSchema, { formData: { testimoni: [{ nome: 'Luca' }] } });
    const group = screen.getByRole('group', { name: 'Testimoni' });
    await user.click(within(group).getByRole('button', { name: 'Aggiungi' }));
    const dialog = await screen.findByRole('dialog');
    await nextFrame();
    expect(within(dialog).getByRole('textbox', { name: 'Nome testimone' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(group).getByRole('button', { name: 'Modifica 1' }));
    const edit = await screen.findByRole('dialog');
    await nextFrame();
    expect(within(edit).getByRole('textbox', { name: 'Nome testimone' })).toHaveFocus();
    expect(within(edit).getByRole('textbox', { name: 'Nome testimone' })).toHaveValue('Luca');
  });

  it('Enter in a single-line field adds a valid item as Add does; never the form behind it', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const onSubmit = jest.fn();
    renderForm(schema, uiSchema, { onChange, onSubmit });
    const group = screen.getByRole('group', { name: 'Testimoni' });
    await user.click(within(group).getByRole('button', { name: 'Aggiungi' }));
    const dialog = await screen.findByRole('dialog');
    await nextFrame();
    await user.keyboard('Luca');
    await user.click(within(dialog).getByRole('textbox', { name: 'Telefono testimone' }));
    await user.keyboard('abc{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange).toHaveBeenLastCalledWith({ testimoni: [{ nome: 'Luca' }] }, 'testimoni');
    expect(within(group).getByText(/Valore non valido scartato: Telefono testimone/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Enter on an item Add would refuse adds nothing and shows the errors on the first wrong field', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const onSubmit = jest.fn();
    renderForm(notes, notesUi, { onChange, onSubmit });
    const group = screen.getByRole('group', { name: 'Recapiti' });
    await user.click(within(group).getByRole('button', { name: 'Aggiungi' }));
    const dialog = await screen.findByRole('dialog');
    await nextFrame();
    const numero = within(dialog).getByRole('textbox', { name: 'Numero' });
    expect(numero).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Aggiungi' })).toBeDisabled();
    expect(numero).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();
    expect(numero).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();

    // Enter in a textarea is a new line, not Add
    await user.type(numero, '0612');
    const nota = within(dialog).getByRole('textbox', { name: 'Nota' });
    await user.click(nota);
    await user.keyboard('riga uno{Enter}riga due');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(nota).toHaveValue('riga uno\nriga due');
    expect(onChange).not.toHaveBeenCalled();

    await user.click(numero);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange).toHaveBeenLastCalledWith({ recapiti: [{ numero: '0612', nota: 'riga uno\nriga due' }] }, 'recapiti');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('the item dialog gives the focus back on save (QA: keyboard)', () => {
  const nextFrame = () => act(async () => { await new Promise((r) => requestAnimationFrame(() => r(undefined))); });
  const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const settled = () => act(async () => { await new Promise((r) => setTimeout(r, 400)); });

  it("to Add after adding, to the item's pencil after editing, to the new item's pencil when Add is disabled", async () => {
    const user = userEvent.setup();
    renderForm(schema, uiSchema, { formData: { testimoni: [{ nome: 'Luca' }] } });
    const group = screen.getByRole('group', { name: 'Testimoni' });
    const add = within(group).getByRole('button', { name: 'Aggiungi' });
    await user.click(within(group).getByRole('button', { name: 'Modifica 1' }));
    const edit = await screen.findByRole('dialog');
    await nextFrame();
    await user.type(within(edit).getByRole('textbox', { name: 'Nome testimone' }), 'a');
    await user.click(within(edit).getByRole('button', { name: 'Salva' }));
    await closed();
    await settled();
    expect(within(group).getByRole('row', { name: /Lucaa/ })).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Modifica 1' })).toHaveFocus();

    // the maximum (2) is reached: Add is disabled, the focus goes to the new item's pencil
    act(() => { add.focus(); });
    await user.keyboard('{Enter}');
    const second = await screen.findByRole('dialog');
    await nextFrame();
    await user.keyboard('Sara{Enter}');
    await closed();
    await settled();
    expect(add).toBeDisabled();
    expect(within(group).getByRole('button', { name: 'Modifica 2' })).toHaveFocus();
    expect(second).not.toBeInTheDocument();
  });

  it('to Add after adding an item below the maximum', async () => {
    const user = userEvent.setup();
    renderForm(schema, uiSchema);
    const group = screen.getByRole('group', { name: 'Testimoni' });
    const add = within(group).getByRole('button', { name: 'Aggiungi' });
    await user.click(add);
    const dialog = await screen.findByRole('dialog');
    await nextFrame();
    await user.keyboard('Luca');
    await user.click(within(dialog).getByRole('button', { name: 'Aggiungi' }));
    await closed();
    await settled();
    expect(add).toHaveFocus();
  });
});

describe('array table cells (issue 17, item 4)', () => {
  it('shows a nested array of objects and an enum readably, never [object Object]', () => {
    const lavoro: JsonSchema = {
      type: 'object',
      properties: {
        lavoro: {
          type: 'array', title: 'Lavoro 3.5',
          items: {
            type: 'object',
            properties: {
              ruolo: { type: 'string', title: 'Ruolo', oneOf: [{ const: 'DEV', title: 'Sviluppatore' }] },
              dettagli: { type: 'array', title: 'Dettagli', items: { type: 'object', properties: { chiave: { type: 'string', title: 'Chiave' }, valore: { type: 'string', title: 'Valore' } } } },
            },
          },
        },
      },
    };
    const ui: UiSchema = { lavoro: { 'ui:field': 'ArrayModalField', items: { ruolo: { 'ui:widget': 'select' }, dettagli: { 'ui:widget': 'text' } }, 'ui:options': { arrayKind: 'modal' } } };
    renderForm(lavoro, ui, { formData: { lavoro: [{ ruolo: 'DEV', dettagli: [{ chiave: 'sede', valore: 'Roma' }, { chiave: 'piano' }] }] } });
    const table = within(screen.getByRole('group', { name: 'Lavoro 3.5' })).getByRole('table');
    expect(table.textContent).not.toContain('[object Object]');
    expect(within(table).getByText('Chiave: sede, Valore: Roma; Chiave: piano')).toBeInTheDocument();
    expect(within(table).getByText('Sviluppatore')).toBeInTheDocument();
  });
});

describe('attachment list (spec 2 §5)', () => {
  const pick = (input: HTMLElement, file: File) => fireEvent.change(input, { target: { files: [file] } });

  it("refuses unsupported types with 'FILE NON SUPPORTATO' and oversized files with the limit in MB; uploads and previews the rest", async () => {
    const services = memoryServices();
    const onChange = jest.fn();
    renderForm(schema, uiSchema, { services, onChange });
    const group = screen.getByRole('group', { name: 'Foto dei danni' });
    const input = within(group).getByLabelText('Foto dei danni: Aggiungi file');
    pick(input, new File(['x'], 'note.txt', { type: 'text/plain' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent('FILE NON SUPPORTATO');
    pick(input, new File([new Uint8Array(2_000_001)], 'perizia.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(within(group).getByRole('alert')).toHaveTextContent('IL FILE SUPERA LA DIMENSIONE LIMITE DI 2 MB'));
    pick(input, new File([new Uint8Array(10)], 'perizia.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls.at(-1)?.[0].foto).toEqual([expect.objectContaining({ name: 'perizia.pdf', type: 'application/pdf', size: 10 })]);
    expect(within(group).queryByRole('alert')).toBeNull();
    fireEvent.click(within(group).getByRole('button', { name: 'Visualizza perizia.pdf' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByTitle('perizia.pdf').tagName).toBe('IFRAME');
    // Its close button is named in the form's language (Blueprint's own says "Close" in every language).
    fireEvent.click(within(viewer).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
