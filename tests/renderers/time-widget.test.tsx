import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import type { ContactFormHandle } from '@renderers/ContactForm/ContactForm';
import type { RendererLocale } from '@renderers/form-context';
import { readTime, stepTime } from '@renderers/widgets/TimeWidget/time-text';
import type { JsonSchema, UiSchema } from '@translator/types';
import { TIME_PATTERN } from '@translator/translate-form';
import { renderForm } from './render-support';

const schema: JsonSchema = {
  type: 'object',
  required: ['appuntamento'],
  properties: {
    richiamo: { type: 'string', title: 'Orario preferito di richiamo', pattern: TIME_PATTERN },
    appuntamento: { type: 'string', title: 'Ora appuntamento', pattern: TIME_PATTERN },
  },
};
const uiSchema: UiSchema = { richiamo: { 'ui:widget': 'time' }, appuntamento: { 'ui:widget': 'time' } };

afterEach(async () => { await act(async () => { await new Promise((r) => setTimeout(r, 20)); }); });

describe('readTime', () => {
  it.each([
    ['14:30', '14:30'], ['1430', '14:30'], ['14.30', '14:30'], ['930', '09:30'], ['9:05', '09:05'], ['9', '09:00'], ['14:', '14:00'],
    ['00:00', '00:00'], ['23:59', '23:59'], ['14:30:15', '14:30:15'], [' 08:15 ', '08:15'],
  ])('%s is %s', (text, value) => expect(readTime(text)).toEqual({ kind: 'valid', value }));
  it.each(['25:61', '24:00', '12:60', '2561', '25', '14:7', 'ab', '2:30 PM', '123:45'])('%s is impossible', (text) => expect(readTime(text).kind).toBe('impossible'));
  it.each(['14:3', '14:30:', '14:30:5'])('%s is incomplete', (text) => expect(readTime(text).kind).toBe('incomplete'));
  it('steps hours and minutes around the day', () => {
    expect(stepTime('23:59', 'minutes', 1)).toBe('00:00');
    expect(stepTime('00:10', 'hours', -1)).toBe('23:10');
    expect(stepTime('14:30:15', 'minutes', -1)).toBe('14:29:15');
  });
});

describe('time widget', () => {
  it.each<RendererLocale>(['it-IT', 'en-US', 'en-GB'])('shows and takes 24-hour HH:mm in %s, whatever the browser locale', async (locale) => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderForm(schema, uiSchema, { formData: { appuntamento: '22:45' }, locale, onChange });
    const appuntamento = screen.getByRole('textbox', { name: 'Ora appuntamento' });
    // a text input: the browser's time input would show "10:45 PM" under an en-US browser
    expect(appuntamento).toHaveAttribute('type', 'text');
    expect(appuntamento).toHaveValue('22:45');
    const richiamo = screen.getByRole('textbox', { name: 'Orario preferito di richiamo' });
    expect(richiamo).toHaveAttribute('placeholder', 'HH:MM');
    await user.type(richiamo, '14:30');
    expect(onChange).toHaveBeenLastCalledWith({ appuntamento: '22:45', richiamo: '14:30' }, 'richiamo');
    await user.clear(richiamo);
    await user.type(richiamo, '1430');
    expect(onChange).toHaveBeenLastCalledWith({ appuntamento: '22:45', richiamo: '14:30' }, 'richiamo');
    await user.tab();
    expect(richiamo).toHaveValue('14:30');
    expect(richiamo).not.toHaveAttribute('aria-invalid');
  });

  it.each(['25:61', '14:3', 'ab'])('reports %s as typed, so the form refuses it (never an emptied field), with one clear error', async (typed) => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const form = createRef<ContactFormHandle>();
    renderForm(schema, uiSchema, { formData: { appuntamento: '10:00', richiamo: '10:15' }, onChange, handle: form });
    const richiamo = screen.getByRole('textbox', { name: 'Orario preferito di richiamo' });
    await user.clear(richiamo);
    await user.type(richiamo, typed);
    await user.tab();
    expect(richiamo).toHaveValue(typed);
    expect(richiamo).toHaveAttribute('aria-invalid', 'true');
    // the text as typed, not undefined: a save sends an undefined field as emptied
    expect(onChange.mock.lastCall?.[0]).toEqual({ appuntamento: '10:00', richiamo: typed });
    let errors: Record<string, string[]> = {};
    act(() => { errors = form.current?.validate() ?? {}; });
    expect(errors).toEqual({ richiamo: ['Orario non valido: usare HH:MM, da 00:00 a 23:59'] });
    // one message for one problem, which the field is described by
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent('Orario non valido: usare HH:MM, da 00:00 a 23:59');
    expect(richiamo.getAttribute('aria-describedby')).toContain(alerts[0].id);
  });

  it('says so in English too; emptying the field reports no value', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderForm(schema, uiSchema, { locale: 'en-GB', onChange });
    const richiamo = screen.getByRole('textbox', { name: 'Orario preferito di richiamo' });
    await user.type(richiamo, '14:3');
    await user.tab();
    expect(screen.getByText('Invalid time: use HH:MM, from 00:00 to 23:59')).toBeInTheDocument();
    await user.clear(richiamo);
    expect(onChange.mock.lastCall?.[0].richiamo).toBeUndefined();
    expect(screen.queryByText(/Invalid time/)).toBeNull();
  });

  it('steps the hour or the minute under the caret with the arrows', async () => {
    const onChange = jest.fn();
    renderForm(schema, uiSchema, { formData: { appuntamento: '09:59' }, onChange });
    const appuntamento = screen.getByRole<HTMLInputElement>('textbox', { name: 'Ora appuntamento' });
    act(() => { appuntamento.focus(); appuntamento.setSelectionRange(4, 4); });
    fireEvent.keyDown(appuntamento, { key: 'ArrowUp' });
    expect(appuntamento).toHaveValue('10:00');
    act(() => { appuntamento.setSelectionRange(1, 1); });
    fireEvent.keyDown(appuntamento, { key: 'ArrowDown' });
    expect(appuntamento).toHaveValue('09:00');
    expect(onChange).toHaveBeenLastCalledWith({ appuntamento: '09:00' }, 'appuntamento');
  });

  it('shows a stored time in the show view as it is', () => {
    renderForm(schema, { ...uiSchema, 'ui:readonly': true }, { formData: { appuntamento: '14:05' }, locale: 'en-US' });
    expect(screen.getByRole('textbox', { name: 'Ora appuntamento' })).toHaveTextContent('14:05');
  });
});
