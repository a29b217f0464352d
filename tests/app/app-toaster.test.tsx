import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { AppToaster } from '@app/shell/AppToaster';
import { createToastService } from '@app/shell/toast-service';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';

/** A toast's close button is named in the user's language and dismisses the toast. */
it.each([
  ['it-IT', 'Chiudi', 'Close'],
  ['en-GB', 'Close', 'Chiudi'],
])('in %s a toast closes with a button named %s', async (language, close, other) => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  const toasts = createToastService();
  render(
    <I18nextProvider i18n={createI18nWithScreens(localStorage)}>
      <AppToaster toasts={toasts} />
    </I18nextProvider>,
  );
  act(() => toasts.show({ intent: 'warning', message: 'Contatto già in lavorazione', timeout: 0 }));
  expect(await screen.findByText('Contatto già in lavorazione')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: other })).toBeNull();
  await userEvent.setup().click(screen.getByRole('button', { name: close }));
  await waitFor(() => expect(screen.queryByText('Contatto già in lavorazione')).toBeNull());
});

/**
 * One failure met by several requests at once (a take, the list reload and the counts after it) shows one toast, not
 * three: a toast identical to one on screen (same intent, heading and message) is dropped until that one goes.
 */
describe('identical toasts', () => {
  const renderToaster = () => {
    localStorage.setItem(STORAGE_KEYS.language, 'it-IT');
    const toasts = createToastService();
    render(
      <I18nextProvider i18n={createI18nWithScreens(localStorage)}>
        <AppToaster toasts={toasts} />
      </I18nextProvider>,
    );
    return toasts;
  };
  const failure = { intent: 'danger' as const, heading: 'OPERAZIONE FALLITA', message: 'Workspace chiuso', timeout: 0 };

  it('show once while the first is on screen; a different heading, intent or message still shows', async () => {
    const toasts = renderToaster();
    act(() => {
      toasts.show(failure);
      toasts.show(failure);
      toasts.show(failure);
    });
    expect(await screen.findByText('Workspace chiuso')).toBeInTheDocument();
    await act(() => new Promise((done) => { setTimeout(done, 100); }));
    expect(screen.getAllByText('Workspace chiuso')).toHaveLength(1);
    // the list reload failing a moment after the take: still the one toast
    act(() => toasts.show(failure));
    await act(() => new Promise((done) => { setTimeout(done, 100); }));
    expect(screen.getAllByText('Workspace chiuso')).toHaveLength(1);
    act(() => {
      toasts.show({ ...failure, heading: 'ALTRO' });
      toasts.show({ ...failure, intent: 'warning' });
    });
    await waitFor(() => expect(screen.getAllByText('Workspace chiuso')).toHaveLength(3));
  });

  it('show again once the first has gone', async () => {
    const toasts = renderToaster();
    act(() => toasts.show(failure));
    expect(await screen.findByText('Workspace chiuso')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByText('Workspace chiuso')).toBeNull());
    act(() => toasts.show(failure));
    expect(await screen.findByText('Workspace chiuso')).toBeInTheDocument();
  });

  it('asked for before the toaster is mounted wait as one', async () => {
    const toasts = createToastService();
    toasts.show(failure);
    toasts.show(failure);
    localStorage.setItem(STORAGE_KEYS.language, 'it-IT');
    render(
      <I18nextProvider i18n={createI18nWithScreens(localStorage)}>
        <AppToaster toasts={toasts} />
      </I18nextProvider>,
    );
    expect(await screen.findByText('Workspace chiuso')).toBeInTheDocument();
    await act(() => new Promise((done) => { setTimeout(done, 100); }));
    expect(screen.getAllByText('Workspace chiuso')).toHaveLength(1);
  });
});
