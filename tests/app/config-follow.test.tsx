import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANGES_RETRY_MS } from '@app/session/config-changes';
import { CONFIG_CHANGE_EVENT, workspaceConfigRoutes, type ConfigChange } from '@domain/api/workspace-config';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { signedInBackend, workspace, type FakeBackend } from './support/fake-backend';
import { FakeEventSource, installFakeEventSource, removeFakeEventSource } from './support/fake-event-source';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

/**
 * The push channel in the browser (issue 13, must have 2): one EventSource while signed in; a notice for the current
 * workspace swaps in its new version and the screens re-translate; a notice for another one reloads the selector.
 */

const change = (patch: Partial<ConfigChange> = {}): ConfigChange => ({
  workspaceId: 'w1', version: 2, dataModelId: 'dm-w1', dataModelVersion: 2, enabled: true, action: 'publish', at: '2026-11-25T10:00:00.000Z', by: 'admin', ...patch,
});

const W1 = (version: number) => ({
  ...workspace('w1'), version,
  states: { NUOVO: { label: 'Nuovo', manual: true }, CHIUSO: { label: 'Chiuso', manual: true } }, entryState: 'NUOVO', closingStates: ['CHIUSO'],
});
const MODEL_V1 = {
  id: 'dm-w1', version: 1, modelContactProperty: 'telefono',
  model: { nome: { label: 'Nome', required: true, isVisible: true }, cognome: { label: 'Cognome', isVisible: true }, telefono: { label: 'Telefono' } },
  outputs: { esito: { label: 'Esito' } },
};
const MODEL_V2 = { ...MODEL_V1, version: 2, model: { ...MODEL_V1.model, nome: { ...MODEL_V1.model.nome, label: 'Nome di battesimo' }, citta: { label: 'Città', isVisible: true } } };

const ROW = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaa1', workspaceId: 'w1', state: 'NUOVO', outcome: null, notes: null, closed: false, processable: true, suspended: false,
  availability: 'toProcess', agentId: null, originalContactId: null, priority: 5, createdAt: '2026-11-01T00:00:00.000Z', lastStateChangeAt: null,
  version: 1, inputs: { nome: 'Mario', cognome: 'Rossi', citta: 'Roma' }, outputs: {},
};

const backendAt = (version: 1 | 2): FakeBackend => {
  const backend = signedInBackend('admin', 'admin', [W1(1), workspace('w2')]);
  serve(backend, version);
  backend.on('POST /api/cntmng/contact/search/w1', [200, { data: [ROW], total: 1 }]);
  backend.on('GET /api/cntmng/kpi/w1', [200, { data: { standard: { Totale: 1 }, custom: {} } }]);
  return backend;
};
const serve = (backend: FakeBackend, version: 1 | 2) => {
  backend.on('GET /api/cntmng/user/workspace/w1', [200, { data: W1(version) }]);
  backend.on('GET /api/dmll/data-model/dm-w1', [200, { data: version === 1 ? MODEL_V1 : MODEL_V2 }]);
};

const startSignedIn = (path: string, backend = backendAt(1)) => {
  storeSession('admin', 'admin', W1(1));
  localStorage.setItem(STORAGE_KEYS.dataModel, JSON.stringify(MODEL_V1));
  const app = renderApp(backend, path);
  return { app, backend };
};

const stream = async (): Promise<FakeEventSource> => {
  await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
  const [es] = FakeEventSource.open();
  act(() => es.emit('open'));
  return es;
};

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent ?? '');

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
  sessionStorage.clear();
  installFakeEventSource();
});
afterEach(() => {
  removeFakeEventSource();
  jest.useRealTimers();
});

