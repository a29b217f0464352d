/**
 * The renderers in real Chromium: address modes, dependent enums, the array modal and attachment limits. The page is
 * built from bench/support-renderers-page.tsx (no server needed).
 */
import { deflateSync } from 'node:zlib';
import { buildPage, openChromium, type BrowserHandle, type BuiltPage } from '../../bench/support-page-builder';

let built: BuiltPage;
let browser: BrowserHandle;

beforeAll(async () => { built = await buildPage('bench/support-renderers-page.tsx', 'renderers'); }, 120_000);
afterAll(() => built?.dispose());
beforeEach(async () => { browser = await openChromium(); });
afterEach(async () => { await browser?.close(); });

const open = async (scenario: string, query = '') => {
  const { page } = browser;
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${built.url}${query}#${scenario}`);
  await page.locator('form.cm-form').waitFor();
  return { page, errors };
};
const values = (b: BrowserHandle) => b.page.evaluate(() => window.formValues);
const calls = (b: BrowserHandle) => b.page.evaluate(() => window.serviceCalls);

describe('address block', () => {
  it('DEFAULT read-only, MODIFICA with lookups on non-empty queries only, a pick fills the parts, ANNULLA restores, SBLOCCA free text', async () => {
    const { page, errors } = await open('address');
    const block = page.getByRole('region', { name: 'Località' });
    const before = await values(browser);
    await block.getByRole('textbox', { name: 'Comune' }).waitFor();
    expect(await block.getByRole('textbox', { name: 'Comune' }).textContent()).toBe(String(before.citta));
    await block.getByRole('button', { name: 'MODIFICA' }).click();
    const city = block.getByRole('combobox', { name: 'Comune' });
    await city.fill('');
    await page.waitForTimeout(400);
    expect((await calls(browser)).lookups).toEqual([]);
    await block.getByRole('combobox', { name: 'Provincia' }).fill('');
    await city.pressSequentially('Mil', { delay: 30 });
    const option = page.getByRole('option', { name: /^Milano$/ }).first();
    await option.waitFor();
    expect((await calls(browser)).lookups.filter((c) => c.endsWith(':'))).toEqual([]);
    await option.click();
    expect(await city.inputValue()).toBe('Milano');
    expect((await values(browser)).citta).toBe('Milano');
    await block.getByRole('button', { name: 'ANNULLA' }).click();
    expect(await block.getByRole('textbox', { name: 'Comune' }).textContent()).toBe(String(before.citta));
    expect((await values(browser)).citta).toBe(before.citta);
    await block.getByRole('button', { name: 'SBLOCCA' }).click();
    const lookupsBefore = (await calls(browser)).lookups.length;
    await block.getByRole('textbox', { name: 'Indirizzo' }).fill('Via Libera 1');
    await page.waitForTimeout(400);
    expect((await calls(browser)).lookups.length).toBe(lookupsBefore);
    expect((await values(browser)).indirizzo).toBe('Via Libera 1');
    expect(errors).toEqual([]);
  });
});

describe('dependent enums', () => {
  it('loading state, values for the parent, children cleared when a parent changes', async () => {
    const { page, errors } = await open('enums');
    const tipo = page.getByRole('combobox', { name: 'Tipo offerta' });
    expect(await tipo.isDisabled()).toBe(true);
    // the loading state lasts the services' 150 ms: an observer sees it even when a loaded machine skips frames
    await page.evaluate(() => {
      const select = document.querySelector('#e2e_tipoOfferta') as HTMLElement & { sawBusy?: boolean };
      new MutationObserver(() => { if (select.getAttribute('aria-busy') === 'true') select.sawBusy = true; }).observe(select, { attributes: true, attributeFilter: ['aria-busy'] });
    });
    await page.getByRole('combobox', { name: 'Tipo fornitura' }).selectOption('luce');
    await page.waitForFunction(() => Array.from((document.querySelector('#e2e_tipoOfferta') as HTMLSelectElement).options).some((o) => o.value === 'luce-fissa'));
    expect(await page.evaluate(() => (document.querySelector('#e2e_tipoOfferta') as HTMLElement & { sawBusy?: boolean }).sawBusy)).toBe(true);
    expect(await tipo.locator('option').allTextContents()).not.toContain('Gas Fisso');
    await tipo.selectOption('luce-fissa');
    await page.waitForFunction(() => Array.from((document.querySelector('#e2e_offerta') as HTMLSelectElement).options).length > 1);
    const offerta = page.getByRole('combobox', { name: 'Offerta', exact: true });
    const first = await offerta.locator('option').nth(1).getAttribute('value');
    await offerta.selectOption(String(first));
    expect(await values(browser)).toMatchObject({ fornitura: 'luce', tipoOfferta: 'luce-fissa', offerta: first });
    await page.getByRole('combobox', { name: 'Tipo fornitura' }).selectOption('gas');
    const after = await values(browser);
    expect(after.tipoOfferta).toBeUndefined();
    expect(after.offerta).toBeUndefined();
    expect(await offerta.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a failed load shows the single empty option', async () => {
    const { page } = await open('enums', '?fail=tipoOfferta');
    await page.getByRole('combobox', { name: 'Tipo fornitura' }).selectOption('gas');
    await page.waitForFunction(() => document.querySelector('#e2e_tipoOfferta')?.getAttribute('aria-busy') !== 'true' && !(document.querySelector('#e2e_tipoOfferta') as HTMLSelectElement).disabled);
    const options = await page.locator('#e2e_tipoOfferta option').evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options).toEqual([['', '']]);
  });
});

