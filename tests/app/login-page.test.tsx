import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { AUTH_MESSAGES } from '@domain/errors';
import { apiError, signedInBackend, workspace } from './support/fake-backend';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1280);
});

const signIn = async (username: string, password = 'Demo2026!') => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
};

describe('login page', () => {
  it('requires username and password before calling the server', async () => {
    const backend = signedInBackend('admin');
    renderApp(backend, '/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(backend.called('POST /api/auth/signin')).toBe(0);
  });

  it('shows and hides the password', async () => {
    renderApp(signedInBackend('admin'), '/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('fetches the logo once and keeps it in session storage', async () => {
    const backend = signedInBackend('admin');
    const first = renderApp(backend, '/login');
    await waitFor(() => expect(sessionStorage.getItem(STORAGE_KEYS.logo)).toContain('data:image/svg+xml,login'));
    expect(await screen.findByRole('img', { name: 'Contact Manager' })).toHaveAttribute('src', 'data:image/svg+xml,login');
    first.unmount();
    renderApp(backend, '/login');
    expect(await screen.findByRole('img', { name: 'Contact Manager' })).toHaveAttribute('src', 'data:image/svg+xml,login');
    expect(backend.called('GET /api/cntmng/assets')).toBe(1);
  });

  it('signs an admin in: stores the login data, loads workspace and data model, signs the agent in, fetches agents, goes home', async () => {
    const backend = signedInBackend('admin');
    const app = renderApp(backend, '/login');
    await signIn('admin');
    await waitFor(() => expect(app.path()).toBe('/contacts/list'));
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'admin · admin' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.loggedUser) ?? '{}').username).toBe('admin');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace) ?? '{}').id).toBe('w1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.dataModel) ?? '{}').id).toBe('dm-w1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspaceNames) ?? '[]')).toEqual(['Workspace w1', 'Workspace w2']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.agents) ?? '[]')).toEqual([{ id: 'id-agent', username: 'agent' }]);
    expect(backend.calls.find((call) => call.path === '/api/cntmng/agent/signin')?.body).toEqual({ agentId: 'id-admin', workspaceId: 'w1' });
    expect(backend.calls.filter((call) => call.credentials !== 'include')).toEqual([]);
  });

  it('does not fetch the agents list for a basic agent', async () => {
    const backend = signedInBackend('basic', 'agent');
    const app = renderApp(backend, '/login');
    await signIn('agent');
    await waitFor(() => expect(app.path()).toBe('/contacts/list'));
    expect(backend.called('GET /api/auth/user')).toBe(0);
  });

  it('sends role middle to /reports and shows it as statistic', async () => {
    const backend = signedInBackend('middle', 'statistic');
    const app = renderApp(backend, '/login');
    await signIn('statistic');
    await waitFor(() => expect(app.path()).toBe('/reports'));
    expect(await screen.findByRole('button', { name: 'statistic · statistic' })).toBeInTheDocument();
  });

  it('shows LOGIN FAILED for a wrong password and stays on /login', async () => {
    const backend = signedInBackend('admin');
    backend.on('POST /api/auth/signin', apiError(401, AUTH_MESSAGES.loginFailed));
    const app = renderApp(backend, '/login');
    await signIn('admin', 'wrong');
    expect(await screen.findByText('LOGIN FAILED')).toBeInTheDocument();
    expect(screen.getByText('Wrong username or password')).toBeInTheDocument();
    expect(app.path()).toBe('/login');
    expect(backend.called('POST /api/auth/signout')).toBe(0);
  });

  it('tells a locked account, once its password was right, that it is locked', async () => {
    const backend = signedInBackend('basic', 'agent');
    backend.on('POST /api/auth/signin', apiError(401, AUTH_MESSAGES.accountLocked));
    const app = renderApp(backend, '/login');
    await signIn('agent');
    // headed as the lock met during a session: not a failed login of wrong credentials
    expect(await screen.findByText('Account locked')).toBeInTheDocument();
    expect(screen.queryByText('LOGIN FAILED')).not.toBeInTheDocument();
    expect(screen.getByText('Your account is locked: ask an administrator to unlock it')).toBeInTheDocument();
    expect(screen.queryByText('Wrong username or password')).not.toBeInTheDocument();
    expect(app.path()).toBe('/login');
  });

  it.each([
    [AUTH_MESSAGES.passwordExpired, 'Your password has expired: choose a new one'],
    [AUTH_MESSAGES.temporaryPassword, 'Your password is temporary: choose a new one'],
  ])("'%s' warns, in the user's language, and opens /changepassword with the username", async (message, shown) => {
    const backend = signedInBackend('basic', 'scaduto');
    backend.on('POST /api/auth/signin', apiError(403, message, [{ message }]));
    const app = renderApp(backend, '/login');
    await signIn('scaduto');
    expect(await screen.findByText('CHANGE PASSWORD REQUIRED')).toBeInTheDocument();
    expect(screen.getByText(shown)).toBeInTheDocument();
    await waitFor(() => expect(app.path()).toBe('/changepassword'));
    expect(await screen.findByLabelText('Username')).toHaveValue('scaduto');
  });

  it('asks a system administrator for a group, then signs in with it', async () => {
    const backend = signedInBackend('admin', 'sysadmin');
    const signedIn = backend.calls;
    backend.on('POST /api/auth/signin', (body) => {
      const { group } = body as { group?: string };
      if (!group) return [200, { data: { groupRequired: true, groups: [{ id: 'g1', name: 'Gruppo Nord' }, { id: 'g2', name: 'Gruppo Sud' }] } }];
      return [200, { data: { user: { id: 'id-sysadmin', username: 'sysadmin', role: 'admin', groupId: group, isSysadmin: true, groups: [] }, sessionStart: Date.now(), sessionTimeout: 1_800_000 } }];
    });
    const app = renderApp(backend, '/login');
    const user = await signIn('sysadmin');
    const group = await screen.findByLabelText('Group');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('A group must be chosen')).toBeInTheDocument();
    await user.selectOptions(group, 'g2');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.path()).toBe('/contacts/list'));
    expect(signedIn.filter((call) => call.path === '/api/auth/signin').map((call) => call.body)).toEqual([
      { username: 'sysadmin', password: 'Demo2026!' },
      { username: 'sysadmin', password: 'Demo2026!', group: 'g2' },
    ]);
  });

  it('one toast per message of an errors list, under the error heading', async () => {
    const backend = signedInBackend('admin');
    backend.on('POST /api/auth/signin', apiError(429, AUTH_MESSAGES.tooManyAttempts, [{ message: AUTH_MESSAGES.tooManyAttempts }]));
    renderApp(backend, '/login');
    await signIn('admin', 'x');
    expect(await screen.findByText('Too many failed sign-ins: try again later')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });

  it('changes and stores the language; Italian is the default', async () => {
    localStorage.clear();
    const backend = signedInBackend('admin');
    const { services } = renderApp(backend, '/login', { language: 'it-IT' });
    expect(await screen.findByRole('button', { name: 'Accedi' })).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getAllByLabelText('Lingua')[0], 'en-GB');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en-GB');
    expect(services.i18n.language).toBe('en-GB');
  });
});

