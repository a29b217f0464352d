import { act, screen, waitFor, within } from '@testing-library/react';
import { ACCESS_CHANGE_EVENT, type AccessChange } from '@domain/api/workspace-config';
import { HEARTBEAT_INTERVAL_MS } from '@domain/constants';
import { AUTH_MESSAGES } from '@domain/errors';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { apiError, signedInBackend, workspace, type FakeBackend } from './support/fake-backend';
import { FakeEventSource, installFakeEventSource, removeFakeEventSource } from './support/fake-event-source';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

/**
 * Which workspaces a signed-in user may open changes with their teams' associations and their own rights, not only
 * with a workspace's enabled flag: the push channel's `access` notice brings the new list, and a start-up (a reload)
 * re-reads it rather than trusting the copy the sign-in stored. A stored workspace closed meanwhile is left for
 * another one before any screen asks for it. A locked account is told so.
 */

const ALL = [workspace('w1'), workspace('w2'), workspace('w3')];

/** An agent whose stored session is in w1 (storeSession: list w1, w2), on a server that lists `listed`. */
const agentBackend = (listed = [workspace('w1'), workspace('w2')]): FakeBackend => {
  const backend = signedInBackend('basic', 'agent', ALL);
  backend.on('GET /api/cntmng/user/workspace', [200, { data: listed }]);
  for (const item of ALL) {
    backend.on(`POST /api/cntmng/contact/search/${item.id}`, [200, { data: [], total: 0 }]);
    backend.on(`GET /api/cntmng/kpi/${item.id}`, [200, { data: { standard: {}, custom: {} } }]);
  }
  return backend;
};

const start = (backend: FakeBackend, path = '/contacts/list') => {
  storeSession('basic', 'agent');
  return renderApp(backend, path);
};

const options = () => within(screen.getByLabelText('Workspace')).getAllByRole('option').map((o) => o.textContent);

const stream = async (): Promise<FakeEventSource> => {
  await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
  const [es] = FakeEventSource.open();
  act(() => es.emit('open'));
  return es;
};

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

describe('a team association or the user\'s rights change while signed in (the `access` notice)', () => {
  it('a workspace newly open to the user joins the selector, and the stored list follows', async () => {
    start(agentBackend());
    const es = await stream();
    await waitFor(() => expect(options()).toEqual(['Workspace w1', 'Workspace w2']));

    const notice: AccessChange = { workspaces: [workspace('w1'), workspace('w2'), workspace('w3', { name: 'Nuovo' })] };
    act(() => es.emit(ACCESS_CHANGE_EVENT, notice));

    await waitFor(() => expect(options()).toEqual(['Workspace w1', 'Workspace w2', 'Nuovo']));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspaceIds) ?? '[]')).toEqual(['w1', 'w2', 'w3']);
  });

  it('the current workspace closed to the user is said as a disabled one is, once, and stays selectable', async () => {
    start(agentBackend());
    const es = await stream();
    await waitFor(() => expect(options()).toEqual(['Workspace w1', 'Workspace w2']));

    act(() => es.emit(ACCESS_CHANGE_EVENT, { workspaces: [workspace('w2')] }));
    expect(await screen.findByText(/An administrator has disabled the workspace Workspace w1/)).toBeInTheDocument();
    expect(screen.getByText('Workspace disabled')).toBeInTheDocument();
    await waitFor(() => expect(options()).toEqual(['Workspace w1', 'Workspace w2']));
    // another notice of the same list tells nothing new
    act(() => es.emit(ACCESS_CHANGE_EVENT, { workspaces: [workspace('w2'), workspace('w3')] }));
    await waitFor(() => expect(options()).toEqual(['Workspace w1', 'Workspace w2', 'Workspace w3']));
    expect(screen.getAllByText(/An administrator has disabled the workspace Workspace w1/)).toHaveLength(1);
  });
});

describe('a start-up (a reload) re-reads the user\'s workspaces', () => {
  it('the selector shows the list the server gives now, not the one stored at sign-in', async () => {
    const backend = agentBackend([workspace('w1'), workspace('w3')]);
    start(backend);
    await waitFor(() => expect(options()).toEqual(['Workspace w1', 'Workspace w3']));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspaceIds) ?? '[]')).toEqual(['w1', 'w3']);
    expect(backend.called('POST /api/cntmng/agent/signin')).toBe(0);
  });

  it('a stored workspace closed meanwhile gives way to another one before any screen asks for it, and the user is told', async () => {
    const backend = agentBackend([workspace('w2')]);
    const app = start(backend, `/contacts/show/${'a'.repeat(24)}`);

    expect(await screen.findByText(/An administrator has disabled the workspace Workspace w1/)).toBeInTheDocument();
    await waitFor(() => expect(app.path()).toBe('/contacts/list'));
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(app.services.store.getState().workspace?.id).toBe('w2');
    expect(backend.calls.find((c) => c.method === 'POST' && c.path === '/api/cntmng/agent/signin')?.body).toEqual({ agentId: 'id-agent', workspaceId: 'w2' });
    // nothing of the closed workspace was asked for, so no refusal was said
    expect(backend.calls.filter((c) => c.path.endsWith('/w1') || c.path.includes('/contact/a'))).toEqual([]);
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(options()).toEqual(['Workspace w2']);
  });

  it('with no workspace left the user is signed out, as a sign-in would be, and told why', async () => {
    const backend = agentBackend([]);
    const app = start(backend);
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(await screen.findByText('No workspace is enabled for this user')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.loggedUser)).toBeNull();
    expect(backend.called('POST /api/auth/signout')).toBe(1);
  });

  it('an unanswered list keeps the stored one', async () => {
    const backend = agentBackend();
    backend.on('GET /api/cntmng/user/workspace', apiError(500, 'boom'));
    start(backend);
    await waitFor(() => expect(options()).toEqual(['Workspace w1', 'Workspace w2']));
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });
});

describe('a locked account (spec 1 §4)', () => {
  it('a reload after the lock says the account is locked on /login', async () => {
    const backend = agentBackend();
    backend.on('GET /api/auth/session', apiError(401, AUTH_MESSAGES.accountLocked));
    const app = start(backend);
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(await screen.findByText('Account locked')).toBeInTheDocument();
    expect(screen.getByText('Your account is locked: ask an administrator to unlock it')).toBeInTheDocument();
  });

  it('a heartbeat refused because of the lock says so, not that the session expired', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const backend = agentBackend();
    const app = start(backend);
    await waitFor(() => expect(options()).toEqual(['Workspace w1', 'Workspace w2']));
    backend.on('POST /api/cntmng/agent/heartbeat', apiError(401, AUTH_MESSAGES.accountLocked));
    await act(async () => { await jest.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS); });
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(await screen.findByText('Your account is locked: ask an administrator to unlock it')).toBeInTheDocument();
    expect(screen.queryByText('SESSION EXPIRED')).not.toBeInTheDocument();
  });
});
