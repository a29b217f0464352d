import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { DayInput } from '@app/ui/DayInput/DayInput';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';

/** A day typed that is not one says so in the user's language (Blueprint writes "Invalid date" in every language). */
it.each([
  ['it-IT', 'Data non valida'],
  ['en-GB', 'Invalid date'],
])('in %s an impossible day reads %s once the field is left', async (language, message) => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  const onChange = jest.fn();
  render(
    <I18nextProvider i18n={createI18nWithScreens(localStorage)}>
      <DayInput id="day" value={null} onChange={onChange} />
      <button type="button">next</button>
    </I18nextProvider>,
  );
  const ui = userEvent.setup();
  const field = document.getElementById('day') as HTMLInputElement;
  await ui.type(field, '45/13/2026');
  await ui.click(screen.getByRole('button', { name: 'next' }));
  expect(field).toHaveValue(message);
  expect(onChange).not.toHaveBeenCalledWith(expect.any(String));
});
