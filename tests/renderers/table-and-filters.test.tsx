import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { memoryServices } from '@renderers/memory-services';
import { chooseCellRenderer } from '@renderers/table/cell-renderers';
import { ContactTable } from '@renderers/table/ContactTable/ContactTable';
import type { ContactRow } from '@renderers/table/contact-row';
import { FilterPanel } from '@renderers/table/FilterPanel/FilterPanel';
import type { ContactFilter } from '@domain/generated/contact-filter';
import { translateList, type ListColumn } from '@translator/translate-list';
import { fixture } from './support';

const f = fixture('energia-casa');
const list = (() => { const t = translateList(f.model, f.workspace, 'admin'); if (!t.ok) throw new Error('refused'); return t.value; })();


// Blueprint icons and enum answers arrive asynchronously: let them settle inside act before the next test.
afterEach(async () => { await act(async () => { await new Promise((r) => setTimeout(r, 20)); }); });
describe('cell renderers by tester', () => {
  it('chooses per data type and for the fixed columns', () => {
    const byKey = (key: string) => list.columns.find((c) => c.key === key) as ListColumn;
    expect(chooseCellRenderer(byKey('availability')).name).toBe('availability');
    expect(chooseCellRenderer(byKey('id')).name).toBe('id');
    expect(chooseCellRenderer(byKey('state')).name).toBe('enum');
    expect(chooseCellRenderer(byKey('lastStateChangeAt')).name).toBe('date-time');
    expect(chooseCellRenderer(byKey('priority')).name).toBe('number');
    expect(chooseCellRenderer(byKey('inputs.nome')).name).toBe('text');
    expect(chooseCellRenderer({ kind: 'inputs', key: 'inputs.x', field: 'x', label: 'X', dataType: 'boolean', columnIndex: null, isVisible: true, filterable: false }).name).toBe('boolean');
    expect(chooseCellRenderer({ kind: 'inputs', key: 'inputs.d', field: 'd', label: 'D', dataType: 'date', columnIndex: null, isVisible: true, filterable: false }).name).toBe('date');
  });
});