describe('the push channel while signed in', () => {
  it('opens one EventSource on the contract URL', async () => {
    startSignedIn('/contacts/list');
    const es = await stream();
    expect(es.url).toBe(workspaceConfigRoutes.changes.url);
  });

  it('a notice for the current workspace re-fetches it and the list re-translates its columns, keeping the page state', async () => {
    const { backend } = startSignedIn('/contacts/list?page=0&length=25&sort=inputs.cognome&order=asc');
    const es = await stream();
    await waitFor(() => expect(headers()).toContain('Nome'));
    expect(headers()).not.toContain('Città');
    const searchesBefore = backend.calls.filter((c) => c.path === '/api/cntmng/contact/search/w1');
    const workspaceGets = backend.called('GET /api/cntmng/user/workspace/w1');
    const listGets = backend.called('GET /api/cntmng/user/workspace');

    serve(backend, 2);
    act(() => es.emit(CONFIG_CHANGE_EVENT, change()));

    await waitFor(() => expect(headers()).toContain('Nome di battesimo'));
    expect(headers()).toContain('Città');
    expect(headers()).not.toContain('Nome');
    expect(backend.called('GET /api/cntmng/user/workspace/w1')).toBe(workspaceGets + 1);
    expect(backend.called('GET /api/dmll/data-model/dm-w1')).toBeGreaterThan(0);
    expect(backend.called('GET /api/cntmng/user/workspace')).toBe(listGets);
    // the same filter, page and sort: only the translation changed
    const searchesAfter = backend.calls.filter((c) => c.path === '/api/cntmng/contact/search/w1');
    expect(searchesAfter.at(-1)?.body).toEqual(searchesBefore.at(-1)?.body);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.dataModel) ?? '{}').version).toBe(2);
    expect(FakeEventSource.open()).toHaveLength(1);
  });

  it('a notice of the versions already on screen fetches nothing', async () => {
    const { backend } = startSignedIn('/contacts/list');
    const es = await stream();
    await waitFor(() => expect(headers()).toContain('Nome'));
    const before = backend.calls.length;
    act(() => es.emit(CONFIG_CHANGE_EVENT, change({ version: 1, dataModelVersion: 1 })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.calls.slice(before).filter((c) => c.path.startsWith('/api/cntmng/user/workspace') || c.path.startsWith('/api/dmll'))).toEqual([]);
  });

  it('a notice for another workspace reloads only the selector list', async () => {
    const { backend } = startSignedIn('/contacts/list');
    const es = await stream();
    const select = await screen.findByLabelText('Workspace');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Workspace w1', 'Workspace w2']);
    const workspaceGets = backend.called('GET /api/cntmng/user/workspace/w1');
    backend.on('GET /api/cntmng/user/workspace', [200, { data: [W1(1), workspace('w2', { enabled: false }), workspace('w3', { name: 'Nuovo w3' })] }]);

    act(() => es.emit(CONFIG_CHANGE_EVENT, change({ workspaceId: 'w3', dataModelId: 'dm-w3', version: 1, dataModelVersion: 1, action: 'create' })));

    await waitFor(() => expect(within(screen.getByLabelText('Workspace')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Workspace w1', 'Nuovo w3']));
    expect(backend.called('GET /api/cntmng/user/workspace/w1')).toBe(workspaceGets);
    expect(backend.called('GET /api/dmll/data-model/dm-w1')).toBe(0);
  });

  it('the current workspace disabled: a toast says so and stays', async () => {
    const { backend } = startSignedIn('/contacts/list');
    const es = await stream();
    await screen.findByLabelText('Workspace');
    backend.on('GET /api/cntmng/user/workspace', [200, { data: [workspace('w2'), workspace('w3')] }]);
    act(() => es.emit(CONFIG_CHANGE_EVENT, change({ version: 1, dataModelVersion: 1, enabled: false, action: 'disable' })));
    expect(await screen.findByText(/An administrator has disabled the workspace Workspace w1/)).toBeInTheDocument();
    expect(screen.getByText('Workspace disabled')).toBeInTheDocument();
    // the workspace on screen stays selectable until the user picks another one
    await waitFor(() => expect(within(screen.getByLabelText('Workspace')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Workspace w1', 'Workspace w2', 'Workspace w3']));
  });

  it('logout closes the EventSource', async () => {
    const { app } = startSignedIn('/contacts/list');
    const es = await stream();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'admin · admin' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(es.closed).toBe(true);
    expect(FakeEventSource.open()).toHaveLength(0);
  });

  it('a refused stream (a 401) is closed, and tried again later', async () => {
    startSignedIn('/contacts/list');
    const es = await stream();
    jest.useFakeTimers();
    act(() => { es.readyState = 2; es.emit('error'); });
    expect(es.closed).toBe(true);
    expect(FakeEventSource.open()).toHaveLength(0);
    act(() => { jest.advanceTimersByTime(CHANGES_RETRY_MS); });
    expect(FakeEventSource.open()).toHaveLength(1);
  });

  it('a stream back after a drop with nothing new keeps the documents on screen (nothing translates or renders again)', async () => {
    const { app, backend } = startSignedIn('/contacts/list');
    const es = await stream();
    await waitFor(() => expect(headers()).toContain('Nome'));
    const { workspace: before, dataModel } = app.services.store.getState();
    const fetched = backend.called('GET /api/dmll/data-model/dm-w1');
    act(() => { es.emit('error'); es.emit('open'); });
    await waitFor(() => expect(backend.called('GET /api/dmll/data-model/dm-w1')).toBe(fetched + 1));
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 20)); });
    expect(app.services.store.getState().workspace).toBe(before);
    expect(app.services.store.getState().dataModel).toBe(dataModel);
  });

  it('a stream back after a drop catches up with what it missed', async () => {
    const { backend } = startSignedIn('/contacts/list');
    const es = await stream();
    await waitFor(() => expect(headers()).toContain('Nome'));
    serve(backend, 2);
    act(() => { es.emit('error'); es.emit('open'); });
    await waitFor(() => expect(headers()).toContain('Nome di battesimo'));
  });
});
