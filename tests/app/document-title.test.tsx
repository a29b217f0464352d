import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { documentTitle } from '@app/routes/screens';
import { signedInBackend } from './support/fake-backend';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

/** The browser tab names the screen, its workspace and the product, in the app's language (one place: the registry). */

const ID = 'abcdefabcdefabcdefabcdef';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1280);
  document.title = 'Contact Manager';
});

describe('the tab title', () => {
  it('signed out: the sign-in page', async () => {
    renderApp(signedInBackend('admin'), '/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(document.title).toBe('Sign in — Contact Manager'));
  });

  it('signed out on a signed-in path: the not-found page it shows', async () => {
    renderApp(signedInBackend('admin'), '/dashboard');
    await screen.findByText('Page Not Found');
    expect(document.title).toBe('Page Not Found — Contact Manager');
  });

  it('signed in: the screen and the workspace, and it follows a switch of language', async () => {
    storeSession('admin');
    renderApp(signedInBackend('admin'), '/contacts/list');
    await screen.findByRole('heading', { name: 'Contacts' });
    await waitFor(() => expect(document.title).toBe('Contacts · Workspace w1 — Contact Manager'));
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'it-IT');
    await waitFor(() => expect(document.title).toBe('Contatti · Workspace w1 — Contact Manager'));
  });

  it("on a contact: the contact's id", async () => {
    storeSession('admin');
    renderApp(signedInBackend('admin'), `/contacts/show/${ID}`, { language: 'it-IT' });
    await waitFor(() => expect(document.title).toBe(`Contatto ${ID} · Workspace w1 — Contact Manager`));
  });
});

describe('documentTitle', () => {
  const t = (key: string, options?: Record<string, string>) => (options?.id ? `${key}(${options.id})` : key);
  it.each([
    ['/contacts/list', true, 'nav.contacts · Energia Casa — app.title'],
    [`/contacts/edit/${ID}`, true, `contactWork.edit.title(${ID}) · Energia Casa — app.title`],
    ['/setting', true, 'nav.setting · Energia Casa — app.title'],
    ['/404', true, 'pages.notFound.title · Energia Casa — app.title'],
    // a path that is no screen is on its way home
    ['/nowhere', true, 'app.title'],
    ['/changepassword', false, 'changePassword.title — app.title'],
    ['/contacts/list', false, 'pages.notFound.title — app.title'],
  ])('%s (signed in: %s)', (path, signedIn, expected) => {
    expect(documentTitle(path, t, { signedIn, workspaceName: 'Energia Casa' })).toBe(expected);
  });
});
