import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import energiaModel from '../../fixtures/workspaces/energia-casa/data-model.json';
import energiaWorkspace from '../../fixtures/workspaces/energia-casa/workspace.json';
import { ApiRequestError } from '@api-client/api-error';
import type { DownloadedFile, DownloadProgress } from '@api-client/api-client';
import { ReportsView } from '@app/features/reports/ReportsPage';
import { useReportsController, type ReportsApi, type ReportsOptions } from '@app/features/reports/use-reports-controller';
import { createI18nWithScreens } from './support/i18n';
import type { AppServices } from '@app/services/app-services';
import { ServicesContext } from '@app/services/services-context';
import { createSessionStore } from '@app/session/session-store';
import type { ReportDefinition, ReportRowsResult, ReportRunBody } from '@domain/api/reports';
import { STORAGE_KEYS } from '@domain/storage-keys';

/**
 * The reports controller (spec 3 §2 Custom reports, §4, §5, §6, §8) with the API faked at its seam (ReportsApi: the
 * client's reports and organisation calls); the session store, permissions and the translator are the real ones.
 */

const def = (id: string, extra: Partial<ReportDefinition> = {}): ReportDefinition => ({
  id, name: `Report ${id}`, renderAllowed: true, templateName: 'contacts_by_state_outcome_day',
  columns: ['day', 'state', 'outcome', 'contacts'], filters: { contactProp: true, refProp: true, teams: true }, ...extra,
});
const DEFINITIONS: ReportDefinition[] = [
  def('rep-stati', { maxRange: 31, filterContactProp: { enabled: true, label: 'Telefono' }, filterRefProp: { enabled: false, label: 'Id contatto' } }),
  def('rep-eventi', { renderAllowed: false, templateName: 'contact_events_export', maxRange: 7 }),
  def('rep-free'),
];
const SERVER_NAME = 'contacts_by_state_outcome_day-2026-11-25-10-04-05.csv';
type RunBody = Omit<ReportRunBody, 'format'>;

const fakeApi = (definitions = DEFINITIONS) => {
  const api = {
    reports: {
      list: jest.fn(async (_ws: string) => definitions),
      // The first row's keys are the table's columns, whatever the definition lists.
      rows: jest.fn(async (_ws: string, _id: string, body: RunBody): Promise<ReportRowsResult> => ({
        data: [{ giorno: '2026-11-25', stato: 'APERTO', contatti: 3 + body.page }, { giorno: '2026-11-24', stato: 'CHIUSO', contatti: 1, extra: 'x' }],
        total: 42,
      })),
      csv: jest.fn(async (_ws: string, _id: string, _body: RunBody, onProgress?: DownloadProgress): Promise<DownloadedFile> => {
        onProgress?.(512, null);
        onProgress?.(2048, null);
        return { blob: new Blob(['day,state\r\n']), filename: SERVER_NAME, bytes: 2048 };
      }),
    },
    organisation: {
      outsourcers: jest.fn(async () => [{ id: 'o-nordcall', name: 'NordCall' }]),
      sites: jest.fn(async (_ids?: readonly string[]) => [{ id: 's-milano', name: 'Milano' }]),
      teams: jest.fn(async (_ids?: readonly string[]) => [{ id: 't-milano-inbound', name: 'Milano Inbound' }, { id: 't-milano-outbound', name: 'Milano Outbound' }]),
    },
  } satisfies ReportsApi;
  return api;
};

const NOW = new Date(2026, 10, 25, 10, 30);

