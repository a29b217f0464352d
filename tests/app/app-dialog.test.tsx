import { render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
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

describe('a multistep dialog moving between steps', () => {
  const renderSteps = (onChange = jest.fn()) => render(
    <I18nextProvider i18n={createI18nWithScreens(localStorage)}>
      <AppMultistepDialog isOpen title="Nuovo utente" onClose={() => undefined} onChange={onChange} navigationPosition="top">
        <DialogStep id="one" title="Uno" panel={<div className="bp6-dialog-body"><label>Nome <input /></label></div>} />
        <DialogStep id="two" title="Due" panel={<div className="bp6-dialog-body"><label>Ruolo <select><option>base</option></select></label><button type="button">Riprova</button></div>} />
        <DialogStep id="three" title="Tre" panel={<div className="bp6-dialog-body"><p>riepilogo</p></div>} />
      </AppMultistepDialog>
    </I18nextProvider>,
  );

  it('gives the focus to the first field of each new step, Next and Back alike, and to a step without fields itself', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'en-GB');
    const onChange = jest.fn();
    renderSteps(onChange);
    const ui = userEvent.setup();
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Ruolo' })));
    expect(onChange).toHaveBeenCalledWith('two', 'one', expect.anything());
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.activeElement).toHaveTextContent('riepilogo'));
    expect(document.activeElement).not.toBe(document.body);
    await ui.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Ruolo' })));
    await ui.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nome' })));
  });

  it('draws each step header as a tab with no interactive element inside (axe nested-interactive), at every step', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'en-GB');
    renderSteps();
    const tablist = screen.getByRole('tablist');
    const check = async () => {
      const result = await axe.run(screen.getByRole('dialog'), { runOnly: ['nested-interactive', 'aria-required-children', 'aria-required-parent', 'aria-allowed-attr'] });
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await check();
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(tablist).getAllByRole('tab').map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']));
    await check();
    // a step already seen is a tab that leads back to it
    const first = within(tablist).getByRole('tab', { name: /Uno/ });
    expect(first).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('aria-disabled', 'false');
    expect(within(tablist).getByRole('tab', { name: /Tre/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(first);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nome' })));
  });
});
