import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { apiError, signedInBackend, workspace } from './support/fake-backend';
import { installFakeEventSource, removeFakeEventSource } from './support/fake-event-source';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

/**
 * The whole app (API client, toast service, Blueprint toaster, list) when the current workspace closes under an agent:
 * the take, the list reload and the counts after it all meet the same refusal, which is said once; the list says it
 * could not load, without the total and pages of the rows it no longer shows.
 */

const W1 = { ...workspace('w1'), states: { NUOVO: { label: 'Nuovo', manual: true }, CHIUSO: { label: 'Chiuso', manual: true } }, entryState: 'NUOVO', closingStates: ['CHIUSO'] };
const MODEL = { id: 'dm-w1', modelContactProperty: 'telefono', model: { nome: { label: 'Nome', isVisible: true }, telefono: { label: 'Telefono' } }, outputs: {} };
const ROW = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaa1', workspaceId: 'w1', state: 'NUOVO', outcome: null, notes: null, closed: false, processable: true, suspended: false,
  availability: 'toProcess', agentId: null, originalContactId: null, priority: 5, createdAt: '2026-11-01T00:00:00.000Z', lastStateChangeAt: null,
  version: 1, inputs: { nome: 'Mario' }, outputs: {},
};
const CLOSED = 'Workspace disabled for this team';

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
  sessionStorage.clear();
  installFakeEventSource();
});
afterEach(() => removeFakeEventSource());

it('a take in a workspace just closed: one toast for the three refusals, and no stale total or pages', async () => {
  const backend = signedInBackend('admin', 'admin', [W1, workspace('w2')]);
  backend.on('GET /api/dmll/data-model/dm-w1', [200, { data: MODEL }]);
  backend.on('POST /api/cntmng/contact/search/w1', [200, { data: [ROW], total: 195 }]);
  backend.on('GET /api/cntmng/kpi/w1', [200, { data: { standard: { Totale: 195 }, custom: {} } }]);
  storeSession('admin', 'admin', W1);
  localStorage.setItem(STORAGE_KEYS.dataModel, JSON.stringify(MODEL));
  renderApp(backend, '/contacts/list', { language: 'it-IT' });
  expect(await screen.findByText('195 contatti')).toBeInTheDocument();

  const refusal = apiError(403, CLOSED, [{ message: CLOSED }]);
  backend.on(`POST /api/cntmng/contact/take/${ROW.id}`, refusal);
  backend.on('POST /api/cntmng/contact/search/w1', refusal);
  backend.on('GET /api/cntmng/kpi/w1', refusal);
  await userEvent.setup().click(screen.getByRole('button', { name: `Prendi in carico il contatto ${ROW.id}` }));

  expect(await screen.findByText('Impossibile caricare i contatti')).toBeInTheDocument();
  await waitFor(() => expect(backend.called('GET /api/cntmng/kpi/w1')).toBe(2));
  await act(() => new Promise((done) => { setTimeout(done, 600); })); // past Blueprint's queue of toasts shown back to back
  expect(screen.getAllByText(CLOSED)).toHaveLength(1);
  expect(screen.queryByText('195 contatti')).toBeNull();
  expect(screen.queryByText(/^Pagina 1 di/)).toBeNull();
});