const setup = ({ role = 'admin', definitions = DEFINITIONS }: { role?: string; definitions?: ReportDefinition[] } = {}) => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.language, 'en-US');
  localStorage.setItem(STORAGE_KEYS.loggedUser, JSON.stringify({ id: 'u-me', username: 'me', role, groupId: null, isSysadmin: false, groups: [] }));
  localStorage.setItem(STORAGE_KEYS.workspace, JSON.stringify(energiaWorkspace));
  localStorage.setItem(STORAGE_KEYS.dataModel, JSON.stringify(energiaModel));
  const api = fakeApi(definitions);
  const i18n = createI18nWithScreens(localStorage);
  const toasts = { show: jest.fn(), attach: jest.fn() };
  const logout = jest.fn(async () => undefined);
  const saveFile = jest.fn();
  const services = { api: {}, store: createSessionStore(localStorage), toasts, i18n, sessionStorage, logout } as unknown as AppServices;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
    </I18nextProvider>
  );
  const options: ReportsOptions = { api, saveFile, now: () => NOW };
  return { api, toasts, logout, saveFile, wrapper, options, i18n };
};

const hookSetup = async (init: Parameters<typeof setup>[0] = {}) => {
  const s = setup(init);
  const hook = renderHook(() => useReportsController(s.options), { wrapper: s.wrapper });
  await waitFor(() => expect(hook.result.current.definitionsStatus).toBe('ready'));
  await waitFor(() => expect(hook.result.current.org.cascade.loading).toBe(false));
  return { ...s, hook, c: () => hook.result.current };
};

function Harness({ options }: { options: ReportsOptions }) {
  return <ReportsView reports={useReportsController(options)} />;
}
const renderPage = async (init: Parameters<typeof setup>[0] = {}) => {
  const s = setup(init);
  render(<Harness options={s.options} />, { wrapper: s.wrapper });
  await waitFor(() => expect(screen.queryByLabelText('Loading the reports…')).toBeNull());
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  return s;
};

describe('reports: dates, report choice and the four messages', () => {
  it('starts on today for both dates, lists the reports of the workspace, and asks for a report', async () => {
    const s = await hookSetup();
    expect(s.api.reports.list).toHaveBeenCalledWith('energia-casa');
    expect(s.c().definitions.map((d) => d.id)).toEqual(['rep-stati', 'rep-eventi', 'rep-free']);
    expect(s.c().filters).toMatchObject({ from: '2026-11-25', to: '2026-11-25', reportId: null });
    expect(s.c().hintText).toBe('Select a report');
    expect(s.c().canSearch).toBe(false);
    expect(s.c().canCsv).toBe(false);
  });

  it('a renderable report enables Search and CSV and says to click SEARCH; one that is not enables only CSV', async () => {
    const s = await hookSetup();
    act(() => s.c().chooseReport('rep-stati'));
    expect(s.c().hintText).toBe('Click SEARCH to view or download CSV');
    expect([s.c().canSearch, s.c().canCsv]).toEqual([true, true]);
    act(() => s.c().chooseReport('rep-eventi'));
    expect(s.c().hintText).toBe('Export CSV to view the selected report');
    expect([s.c().canSearch, s.c().canCsv]).toEqual([false, true]);
  });

  it('From after To is an invalid interval: both buttons off, the plain message', async () => {
    const s = await hookSetup();
    act(() => s.c().chooseReport('rep-free'));
    act(() => s.c().setFilters({ from: '2026-11-26', to: '2026-11-25' }));
    expect(s.c().intervalError).toBe('Invalid interval');
    expect(s.c().hint).toBe('invalidInterval');
    expect([s.c().canSearch, s.c().canCsv]).toEqual([false, false]);
    act(() => s.c().search());
    expect(s.api.reports.rows).not.toHaveBeenCalled();
  });

  it('both dates are required', async () => {
    const s = await hookSetup();
    act(() => s.c().chooseReport('rep-free'));
    act(() => s.c().setFilters({ to: null }));
    expect(s.c().intervalError).toBe('Invalid interval');
    expect(s.c().canCsv).toBe(false);
  });

  it('over the report maxRange: the maximum-days variant; exactly maxRange days (both ends included) is fine', async () => {
    const s = await hookSetup();
    act(() => s.c().chooseReport('rep-stati'));
    act(() => s.c().setFilters({ from: '2026-10-25', to: '2026-11-25' }));
    expect(s.c().intervalError).toBe('Invalid interval: at most 31 days');
    expect([s.c().canSearch, s.c().canCsv]).toEqual([false, false]);
    act(() => s.c().setFilters({ from: '2026-10-26' }));
    expect(s.c().intervalError).toBeNull();
    expect([s.c().canSearch, s.c().canCsv]).toEqual([true, true]);
    // The same interval for a report without maxRange is valid.
    act(() => s.c().setFilters({ from: '2026-01-01' }));
    act(() => s.c().chooseReport('rep-free'));
    expect(s.c().intervalError).toBeNull();
  });

  it('in Italian the messages are the catalogue\'s', async () => {
    const s = setup();
    localStorage.setItem(STORAGE_KEYS.language, 'it-IT');
    const i18n = createI18nWithScreens(localStorage);
    const services = { api: {}, store: createSessionStore(localStorage), toasts: s.toasts, i18n, sessionStorage, logout: s.logout } as unknown as AppServices;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}><ServicesContext.Provider value={services}>{children}</ServicesContext.Provider></I18nextProvider>
    );
    const hook = renderHook(() => useReportsController(s.options), { wrapper });
    await waitFor(() => expect(hook.result.current.definitionsStatus).toBe('ready'));
    expect(hook.result.current.hintText).toBe('Seleziona un report');
    act(() => hook.result.current.chooseReport('rep-stati'));
    act(() => hook.result.current.setFilters({ from: '2026-01-01' }));
    expect(hook.result.current.intervalError).toBe('Intervallo di date non valido: massimo 31 giorni');
  });
});

