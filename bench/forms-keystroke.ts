/**
 * Keystroke-to-paint latency and first render on the 565-field campagna-grande form, in real Chromium, our
 * ContactForm side by side with stock @rjsf/core (liveValidate). Prints `name: value unit` lines.
 *   npx tsx bench/forms-keystroke.ts [--chars 40] [--runs 3] [--cpu-throttle 4] [--shape fields-2000|array-1000]
 * --shape fields-2000: the same measure on a generated 2,000-field form (the 565 fields cloned, see support-forms-page).
 * --shape array-1000: the 565-field form with a modal array of 1,000 items; besides the keystroke in a text field, an
 * item edit: ours types in the item's dialog and saves it (the save's work and time to paint), stock rjsf types in the
 * item's inline field (its array renders every item inline).
 * The floor is a bare input: what the browser itself costs per keystroke. No form can go below it, so rjsf's p95
 * over the floor's p95 is the most any form could gain here (`keystroke-speedup-ceiling`); `form-work-speedup` compares
 * what each form adds to the floor's main-thread work (medians).
 */
import type { Locator, Page } from 'playwright-core';
import { buildPage, openChromium } from './support-page-builder';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CHARS = arg('chars', 40);
const RUNS = arg('runs', 3);
const THROTTLE = arg('cpu-throttle', 1);
const shapeAt = process.argv.indexOf('--shape');
const SHAPE = shapeAt > 0 ? process.argv[shapeAt + 1] : '';
const SHAPES = ['fields-2000', 'array-1000'];
if (SHAPE && !SHAPES.includes(SHAPE)) throw new Error(`--shape: '${SHAPE}' is not a known shape (${SHAPES.join(', ')})`);
/** One frame at 60 Hz: the budget of a keystroke's or an item edit's form work. */
const FRAME_MS = 1000 / 60;
const ITEM_CHARS = 12;
const ITEM = 500;
const P = SHAPE ? `${SHAPE}-` : '';
const TEXT = 'Via Garibaldi 12 scala B interno 4 piano terzo'.repeat(4);

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const median = (xs: number[]): number => quantile(xs, 0.5);
const fmt = (n: number): string => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

async function main(): Promise<void> {
  const page0 = await buildPage('bench/support-forms-page.tsx', 'forms-keystroke');
  const browser = await openChromium({ unthrottled: !process.argv.includes('--vsync') });
  const { page } = browser;
  try {
    page.on('pageerror', (e) => console.error('page error:', e.message));
    if (THROTTLE > 1) {
      // A slower agent PC: Chromium's own CPU throttling (Lighthouse's low-end profile is 4).
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    }
    await page.goto(SHAPE ? `${page0.url}?shape=${SHAPE}` : page0.url);
    await page.waitForFunction(() => typeof window.bench === 'object');
    const { fields, textField } = await page.evaluate(() => ({ fields: window.bench.fields, textField: window.bench.textField }));
    const empty = () => ({ first: [] as number[], complete: [] as number[], keys: [] as number[], work: [] as number[], frames: [] as number[] });
    const results = { ours: empty(), rjsf: empty(), floor: empty() };
    for (let run = 0; run < RUNS; run++) {
      for (const which of ['ours', 'rjsf', 'floor'] as const) {
        const { firstPaint, complete } = await page.evaluate((w) => window.bench.mount(w), which);
        results[which].first.push(firstPaint);
        results[which].complete.push(complete);
        const input = page.locator(`#${which}_${textField}`);
        await input.scrollIntoViewIfNeeded();
        await input.click();
        await page.evaluate(() => { window.latencies = []; window.work = []; window.frameTimes = []; });
        for (let i = 0; i < CHARS; i++) {
          await page.keyboard.press(TEXT[i] === ' ' ? 'Space' : TEXT[i]);
          await page.evaluate((n) => window.waitSamples(n), i + 1);
        }
        const typed = await input.inputValue();
        if (typed !== TEXT.slice(0, CHARS)) throw new Error(`${which}: typed '${typed}'`);
        results[which].keys.push(...(await page.evaluate(() => window.latencies)));
        results[which].work.push(...(await page.evaluate(() => window.work)));
        results[which].frames.push(...(await page.evaluate(() => window.frameTimes)));
        await page.evaluate(() => window.bench.unmount());
      }
    }
    const items = SHAPE === 'array-1000' ? await measureItemEdits(page) : null;
    const ours = quantile(results.ours.keys, 0.95);
    const rjsf = quantile(results.rjsf.keys, 0.95);
    console.log(`${P}forms-fields: ${fields} fields`);
    console.log(`${P}ours-keystroke-p95: ${fmt(ours)} ms`);
    console.log(`${P}rjsf-keystroke-p95: ${fmt(rjsf)} ms`);
    console.log(`${P}keystroke-speedup: ${(rjsf / ours).toFixed(1)} x`);
    console.log(`${P}ours-keystroke-median: ${fmt(median(results.ours.keys))} ms`);
    console.log(`${P}rjsf-keystroke-median: ${fmt(median(results.rjsf.keys))} ms`);
    console.log(`${P}ours-keystroke-work-p95: ${fmt(quantile(results.ours.work, 0.95))} ms`);
    console.log(`${P}rjsf-keystroke-work-p95: ${fmt(quantile(results.rjsf.work, 0.95))} ms`);
    console.log(`${P}ours-keystroke-frame-p95: ${fmt(quantile(results.ours.frames, 0.95))} ms`);
    console.log(`${P}rjsf-keystroke-frame-p95: ${fmt(quantile(results.rjsf.frames, 0.95))} ms`);
    console.log(`${P}floor-keystroke-p95: ${fmt(quantile(results.floor.keys, 0.95))} ms`);
    console.log(`${P}floor-keystroke-median: ${fmt(median(results.floor.keys))} ms`);
    console.log(`${P}keystroke-speedup-ceiling: ${(rjsf / quantile(results.floor.keys, 0.95)).toFixed(1)} x`);
    const floorWork = median(results.floor.work);
    console.log(`${P}floor-keystroke-work-median: ${fmt(floorWork)} ms`);
    console.log(`${P}ours-keystroke-work-over-floor: ${(median(results.ours.work) - floorWork).toFixed(2)} ms`);
    console.log(`${P}rjsf-keystroke-work-over-floor: ${(median(results.rjsf.work) - floorWork).toFixed(2)} ms`);
    console.log(`${P}form-work-speedup: ${((median(results.rjsf.work) - floorWork) / Math.max(0.01, median(results.ours.work) - floorWork)).toFixed(1)} x`);
    console.log(`${P}ours-first-render: ${fmt(median(results.ours.first))} ms`);
    console.log(`${P}rjsf-first-render: ${fmt(median(results.rjsf.first))} ms`);
    console.log(`${P}ours-complete-render: ${fmt(median(results.ours.complete))} ms`);
    console.log(`${P}rjsf-complete-render: ${fmt(median(results.rjsf.complete))} ms`);
    if (items) {
      console.log(`${P}frame-budget: ${fmt(FRAME_MS)} ms`);
      console.log(`${P}ours-item-keystroke-work-over-floor: ${(median(items.ours.work) - floorWork).toFixed(2)} ms`);
      console.log(`${P}rjsf-item-keystroke-work-over-floor: ${(median(items.rjsf.work) - floorWork).toFixed(2)} ms`);
      console.log(`${P}ours-item-keystroke-work-p95: ${fmt(quantile(items.ours.work, 0.95))} ms`);
      console.log(`${P}rjsf-item-keystroke-work-p95: ${fmt(quantile(items.rjsf.work, 0.95))} ms`);
      console.log(`${P}ours-item-save-work-p95: ${fmt(quantile(items.commitWork, 0.95))} ms`);
      console.log(`${P}ours-item-save-to-paint-p95: ${fmt(quantile(items.commitPainted, 0.95))} ms`);
    }
  } finally {
    await browser.close();
    page0.dispose();
  }
}

