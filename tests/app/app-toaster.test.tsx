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