describe('contact table', () => {
  const base = f.contacts[0];
  const rows: ContactRow[] = [
    { ...base, id: 'a1', availability: 'toProcess', agentId: 'u-me', lastStateChangeAt: '2025-04-14T16:48:26', suspended: false, originalContactId: null },
    { ...base, id: 'b2', availability: 'waiting', agentId: 'u-other', suspended: true, originalContactId: 'a1' },
    { ...base, id: 'c3', availability: 'processing', agentId: null },
    { ...base, id: 'd4', availability: 'closed', agentId: null },
    { ...base, id: 'e5', availability: 'unknown', agentId: null },
  ];

  it('shows the visible columns, the ribbon with labels and colours, for you, clone badge, hatched suspended rows, dates', () => {
    render(<ContactTable columns={list.columns} rows={rows} currentUserId="u-me" />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    // The ribbon, the workspace's visible data columns, then the contact's columns with the id last (issue 17).
    expect(headers[0]).toBe('Disponibilità');
    expect(headers.slice(1, 4)).toEqual(['Codice cliente', 'Nome', 'Cognome']);
    expect(headers.slice(-6)).toEqual(['Stato', 'Ultimo cambio stato', 'Esito', 'Priorità', 'Agente assegnato', 'ID']);
    const body = screen.getAllByRole('row').slice(1);
    const ribbon = (i: number) => body[i].querySelector('.cm-ribbon') as HTMLElement;
    expect([0, 1, 2, 3, 4].map((i) => [ribbon(i).textContent, ribbon(i).dataset.colour])).toEqual([
      ['Da Lavorare for you', 'green'], ['In Attesa', 'yellow'], ['In Lavorazione', 'orange'], ['Chiuso', 'red'], ['-', 'grey'],
    ]);
    expect(within(body[1]).getByText('Clonato')).toBeInTheDocument();
    expect(within(body[0]).queryByText('Clonato')).toBeNull();
    expect(body[1]).toHaveAttribute('data-suspended', 'true');
    expect(body[1].getAttribute('style')).toContain('repeating-linear-gradient');
    expect(body[0]).not.toHaveAttribute('data-suspended');
    expect(within(body[0]).getByText('14/04/2025 16:48')).toBeInTheDocument();
  });

  it('sorts on the server through onSortChange, or by itself without it', async () => {
    const user = userEvent.setup();
    const onSortChange = jest.fn();
    const { unmount } = render(<ContactTable columns={list.columns} rows={rows} sort={{ key: 'id', order: 'desc' }} onSortChange={onSortChange} />);
    expect(screen.getByRole('columnheader', { name: /ID/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /Priorità/ }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'priority', order: expect.stringMatching(/asc|desc/) });
    unmount();
    render(<ContactTable columns={list.columns} rows={rows} />);
    await user.click(screen.getByRole('button', { name: /^ID/ }));
    const first = () => screen.getAllByRole('row')[1].querySelector('td')?.textContent;
    const before = first();
    await user.click(screen.getByRole('button', { name: /^ID/ }));
    expect(first()).not.toBe(before);
  });

  it('says so when there are no contacts', async () => {
    // NonIdealState's icon loads its paths asynchronously.
    await act(async () => { render(<ContactTable columns={list.columns} rows={[]} />); await new Promise((r) => setTimeout(r, 50)); });
    expect(screen.getByText('Nessun contatto')).toBeInTheDocument();
  });
});

describe('filter panel', () => {
  function Harness({ onChange }: { onChange: (f: ContactFilter) => void }) {
    const [value, setValue] = useState<ContactFilter>(list.filters.defaults);
    return <FilterPanel filters={list.filters} value={value} formContext={{ services: memoryServices({ enums: f.enums, agents: [{ value: 'u1', label: 'Agente Uno' }] }), locale: 'it-IT' }} onChange={(v) => { setValue(v); onChange(v); }} />;
  }

  it('shows the horizontal filters inline and applies them as they change', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    // nothing set in the side panel: no count
    expect(screen.getByRole('button', { name: 'Filtri avanzati' })).not.toHaveAccessibleDescription();
    const bar = screen.getByRole('search');
    expect(within(bar).getByRole('group', { name: 'Stati' })).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('checkbox', { name: 'Da richiamare' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ states: ['DA_RICHIAMARE'], page: 0 })));
    expect(within(bar).getByRole('spinbutton', { name: 'Priorità' })).toHaveValue(0);
  });

  it('opens every filter in the side panel; onlySuspended forces includeSuspended; Applica applies', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Filtri avanzati' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('checkbox', { name: 'Includi sospesi' })).not.toBeChecked();
    await user.click(within(drawer).getByRole('checkbox', { name: 'Solo sospesi' }));
    await waitFor(() => expect(within(drawer).getByRole('checkbox', { name: 'Includi sospesi' })).toBeChecked());
    // The field groups have headings, never the raw property names.
    expect(within(drawer).getByText('Filtri sui campi')).toBeInTheDocument();
    expect(within(drawer).getAllByText('Campi input').length).toBeGreaterThan(0);
    expect(within(drawer).queryByText('dataModelFilters')).not.toBeInTheDocument();
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    expect(within(drawer).getByRole('group', { name: 'Agenti' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Applica' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ onlySuspended: true, includeSuspended: true }));
  });
});

