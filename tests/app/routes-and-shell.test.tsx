import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { apiError, signedInBackend } from './support/fake-backend';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1280);
});

describe('routes when logged out (spec 1 §2)', () => {
  it('/ goes to /login', async () => {
    const app = renderApp(signedInBackend('admin'), '/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.path()).toBe('/login');
  });

  it.each(['/contacts/list', '/dashboard', '/whatever'])('%s shows the not-found page, then goes home: /login', async (path) => {
    const app = renderApp(signedInBackend('admin'), path);
    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
    expect(screen.getByText('You will be taken to the sign-in page in a moment.')).toBeInTheDocument();
    expect(app.path()).toBe(path);
    await waitFor(() => expect(app.path()).toBe('/login'), { timeout: 3_000 });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('/changepassword is reachable', async () => {
    renderApp(signedInBackend('admin'), '/changepassword');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
  });

  it('the embed route keeps its data, and login then returns to it', async () => {
    const backend = signedInBackend('basic', 'agent');
    const app = renderApp(backend, '/contacts/embed/c1/camp/ag/guid-1/3331234567/w1');
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.embedData) ?? '{}')).toEqual({ contactId: 'c1', campaign: 'camp', agent: 'ag', guid: 'guid-1', callerid: '3331234567', workspaceId: 'w1' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'agent');
    await user.type(screen.getByLabelText('Password'), 'Demo2026!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.path()).toBe('/contacts/embed/c1/camp/ag/guid-1/3331234567/w1'));
    // the embed view shows only the workspace name and the language selector: no breadcrumb of the call's segments
    expect(await screen.findByText('Workspace w1')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    // nothing else in the bar: no theme switch, no sign-out, no menu
    const bar = document.querySelector('.cm-navbar') as HTMLElement;
    expect(within(bar).queryAllByRole('button')).toEqual([]);
    expect(within(bar).getAllByRole('combobox')).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'agent · basic' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Contacts' })).not.toBeInTheDocument();
  });
});

describe('workspace switch (spec 1 §4)', () => {
  it('a switch that fails keeps the workspace the user was in, with its menu, and does not reload', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    backend.on('GET /api/cntmng/user/workspace/w2', apiError(403, 'Workspace w2 is not enabled for this user'));
    const app = renderApp(backend, '/contacts/list');
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Workspace' });
    await userEvent.setup().selectOptions(select, 'w2');
    await waitFor(() => expect(backend.called('GET /api/cntmng/user/workspace/w2')).toBe(1));
    await waitFor(() => expect(select).not.toBeDisabled());
    expect(select).toHaveValue('w1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace) ?? 'null')).toMatchObject({ id: 'w1' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.dataModel) ?? 'null')).toMatchObject({ id: 'dm-w1' });
    expect(screen.getByRole('button', { name: 'Contacts' })).toBeInTheDocument();
    expect(app.reload).not.toHaveBeenCalled();
    expect(app.path()).toBe('/contacts/list');
  });
});

describe('workspace switch with the keyboard (a closed select changes on arrow keys on Windows)', () => {
  const keyChange = (select: HTMLElement, value: string) => {
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value } });
    fireEvent.keyUp(select, { key: 'ArrowDown' });
  };

  it('an arrow key only moves the choice; Enter switches', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    const app = renderApp(backend, '/contacts/list');
    const select = await screen.findByRole('combobox', { name: 'Workspace' });
    act(() => select.focus());
    keyChange(select, 'w2');
    await act(async () => undefined);
    expect(select).toHaveValue('w2');
    expect(backend.called('GET /api/cntmng/user/workspace/w2')).toBe(0);
    expect(app.reload).not.toHaveBeenCalled();
    fireEvent.keyDown(select, { key: 'Enter' });
    await waitFor(() => expect(app.reload).toHaveBeenCalled());
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace) ?? '{}').id).toBe('w2');
  });

  it('Escape puts the current workspace back; leaving the field with another one chosen switches', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    const app = renderApp(backend, '/contacts/list');
    const select = await screen.findByRole('combobox', { name: 'Workspace' });
    act(() => select.focus());
    keyChange(select, 'w2');
    fireEvent.keyDown(select, { key: 'Escape' });
    expect(select).toHaveValue('w1');
    act(() => select.blur());
    await act(async () => undefined);
    expect(backend.called('GET /api/cntmng/user/workspace/w2')).toBe(0);
    act(() => select.focus());
    keyChange(select, 'w2');
    expect(app.reload).not.toHaveBeenCalled();
    act(() => select.blur());
    await waitFor(() => expect(app.reload).toHaveBeenCalled());
    expect(backend.called('GET /api/cntmng/user/workspace/w2')).toBe(1);
  });
});

