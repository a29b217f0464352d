import { screen, waitFor } from '@testing-library/react';
import { startEarlyRequests } from '@app/routes/early-loads';
import { takePrefetchedContact } from '@app/features/contact-work/contact-prefetch';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { signedInBackend } from './support/fake-backend';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

const ID = '0123456789abcdef01234567';

describe('start-up requests made before the app exists (routes/early-loads.ts)', () => {
  beforeEach(() => { localStorage.clear(); sessionStorage.clear(); setViewportWidth(1280); });

  it('without a stored session nothing is asked: the login page loads alone', () => {
    const backend = signedInBackend('agent');
    const early = startEarlyRequests({ storage: localStorage, sessionStorage, pathname: `/contacts/show/${ID}`, fetch: backend.fetch });
    expect(early.session).toBeNull();
    expect(backend.calls).toEqual([]);
  });

  it('with a stored session on /contacts/show/:id, the session check and the contact start together', async () => {
    storeSession('agent');
    sessionStorage.setItem(STORAGE_KEYS.agentScriptOpen, 'true');
    const backend = signedInBackend('agent');
    backend.on(`GET /api/cntmng/contact/${ID}`, [200, { data: { id: ID } }]);
    const early = startEarlyRequests({ storage: localStorage, sessionStorage, pathname: `/contacts/show/${ID}`, fetch: backend.fetch });
    expect(backend.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/auth/session', `GET /api/cntmng/contact/${ID}`]);
    await expect(early.session).resolves.toMatchObject({ id: 'id-agent', role: 'agent' });
    // the screen takes the prefetched contact once, for the same Agent-Script-Open
    await expect(takePrefetchedContact(ID, true)).resolves.toMatchObject({ id: ID });
    expect(takePrefetchedContact(ID, true)).toBeNull();
  });

  it('a list page asks for the session only, and a malformed id prefetches nothing', () => {
    storeSession('agent');
    const backend = signedInBackend('agent');
    startEarlyRequests({ storage: localStorage, sessionStorage, pathname: '/contacts/list', fetch: backend.fetch });
    startEarlyRequests({ storage: localStorage, sessionStorage, pathname: '/contacts/show/not-an-id', fetch: backend.fetch });
    expect(backend.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/auth/session', 'GET /api/auth/session']);
  });

  it('the app signs in on the early session check instead of asking again', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    const early = startEarlyRequests({ storage: localStorage, sessionStorage, pathname: '/contacts/list', fetch: backend.fetch });
    renderApp(backend, '/contacts/list', { earlySession: early.session });
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(backend.called('GET /api/auth/session')).toBe(1);
  });

  it('a refused early session check signs the user out', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    backend.on('GET /api/auth/session', [401, { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized', errors: [] }]);
    const early = startEarlyRequests({ storage: localStorage, sessionStorage, pathname: '/contacts/list', fetch: backend.fetch });
    const app = renderApp(backend, '/contacts/list', { earlySession: early.session });
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.loggedUser)).toBeNull();
  });
});