describe('reports: search, table and CSV', () => {
  it('searches with the days as ISO start and end of day, page 0 of 20; the columns are the first row\'s keys', async () => {
    const s = await hookSetup();
    act(() => s.c().chooseReport('rep-stati'));
    act(() => s.c().setFilters({ from: '2026-11-20', contactProp: ' 3471234567 ', refProp: 'ignored: the filter is disabled' }));
    act(() => s.c().search());
    await waitFor(() => expect(s.c().status).toBe('ready'));
    const [ws, id, body] = s.api.reports.rows.mock.calls[0];
    expect([ws, id]).toEqual(['energia-casa', 'rep-stati']);
    expect(body).toMatchObject({
      from: new Date(2026, 10, 20, 0, 0, 0, 0).toISOString(),
      to: new Date(2026, 10, 25, 23, 59, 59, 999).toISOString(),
      page: 0,
      length: 20,
      extraFilters: { contactProp: '3471234567' },
    });
    expect(body.teamIds).toBeUndefined();
    expect(s.c().columns).toEqual(['giorno', 'stato', 'contatti']);
    expect(s.c().total).toBe(42);
    expect(s.c().hintText).toBeNull();
    act(() => s.c().setPage(2));
    await waitFor(() => expect(s.api.reports.rows).toHaveBeenLastCalledWith('energia-casa', 'rep-stati', expect.objectContaining({ page: 2, length: 20 })));
  });

  it('the table shows the first row\'s keys as headers, days as DD/MM/YYYY', async () => {
    await renderPage();
    expect(screen.getByText('Select a report')).toBeTruthy();
    expect((document.querySelector('#cm-reports-from') as HTMLInputElement).value).toBe('25/11/2026');
    expect((document.querySelector('#cm-reports-to') as HTMLInputElement).value).toBe('25/11/2026');
    const search = screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement;
    expect(search.disabled).toBe(true);
    act(() => {
      const select = screen.getByLabelText('Report') as HTMLSelectElement;
      select.value = 'rep-stati';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(screen.getByText('Click SEARCH to view or download CSV')).toBeTruthy();
    expect(search.disabled).toBe(false);
    act(() => search.click());
    const table = await screen.findByRole('table', { name: 'Report rep-stati' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['giorno', 'stato', 'contatti']);
    expect(within(table).getAllByRole('row')[1].textContent).toBe('25/11/2026APERTO3');
  });

  it('a language change neither reloads the list nor runs the report again', async () => {
    const s = await hookSetup();
    act(() => s.c().chooseReport('rep-free'));
    act(() => s.c().search());
    await waitFor(() => expect(s.c().status).toBe('ready'));
    await act(async () => {
      await s.i18n.changeLanguage('it-IT');
    });
    expect(s.c().hintText).toBeNull();
    expect(s.api.reports.list).toHaveBeenCalledTimes(1);
    expect(s.api.reports.rows).toHaveBeenCalledTimes(1);
  });

  it('the extra-filters accordion holds the advanced filters the chosen report enables, under their labels', async () => {
    await renderPage();
    const choose = (id: string) => act(() => {
      const select = screen.getByLabelText('Report') as HTMLSelectElement;
      select.value = id;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    choose('rep-free');
    expect(screen.queryByText('Extra filters')).toBeNull();
    choose('rep-stati');
    // A disclosure button in a heading that says whether it is open (Blueprint's Section said the opposite, in English).
    const toggle = within(screen.getByRole('heading', { name: 'Extra filters' })).getByRole('button', { name: 'Extra filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Telefono' })).toBeNull();
    act(() => toggle.click());
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const phone = await screen.findByRole('textbox', { name: 'Telefono' });
    fireEvent.change(phone, { target: { value: '+39347' } });
    // Closed again, its fields leave the tab order but keep what was typed.
    act(() => toggle.click());
    expect(screen.queryByRole('textbox', { name: 'Telefono' })).toBeNull();
    act(() => toggle.click());
    expect(screen.getByRole('textbox', { name: 'Telefono' })).toHaveValue('+39347');
    // filterRefProp is disabled for rep-stati
    expect(screen.queryByLabelText('Id contatto')).toBeNull();
  });

  it('downloads the CSV with progress and saves it under the name the server gives', async () => {
    const s = await hookSetup();
    act(() => s.c().chooseReport('rep-eventi'));
    await act(async () => s.c().downloadCsv());
    expect(s.api.reports.csv).toHaveBeenCalledWith('energia-casa', 'rep-eventi', expect.objectContaining({ from: new Date(2026, 10, 25).toISOString() }), expect.any(Function), expect.any(AbortSignal));
    expect(s.saveFile).toHaveBeenCalledTimes(1);
    const saved = s.saveFile.mock.calls[0][0] as DownloadedFile;
    expect(saved.filename).toBe(SERVER_NAME);
    expect(saved.filename).toMatch(/^contacts_by_state_outcome_day-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    expect(s.toasts.show).toHaveBeenCalledWith(expect.objectContaining({ intent: 'success', message: `${SERVER_NAME} downloaded` }));
    expect(s.c().csv).toEqual({ running: false, bytes: 0 });
  });

  it('a CSV download can be stopped: nothing is saved, no error is shown, and the button is back', async () => {
    const s = await hookSetup();
    s.api.reports.csv.mockImplementationOnce((_ws: string, _id: string, _body: RunBody, _progress?: DownloadProgress, signal?: AbortSignal) => new Promise<DownloadedFile>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new ApiRequestError({ kind: 'aborted', status: null, message: 'aborted', errors: [], requestText: 'POST /x', handled: true })));
    }));
    act(() => s.c().chooseReport('rep-eventi'));
    let running: Promise<void> = Promise.resolve();
    act(() => { running = s.c().downloadCsv(); });
    expect(s.c().csv.running).toBe(true);
    await act(async () => { s.c().cancelCsv(); await running; });
    expect(s.c().csv).toEqual({ running: false, bytes: 0 });
    expect(s.saveFile).not.toHaveBeenCalled();
    expect(s.toasts.show).not.toHaveBeenCalled();
    expect(s.c().canCsv).toBe(true);
  });

  it('Reset clears the report, the dates (back to today), the results and the team choices', async () => {
    const s = await hookSetup();
    act(() => s.c().chooseReport('rep-free'));
    act(() => s.c().setFilters({ from: '2026-11-01', to: '2026-11-02' }));
    await waitFor(() => expect(s.c().org.cascade.teams).toHaveLength(2));
    act(() => s.c().org.cascade.chooseTeams(['t-milano-inbound']));
    act(() => s.c().search());
    await waitFor(() => expect(s.c().status).toBe('ready'));
    expect(s.api.reports.rows.mock.calls[0][2].teamIds).toEqual(['t-milano-inbound']);
    act(() => s.c().reset());
    expect(s.c().filters).toEqual({ from: '2026-11-25', to: '2026-11-25', reportId: null, contactProp: '', refProp: '', org: { outsourcerIds: [], siteIds: [], teamIds: [] } });
    expect(s.c().rows).toEqual([]);
    expect(s.c().columns).toEqual([]);
    expect(s.c().status).toBe('idle');
    expect(s.c().hintText).toBe('Select a report');
    await waitFor(() => expect(s.c().org.cascade.loading).toBe(false));
  });
});

describe('reports: a date typed that is no day', () => {
  const chooseReport = (id: string) => act(() => {
    const select = screen.getByLabelText('Report') as HTMLSelectElement;
    select.value = id;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });

  it.each(['31/02/2026', '99/99/9999', '01/01/1999'])('%s in To marks both dates in error, turns Search and CSV off, and Reset clears it', async (text) => {
    const s = await renderPage();
    chooseReport('rep-free');
    const ui = userEvent.setup();
    // Typed over the day shown, as a user selecting it all does: the field is never empty on the way.
    const retype = async (field: HTMLInputElement, typed: string) => {
      await ui.type(field, typed, { initialSelectionStart: 0, initialSelectionEnd: field.value.length });
      await ui.click(screen.getByRole('heading', { name: 'Reports' }));
    };
    const search = screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement;
    const csv = screen.getByRole('button', { name: 'CSV' }) as HTMLButtonElement;
    const from = document.getElementById('cm-reports-from') as HTMLInputElement;
    const to = document.getElementById('cm-reports-to') as HTMLInputElement;
    expect([search.disabled, csv.disabled]).toEqual([false, false]);
    await retype(to, text);
    expect(to.value).not.toBe('25/11/2026');
    expect(screen.getByRole('alert').textContent).toBe('Invalid interval');
    expect([from.getAttribute('aria-invalid'), to.getAttribute('aria-invalid')]).toEqual(['true', 'true']);
    expect(to.closest('.bp6-input-group')?.classList.contains('bp6-intent-danger')).toBe(true);
    expect([search.disabled, csv.disabled]).toEqual([true, true]);
    // Enter in the field submits the form: nothing runs on the last good day.
    act(() => search.closest('form')!.requestSubmit());
    expect(s.api.reports.rows).not.toHaveBeenCalled();

    // A day again: the interval is fine.
    await retype(to, '26/11/2026');
    expect([search.disabled, csv.disabled]).toEqual([false, false]);

    // Reset draws both fields afresh on today, even when the stored day is already today.
    await retype(from, text);
    expect(search.disabled).toBe(true);
    await ui.click(screen.getByRole('button', { name: 'Reset' }));
    const fromAfter = document.getElementById('cm-reports-from') as HTMLInputElement;
    const toAfter = document.getElementById('cm-reports-to') as HTMLInputElement;
    expect([fromAfter.value, toAfter.value]).toEqual(['25/11/2026', '25/11/2026']);
    expect(fromAfter.getAttribute('aria-invalid')).toBeNull();
    chooseReport('rep-free');
    expect(search.disabled).toBe(false);
  });

  it('the controller counts a field holding no day as an invalid interval until Reset', async () => {
    const s = await hookSetup();
    act(() => s.c().chooseReport('rep-free'));
    const round = s.c().dateRound;
    act(() => s.c().setDateText('to', true));
    expect(s.c().intervalError).toBe('Invalid interval');
    expect([s.c().canSearch, s.c().canCsv]).toEqual([false, false]);
    act(() => s.c().search());
    expect(s.api.reports.rows).not.toHaveBeenCalled();
    act(() => s.c().reset());
    expect(s.c().dateRound).not.toBe(round);
    act(() => s.c().chooseReport('rep-free'));
    expect(s.c().intervalError).toBeNull();
  });
});

describe('reports: the organisation cascade in the request', () => {
  it('sends the chosen outsourcer and call centre while their team list is still loading, never a workspace-wide request', async () => {
    const s = await hookSetup();
    s.api.organisation.teams.mockImplementation(() => new Promise(() => undefined));
    act(() => s.c().chooseReport('rep-free'));
    act(() => s.c().org.cascade.chooseOutsourcers(['o-nordcall']));
    act(() => s.c().search());
    await waitFor(() => expect(s.api.reports.rows).toHaveBeenCalledTimes(1));
    expect(s.c().org.cascade.loading).toBe(true);
    expect(s.api.reports.rows.mock.calls[0][2]).toMatchObject({ outsourcerIds: ['o-nordcall'] });
    expect(s.api.reports.rows.mock.calls[0][2].teamIds).toBeUndefined();

    act(() => s.c().org.cascade.chooseSites(['s-milano']));
    await act(async () => {
      await s.c().downloadCsv();
    });
    expect(s.api.reports.csv.mock.calls[0][2]).toMatchObject({ outsourcerIds: ['o-nordcall'], siteIds: ['s-milano'] });
    expect(s.api.reports.csv.mock.calls[0][2].teamIds).toBeUndefined();
  });

  it('more teams than a request names: every listed team goes as its organisation, a partial choice asks to narrow', async () => {
    const s = await hookSetup();
    const many = Array.from({ length: 501 }, (_, i) => ({ id: `t-${i}`, name: `Team ${i}` }));
    s.api.organisation.teams.mockImplementation(async () => many);
    act(() => s.c().chooseReport('rep-free'));
    act(() => s.c().org.cascade.chooseSites(['s-milano']));
    await waitFor(() => expect(s.c().org.cascade.teams).toHaveLength(501));

    act(() => s.c().org.cascade.chooseTeams(many.slice(0, 501).map((team) => team.id)));
    act(() => s.c().search());
    await waitFor(() => expect(s.api.reports.rows).toHaveBeenCalledTimes(1));
    expect(s.api.reports.rows.mock.calls[0][2]).toMatchObject({ siteIds: ['s-milano'] });
    expect(s.api.reports.rows.mock.calls[0][2].teamIds).toBeUndefined();

    // every team with no call centre chosen: every outsourcer the user sees
    act(() => s.c().org.cascade.chooseSites([]));
    await waitFor(() => expect(s.c().org.cascade.loading).toBe(false));
    act(() => s.c().org.cascade.chooseTeams(many.map((team) => team.id)));
    act(() => s.c().search());
    await waitFor(() => expect(s.api.reports.rows).toHaveBeenCalledTimes(2));
    expect(s.api.reports.rows.mock.calls[1][2]).toMatchObject({ outsourcerIds: ['o-nordcall'] });
    expect(s.api.reports.rows.mock.calls[1][2].teamIds).toBeUndefined();

    const partial = [...many.slice(0, 501).map((team) => team.id)];
    s.api.organisation.teams.mockImplementation(async () => [...many, { id: 't-extra', name: 'Extra' }]);
    act(() => s.c().org.cascade.chooseSites(['s-milano']));
    await waitFor(() => expect(s.c().org.cascade.teams).toHaveLength(502));
    act(() => s.c().org.cascade.chooseTeams(partial));
    expect(s.c().hintText).toBe('Choose at most 500 teams, or choose their call center or outsourcer');
    expect([s.c().canSearch, s.c().canCsv]).toEqual([false, false]);
    act(() => s.c().search());
    expect(s.api.reports.rows).toHaveBeenCalledTimes(2);
  });
});

describe('reports: who sees the organisation filters, empty and failing states', () => {
  it.each(['team-leader', 'basic'])('%s sees no outsourcer/call-centre/team filters and loads none', async (role) => {
    const s = await renderPage({ role });
    expect(screen.queryByRole('group', { name: 'Organization' })).toBeNull();
    expect(s.api.organisation.outsourcers).not.toHaveBeenCalled();
    expect(s.api.organisation.teams).not.toHaveBeenCalled();
  });

  it.each(['admin', 'middle', 'manager', 'site-manager'])('%s sees the cascade', async (role) => {
    const s = await renderPage({ role });
    expect(screen.getByRole('group', { name: 'Organization' })).toBeTruthy();
    await waitFor(() => expect(s.api.organisation.outsourcers).toHaveBeenCalled());
  });

  it('basic does not even ask for the reports list (spec 3 §6) and sees the empty state', async () => {
    const s = await renderPage({ role: 'basic' });
    expect(s.api.reports.list).not.toHaveBeenCalled();
    expect(screen.getByText('No reports to run in this workspace')).toBeTruthy();
  });

  it('a workspace with no report the user may run shows a clear empty state', async () => {
    await renderPage({ definitions: [] });
    expect(screen.getByText('No reports to run in this workspace')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
  });

  it('a 400 shows its first message under OPERATION FAILED for 5 s; anything else that is no HTTP answer says Generic Error :(', async () => {
    const s = await hookSetup();
    s.api.reports.rows.mockRejectedValueOnce(new ApiRequestError({ kind: 'errors', status: 400, message: 'bad', errors: [{ field: 'to', message: 'Intervallo di date non valido' }, { message: 'second' }], requestText: 'POST /x', handled: false }));
    act(() => s.c().chooseReport('rep-free'));
    act(() => s.c().search());
    await waitFor(() => expect(s.c().status).toBe('error'));
    expect(s.toasts.show).toHaveBeenLastCalledWith({ intent: 'danger', heading: 'OPERATION FAILED', message: 'Intervallo di date non valido', timeout: 5000 });

    s.api.reports.csv.mockRejectedValueOnce(new ApiRequestError({ kind: 'errors', status: 500, message: 'boom', errors: [], requestText: 'POST /x', handled: false }));
    await act(async () => s.c().downloadCsv());
    expect(s.toasts.show).toHaveBeenLastCalledWith({ intent: 'danger', heading: 'OPERATION FAILED', message: 'Internal Server Error', timeout: 5000 });

    s.api.reports.csv.mockRejectedValueOnce(new TypeError('x is undefined'));
    await act(async () => s.c().downloadCsv());
    expect(s.toasts.show).toHaveBeenLastCalledWith({ intent: 'danger', heading: 'OPERATION FAILED', message: 'Generic Error :(', timeout: 5000 });
    expect(s.saveFile).not.toHaveBeenCalled();
  });

  it('a 401 signs out', async () => {
    const s = await hookSetup();
    s.api.reports.rows.mockRejectedValueOnce(new ApiRequestError({ kind: 'unauthorized', status: 401, message: 'Unauthorized', errors: [], requestText: 'POST /x', handled: false }));
    act(() => s.c().chooseReport('rep-free'));
    act(() => s.c().search());
    await waitFor(() => expect(s.logout).toHaveBeenCalled());
  });

  it('a failed list offers to try again', async () => {
    const s = setup();
    s.api.reports.list.mockRejectedValueOnce(new ApiRequestError({ kind: 'network', status: null, message: 'offline', errors: [], requestText: 'GET /x', handled: false }));
    render(<Harness options={s.options} />, { wrapper: s.wrapper });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(s.toasts.show).toHaveBeenCalledWith(expect.objectContaining({ heading: 'OPERATION FAILED', message: 'Generic Error :(' }));
    act(() => retry.click());
    await screen.findByLabelText('Report');
  });
});
