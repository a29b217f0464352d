import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { goto, openBrowser, screenshot, signInToWorkspace, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

/**
 * /flowsmanagement in Chromium against the real server (spec 3 §2, §4, §5; issue 16): the lead-energia sample file is
 * uploaded to its flow, its progress shows and ends with the summary (14 loaded, 7 rejected); the rejected file is
 * listed for the flow and downloaded (the seven rows with their line and reason); the corrected sample is reloaded for
 * it (six rows load, the file is handled); a row is then found by its reference, rejected first and loaded since.
 * The samples' references get a prefix of this run, so the test never meets rows a previous run loaded.
 */

const { baseUrl, dataDir } = readE2eState();
let browser: BrowserSession;
afterEach(async () => {
  await browser?.close();
});

const WORKSPACE = 'energia-casa';
const FLOW = 'lead-energia';
const SAMPLES = resolve(__dirname, '../../fixtures/flows/lead-energia');
const stamp = `E2E${Date.now() % 1_000_000}`;
const sample = (name: string) => Buffer.from(readFileSync(resolve(SAMPLES, name), 'utf8').replace(/LE-2026-/g, `LE-${stamp}-`), 'utf8');

async function openFlows(page: Page) {
  await signInToWorkspace(page, baseUrl, 'admin', WORKSPACE);
  await goto(page, `${baseUrl}/flowsmanagement`);
  await page.getByRole('heading', { name: 'Flows management' }).waitFor({ timeout: 20_000 });
  await page.locator(`tr[data-flow="${FLOW}"]`).waitFor({ timeout: 20_000 });
}

/** Waits for the import's callout (its progress bar) to reach the end, and answers its summary. */
async function importFinished(page: Page): Promise<string> {
  const progress = page.getByRole('status').filter({ has: page.locator('.bp6-progress-bar') });
  await progress.waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => ['done', 'failed'].includes(document.querySelector('.cm-flows__progress')?.getAttribute('data-status') ?? ''), undefined, { timeout: 60_000 });
  expect(await progress.getAttribute('data-status')).toBe('done');
  return progress.locator('.cm-flows__summary').first().innerText();
}