/**
 * Item edits on the 1,000-item array, RUNS times: ours opens item ITEM's dialog, types, saves; rjsf types in item
 * ITEM's inline field. Each keystroke is sampled like the text-field ones (work: keydown to the form's input handling).
 */
async function measureItemEdits(page: Page) {
  const out = { ours: { work: [] as number[] }, rjsf: { work: [] as number[] }, commitWork: [] as number[], commitPainted: [] as number[] };
  const typeSampled = async (into: Locator): Promise<number[]> => {
    await into.scrollIntoViewIfNeeded();
    await into.click();
    await page.keyboard.press('End');
    await page.evaluate(() => { window.latencies = []; window.work = []; window.frameTimes = []; });
    for (let i = 0; i < ITEM_CHARS; i++) {
      await page.keyboard.press(TEXT[i] === ' ' ? 'Space' : TEXT[i]);
      await page.evaluate((n) => window.waitSamples(n), i + 1);
    }
    return page.evaluate(() => window.work);
  };
  const array = await page.evaluate(() => window.bench.bigArray);
  for (let run = 0; run < RUNS; run++) {
    await page.evaluate(() => window.bench.mount('ours'));
    await page.locator(`#ours_${array} tbody tr`).nth(ITEM - 1).locator('button').first().click();
    const itemField = page.locator('.bp6-dialog textarea').first();
    out.ours.work.push(...(await typeSampled(itemField)));
    const { work, painted } = await page.evaluate(() => window.bench.commitItem());
    out.commitWork.push(work);
    out.commitPainted.push(painted);
    const saved = await page.locator(`#ours_${array} tbody tr`).nth(ITEM - 1).innerText();
    if (!saved.includes(`Voce ${ITEM}${TEXT.slice(0, ITEM_CHARS)}`)) throw new Error(`ours: item ${ITEM} shows '${saved}' after the save`);
    await page.evaluate(() => window.bench.unmount());

    await page.evaluate(() => window.bench.mount('rjsf'));
    const inline = page.locator(`#rjsf_${array}_${ITEM - 1}_descrizione`);
    out.rjsf.work.push(...(await typeSampled(inline)));
    if ((await inline.inputValue()) !== `Voce ${ITEM}${TEXT.slice(0, ITEM_CHARS)}`) throw new Error(`rjsf: item ${ITEM} holds '${await inline.inputValue()}'`);
    await page.evaluate(() => window.bench.unmount());
  }
  return out;
}

main().catch((e: unknown) => { console.error(e); process.exit(1); });
