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

it.each([
  ['it-IT', ['Mese precedente', 'Mese successivo'], ['Mese', 'Anno']],
  ['en-GB', ['Previous month', 'Next month'], ['Month', 'Year']],
])('in %s the calendar names its month buttons and pickers in the user\'s language', async (language, buttons, pickers) => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  render(<I18nextProvider i18n={createI18nWithScreens(localStorage)}><DayInput id="day" value="2026-11-10" onChange={() => undefined} /></I18nextProvider>);
  await userEvent.setup().click(document.getElementById('day') as HTMLInputElement);
  for (const name of buttons) expect(await screen.findByRole('button', { name })).toBeInTheDocument();
  for (const name of pickers) expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Go to next month' })).toBeNull();
});

it('text that is no day marks the field in error and tells its owner, without changing the day; a day again clears it', async () => {
  localStorage.setItem(STORAGE_KEYS.language, 'en-GB');
  const onChange = jest.fn();
  const onInvalidText = jest.fn();
  render(
    <I18nextProvider i18n={createI18nWithScreens(localStorage)}>
      <DayInput id="day" value="2026-02-10" onChange={onChange} onInvalidText={onInvalidText} />
      <button type="button">next</button>
    </I18nextProvider>,
  );
  const ui = userEvent.setup();
  const field = document.getElementById('day') as HTMLInputElement;
  await ui.type(field, '31/02/2026', { initialSelectionStart: 0, initialSelectionEnd: field.value.length });
  await ui.click(screen.getByRole('button', { name: 'next' }));
  expect(field).toHaveValue('Invalid date');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field.closest('.bp6-input-group')).toHaveClass('bp6-intent-danger');
  expect(onInvalidText).toHaveBeenLastCalledWith(true);
  expect(onChange).not.toHaveBeenCalled();

  await ui.type(field, '28/02/2026', { initialSelectionStart: 0, initialSelectionEnd: field.value.length });
  await ui.click(screen.getByRole('button', { name: 'next' }));
  expect(onChange).toHaveBeenLastCalledWith('2026-02-28');
  expect(onInvalidText).toHaveBeenLastCalledWith(false);
  expect(field).not.toHaveAttribute('aria-invalid');
});
