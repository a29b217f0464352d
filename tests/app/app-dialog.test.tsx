import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { DialogStep } from '@blueprintjs/core';
import { AppDialog } from '@app/ui/AppDialog';
import { AppDrawer } from '@app/ui/AppDrawer';
import { AppMultistepDialog } from '@app/ui/AppMultistepDialog';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';

/** Every dialog of the app: named by its title, and its close button named in the user's language. */
it.each([
  ['it-IT', 'Chiudi'],
  ['en-GB', 'Close'],
])('in %s the close button reads %s, closes the dialog, and the dialog is named by its title', async (language, close) => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  const onClose = jest.fn();
  render(
    <I18nextProvider i18n={createI18nWithScreens(localStorage)}>
      <AppDialog isOpen title="Caricamento massivo utenti" onClose={onClose}><p>corpo</p></AppDialog>
    </I18nextProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Caricamento massivo utenti' });
  expect(screen.queryByRole('button', { name: language === 'it-IT' ? 'Close' : 'Chiudi' })).toBeNull();
  await userEvent.setup().click(screen.getByRole('button', { name: close }));
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(dialog).toHaveTextContent('corpo');
});

it('a dialog that hides its close button has none', () => {
  render(
    <I18nextProvider i18n={createI18nWithScreens(localStorage)}>
      <AppDialog isOpen title="Associazione" isCloseButtonShown={false} onClose={() => undefined}><p>corpo</p></AppDialog>
    </I18nextProvider>,
  );
  expect(screen.getByRole('dialog', { name: 'Associazione' })).toBeInTheDocument();
  expect(screen.queryByRole('button')).toBeNull();
});

it.each([
  ['it-IT', 'Chiudi'],
  ['en-GB', 'Close'],
])('a multistep dialog in %s: its header close button reads %s and closes it, the dialog named by its title', async (language, close) => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  const onClose = jest.fn();
  render(
    <I18nextProvider i18n={createI18nWithScreens(localStorage)}>
      <AppMultistepDialog isOpen title="Nuovo utente" onClose={onClose}>
        <DialogStep id="one" title="Uno" panel={<p>primo passo</p>} />
        <DialogStep id="two" title="Due" panel={<p>secondo passo</p>} />
      </AppMultistepDialog>
    </I18nextProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Nuovo utente' });
  expect(dialog).toHaveTextContent('primo passo');
  expect(screen.queryByRole('button', { name: language === 'it-IT' ? 'Close' : 'Chiudi' })).toBeNull();
  expect(screen.getAllByRole('button', { name: close })).toHaveLength(1);
  await userEvent.setup().click(screen.getByRole('button', { name: close }));
  expect(onClose).toHaveBeenCalledTimes(1);
});

it.each([
  ['it-IT', 'Chiudi'],
  ['en-GB', 'Close'],
])('a drawer in %s: its close button reads %s and closes it', async (language, close) => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  const onClose = jest.fn();
  render(
    <I18nextProvider i18n={createI18nWithScreens(localStorage)}>
      <AppDrawer isOpen title="Dettaglio evento" onClose={onClose}><p>dettaglio</p></AppDrawer>
    </I18nextProvider>,
  );
  expect(screen.getByRole('heading', { name: 'Dettaglio evento' })).toBeInTheDocument();
  expect(screen.getByText('dettaglio')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: language === 'it-IT' ? 'Close' : 'Chiudi' })).toBeNull();
  await userEvent.setup().click(screen.getByRole('button', { name: close }));
  expect(onClose).toHaveBeenCalledTimes(1);
});