describe('/flowsmanagement in Chromium', () => {
  it('uploads a sample, shows progress and the rejected rows, downloads the rejected file, reloads it corrected, finds a row by reference', async () => {
    browser = await openBrowser({ width: 1280, height: 1000 });
    const { page } = browser;
    await openFlows(page);
    // four panels, all open, each heading a disclosure button that says so
    for (const title of ['Search by reference', 'Advanced search by file name', 'Flow list', 'Rejected files']) {
      const heading = page.getByRole('heading', { name: title }).getByRole('button', { name: title });
      await heading.waitFor();
      expect(await heading.getAttribute('aria-expanded')).toBe('true');
    }
    // the reference panel folds away and comes back, by keyboard
    const refsHeading = page.getByRole('button', { name: 'Search by reference' });
    await refsHeading.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Reference' }).waitFor({ state: 'hidden' });
    expect(await refsHeading.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Reference' }).waitFor();

    // 1. upload the sample file: progress while it runs, then the summary
    const fileName = `lead-energia-${stamp}.csv`;
    const [uploaded] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/cntmng/flow/${FLOW}/upload`, { timeout: 20_000 }),
      page.getByTestId(`upload-${FLOW}`).setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: sample('lead-energia-2026-11.csv') }),
    ]);
    expect(uploaded.status()).toBe(200);
    await page.getByText(`Import of ${fileName}`).first().waitFor();
    expect(await importFinished(page)).toBe('Import finished: 14 loaded, 7 rejected, 0 already loaded, of 21 rows');
    await screenshot(page, 'flows-imported');

    // 2. the rejected file of the flow, with its seven rows
    await page.locator('#cm-flows-rejected-flow').selectOption(FLOW);
    const rejectedRow = page.locator('tr[data-rejected]', { hasText: stamp });
    await rejectedRow.waitFor({ timeout: 20_000 });
    const cells = await rejectedRow.locator('td').allInnerTexts();
    expect(cells[3]).toBe('7');
    expect(cells[4]).toBe('To correct');

    // 3. download it: the browser saves the CSV with the rejected rows, each with its line and reason
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), rejectedRow.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const saved = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = saved.split(/\r\n/).filter(Boolean);
    expect(lines).toHaveLength(8);
    expect(lines[0]).toMatch(/^RIFERIMENTO;NOME;COGNOME/);
    const refs = lines.slice(1).map((line) => line.split(';')[0]);
    expect(refs.sort()).toEqual(['1002', '1004', '1007', '1010', '1013', '1016', '1018'].map((n) => `LE-${stamp}-${n}`));
    // MOTIVO is in the page's language (US English here), not in the server's own words
    const missingSurname = lines.find((line) => line.startsWith(`LE-${stamp}-1007;`));
    expect(missingSurname?.split(';').at(-1)).toBe('COGNOME: Cognome is required');
    // a value that does not match its field's format says so, not the regular expression
    const badPhone = lines.find((line) => line.startsWith(`LE-${stamp}-1004;`));
    expect(badPhone?.split(';').at(-1)).toBe('TELEFONO: Telefono has an invalid format');

    // 4. reload the corrected file for it: six rows load and the rejected file is handled
    const rejectedId = await rejectedRow.getAttribute('data-rejected');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByTestId(`reload-${rejectedId}`).setInputFiles({ name: `lead-energia-${stamp}-corretto.csv`, mimeType: 'text/csv', buffer: sample('lead-energia-2026-11-corretto.csv') });
    expect(await importFinished(page)).toBe('Import finished: 6 loaded, 0 rejected, 0 already loaded, of 6 rows');
    // the reload's own line: every row the rejected file held is loaded now
    await page.locator('.cm-flows__summary', { hasText: 'The rejected file is handled' }).waitFor({ timeout: 20_000 });
    await page.locator(`tr[data-rejected="${rejectedId}"]`, { hasText: 'Handled' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'flows-reloaded');

    // 5. find a row by its reference: rejected in the first file, loaded by the reload; a reference no file has is named
    await page.locator('#cm-flows-ref').fill(`LE-${stamp}-1004 NOPE-${stamp}`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(`LE-${stamp}-1004`, { exact: true }).waitFor();
    const [found] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cntmng/file/searchByRefs', { timeout: 20_000 }),
      page.getByRole('button', { name: 'Search', exact: true }).first().click(),
    ]);
    expect(found.status()).toBe(200);
    const results = page.getByRole('table', { name: 'Search by reference' }).locator('tbody tr');
    await results.first().waitFor();
    const rows = (await results.allInnerTexts()).map((text) => text.split('\t').map((cell) => cell.trim()));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r[0])).toEqual([`LE-${stamp}-1004`, `LE-${stamp}-1004`]);
    expect(rows.map((r) => r[1]).sort()).toEqual([fileName, `lead-energia-${stamp}-corretto.csv`].sort());
    // TIPO in the page's language (the API's values are CARICATO and SCARTATO)
    expect(rows.map((r) => r[3]).sort()).toEqual(['LOADED', 'REJECTED']);
    await page.getByText(`No rows for: NOPE-${stamp}`, { exact: true }).waitFor();
    await screenshot(page, 'flows-by-reference');
  });

  it('a file dropped in the flow\'s inbound folder is imported while the page is open, which shows its progress and summary', async () => {
    browser = await openBrowser({ width: 1280, height: 1000 });
    const { page } = browser;
    await openFlows(page);
    // Rows of their own (another prefix), written aside then moved in whole, as a transfer tool does.
    const dropped = `drop-${stamp}.csv`;
    const rows = Buffer.from(readFileSync(resolve(SAMPLES, 'lead-energia-2026-11.csv'), 'utf8').replace(/LE-2026-/g, `LE-${stamp}D-`), 'utf8');
    const aside = join(dataDir, `${dropped}.part`);
    writeFileSync(aside, rows);
    renameSync(aside, join(dataDir, 'flows', FLOW, 'inbound', dropped));
    // Nothing was started from this page: it finds the import in the flow list it reads again, and follows it.
    await page.getByText(`Import of ${dropped}`).first().waitFor({ timeout: 30_000 });
    expect(await importFinished(page)).toBe('Import finished: 14 loaded, 7 rejected, 0 already loaded, of 21 rows');
    await screenshot(page, 'flows-dropped-file');
  });

  it('a dropped file with another header fails its import and marks the flow failed, said in Italian on an Italian page', async () => {
    browser = await openBrowser({ width: 1280, height: 1000 });
    const { page } = browser;
    await signInToWorkspace(page, baseUrl, 'admin', WORKSPACE);
    await page.evaluate(() => localStorage.setItem('contact-manager.language', 'it-IT'));
    await goto(page, `${baseUrl}/flowsmanagement`);
    await page.getByRole('heading', { name: 'Gestione flussi' }).waitFor({ timeout: 20_000 });
    const dropped = `altro-tracciato-${stamp}.csv`;
    const aside = join(dataDir, `${dropped}.part`);
    writeFileSync(aside, 'ID;NOME\r\n1;Mario\r\n');
    renameSync(aside, join(dataDir, 'flows', FLOW, 'inbound', dropped));
    const expected = "L'intestazione non è quella del flusso: attesa RIFERIMENTO;";
    try {
      // The import's summary and the flow's row both say why, in the page's language.
      await page.locator('.cm-flows__summary', { hasText: `Importazione fallita: ${expected}` }).waitFor({ timeout: 30_000 });
      const row = page.locator(`tr[data-flow="${FLOW}"]`);
      await row.getByText(`${dropped}: ${expected}`, { exact: false }).waitFor({ timeout: 20_000 });
      expect(await row.innerText()).toContain('trovata ID;NOME');
      await screenshot(page, 'flows-failed-it-IT');
    } finally {
      // Enabling a failed flow clears the failure: the flow is as the other tests found it.
      await page.evaluate(async () => { await fetch('/api/cntmng/flow/enable/lead-energia', { method: 'POST', credentials: 'include' }); });
    }
  });
});