describe('array modal', () => {
  it('add waits for the required fields, drops an invalid value, counts, and stops at the maximum', async () => {
    const { page, errors } = await open('arrays');
    const group = page.getByRole('group', { name: 'Testimoni' });
    await group.getByText('0 (min: 0 max: 3)').waitFor();
    for (let i = 0; i < 3; i++) {
      await group.getByRole('button', { name: 'Aggiungi' }).click();
      const dialog = page.getByRole('dialog');
      const add = dialog.getByRole('button', { name: 'Aggiungi' });
      expect(await add.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Telefono' }).fill(i === 0 ? '12ab' : '3331234567');
      expect(await add.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Nome e cognome' }).fill(`Testimone ${i + 1}`);
      await add.click();
      await dialog.waitFor({ state: 'detached' });
      await group.getByText(`${i + 1} (min: 0 max: 3)`).waitFor();
      if (i === 0) await group.getByText('Valore non valido scartato: Telefono').waitFor();
    }
    expect(await group.getByRole('button', { name: 'Aggiungi' }).isDisabled()).toBe(true);
    const stored = (await values(browser)).testimoni as Array<Record<string, unknown>>;
    expect(stored).toEqual([{ nome: 'Testimone 1' }, { nome: 'Testimone 2', telefono: '3331234567' }, { nome: 'Testimone 3', telefono: '3331234567' }]);
    expect(errors).toEqual([]);
  });
});

describe('attachments', () => {
  it("refuses other types ('FILE NON SUPPORTATO') and files over attachmentConfigs.maxSize; previews images", async () => {
    const { page, errors } = await open('arrays');
    const group = page.getByRole('group', { name: 'Foto dei danni' });
    const input = group.getByLabel('Foto dei danni: Aggiungi file');
    await input.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('ciao') });
    await group.getByRole('alert').filter({ hasText: 'FILE NON SUPPORTATO' }).waitFor();
    await input.setInputFiles({ name: 'perizia.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(8_000_001, 1) });
    await group.getByRole('alert').filter({ hasText: 'IL FILE SUPERA LA DIMENSIONE LIMITE DI 8 MB' }).waitFor();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await input.setInputFiles({ name: 'danno.png', mimeType: 'image/png', buffer: png });
    await group.getByRole('cell', { name: 'danno.png', exact: true }).waitFor();
    expect(await group.getByRole('alert').count()).toBe(0);
    await group.getByRole('button', { name: 'Visualizza danno.png' }).click();
    await page.getByRole('dialog').getByRole('img', { name: 'danno.png' }).waitFor();
    expect(errors).toEqual([]);
  });
});

/** A PNG of random pixels (incompressible by PNG, so the file is as large as its pixels). */
function noisePng(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (buf: Buffer) => { let c = 0xffffffff; for (const b of buf) c = table[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; header[9] = 2; // 8-bit RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 256) | 0;
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 1 })), chunk('IEND', Buffer.alloc(0))]);
}

describe('image compression', () => {
  it('an image over the limit is compressed to 5 MB first, then accepted', async () => {
    const { page, errors } = await open('arrays');
    const big = noisePng(1800, 1800);
    expect(big.length).toBeGreaterThan(8_000_000);
    const group = page.getByRole('group', { name: 'Foto dei danni' });
    await group.getByLabel('Foto dei danni: Aggiungi file').setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: big });
    await group.getByRole('cell', { name: 'grande.jpg', exact: true }).waitFor({ timeout: 60_000 });
    const stored = (await values(browser)).fotoDanni as Array<Record<string, unknown>>;
    expect(stored).toEqual([expect.objectContaining({ nome: 'grande.jpg', contentType: 'image/jpeg' })]);
    expect(await group.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
