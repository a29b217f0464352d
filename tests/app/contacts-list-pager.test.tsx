import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Pager } from '@app/features/contacts-list/ContactsListScreen';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';

/**
 * The list's pager shows its total in the language's digits: exact totals of a million contacts are common (the kept
 * counts, issue 12), and a capped one keeps its "+" and its unknown last page.
 */
const renderPager = (language: string, list: { total: number; totalCapped: boolean; pageCount: number }) => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  const i18n = createI18nWithScreens(localStorage);
  render(
    <I18nextProvider i18n={i18n}>
      <Pager list={{ ...list, page: 0, length: 25, pageSizes: [25, 50, 100], setPage: () => undefined, setLength: () => undefined }} />
    </I18nextProvider>,
  );
};

afterEach(() => localStorage.clear());

it.each([
  ['it-IT', '247.522 contatti', 'Pagina 1 di 9901'], // Italian groups digits from five up
  ['en-US', '247,522 contacts', 'Page 1 of 9,901'],
  ['en-GB', '247,522 contacts', 'Page 1 of 9,901'],
])('%s: an exact total of 247,522 reads %s, %s, and Last is on', (language, total, pages) => {
  renderPager(language, { total: 247_522, totalCapped: false, pageCount: 9_901 });
  expect(screen.getByText(total)).toBeTruthy();
  expect(screen.getByText(pages)).toBeTruthy();
  expect(screen.getByRole('button', { name: language === 'it-IT' ? 'Ultima pagina' : 'Last page' }).hasAttribute('disabled')).toBe(false);
});

it('a capped total keeps its "+", and Last is off', () => {
  renderPager('it-IT', { total: 10_000, totalCapped: true, pageCount: 400 });
  expect(screen.getByText('10.000+ contatti')).toBeTruthy();
  expect(screen.getByText('Pagina 1 di 400+')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Ultima pagina' }).hasAttribute('disabled')).toBe(true);
});

it.each([
  ['it-IT', '1 contatto'],
  ['en-US', '1 contact'],
  ['en-GB', '1 contact'],
])('%s: one contact reads %s, in the singular', (language, total) => {
  renderPager(language, { total: 1, totalCapped: false, pageCount: 1 });
  expect(screen.getByText(total)).toBeTruthy();
});