describe('filter panel: free text', () => {
  const formContext = { services: memoryServices({ enums: f.enums, agents: [] }), locale: 'it-IT' as const };

  it('a text field filters by a part of the value ({ contains }), shown back as typed; a listed value left empty adds no filter', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    function Harness() {
      const [value, setValue] = useState<ContactFilter>(list.filters.defaults);
      return <FilterPanel filters={list.filters} value={value} formContext={formContext} onChange={(v) => { setValue(v); onChange(v); }} />;
    }
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Filtri avanzati' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByRole('textbox', { name: 'Cognome' }), 'ross');
    await user.click(within(drawer).getByRole('button', { name: 'Applica' }));
    // 'Tipo fornitura' (a list of values) was left empty: it filters on nothing, and takes no first value of its own
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ dataModelFilters: { inputs: { cognome: { contains: 'ross' } } } }));

    // the main screen says a filter of the panel is set: a count on the button, its description for a screen reader
    const button = screen.getByRole('button', { name: 'Filtri avanzati' });
    expect(button).toHaveTextContent('Filtri avanzati1');
    expect(button).toHaveAccessibleDescription('Filtri impostati nel pannello: 1');
    // and shows it, removable from the main screen
    const active = screen.getByRole('list', { name: 'Filtri attivi' });
    expect(within(active).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Cognome: “ross”']);
    await user.click(button);
    const drawer2 = await screen.findByRole('dialog');
    expect(within(drawer2).getByRole('textbox', { name: 'Cognome' })).toHaveValue('ross');
    await user.click(within(drawer2).getByRole('button', { name: 'Applica' }));

    await user.click(within(active).getByRole('button', { name: 'Rimuovi il filtro Cognome' }));
    expect(onChange.mock.lastCall?.[0].dataModelFilters?.inputs).toEqual({});
    expect(screen.queryByRole('list', { name: 'Filtri attivi' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filtri avanzati' })).not.toHaveAccessibleDescription();
  });

  it('names each filter of the panel by its label and its values\' titles; removing one keeps the filter rules', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const given = { ...list.filters.defaults, onlySuspended: true, includeSuspended: true, enumFilters: { inputs: { fornitura: ['gas', 'dual'] } } } as ContactFilter;
    function Harness() {
      const [value, setValue] = useState<ContactFilter>(given);
      return <FilterPanel filters={list.filters} value={value} formContext={formContext} onChange={(v) => { setValue(v); onChange(v); }} />;
    }
    render(<Harness />);
    const active = screen.getByRole('list', { name: 'Filtri attivi' });
    expect(within(active).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Includi sospesi', 'Solo sospesi', 'Tipo fornitura: Gas, Luce e Gas']);
    // without 'Includi sospesi', 'Solo sospesi' cannot stay (the translator's rule)
    await user.click(within(active).getByRole('button', { name: 'Rimuovi il filtro Includi sospesi' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ includeSuspended: false, onlySuspended: false }));
    expect(within(screen.getByRole('list', { name: 'Filtri attivi' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Tipo fornitura: Gas, Luce e Gas']);
  });

  it('removes every filter of the panel at once, leaving the inline ones', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const given = { ...list.filters.defaults, states: ['NUOVO'], onlySuspended: true, includeSuspended: true, enumFilters: { inputs: { fornitura: ['gas'] } } } as ContactFilter;
    render(<FilterPanel filters={list.filters} value={given} formContext={formContext} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Rimuovi tutti' }));
    const after = onChange.mock.lastCall?.[0] as ContactFilter;
    expect(after).toMatchObject({ states: ['NUOVO'], onlySuspended: false, includeSuspended: false, enumFilters: { inputs: {} } });
  });

  it('names agents and the values of a remote list by their labels, as their selects do', async () => {
    const given = { ...list.filters.defaults, assignedAgents: ['u1'], enumFilters: { inputs: { tipoOfferta: ['luce-verde', 'gas-fisso'] } } } as ContactFilter;
    const services = memoryServices({ enums: f.enums, agents: [{ value: 'u1', label: 'Agente Uno' }] });
    render(<FilterPanel filters={list.filters} value={given} formContext={{ services, locale: 'it-IT' }} onChange={jest.fn()} />);
    const active = screen.getByRole('list', { name: 'Filtri attivi' });
    await waitFor(() => expect(within(active).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Agenti: Agente Uno', 'Tipo offerta: Luce Verde, Gas Fisso']));
  });

  it('a plain value the filter already had (the caller id of the embedded entry) stays exact while other filters change', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const given = { ...list.filters.defaults, dataModelFilters: { inputs: { telefono: '3331234567' } } } as ContactFilter;
    render(<FilterPanel filters={list.filters} value={given} formContext={formContext} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Filtri avanzati' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('textbox', { name: 'Telefono' })).toHaveValue('3331234567');
    await user.type(within(drawer).getByRole('textbox', { name: 'Nome' }), 'Mar');
    await user.click(within(drawer).getByRole('button', { name: 'Applica' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ dataModelFilters: { inputs: { telefono: '3331234567', nome: { contains: 'Mar' } } } }));
    expect(screen.getByRole('button', { name: 'Filtri avanzati' })).toHaveAccessibleDescription('Filtri impostati nel pannello: 1');
  });
});

describe('the list in English (issue 17: product texts translated, the workspace labels as configured)', () => {
  it('headers of the fixed columns in en-US; data-model columns keep their labels', () => {
    render(<ContactTable columns={list.columns} rows={[{ ...f.contacts[0], id: "a1", availability: "toProcess", agentId: null }]} locale="en-US" />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers[0]).toBe('Availability');
    expect(headers).toContain('Nome');
    expect(headers.slice(-6)).toEqual(['State', 'Last state change', 'Outcome', 'Priority', 'Assigned agent', 'ID']);
  });

  it('names the row actions column in the language: Azioni, Actions', () => {
    const row: ContactRow = { ...f.contacts[0], id: 'a1', availability: 'toProcess', agentId: null };
    const view = render(<ContactTable columns={list.columns} rows={[row]} renderActions={() => <button type="button">Go</button>} />);
    expect(screen.getByRole('columnheader', { name: 'Azioni' })).toBeInTheDocument();
    view.unmount();
    render(<ContactTable columns={list.columns} rows={[row]} locale="en-US" renderActions={() => <button type="button">Go</button>} />);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it('filter titles, group headings and the priority help in en-GB', async () => {
    const user = userEvent.setup();
    render(<FilterPanel filters={list.filters} value={{ ...list.filters.defaults }} formContext={{ services: memoryServices({ enums: f.enums, agents: [] }), locale: 'en-GB' }} onChange={() => undefined} />);
    const bar = screen.getByRole('search');
    expect(within(bar).getByRole('spinbutton', { name: 'Priority' })).toBeInTheDocument();
    expect(within(bar).getByText('0 = none')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Advanced filters' }));
    const drawer = await screen.findByRole('dialog');
    for (const text of ['Field filters', 'Value filters', 'Include suspended', 'Only suspended', 'Not processable']) expect(within(drawer).getAllByText(text).length).toBeGreaterThan(0);
    expect(within(drawer).getAllByText('Input fields').length).toBeGreaterThan(0);
    for (const italian of ['Stati', 'Priorità', 'Creato dal', 'Campi input', 'Includi sospesi', 'dataModelFilters']) expect(within(drawer).queryByText(italian)).not.toBeInTheDocument();
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
  });
});

describe('assigned agent column', () => {
  it('shows the username, the id in the tooltip; an unknown id as it is', () => {
    const rows: ContactRow[] = [{ ...f.contacts[0], id: 'a1', agentId: 'u-agent' }, { ...f.contacts[0], id: 'a2', agentId: 'u-ghost' }];
    render(<ContactTable columns={list.columns} rows={rows} agentNames={new Map([['u-agent', 'agent']])} />);
    const agentIndex = screen.getAllByRole('columnheader').findIndex((h) => h.textContent === 'Agente assegnato');
    const cells = screen.getAllByRole('row').slice(1).map((row) => row.querySelectorAll('td')[agentIndex]);
    expect(cells[0]).toHaveTextContent(/^agent$/);
    expect(within(cells[0]).getByTitle('u-agent')).toBeInTheDocument();
    expect(cells[1]).toHaveTextContent(/^u-ghost$/);
  });
});

describe('state and outcome columns (issue 17, item 4)', () => {
  it('show the workspace\'s labels, the codes in the tooltips', () => {
    const sms = fixture('sms-promo');
    const smsList = (() => { const t = translateList(sms.model, sms.workspace, 'admin'); if (!t.ok) throw new Error('refused'); return t.value; })();
    const rows: ContactRow[] = [{ ...sms.contacts[0], id: 'a1', state: 'SMS_INVIATO', outcome: 'NON_INTERESSATO' }];
    render(<ContactTable columns={smsList.columns} rows={rows} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const cells = screen.getAllByRole('row')[1].querySelectorAll('td');
    const outcome = cells[headers.indexOf('Esito')];
    expect(outcome).toHaveTextContent(/^Non interessato$/);
    expect(within(outcome as HTMLElement).getByTitle('NON_INTERESSATO')).toBeInTheDocument();
    expect(cells[headers.indexOf('Stato')]).toHaveTextContent(/^SMS inviato$/);
  });
});
