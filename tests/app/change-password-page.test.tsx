import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { apiError, signedInBackend } from './support/fake-backend';
import { renderApp, setViewportWidth } from './support/render-app';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1280);
});

const keysOf = (field: string): string[] =>
  Array.from(document.querySelectorAll(`[data-testid="${field}-errors"] [data-message-key]`)).map((item) => item.getAttribute('data-message-key') ?? '');

describe('change password page', () => {
  it('shows each broken rule with its own message key and keeps submit disabled', async () => {
    renderApp(signedInBackend('basic', 'scaduto'), '/changepassword');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Change password' });
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Username'), 'x');
    await user.clear(screen.getByLabelText('Username'));
    expect(keysOf('username')).toEqual(['usernameCantBeEmpty']);
    expect(screen.getByText('Username cannot be empty')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Old password'), 'x');
    await user.clear(screen.getByLabelText('Old password'));
    expect(keysOf('oldPassword')).toEqual(['oldPasswordCantBeEmpty']);

    await user.type(screen.getByLabelText('New password'), 'a');
    expect(keysOf('newPassword')).toEqual(['newPasswordNeedsUpperCase', 'newPasswordNeedsDigit', 'newPasswordNeedsSpecialCharacter', 'newPasswordTooShort']);
    await user.type(screen.getByLabelText('New password'), 'A1');
    expect(keysOf('newPassword')).toEqual(['newPasswordNeedsSpecialCharacter', 'newPasswordTooShort']);
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'AAAA1111!');
    expect(keysOf('newPassword')).toEqual(['newPasswordNeedsLowerCase']);
    expect(screen.getByText('The new password needs a lower-case letter')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    expect(keysOf('confirmPassword')).toEqual(['oldPasswordAndNewPasswordDontMatch']);
    expect(submit).toBeDisabled();
  });

  it('says the new password must differ from the old one as it is typed (the server refuses it), whichever is typed last', async () => {
    renderApp(signedInBackend('basic', 'scaduto'), '/changepassword');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'scaduto');
    await user.type(screen.getByLabelText('Old password'), 'Demo2026!');
    await user.type(screen.getByLabelText('New password'), 'Demo2026!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Demo2026!');
    expect(keysOf('newPassword')).toEqual(['newPasswordSameAsOld']);
    expect(screen.getByText('The new password must differ from the old one')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
    // Changing the old password clears it.
    await user.type(screen.getByLabelText('Old password'), 'x');
    await waitFor(() => expect(keysOf('newPassword')).toEqual([]));
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });

  it('enables submit once every field is valid, then signs in, loads workspace and data model and goes home', async () => {
    const backend = signedInBackend('basic', 'temporaneo');
    backend.on('POST /api/auth/signin/pass-change', [200, { data: { user: { id: 'id-temporaneo', username: 'temporaneo', role: 'basic', groupId: null, isSysadmin: false, groups: [] }, sessionStart: Date.now(), sessionTimeout: 1_800_000 } }]);
    const app = renderApp(backend, '/changepassword');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'temporaneo');
    await user.type(screen.getByLabelText('Old password'), 'Demo2026!');
    await user.type(screen.getByLabelText('New password'), 'Nuova2026!');
    const submit = screen.getByRole('button', { name: 'Change password' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm new password'), 'Nuova2026!');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(app.path()).toBe('/contacts/list'));
    expect(backend.calls.find((call) => call.path === '/api/auth/signin/pass-change')?.body).toEqual({ username: 'temporaneo', oldPassword: 'Demo2026!', newPassword: 'Nuova2026!' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.loggedUser) ?? '{}').username).toBe('temporaneo');
    expect(localStorage.getItem(STORAGE_KEYS.dataModel)).toContain('dm-w1');
  });

  it('a 401 here is an error toast, not a sign-out', async () => {
    const backend = signedInBackend('basic', 'scaduto');
    backend.on('POST /api/auth/signin/pass-change', apiError(401, 'LOGIN FAILED'));
    const app = renderApp(backend, '/changepassword');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'scaduto');
    await user.type(screen.getByLabelText('Old password'), 'wrong');
    await user.type(screen.getByLabelText('New password'), 'Nuova2026!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Nuova2026!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('LOGIN FAILED')).toBeInTheDocument();
    expect(app.path()).toBe('/changepassword');
  });
});