describe('routes when logged in (spec 1 §2)', () => {
  it.each(['/', '/login', '/changepassword', '/no/such/page'])('%s redirects home', async (path) => {
    storeSession('admin');
    const app = renderApp(signedInBackend('admin'), path);
    await waitFor(() => expect(app.path()).toBe('/contacts/list'));
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
  });

  it('home comes from the workspace view configuration when it has one', async () => {
    storeSession('basic', 'agent', { id: 'w1', name: 'Workspace w1', dataModelId: 'dm-w1', enabled: true, viewsConfig: { basic: { views: ['sms', 'list'], sms: { visible: true }, _home: { path: '/sms' } } } });
    const app = renderApp(signedInBackend('basic', 'agent'), '/');
    await waitFor(() => expect(app.path()).toBe('/sms'));
    expect(await screen.findByRole('heading', { name: 'SMS' })).toBeInTheDocument();
  });

  it('/404 shows Page Not Found, then goes home after 2 s', async () => {
    storeSession('admin');
    const app = renderApp(signedInBackend('admin'), '/404');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(app.path()).toBe('/404');
    await waitFor(() => expect(app.path()).toBe('/contacts/list'), { timeout: 3_000 });
  });

  it('a missing permission leads to /403', async () => {
    storeSession('basic', 'agent');
    const app = renderApp(signedInBackend('basic', 'agent'), '/dashboard');
    await waitFor(() => expect(app.path()).toBe('/403'));
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
  });

  it('/contacts/edit/:id needs 24 hexadecimal characters, else /404', async () => {
    storeSession('admin');
    const app = renderApp(signedInBackend('admin'), '/contacts/edit/not-an-id');
    await waitFor(() => expect(app.path()).toBe('/404'));
  });

  it('/contacts/edit with a valid id opens the edit screen, which loads that contact', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    const app = renderApp(backend, '/contacts/edit/0123456789abcdef01234567');
    await waitFor(() => expect(backend.called('GET /api/cntmng/contact/0123456789abcdef01234567')).toBe(1));
    expect(app.path()).toBe('/contacts/edit/0123456789abcdef01234567');
  });

  it('a failed session check leads to the logged-out state', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    backend.on('GET /api/auth/session', apiError(401, 'Unauthorized'));
    const app = renderApp(backend, '/dashboard');
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.loggedUser)).toBeNull();
  });

  it('a 401 on any call signs the user out and goes to /login', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    const app = renderApp(backend, '/contacts/list');
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    backend.on('GET /api/cntmng/user/workspace/w2', apiError(401, 'Unauthorized'));
    await act(async () => {
      await app.services.api.workspaces.get('w2').catch(() => undefined);
    });
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.loggedUser)).toBeNull();
    expect(backend.called('POST /api/auth/signout')).toBe(1);
  });
});

