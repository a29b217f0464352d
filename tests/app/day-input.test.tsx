import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
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

describe('by keyboard, as the forms\' date field (QA: Tab walked through the calendar, Esc sent the focus to the page)', () => {
  /** The field with its value kept by an owner, as on /events and /reports. */
  function Owner({ initial, onChange }: { initial: string | null; onChange(day: string | null): void }) {
    const [value, setValue] = useState(initial);
    return <DayInput id="day" value={value} onChange={(day) => { setValue(day); onChange(day); }} />;
  }
  const mount = (value: string | null, onChange: (day: string | null) => void = () => undefined) => {
    localStorage.setItem(STORAGE_KEYS.language, 'it-IT');
    render(
      <I18nextProvider i18n={createI18nWithScreens(localStorage)}>
        <button type="button">before</button>
        <Owner initial={value} onChange={onChange} />
        <button type="button">after</button>
      </I18nextProvider>,
    );
    return document.getElementById('day') as HTMLInputElement;
  };
  const calendar = () => screen.queryByRole('dialog', { name: 'date picker' });

  it('focus leaves the calendar closed: one Tab passes the field, Shift+Tab comes back', async () => {
    const ui = userEvent.setup();
    const input = mount('2026-02-10');
    screen.getByRole('button', { name: 'before' }).focus();
    await ui.tab();
    expect(input).toHaveFocus();
    expect(calendar()).toBeNull();
    await ui.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
    await ui.tab({ shift: true });
    expect(input).toHaveFocus();
    expect(calendar()).toBeNull();
  });

  it('ArrowDown or a click opens the calendar; Esc closes it keeping the focus; a day picked gives the focus back', async () => {
    const ui = userEvent.setup();
    const onChange = jest.fn();
    const input = mount('2026-02-10', onChange);
    screen.getByRole('button', { name: 'before' }).focus();
    await ui.tab();
    await ui.keyboard('{ArrowDown}');
    expect(await screen.findByRole('dialog', { name: 'date picker' })).toBeInTheDocument();
    await ui.keyboard('{Escape}');
    await waitFor(() => expect(calendar()).toBeNull());
    expect(input).toHaveFocus();
    await ui.keyboard('{Escape}');
    expect(input).toHaveFocus();

    await ui.click(input);
    const picker = await screen.findByRole('dialog', { name: 'date picker' });
    await ui.tab();
    expect(picker.contains(document.activeElement)).toBe(true);
    await ui.click(within(picker).getByText('15'));
    await waitFor(() => expect(calendar()).toBeNull());
    expect(input).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('2026-02-15');
    expect(input).toHaveValue('15/02/2026');
  });

  it('a typed day still reaches the owner, with the calendar closed', async () => {
    const ui = userEvent.setup();
    const onChange = jest.fn();
    const input = mount(null, onChange);
    screen.getByRole('button', { name: 'before' }).focus();
    await ui.tab();
    await ui.keyboard('01/03/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-01');
    expect(calendar()).toBeNull();
    await ui.tab();
    expect(input).toHaveValue('01/03/2026');
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });
});
