import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConfigWorkspaceRow } from '@domain/api/workspace-config';
import { signedInBackend } from './support/fake-backend';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

/** /workspaceconfig through the whole app (router, guard, shell) with fetch faked: the tabs and the Workspaces table. */
const BASE = '/api/cntmng/workspaceconfig/workspaces';
const rows: ConfigWorkspaceRow[] = [
  { id: 'w1', name: 'Workspace w1', dataModelId: 'dm-w1', enabled: true, version: 4, dataModelVersion: 2, publishedAt: '2026-11-25T14:30:00', publishedBy: 'admin' },
  { id: 'w2', name: 'Workspace w2', dataModelId: 'dm-w2', enabled: false, version: 1, dataModelVersion: 1, publishedAt: null, publishedBy: null },
];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1280);
});

const setup = (path: string, list: [number, unknown] = [200, { data: rows }]) => {
  storeSession('admin');
  const backend = signedInBackend('admin');
  backend.on(`GET ${BASE}`, list);
  backend.on(`POST ${BASE}/w2/enabled`, (body) => [200, { data: { enabled: (body as { enabled: boolean }).enabled } }]);
  const app = renderApp(backend, path);
  return { backend, app };
};

describe('/workspaceconfig', () => {
  it('opens on the Workspaces tab with the table: version, data model, last publish as DD/MM/YYYY HH:mm by who', async () => {
    setup('/workspaceconfig');
    expect(await screen.findByRole('heading', { name: 'Workspace configuration' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Workspaces' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Workspaces' });
    const first = within(table).getAllByRole('row')[1];
    expect(within(first).getByText('w1')).toBeInTheDocument();
    expect(within(first).getByText('dm-w1 (v2)')).toBeInTheDocument();
    expect(within(first).getByText('25/11/2026 14:30 by admin')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Edit Workspace w1' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Versions of Workspace w1' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Export Workspace w1' })).toBeInTheDocument();
    expect(within(within(table).getAllByRole('row')[2]).getByText('Never published')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New workspace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument();
  });

  /** /workspaceconfig's Workspaces tab for an admin in `language`, with its Import file picker. */
  const openWorkspacesTab = async (language: string) => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    backend.on(`GET ${BASE}`, [200, { data: rows }]);
    renderApp(backend, '/workspaceconfig', { language });
    await screen.findByRole('table');
    return { backend, picker: document.querySelector<HTMLInputElement>('input.cm-workspaces-tab__file')! };
  };

  it('in it-IT the table speaks Italian: the data model column, and the row actions named by the workspace name, not its id', async () => {
    await openWorkspacesTab('it-IT');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Modello dati' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Data model' })).toBeNull();
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByRole('button', { name: 'Modifica Workspace w1' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Versioni di Workspace w1' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Esporta Workspace w1' })).toBeInTheDocument();
    expect(within(first).getByRole('checkbox', { name: 'Disabilita il workspace Workspace w1' })).toBeInTheDocument();
    expect(within(second).getByRole('checkbox', { name: 'Abilita il workspace Workspace w2' })).toBeInTheDocument();
  });

  it.each([
    ['en-US', 'The file could not be read: pick one file { "workspace": {…}, "dataModel": {…} }, or two: workspace.json and data-model.json'],
    ['it-IT', 'Impossibile leggere il file: scegli un file { "workspace": {…}, "dataModel": {…} }, oppure due: workspace.json e data-model.json'],
  ])('in %s, picking three files for import says why in the user\'s language, and nothing is sent', async (language, message) => {
    const { backend, picker } = await openWorkspacesTab(language);
    await userEvent.setup().upload(picker, ['a', 'b', 'c'].map((name) => new File(['{}'], `${name}.json`, { type: 'application/json' })));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(backend.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it.each([
    ['en-US', 'The file could not be read: the file is not valid JSON (line 1, column 1)', 'data-model.json is not valid JSON (line 3, column 3)'],
    ['it-IT', 'Impossibile leggere il file: il file non è un JSON valido (riga 1, colonna 1)', 'data-model.json non è un JSON valido (riga 3, colonna 3)'],
  ])("in %s, a file that is not JSON is said so in the user's language with where, not in the parser's English", async (language, one, named) => {
    const { backend, picker } = await openWorkspacesTab(language);
    const ui = userEvent.setup();
    await ui.upload(picker, [new File(['not json at all'], 'export.json', { type: 'application/json' })]);
    const toast = await screen.findByText(one);
    expect(toast.textContent).not.toMatch(/Unexpected|token|position/);
    await ui.upload(picker, [
      new File(['{"id": "w9", "dataModelId": "dm-w9"}'], 'workspace.json', { type: 'application/json' }),
      new File(['{\n  "id": "dm-w9",\n  model: {}\n}'], 'data-model.json', { type: 'application/json' }),
    ]);
    expect(await screen.findByText(new RegExp(named.replace(/[()]/g, '\\$&')))).toBeInTheDocument();
    expect(backend.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('the Reports tab offers the reports the Reports screen lists: a _fake template is hidden there and has no rights to give', async () => {
    storeSession('admin', 'admin', {
      id: 'w1', name: 'Workspace w1', dataModelId: 'dm-w1', enabled: true,
      customReportConfig: [
        { id: 'rep-interno', name: 'Template interno', templateName: 'interno_fake' },
        { id: 'rep-stati', name: 'Contatti per stato', templateName: 'contacts_by_state_outcome_day' },
      ],
    });
    const backend = signedInBackend('admin');
    renderApp(backend, '/workspaceconfig?tab=reports');
    const select = await screen.findByRole('combobox', { name: 'Report' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Contatti per stato']);
    // The users' table asks for the rights on the report shown.
    await waitFor(() => expect(backend.calls.some((call) => (call.body as { reportId?: string } | undefined)?.reportId === 'rep-stati')).toBe(true));
    expect(backend.calls.some((call) => (call.body as { reportId?: string } | undefined)?.reportId === 'rep-interno')).toBe(false);
  });

  it('?tab=teams opens the Teams tab', async () => {
    setup('/workspaceconfig?tab=teams');
    await screen.findByRole('heading', { name: 'Workspace configuration' });
    expect(screen.getByRole('tab', { name: 'Teams' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('button', { name: 'New workspace' })).not.toBeInTheDocument();
  });

  it('the enable toggle saves, and the navigation reloads its workspace list', async () => {
    const { backend } = setup('/workspaceconfig');
    const toggle = await screen.findByRole('checkbox', { name: 'Enable workspace Workspace w2' });
    const before = backend.called('GET /api/cntmng/user/workspace');
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(backend.called(`POST ${BASE}/w2/enabled`)).toBe(1));
    expect(backend.calls.find((call) => call.path === `${BASE}/w2/enabled`)?.body).toEqual({ enabled: true });
    await waitFor(() => expect(backend.called('GET /api/cntmng/user/workspace')).toBe(before + 1));
    expect(await screen.findByRole('checkbox', { name: 'Disable workspace Workspace w2' })).toBeChecked();
  });

  it('a failed list says so and retries', async () => {
    const { backend } = setup('/workspaceconfig', [500, { statusCode: 500, error: 'Internal Server Error', message: 'boom', errors: [] }]);
    expect(await screen.findByText('The workspaces could not be loaded')).toBeInTheDocument();
    backend.on(`GET ${BASE}`, [200, { data: rows }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Workspaces' })).toBeInTheDocument();
  });
});
