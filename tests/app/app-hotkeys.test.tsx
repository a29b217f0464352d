import { useHotkeys } from '@blueprintjs/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppHotkeys } from '@app/shell/hotkeys/AppHotkeys';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';

const Page = () => {
  const hotkeys = useMemo(() => [{ combo: 'n', global: true, label: 'Prendi il prossimo contatto', onKeyDown: () => undefined }], []);
  const { handleKeyDown } = useHotkeys(hotkeys);
  return <div tabIndex={0} onKeyDown={handleKeyDown}>pagina</div>;
};

/** The `?` help lists the shortcuts in a dialog named, grouped and closed in the user's language. */
it.each([
  ['it-IT', 'Scorciatoie da tastiera', 'Ovunque', 'Chiudi'],
  ['en-GB', 'Keyboard shortcuts', 'Everywhere', 'Close'],
])('in %s the help is %s, its global group %s, its close button %s', async (language, title, group, close) => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  render(<I18nextProvider i18n={createI18nWithScreens(localStorage)}><AppHotkeys><Page /></AppHotkeys></I18nextProvider>);
  const ui = userEvent.setup();
  await ui.keyboard('{Shift>}?{/Shift}');
  const help = await screen.findByRole('dialog', { name: title });
  expect(within(help).getByText(group)).toBeInTheDocument();
  expect(within(help).getByText('Prendi il prossimo contatto')).toBeInTheDocument();
  expect(within(help).queryByRole('button', { name: language === 'it-IT' ? 'Close' : 'Chiudi' })).toBeNull();
  await ui.click(within(help).getByRole('button', { name: close }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});
