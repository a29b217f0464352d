/**
 * Opening a contact of the 565-field fixture (campagna-grande) in real Chromium against the real server (PGlite,
 * fresh DATA_DIR, the built SPA): the time from navigation start to interactive, i.e. the contact's form rendered
 * and its first input focusable. Target ≤ 300 ms. Two figures, p50 and p95 over 10 opens after 2 warm-up ones:
 * - contact-open-500-fields: a full page load of /contacts/show/{id} (navigation start = performance.timeOrigin);
 * - contact-open-500-fields-in-app: the agent's usual path, a route change inside the running app (list → show);
 * and contact-open-500-fields-requests: how many enum requests one full open makes.
 *
 * `npm run bench -- web-contact-open` builds the SPA first unless `--no-build` is given (then dist/web is used).
 */
import { openChromium } from './support-page-builder';
import { buildWeb, percentile, signIn, startWebServer } from './support-web';

const WORKSPACE = 'campagna-grande';
const WARMUP = 2;
const RUNS = 20;
/** The first input of the INPUTS panel (idPrefix cm_in). */
const FIRST_INPUT = '#cm_in_nome';

buildWeb();

const server = await startWebServer('cm-bench-open-');
const { base } = server;

const browser = await openChromium();
const { page } = browser;
try {
  await signIn(page, base, 'admin', { workspace: WORKSPACE });
  const search = await page.request.post(`${base}/api/cntmng/contact/search/${WORKSPACE}`, { data: { page: 0, length: RUNS + WARMUP + 5 } });
  const ids = ((await search.json()) as { data: Array<{ id: string }> }).data.map((r) => r.id);
  if (ids.length < RUNS + WARMUP) throw new Error(`only ${ids.length} contacts in ${WORKSPACE}`);

  /** Polled every frame in the page: the first input exists and takes the focus; answers performance.now() then. */
  const interactiveCheck = (selector: string): number | false => {
    const el = document.querySelector<HTMLElement>(selector);
    if (!el) return false;
    el.focus();
    return document.activeElement === el ? performance.now() : false;
  };
  const waitInteractive = async (): Promise<number> => {
    const handle = await page.waitForFunction(interactiveCheck, FIRST_INPUT, { timeout: 30_000, polling: 'raf' });
    return (await handle.jsonValue()) as number;
  };

  // Enum requests of one full open (per-field POST …/enum/{kind}/{field} and the section GET …/enum/{kind}), counted
  // until the page is quiet: issue 17 item 8 (before: one per remote enum field, 38 on this fixture).
  let enumRequests = -1;
  {
    let count = 0;
    const onRequest = (r: { url(): string }) => { if (/\/api\/cntmng\/workspace\/[^/]+\/enum\//.test(r.url())) count++; };
    page.on('request', onRequest);
    await page.goto(`${base}/contacts/show/${ids[ids.length - 1]}`);
    await waitInteractive();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    enumRequests = count;
  }

  const fullLoad: number[] = [];
  const contactAsked: number[] = [];
  const contactArrived: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    // Each open starts from a quiet page: the previous contact's follow-up calls (states, history, widgets) done.
    await page.waitForLoadState('networkidle');
    await page.goto(`${base}/contacts/show/${ids[i]}`);
    const ms = await waitInteractive();
    const [asked, arrived] = await page.evaluate((id) => { const e = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) => r.name.endsWith(`/contact/${id}`)); return [e?.startTime ?? NaN, e?.responseEnd ?? NaN]; }, ids[i]);
    if (i >= WARMUP) { fullLoad.push(ms); contactAsked.push(asked); contactArrived.push(arrived); }
  }

  const inApp: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    // from the list (or the previous contact) to the next contact, as the list's row button does
    // a string, so that tsx's helper names do not leak into the page
    const id = ids[(i + 3) % ids.length];
    const ms = await page.evaluate(`new Promise((done, fail) => {
      const start = performance.now();
      window.history.pushState({}, '', '/contacts/show/${id}');
      window.dispatchEvent(new PopStateEvent('popstate'));
      const frame = () => {
        const el = document.querySelector('${FIRST_INPUT}');
        const title = document.querySelector('.cm-contact-show h2');
        if (el && title && title.textContent.includes('${id}')) { el.focus(); if (document.activeElement === el) { done(performance.now() - start); return; } }
        if (performance.now() - start > 30000) fail(new Error('not interactive in 30 s'));
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })`) as number;
    if (i >= WARMUP) inApp.push(ms);
    await page.evaluate(() => { window.history.pushState({}, '', '/contacts/list'); window.dispatchEvent(new PopStateEvent('popstate')); });
    await page.locator('.cm-contacts-list, #cm-page-title').first().waitFor();
  }

  const fmt = (v: number) => v.toFixed(0);
  console.log(`contact-open-500-fields: ${fmt(percentile(fullLoad, 50))} ms (p50; p95 ${fmt(percentile(fullLoad, 95))} ms; ${RUNS} full page loads; target 300 ms)`);
  console.log(`contact-open-500-fields-asked: ${fmt(percentile(contactAsked, 50))} ms (p50; the contact's request sent, from navigation start)`);
  console.log(`contact-open-500-fields-data: ${fmt(percentile(contactArrived, 50))} ms (p50; the contact's answer in, from navigation start)`);
  console.log(`contact-open-500-fields-requests: ${enumRequests} (enum requests of one full open, until the page is quiet; before issue 17 item 8: 38)`);
  console.log(`contact-open-500-fields-in-app: ${fmt(percentile(inApp, 50))} ms (p50; p95 ${fmt(percentile(inApp, 95))} ms; ${RUNS} route changes)`);
} finally {
  await browser.close();
  server.stop();
}