describe('navigation bar', () => {
  it('shows the items the role may use, the badge and the breadcrumb', async () => {
    storeSession('admin');
    renderApp(signedInBackend('admin'), '/contacts/list');
    const bar = await screen.findByRole('navigation', { name: 'Contact Manager' });
    const items = within(bar).getAllByRole('button').map((button) => button.textContent);
    // no viewsConfig: the menu is Contacts (spec 1 §6), Dashboard, Events and Reports (spec 3 §6); no SMS nor
    // flows management item without a view configuration
    expect(items).toEqual(['Contacts', 'Dashboard', 'Events']);
    expect(screen.getByRole('button', { name: 'Workspace configuration' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Users settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'admin · admin' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('Contacts')).toBeInTheDocument();
    expect(within(crumbs).getByText('List')).toBeInTheDocument();
  });

  it('marks the button of the current screen with aria-current="page"', async () => {
    storeSession('admin');
    renderApp(signedInBackend('admin'), '/contacts/list');
    const bar = await screen.findByRole('navigation', { name: 'Contact Manager' });
    expect(within(bar).getByRole('button', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).getByRole('button', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Workspace configuration' })).not.toHaveAttribute('aria-current');
  });

  it('the gear of the workspace configuration says it is the current page there', async () => {
    storeSession('admin');
    renderApp(signedInBackend('admin'), '/workspaceconfig');
    expect(await screen.findByRole('button', { name: 'Workspace configuration' })).toHaveAttribute('aria-current', 'page');
    const bar = screen.getByRole('navigation', { name: 'Contact Manager' });
    expect(within(bar).getByRole('button', { name: 'Contacts' })).not.toHaveAttribute('aria-current');
  });

  it('a breadcrumb crumb is a link with its path: Enter follows it inside the app', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    // The contact stays loading: the page stays a contact page until the crumb is followed.
    backend.on('GET /api/cntmng/contact/0123456789abcdef01234567', () => new Promise<[number, unknown]>(() => undefined));
    const app = renderApp(backend, '/contacts/show/0123456789abcdef01234567');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const contacts = within(crumbs).getByRole('link', { name: 'Contacts' });
    expect(contacts).toHaveAttribute('href', '/contacts');
    expect(within(crumbs).queryByRole('link', { name: '0123456789abcdef01234567' })).not.toBeInTheDocument();
    contacts.focus();
    await userEvent.setup().keyboard('{Enter}');
    // /contacts is no screen of its own: the app takes it home.
    await waitFor(() => expect(app.path()).toBe('/contacts/list'));
  });

  it('a plain click on a crumb stays in the app; a click with Ctrl is left to the browser', async () => {
    storeSession('admin');
    renderApp(signedInBackend('admin'), '/contacts/list');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const contacts = within(crumbs).getByRole('link', { name: 'Contacts' });
    expect(fireEvent.click(contacts, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(contacts)).toBe(false);
  });

  it('a basic agent sees Contacts but neither the gear nor the users settings', async () => {
    storeSession('basic', 'agent');
    renderApp(signedInBackend('basic', 'agent'), '/contacts/list');
    const bar = await screen.findByRole('navigation', { name: 'Contact Manager' });
    expect(within(bar).getAllByRole('button').map((button) => button.textContent)).toEqual(['Contacts']);
    expect(screen.queryByRole('button', { name: 'Workspace configuration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Users settings' })).not.toBeInTheDocument();
  });

  it('Reports shows only when the workspace has custom reports', async () => {
    storeSession('admin', 'admin', { id: 'w1', name: 'Workspace w1', dataModelId: 'dm-w1', enabled: true, customReportConfig: [{ id: 'r1', name: 'Esiti', renderAllowed: true, templateName: 'esiti' }] });
    renderApp(signedInBackend('admin'), '/contacts/list');
    const bar = await screen.findByRole('navigation', { name: 'Contact Manager' });
    expect(within(bar).getAllByRole('button').map((button) => button.textContent)).toContain('Reports');
  });

  it('clicking the user badge logs out: signout, local data cleared, /login', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    const app = renderApp(backend, '/contacts/list');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'admin · admin' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(backend.called('POST /api/auth/signout')).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.loggedUser)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.workspace)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en-US');
  });

  it('switches workspace: loads and stores the new one with its data model, then reloads', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    const app = renderApp(backend, '/contacts/list');
    await userEvent.setup().selectOptions(await screen.findByLabelText('Workspace'), 'w2');
    await waitFor(() => expect(app.reload).toHaveBeenCalled());
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace) ?? '{}').id).toBe('w2');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.dataModel) ?? '{}').id).toBe('dm-w2');
    expect(backend.calls.filter((call) => call.path === '/api/cntmng/agent/signin').map((call) => call.body)).toEqual([{ agentId: 'id-admin', workspaceId: 'w2' }]);
  });

  it("refuses to switch workspace on a contact page", async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    // The contact stays loading: an unknown contact would send the screen to /404 (no longer a contact page), and how
    // soon depends on how busy the machine is.
    backend.on('GET /api/cntmng/contact/0123456789abcdef01234567', () => new Promise<[number, unknown]>(() => undefined));
    const app = renderApp(backend, '/contacts/show/0123456789abcdef01234567');
    await waitFor(() => expect(backend.called('GET /api/cntmng/contact/0123456789abcdef01234567')).toBeGreaterThan(0));
    await userEvent.setup().selectOptions(await screen.findByLabelText('Workspace'), 'w2');
    expect(await screen.findByText("You can't change workspace while from this page")).toBeInTheDocument();
    expect(app.reload).not.toHaveBeenCalled();
    expect(backend.called('GET /api/cntmng/user/workspace/w2')).toBe(0);
  });

  it('under 1440 px the bar keeps one row: the language select shows codes (options still named in full), the workspace select titles the full name', async () => {
    storeSession('admin');
    renderApp(signedInBackend('admin'), '/contacts/list');
    const language = await screen.findByRole('combobox', { name: 'Language' });
    expect(within(language).getAllByRole('option').map((option) => option.textContent)).toEqual(['IT', 'EN-US', 'EN-GB']);
    expect(within(language).getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual(['Italiano', 'English (US)', 'English (UK)']);
    expect(language).toHaveValue('en-US');
    expect(language).toHaveAttribute('title', 'Language: English (US)');
    expect(screen.getByRole('combobox', { name: 'Workspace' })).toHaveAttribute('title', 'Workspace w1');
  });

  it('from 1440 px the language select shows the full names', async () => {
    setViewportWidth(1440);
    storeSession('admin');
    renderApp(signedInBackend('admin'), '/contacts/list');
    const language = await screen.findByRole('combobox', { name: 'Language' });
    expect(within(language).getAllByRole('option').map((option) => option.textContent)).toEqual(['Italiano', 'English (US)', 'English (UK)']);
    expect(language).not.toHaveAttribute('title');
  });

  it('below 768 px the items move into a drawer', async () => {
    setViewportWidth(600);
    storeSession('admin');
    renderApp(signedInBackend('admin'), '/contacts/list');
    const open = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('button', { name: 'Dashboard' })).not.toBeInTheDocument();
    await userEvent.setup().click(open);
    await waitFor(() => expect(document.querySelector('.cm-nav-drawer')).not.toBeNull());
    const drawer = document.querySelector('.cm-nav-drawer') as HTMLElement;
    expect(within(drawer).getByRole('button', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'admin · admin' })).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Contact Manager' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
  });
});
