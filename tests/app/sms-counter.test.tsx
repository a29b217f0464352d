import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { SmsCounter } from '@app/features/sms/SmsPage';
import { smsSize } from '@domain/sms-segments';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';

/**
 * The /sms preview's counter: when the encoding counts more units than the characters shown (€ and the other GSM-7
 * extension characters take two septets, an emoji two UCS-2 units), it says how many, so 151 characters taking
 * 2 SMS of 153 is explained.
 */
const renderCounter = (language: string, text: string) => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  render(<I18nextProvider i18n={createI18nWithScreens(localStorage)}><SmsCounter size={smsSize(text)} /></I18nextProvider>);
  return [screen.getByTestId('sms-characters').textContent, screen.getByTestId('sms-segments').textContent];
};

const WITH_EUROS = `${'a'.repeat(141)}${'€'.repeat(10)}`;

it.each([
  ['it-IT', 'Caratteri: 151 (161 unità GSM-7)', 'SMS: 2'],
  ['en-US', 'Characters: 151 (161 GSM-7 units)', 'SMS: 2'],
  ['en-GB', 'Characters: 151 (161 GSM-7 units)', 'SMS: 2'],
])('%s: 151 characters with 10 € show the 161 septets they take', (language, characters, segments) => {
  expect(renderCounter(language, WITH_EUROS)).toEqual([characters, segments]);
  expect(screen.getByText('GSM-7, 153 per SMS')).toBeInTheDocument();
});

it('a text whose characters are its units shows the characters alone, as before', () => {
  expect(renderCounter('it-IT', 'a'.repeat(151))).toEqual(['Caratteri: 151', 'SMS: 1']);
});

it('an emoji (two UCS-2 units) shows its units too', () => {
  expect(renderCounter('en-US', 'Ciao 😀')).toEqual(['Characters: 6 (7 UCS-2 units)', 'SMS: 1']);
});
