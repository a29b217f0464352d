import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { AppHotkeys } from '@app/shell/hotkeys/AppHotkeys';
import type { ContactListController } from '@app/features/contacts-list/use-contact-list-controller';
import { useListHotkeys } from '@app/features/contacts-list/use-list-hotkeys';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';

/**
 * Alt+N takes the next contact only where the list has its Take next button (a workspace with takeConfig.available):
 * elsewhere the key would do nothing, so it is neither registered nor listed in the `?` help.
 */
const fakeList = (takeNext: boolean) => ({
  allowed: { create: true, takeNext, csvExport: true, massiveActions: false },
  takeNext: jest.fn(async () => undefined),
  rows: [],
  page: 0,
  pageCount: 1,
  setPage: jest.fn(),
  rowPermissions: () => ({ show: true, edit: true, take: true, release: true }),
  openShow: jest.fn(),
  release: jest.fn(async () => undefined),
}) as unknown as ContactListController & { takeNext: jest.Mock };

const Page = ({ list }: { list: ContactListController }) => {
  useListHotkeys(list);
  return <p>elenco</p>;
};

const renderList = (list: ContactListController) => {
  localStorage.setItem(STORAGE_KEYS.language, 'en-GB');
  const i18n = createI18nWithScreens(localStorage);
  const view = render(<I18nextProvider i18n={i18n}><AppHotkeys><Page list={list} /></AppHotkeys></I18nextProvider>);
  return { rerender: (next: ContactListController) => view.rerender(<I18nextProvider i18n={i18n}><AppHotkeys><Page list={next} /></AppHotkeys></I18nextProvider>) };
};

const helpTexts = async () => {
  const ui = userEvent.setup();
  await ui.keyboard('{Shift>}?{/Shift}');
  const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
  const texts = within(help).queryAllByText(/./).map((node) => node.textContent);
  await ui.click(within(help).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return texts;
};

const altN = () => fireEvent.keyDown(document.body, { key: 'n', code: 'KeyN', altKey: true });

afterEach(() => localStorage.clear());

it('with Take next on the list, Alt+N takes the next contact and the help lists it', async () => {
  const list = fakeList(true);
  renderList(list);
  altN();
  expect(list.takeNext).toHaveBeenCalledTimes(1);
  const texts = await helpTexts();
  expect(texts).toContain('Take the next contact');
  expect(texts).toContain('Next row');
});

it('without Take next (no takeConfig.available), Alt+N is neither listed nor handled; once the list offers it, it is', async () => {
  const list = fakeList(false);
  const { rerender } = renderList(list);
  const event = new KeyboardEvent('keydown', { key: 'n', code: 'KeyN', altKey: true, bubbles: true, cancelable: true });
  document.body.dispatchEvent(event);
  // left to the browser: nothing prevented
  expect(event.defaultPrevented).toBe(false);
  expect(list.takeNext).not.toHaveBeenCalled();
  const texts = await helpTexts();
  expect(texts).not.toContain('Take the next contact');
  expect(texts).toContain('Next row');

  const offered = fakeList(true);
  rerender(offered);
  altN();
  expect(offered.takeNext).toHaveBeenCalledTimes(1);
  expect(await helpTexts()).toContain('Take the next contact');
});