describe('after a session expired', () => {
  it('the same user signs in back to the workspace and page they were on; the resume point is used once', async () => {
    storeSession('admin', 'admin', workspace('w2'));
    const backend = signedInBackend('admin');
    const app = renderApp(backend, '/events');
    await waitFor(() => expect(app.path()).toBe('/events'));
    await act(() => app.services.expireSession());
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.resume) ?? 'null')).toEqual({ userId: 'id-admin', workspaceId: 'w2', path: '/events' });
    await signIn('admin');
    await waitFor(() => expect(app.path()).toBe('/events'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace) ?? '{}').id).toBe('w2');
    expect(localStorage.getItem(STORAGE_KEYS.resume)).toBeNull();
  });

  it('another user signing in at that browser starts at their own home, in the first workspace; a logout forgets the point', async () => {
    localStorage.setItem(STORAGE_KEYS.resume, JSON.stringify({ userId: 'id-someone-else', workspaceId: 'w2', path: '/events' }));
    const backend = signedInBackend('admin');
    const app = renderApp(backend, '/login');
    await signIn('admin');
    await waitFor(() => expect(app.path()).toBe('/contacts/list'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace) ?? '{}').id).toBe('w1');
    localStorage.setItem(STORAGE_KEYS.resume, JSON.stringify({ userId: 'id-admin', workspaceId: 'w2', path: '/events' }));
    await act(() => app.services.logout());
    expect(localStorage.getItem(STORAGE_KEYS.resume)).toBeNull();
  });
});

