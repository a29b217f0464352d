import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormRuntime } from '@renderers/ContactForm/form-runtime';
import { CONFIG_CHANGE_EVENT, type ConfigChange } from '@domain/api/workspace-config';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { apiError, signedInBackend, workspace, type FakeBackend } from './support/fake-backend';
import { FakeEventSource, installFakeEventSource, removeFakeEventSource } from './support/fake-event-source';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

/** The configuration-change notice (the screen's live region is a status too). */
const NOTICE = 'Workspace configuration changed';

/**
 * An agent in the middle of a contact when a new configuration is published (issue 13, must have 2): what was typed
 * in fields that still exist stays, values of removed fields are listed in a notice that does not block, and the save
 * sends only the fields of the new version.
 */

const ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const published: ConfigChange = { workspaceId: 'w1', version: 2, dataModelId: 'dm-w1', dataModelVersion: 2, enabled: true, action: 'publish', at: '2026-11-25T10:00:00.000Z', by: 'admin' };

const W1 = (version: number) => ({
  ...workspace('w1'), version,
  states: { NUOVO: { label: 'Nuovo', manual: true }, CHIUSO: { label: 'Chiuso', manual: true } }, entryState: 'NUOVO', closingStates: ['CHIUSO'],
});
const MODEL_V1 = {
  id: 'dm-w1', version: 1, modelContactProperty: 'cognome',
  model: { nome: { label: 'Nome' }, cognome: { label: 'Cognome' }, telefono: { label: 'Telefono' } },
  outputs: { esito: { label: 'Esito' } },
};
// Version 2: a label changed, a field added, one removed.
const MODEL_V2 = {
  ...MODEL_V1, version: 2,
  model: { nome: { label: 'Nome di battesimo' }, cognome: { label: 'Cognome' }, citta: { label: 'Città' } },
};

const ROW = {
  id: ID, workspaceId: 'w1', state: 'NUOVO', outcome: null, notes: null, closed: false, processable: true, suspended: false,
  availability: 'toProcess', agentId: null, originalContactId: null, priority: 5, createdAt: '2026-11-01T00:00:00.000Z', lastStateChangeAt: null,
  version: 1, inputs: { nome: 'Mario', cognome: 'Rossi' }, outputs: {},
};

const serve = (backend: FakeBackend, version: 1 | 2) => {
  backend.on('GET /api/cntmng/user/workspace/w1', [200, { data: W1(version) }]);
  backend.on('GET /api/dmll/data-model/dm-w1', [200, { data: version === 1 ? MODEL_V1 : MODEL_V2 }]);
};

const start = (path: string) => {
  const backend = signedInBackend('admin', 'admin', [W1(1), workspace('w2')]);
  serve(backend, 1);
  backend.on(`GET /api/cntmng/contact/${ID}`, [200, { data: ROW }]);
  backend.on(`GET /api/cntmng/contact/${ID}/states`, [200, { data: [{ code: 'CHIUSO', label: 'Chiuso' }] }]);
  backend.on(`GET /api/cntmng/contact/${ID}/stateHistory`, [200, { data: [] }]);
  backend.on(`GET /api/cntmng/contact/${ID}/action`, [200, { data: [] }]);
  backend.on(`GET /api/cntmng/contact/${ID}/widget`, [200, { data: [] }]);
  backend.on(`PUT /api/cntmng/contact/${ID}/edit`, (body) => [200, { data: { ...ROW, version: 2, inputs: { ...ROW.inputs, ...((body as { inputs?: object }).inputs ?? {}) } } }]);
  backend.on('POST /api/cntmng/contact/insert/w1', [200, { data: { id: 'bbbbbbbbbbbbbbbbbbbbbbbb' } }]);
  storeSession('admin', 'admin', W1(1));
  localStorage.setItem(STORAGE_KEYS.dataModel, JSON.stringify(MODEL_V1));
  const app = renderApp(backend, path);
  return { app, backend };
};

const input = (id: string) => document.getElementById(id) as HTMLInputElement | null;
const field = async (id: string) => {
  await waitFor(() => expect(input(id)).not.toBeNull());
  return input(id) as HTMLInputElement;
};

const publish = async (backend: FakeBackend) => {
  await waitFor(() => expect(FakeEventSource.instances.filter((es) => !es.closed)).toHaveLength(1));
  const es = FakeEventSource.instances[0];
  serve(backend, 2);
  act(() => { es.emit('open'); es.emit(CONFIG_CHANGE_EVENT, published); });
  await waitFor(() => expect(input('cm_in_citta')).not.toBeNull());
};

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
  sessionStorage.clear();
  installFakeEventSource();
});
afterEach(() => {
  removeFakeEventSource();
});

