import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { BulkProgress, UsersClient } from '@api-client/users-client';
import { BulkFileDialog } from '@app/features/setting/BulkFileDialog';
import type { DownloadedFile } from '@api-client/api-client';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';

/**
 * The bulk user load streams one answer line per row, each row's user made in its own transaction: when the answer
 * breaks off, the rows already worked are done on the server, and what the answer said of them (their temporary
 * passwords) must not be lost with the connection.
 */

// jsdom's Blob has no text(); the browser's has.
beforeAll(() => {
  if (!Blob.prototype.text) {
    Object.defineProperty(Blob.prototype, 'text', {
      configurable: true,
      value(this: Blob) {
        return new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.readAsText(this);
        });
      },
    });
  }
});

const HEADER = 'row;username;result;message;temporaryPassword\r\n';
const LINES = ['2;mario.rossi;OK;;Tmp#A1b2c3\r\n', '3;anna.bianchi;ERROR;username taken;\r\n', '4;luca.verdi;OK;;Tmp#D4e5f6\r\n'];

function renderDialog(bulk: UsersClient['bulk'], language = 'en-US') {
  localStorage.setItem(STORAGE_KEYS.language, language);
  const i18n = createI18nWithScreens(localStorage);
  const save = jest.fn<void, [DownloadedFile]>();
  const onClose = jest.fn<void, [boolean]>();
  render(
    <I18nextProvider i18n={i18n}>
      <BulkFileDialog users={{ bulk } as unknown as UsersClient} mode="load" save={save} onClose={onClose} />
    </I18nextProvider>,
  );
  return { save, onClose };
}

async function sendFile() {
  const user = userEvent.setup();
  const csv = new File(['username;role\nmario.rossi;basic\nanna.bianchi;basic\nluca.verdi;basic\nsara.neri;basic\n'], 'users.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('Choose a CSV file…'), csv);
  await user.click(screen.getByRole('button', { name: 'Send' }));
  return user;
}

it('keeps what a broken-off answer said: the rows done, a file to save with their passwords, and the table reloads on closing', async () => {
  const bulk: UsersClient['bulk'] = async (_mode, _file, onProgress) => {
    // Two rows and half of the third arrive, then the connection drops.
    let received = '';
    for (const part of [HEADER, LINES[0], LINES[1], LINES[2].slice(0, 10)]) {
      received += part;
      onProgress?.({ rowsDone: received.split('\n').length - 2, bytesReceived: received.length, received } satisfies BulkProgress);
    }
    throw new Error('network');
  };
  const { save, onClose } = renderDialog(bulk);
  const user = await sendFile();
  expect(await screen.findByRole('alert')).toHaveTextContent('The answer broke off after 2 of 4 rows');
  expect(screen.getByRole('alert')).toHaveTextContent('Rows ok: 1 · Rows rejected: 1');
  await user.click(screen.getByRole('button', { name: /^Save signup-\d+-partial\.csv$/ }));
  const saved = save.mock.calls[0][0];
  expect(await saved.blob.text()).toBe(HEADER + LINES[0] + LINES[1]);
  await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
  expect(onClose).toHaveBeenCalledWith(true);
});

it('a failure before any row was worked leaves nothing to save and nothing to reload', async () => {
  const { onClose } = renderDialog(async () => { throw new Error('413'); });
  const user = await sendFile();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
  expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
  await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
  expect(onClose).toHaveBeenCalledWith(false);
});

it.each([
  ['en-US', 'UNSUPPORTED FILE', 'THE FILE EXCEEDS THE SIZE LIMIT OF 5 MB'],
  ['it-IT', 'FILE NON SUPPORTATO', 'IL FILE SUPERA LA DIMENSIONE LIMITE DI 5 MB'],
])('refuses a file that is not a CSV, or of 5 MB or more, before sending it, in the user\'s language (%s)', async (language, unsupported, tooLarge) => {
  const bulk = jest.fn<ReturnType<UsersClient['bulk']>, Parameters<UsersClient['bulk']>>();
  renderDialog(bulk, language);
  const user = userEvent.setup({ applyAccept: false });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['PK'], 'users.xlsx', { type: 'application/octet-stream' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(unsupported);
  const big = new File(['username;role\n'], 'users.csv', { type: 'text/csv' });
  Object.defineProperty(big, 'size', { value: 5_000_000 });
  await user.upload(input, big);
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(tooLarge));
  expect(bulk).not.toHaveBeenCalled();
});

it.each([
  ['en-US', ['username: letters', 'role: manager, site-manager, team-leader, basic or statistic', 'outsourcer: ', 'sites: call centers', 'teams: ']],
  ['en-GB', ['username: letters', 'role: ', 'outsourcer: ', 'sites: call centres', 'teams: ']],
  ['it-IT', ['username: solo lettere', 'role: manager, site-manager, team-leader, basic o statistic', 'outsourcer: ', 'sites: call center', 'teams: ']],
])('in %s, says in place which columns the file needs (users have no README to look at)', (language, columns) => {
  renderDialog(jest.fn(), language);
  const dialog = screen.getByRole('dialog');
  expect(dialog.textContent).not.toMatch(/README/);
  const items = [...dialog.querySelectorAll('.cm-bulk-dialog__columns li')].map((item) => item.textContent ?? '');
  expect(items).toHaveLength(columns.length);
  columns.forEach((start, index) => expect(items[index].startsWith(start)).toBe(true));
});
