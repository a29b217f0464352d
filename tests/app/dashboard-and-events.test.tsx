import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import energiaModel from '../../fixtures/workspaces/energia-casa/data-model.json';
import energiaWorkspace from '../../fixtures/workspaces/energia-casa/workspace.json';
import { DashboardPage } from '@app/features/dashboard/DashboardPage';
import { EventsPage } from '@app/features/events/EventsPage';
import { createI18nWithScreens } from './support/i18n';
import { createAppServices } from '@app/services/app-services';
import { ServicesContext } from '@app/services/services-context';
import type { ToastRequest } from '@app/shell/toast-service';
import type { AgentKpi, AvailabilityData, StateData } from '@domain/api/dashboard';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { apiError, createFakeBackend, type Handler } from './support/fake-backend';

/**
 * The dashboard's and the events log's states in jsdom (spec 3 §2, §8; issue 15), over the real app services and API
 * client with the server faked at fetch: the dashboard's tab lives in the address (an inactive or unknown one leads to
 * the first active tab); each panel says it is loading, that it has no data, or that its figures failed, on its own;
 * the events log searches nothing without a contact id and shows a 400's first message.
 */

// Recharts' ResponsiveContainer observes its size; jsdom has no ResizeObserver.
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.assign(globalThis, { ResizeObserver: (globalThis as { ResizeObserver?: unknown }).ResizeObserver ?? NoResizeObserver });

const WS = 'energia-casa';
const AVAILABILITY = `POST /api/cntmng/dashboard/${WS}`;
const STATE = `POST /api/cntmng/dashboard/${WS}/state`;
const AGENTS = 'GET /api/cntmng/dashboard/agents/kpi';
const EVENTS = `POST /api/cntmng/events/${WS}`;
const C1 = 'cccccccccccccccccccccc01';
const C2 = 'cccccccccccccccccccccc02';

const noAvailability: AvailabilityData = { from: '2026-11-11T00:00:00.000Z', to: '2026-11-25T10:00:00.000Z', availability: [], states: [], contacts: [], total: 0 };
const noStateChanges: StateData = {
  from: '2026-11-11T00:00:00.000Z', to: '2026-11-25T10:00:00.000Z', firstState: 'NUOVO', endState: 'CHIUSO',
  backlog: [{ hour: '2026-11-25T09:00:00.000Z', open: 0, entered: 0, closed: 0 }], daily: [],
  transitions: { started: 0, completed: 0, sameDay: 0, averageHours: null, medianHours: null }, durations: [],
};
const idleAgent: AgentKpi = { agentId: 'u-agent', username: 'agent', isOnline: false, lastSignin: null, dailyTaken: 0, dailyReleased: 0 };

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const setup = (path: string, routes: Record<string, Handler | [number, unknown]>, workspace: Record<string, unknown> = energiaWorkspace) => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.language, 'en-US');
  localStorage.setItem(STORAGE_KEYS.loggedUser, JSON.stringify({ id: 'u-admin', username: 'admin', role: 'admin', groupId: null, isSysadmin: false, groups: [] }));
  localStorage.setItem(STORAGE_KEYS.workspace, JSON.stringify(workspace));
  localStorage.setItem(STORAGE_KEYS.dataModel, JSON.stringify(energiaModel));
  localStorage.setItem(STORAGE_KEYS.agents, JSON.stringify([{ id: 'u-agent', username: 'agent', role: 'basic' }]));
  const backend = createFakeBackend(routes);
  const i18n = createI18nWithScreens(localStorage);
  const services = createAppServices(
    { baseUrl: '', storage: localStorage, sessionStorage, i18n, fetch: backend.fetch, reload: jest.fn(), roleHomePath: () => '/contacts/list' },
    { navigate: jest.fn(), currentPath: () => path },
  );
  const toasts: ToastRequest[] = [];
  services.toasts.attach({ show: (toast) => { toasts.push(toast); } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={services}>
        <MemoryRouter initialEntries={[path]}>
          {children}
          <Location />
        </MemoryRouter>
      </ServicesContext.Provider>
    </I18nextProvider>
  );
  return { backend, toasts, wrapper };
};

const panel = (name: string) => screen.getByRole('generic', { name });
const location = () => screen.getByTestId('location').textContent;