describe('the edit screen follows a published configuration', () => {
  it('keeps typed values of fields that still exist, lists those of removed fields, and saves only the new fields', async () => {
    const user = userEvent.setup();
    const { backend } = start(`/contacts/edit/${ID}`);
    const cognome = await field('cm_in_cognome');
    await user.clear(cognome);
    await user.type(cognome, 'Bianchi');
    await user.type(await field('cm_in_telefono'), '3331234567');
    expect(screen.getByText('Nome')).toBeInTheDocument();

    await publish(backend);

    expect(await screen.findByText('Nome di battesimo')).toBeInTheDocument();
    expect(screen.getByText('Città')).toBeInTheDocument();
    expect(input('cm_in_cognome')?.value).toBe('Bianchi');
    expect(input('cm_in_nome')?.value).toBe('Mario');
    expect(input('cm_in_telefono')).toBeNull();
    const notice = screen.getByRole('status', { name: NOTICE });
    expect(notice).toHaveTextContent('The workspace configuration has changed');
    expect(notice).toHaveTextContent('Telefono: 3331234567');

    await user.type(await field('cm_in_citta'), 'Roma');
    expect(input('cm_in_cognome')?.value).toBe('Bianchi');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.called(`PUT /api/cntmng/contact/${ID}/edit`)).toBe(1));
    const body = backend.calls.find((c) => c.path === `/api/cntmng/contact/${ID}/edit`)?.body as { inputs: Record<string, unknown> };
    expect(body.inputs).toEqual({ cognome: 'Bianchi', citta: 'Roma' });
  });

  it('the notice closes when the agent dismisses it', async () => {
    const user = userEvent.setup();
    const { backend } = start(`/contacts/edit/${ID}`);
    await field('cm_in_cognome');
    await publish(backend);
    const notice = await screen.findByRole('status', { name: NOTICE });
    expect(notice).toHaveTextContent('The workspace configuration has changed');
    expect(notice).not.toHaveTextContent('no longer exist');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status', { name: NOTICE })).toBeNull();
  });

  it('a 400 on a field the form no longer shows is listed by name, not lost on an absent field', async () => {
    const user = userEvent.setup();
    const { backend } = start(`/contacts/edit/${ID}`);
    await user.type(await field('cm_in_cognome'), 'x');
    await publish(backend);
    backend.on(`PUT /api/cntmng/contact/${ID}/edit`, apiError(400, 'invalid', [{ field: '/inputs/telefono', message: 'must NOT have additional properties' }, { field: '/inputs/cognome', message: 'too long' }]));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.querySelector('.cm-save-errors')).not.toBeNull());
    const general = document.querySelector('.cm-save-errors') as HTMLElement;
    expect(general).toHaveTextContent('Field telefono (no longer on this form): must NOT have additional properties');
    expect(general).not.toHaveTextContent('too long');
    expect(document.getElementById('cm_in_cognome__error')).toHaveTextContent('too long');
  });
});

describe('the create and show screens follow too', () => {
  it('create: a typed value survives, a removed field is listed', async () => {
    const user = userEvent.setup();
    const { backend } = start('/contacts/create');
    await user.type(await field('cm_in_cognome'), 'Verdi');
    await user.type(await field('cm_in_telefono'), '0612345678');
    await publish(backend);
    expect(input('cm_in_cognome')?.value).toBe('Verdi');
    expect(screen.getByRole('status', { name: NOTICE })).toHaveTextContent('Telefono: 0612345678');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.called('POST /api/cntmng/contact/insert/w1')).toBe(1));
    const body = backend.calls.find((c) => c.path === '/api/cntmng/contact/insert/w1')?.body as { rawData: Record<string, unknown> };
    expect(body.rawData).toEqual({ cognome: 'Verdi' });
  });

  it('show: a stream back after a drop with nothing new leaves the form alone, and typing goes on', async () => {
    const user = userEvent.setup();
    const { backend } = start(`/contacts/show/${ID}`);
    const cognome = await field('cm_in_cognome');
    await user.clear(cognome);
    await user.type(cognome, 'Ner');
    await waitFor(() => expect(FakeEventSource.instances.filter((es) => !es.closed)).toHaveLength(1));
    const fetched = backend.called('GET /api/dmll/data-model/dm-w1');
    const rendered = jest.spyOn(FormRuntime.prototype, 'ui');
    const es = FakeEventSource.instances[0];
    act(() => { es.emit('open'); es.emit('error'); es.emit('open'); });
    // the catch-up asked for the versions on screen again, and nothing on the form rendered again
    await waitFor(() => expect(backend.called('GET /api/dmll/data-model/dm-w1')).toBe(fetched + 1));
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 50)); });
    expect(rendered).not.toHaveBeenCalled();
    await user.type(cognome, 'i');
    expect(input('cm_in_cognome')).toBe(cognome);
    expect(cognome.value).toBe('Neri');
    expect(screen.queryByRole('status', { name: NOTICE })).toBeNull();
    rendered.mockRestore();
  });

  it('show: a typed value survives the new version', async () => {
    const user = userEvent.setup();
    const { backend } = start(`/contacts/show/${ID}`);
    const cognome = await field('cm_in_cognome');
    await user.clear(cognome);
    await user.type(cognome, 'Neri');
    await publish(backend);
    expect(await screen.findByText('Nome di battesimo')).toBeInTheDocument();
    expect(input('cm_in_cognome')?.value).toBe('Neri');
    expect(screen.getByRole('status', { name: NOTICE })).toHaveTextContent('The workspace configuration has changed');
  });
});
