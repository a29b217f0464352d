import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { AppSpinner } from '@app/ui/AppSpinner';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';

/** A screen reader names the app's spinners in the user's language. */
it.each([
  ['it-IT', 'Caricamento…'],
  ['en-GB', 'Loading…'],
])('in %s a spinner is named %s', (language, name) => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  render(<I18nextProvider i18n={createI18nWithScreens(localStorage)}><AppSpinner size={16} /></I18nextProvider>);
  expect(screen.getByRole('progressbar', { name })).toBeInTheDocument();
  expect(screen.queryByRole('progressbar', { name: 'loading' })).toBeNull();
});