describe('the dashboard', () => {
  it('keeps its tab in the address: ?tab= opens that tab, a click writes it', async () => {
    const s = setup('/dashboard?tab=agents', { [AGENTS]: [200, { data: [idleAgent] }], [STATE]: [200, { data: noStateChanges }] });
    render(<DashboardPage />, { wrapper: s.wrapper });
    await waitFor(() => expect(s.backend.called(AGENTS)).toBe(1));
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Agents dashboard');
    expect(s.backend.called(AVAILABILITY)).toBe(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Contacts dashboard' }));
    await waitFor(() => expect(location()).toBe('/dashboard?tab=contacts'));
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Contacts dashboard');
    await waitFor(() => expect(s.backend.called(STATE)).toBe(1));
  });

  it('shows only the tabs dashboardConfig.activeDashboards lists, and leads an inactive or unknown tab to the first active one', async () => {
    const workspace = { ...energiaWorkspace, dashboardConfig: { activeDashboards: ['contacts', 'agents'] } };
    const s = setup('/dashboard?tab=availability', { [STATE]: [200, { data: noStateChanges }] }, workspace);
    const view = render(<DashboardPage />, { wrapper: s.wrapper });
    await waitFor(() => expect(location()).toBe('/dashboard?tab=contacts'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Contacts dashboard', 'Agents dashboard']);
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Contacts dashboard');
    expect(s.backend.called(AVAILABILITY)).toBe(0);
    view.unmount();

    const unknown = setup('/dashboard?tab=nonsense', { [STATE]: [200, { data: noStateChanges }] }, workspace);
    render(<DashboardPage />, { wrapper: unknown.wrapper });
    await waitFor(() => expect(location()).toBe('/dashboard?tab=contacts'));
  });

  it('shows each panel loading while its figures are on their way', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const s = setup('/dashboard', { [AVAILABILITY]: () => new Promise((resolve) => { answer = resolve; }) });
    render(<DashboardPage />, { wrapper: s.wrapper });
    await waitFor(() => expect(location()).toBe('/dashboard?tab=availability'));
    for (const name of ['Contacts by availability', 'Contacts by state', 'Contacts (0)']) {
      expect(within(panel(name)).getByLabelText('Loading…')).toBeInTheDocument();
    }
    await act(async () => {
      answer([200, { data: noAvailability }]);
    });
    await waitFor(() => expect(screen.queryByLabelText('Loading…')).toBeNull());
  });

  it('says "no figures" in each panel that has no data, and draws the ones that have', async () => {
    const availability: AvailabilityData = { ...noAvailability, availability: [{ availability: 'toProcess', count: 3 }], states: [{ state: 'NUOVO', label: 'Nuovo', count: 0 }], total: 3 };
    const s = setup('/dashboard', { [AVAILABILITY]: [200, { data: availability }] });
    render(<DashboardPage />, { wrapper: s.wrapper });
    await waitFor(() => expect(within(panel('Contacts by state')).getByText('No figures for this period')).toBeInTheDocument());
    // the pie has a slice; the state bars and this page of rows have nothing
    expect(within(panel('Contacts by availability')).queryByText('No figures for this period')).toBeNull();
    expect(within(panel('Contacts by availability')).getByTestId('chart-availability')).toBeInTheDocument();
    expect(within(panel('Contacts (3)')).getByText('No figures for this period')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Contacts' })).toBeNull();
  });

  it('says "no figures" per panel on the contacts and agents tabs', async () => {
    const s = setup('/dashboard?tab=contacts', { [STATE]: [200, { data: noStateChanges }], [AGENTS]: [200, { data: [idleAgent] }] });
    render(<DashboardPage />, { wrapper: s.wrapper });
    for (const name of ['Hourly backlog', 'State changes by day', 'Time to close']) {
      await waitFor(() => expect(within(panel(name)).getByText('No figures for this period')).toBeInTheDocument());
    }
    fireEvent.click(screen.getByRole('tab', { name: 'Agents dashboard' }));
    // an agent who took and released nothing today: a row in the table, an empty chart
    await waitFor(() => expect(within(panel('Taken and released today')).getByText('No figures for this period')).toBeInTheDocument());
    expect(within(panel('Agents')).getByRole('table', { name: 'Agents' })).toBeInTheDocument();
  });

  it('shows each panel its error with a retry that asks again', async () => {
    let fail = true;
    const s = setup('/dashboard', { [AVAILABILITY]: () => (fail ? apiError(400, 'body/from must be a date-time', [{ field: '/from', message: 'from: not a date' }]) : [200, { data: noAvailability }]) });
    render(<DashboardPage />, { wrapper: s.wrapper });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    for (const alert of screen.getAllByRole('alert')) expect(alert).toHaveTextContent('The figures could not be loaded');
    expect(within(panel('Contacts by state')).getByRole('alert')).toHaveTextContent('from: not a date');
    fail = false;
    fireEvent.click(within(panel('Contacts by state')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0));
    expect(s.backend.called(AVAILABILITY)).toBe(2);
  });
});

describe('the events log', () => {
  it('searches nothing without a contact id', async () => {
    const s = setup('/events', { [EVENTS]: [200, { data: [], total: 0 }] });
    render(<EventsPage />, { wrapper: s.wrapper });
    const search = screen.getByRole('button', { name: 'Search' });
    expect(search).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/Contact id/), { target: { value: '   ' } });
    expect(search).toBeDisabled();
    fireEvent.submit(search.closest('form') as HTMLFormElement);
    await act(async () => undefined);
    expect(s.backend.called(EVENTS)).toBe(0);
    fireEvent.change(screen.getByLabelText(/Contact id/), { target: { value: C1 } });
    fireEvent.click(search);
    await waitFor(() => expect(s.backend.called(EVENTS)).toBe(1));
    expect(s.backend.calls.find((call) => `${call.method} ${call.path}` === EVENTS)?.body).toMatchObject({ contactId: C1, order: 'desc', length: 10, page: 0 });
  });

  it('a contact id that is no id is marked in the field, in the user\'s language, and nothing is asked of the server', async () => {
    const s = setup('/events', { [EVENTS]: apiError(400, 'contactId must match pattern "^[0-9a-fA-F]{24}$"') });
    render(<EventsPage />, { wrapper: s.wrapper });
    const ui = userEvent.setup();
    const field = screen.getByLabelText(/Contact id/);
    const search = screen.getByRole('button', { name: 'Search' });
    await ui.type(field, 'zzz');
    // a character no id has: said at once
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid contact id: 24 hexadecimal characters (0-9, a-f)');
    expect(field).toHaveAccessibleDescription('Invalid contact id: 24 hexadecimal characters (0-9, a-f)');
    expect(search).toBeDisabled();
    await ui.keyboard('{Enter}');
    await act(async () => undefined);
    expect(s.backend.called(EVENTS)).toBe(0);
    expect(screen.queryByText(/must match pattern/)).toBeNull();
    // a short id while it is typed is not yet an error; once the field is left it is
    await ui.clear(field);
    await ui.type(field, 'cccccc');
    expect(field).not.toHaveAttribute('aria-invalid');
    await ui.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await ui.clear(field);
    await ui.type(field, ` ${C1} `);
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(search).toBeEnabled();
  });

  it('a link whose contact id is no id opens with the field in error, and no search', async () => {
    const s = setup('/events?contactId=cccccc', { [EVENTS]: [200, { data: [], total: 0 }] });
    render(<EventsPage />, { wrapper: s.wrapper });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid contact id: 24 hexadecimal characters (0-9, a-f)');
    expect(s.backend.called(EVENTS)).toBe(0);
  });

  it('a date typed that is no day is marked in error and stops the search; Reset empties the field', async () => {
    const s = setup('/events', { [EVENTS]: [200, { data: [], total: 0 }] });
    render(<EventsPage />, { wrapper: s.wrapper });
    const ui = userEvent.setup();
    const search = screen.getByRole('button', { name: 'Search' });
    await ui.type(screen.getByLabelText(/Contact id/), C1);
    const from = document.getElementById('cm-events-from') as HTMLInputElement;
    await ui.type(from, '31/02/2026');
    await ui.click(screen.getByRole('heading', { name: 'Events' }));
    expect(from).toHaveValue('Invalid date');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(search).toBeDisabled();
    fireEvent.submit(search.closest('form') as HTMLFormElement);
    await act(async () => undefined);
    expect(s.backend.called(EVENTS)).toBe(0);
    await ui.click(screen.getByRole('button', { name: 'Reset' }));
    const fromAfter = document.getElementById('cm-events-from') as HTMLInputElement;
    expect(fromAfter).toHaveValue('');
    expect(fromAfter).not.toHaveAttribute('aria-invalid');
  });

  it('a chosen agent is removed by a button naming the agent in the user\'s language, and Backspace removes the last one', async () => {
    const s = setup(`/events?contactId=${C1}`, { [EVENTS]: [200, { data: [], total: 0 }] });
    render(<EventsPage />, { wrapper: s.wrapper });
    const ui = userEvent.setup();
    await ui.click(screen.getByLabelText('Agents'));
    await ui.click(await screen.findByText('agent', { selector: '.bp6-menu-item *' }));
    expect(screen.queryByRole('button', { name: 'Remove tag' })).toBeNull();
    await ui.click(await screen.findByRole('button', { name: 'Remove agent' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove agent' })).toBeNull());
    await ui.click(screen.getByLabelText('Agents'));
    await ui.click(await screen.findByText('agent', { selector: '.bp6-menu-item *' }));
    await screen.findByRole('button', { name: 'Remove agent' });
    await ui.click(screen.getByLabelText('Agents'));
    // Blueprint's TagInput: the first Backspace in the empty input marks the last tag, the second removes it.
    await ui.keyboard('{Backspace}{Backspace}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove agent' })).toBeNull());
  });

  it('the chosen agents clear with a button named in the user\'s language, and the search then asks for all agents', async () => {
    const s = setup(`/events?contactId=${C1}`, { [EVENTS]: [200, { data: [], total: 0 }] });
    render(<EventsPage />, { wrapper: s.wrapper });
    const ui = userEvent.setup();
    await ui.click(screen.getByLabelText('Agents'));
    await ui.click(await screen.findByText('agent', { selector: '.bp6-menu-item *' }));
    const clear = await screen.findByRole('button', { name: 'Clear the chosen agents' });
    expect(screen.queryByRole('button', { name: 'Clear selected items' })).toBeNull();
    await ui.click(clear);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear the chosen agents' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(s.backend.called(EVENTS)).toBeGreaterThan(0));
    const body = s.backend.calls.filter((call) => `${call.method} ${call.path}` === EVENTS).at(-1)?.body as { agents?: string[] };
    expect(body.agents ?? []).toEqual([]);
  });

  it('the detail drawer is a modal dialog named by its title', async () => {
    const contactId = 'aaaaaaaaaaaaaaaaaaaaaaa1';
    const row = { id: '42', type: 'state', state: 'NUOVO', contactId, agentId: 'u-agent', at: '2026-11-25T09:00:00.000Z', showDetail: true };
    const detail = { ...row, previousState: null, outcome: null, notes: 'ok', runId: null, extraData: { from: 'NUOVO', to: 'CHIUSO' } };
    const s = setup(`/events?contactId=${contactId}`, { [EVENTS]: [200, { data: [row], total: 1 }], [`GET /api/cntmng/events/${WS}/42`]: [200, { data: detail }] });
    render(<EventsPage />, { wrapper: s.wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Show the detail of event 42' }));
    const dialog = await screen.findByRole('dialog', { name: 'Event 42' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(within(dialog).getByText('ok')).toBeInTheDocument());
  });

  it("a failed search clears the last contact's rows and says so on the page, with Retry", async () => {
    const row = (id: string, contactId: string) => ({ id, type: 'state', state: 'NUOVO', contactId, agentId: 'u-agent', at: '2026-11-25T09:00:00.000Z', showDetail: false });
    const s = setup(`/events?contactId=${C1}`, { [EVENTS]: [200, { data: [row('41', C1)], total: 1 }] });
    render(<EventsPage />, { wrapper: s.wrapper });
    expect(await screen.findByText('41')).toBeInTheDocument();
    s.backend.on(EVENTS, apiError(500, 'boom'));
    fireEvent.change(screen.getByLabelText(/Contact id/), { target: { value: C2 } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The events could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('41')).not.toBeInTheDocument();
    expect(screen.queryByText(C1)).not.toBeInTheDocument();
    s.backend.on(EVENTS, [200, { data: [row('43', C2)], total: 1 }]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('43')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(s.backend.calls.filter((call) => `${call.method} ${call.path}` === EVENTS).at(-1)?.body).toMatchObject({ contactId: C2 });
  });

  it('the detail drawer says when the event could not be loaded, and Retry asks again', async () => {
    const contactId = 'aaaaaaaaaaaaaaaaaaaaaaa1';
    const row = { id: '42', type: 'state', state: 'NUOVO', contactId, agentId: 'u-agent', at: '2026-11-25T09:00:00.000Z', showDetail: true };
    const DETAIL = `GET /api/cntmng/events/${WS}/42`;
    const s = setup(`/events?contactId=${contactId}`, { [EVENTS]: [200, { data: [row], total: 1 }], [DETAIL]: apiError(500, 'boom') });
    render(<EventsPage />, { wrapper: s.wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Show the detail of event 42' }));
    const dialog = await screen.findByRole('dialog', { name: 'Event 42' });
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('The event could not be loaded')).toBeInTheDocument();
    s.backend.on(DETAIL, [200, { data: { ...row, previousState: null, outcome: null, notes: 'ok', runId: null, extraData: null } }]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(dialog).getByText('ok')).toBeInTheDocument());
    expect(s.backend.called(DETAIL)).toBe(2);
  });

  it('shows the first message of a 400', async () => {
    const s = setup(`/events?contactId=${C1}`, {
      [EVENTS]: apiError(400, 'body/from must be before body/to', [{ field: '/from', message: 'from: after to' }, { field: '/to', message: 'to: before from' }]),
    });
    render(<EventsPage />, { wrapper: s.wrapper });
    await waitFor(() => expect(s.toasts.filter((toast) => toast.heading === 'Events')).toEqual([expect.objectContaining({ intent: 'danger', message: 'from: after to' })]));
  });
});
