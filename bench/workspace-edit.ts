/**
 * One edit in the configuration editor on the 565-field fixture (campagna-grande), in real Chromium against the real
 * server (PGlite, fresh DATA_DIR, the built SPA): the time from the keystroke (keydown) to the problems list and the
 * live preview both showing the new draft. Target: p95 ≤ 100 ms (issue 13).
 *
 * The admin opens /workspaceconfig?edit=campagna-grande, goes to the data model tab and makes 21 one-key edits after
 * 3 warm-up ones, in cycles of three: a letter added to a field's label (valid: the preview shows the new label), an
 * 'x' after a field's "dataType": "string" (a schema:enum problem: the list shows it, the preview keeps the last
 * valid draft with a notice), Backspace (valid again). The page marks what it shows with data-draft-revision: the
 * editor (.cm-config-editor, the draft typed), the problems panel (.cm-problems, the draft its list answers) and the
 * preview (.cm-config-editor__preview, the draft it stands for); a MutationObserver notes the first frame after each
 * marker changes. Prints workspace-edit-p95/p50 and the split: problems, preview, and whether the draft worker ran.
 * `--profile`: the heaviest functions by self time (build with `npx vite build --minify false`); `--trace`: a Chrome
 * trace's event totals by name (script, style recalculation, layout, paint).
 *
 * `npm run bench -- workspace-edit` builds the SPA first unless `--no-build` is given (then dist/web is used).
 */
import { openChromium } from './support-page-builder';
import { buildWeb, percentile, signIn, startWebServer } from './support-web';

const WORKSPACE = 'campagna-grande';
const WARMUP = 3;
const RUNS = 21;
/** The pause between two edits: a person reading what the editor answered. */
const PAUSE_MS = 250;

buildWeb();

const server = await startWebServer('cm-bench-wedit-');
const { base } = server;

// In the page (strings, so that tsx's helper names do not leak into it).
/** Notes the keydown and, per marker, the first frame after its data-draft-revision changes. */
const INSTRUMENT = `(() => {
  const w = window;
  w.__wedit = { keydown: 0, problems: {}, preview: {} };
  document.addEventListener('keydown', () => { w.__wedit.keydown = performance.now(); }, true);
  const watch = (selector, into) => {
    const el = document.querySelector(selector);
    new MutationObserver(() => {
      const revision = el.getAttribute('data-draft-revision');
      if (revision && !(revision in w.__wedit[into])) {
        w.__wedit[into][revision] = -1;
        requestAnimationFrame(() => { w.__wedit[into][revision] = performance.now(); });
      }
    }).observe(el, { attributes: true, attributeFilter: ['data-draft-revision'] });
  };
  watch('.cm-problems', 'problems');
  watch('.cm-config-editor__preview', 'preview');
})()`;

/** Puts the data model editor's cursor at the end of `needle` (after `after`); CodeMirror's view hangs on its content node. */
const placeCursor = (after: string, needle: string) => `(() => {
  const content = document.getElementById('cm-config-editor-dataModel');
  const view = content.cmTile.root.view;
  const text = view.state.doc.toString();
  const start = text.indexOf(${JSON.stringify(after)});
  const at = text.indexOf(${JSON.stringify(needle)}, start);
  if (start < 0 || at < 0) throw new Error('not found: ' + ${JSON.stringify(after + ' ' + needle)});
  view.dispatch({ selection: { anchor: at + ${needle.length} } });
  view.focus();
  return Number(document.querySelector('.cm-config-editor').getAttribute('data-draft-revision'));
})()`;

/** Resolves when the editor, the problems panel and the preview all show the same new revision. */
const SETTLED = `(before) => {
  const revision = Number(document.querySelector('.cm-config-editor').getAttribute('data-draft-revision'));
  if (!(revision > before)) return false;
  const w = window.__wedit;
  const problems = w.problems[revision];
  const preview = w.preview[revision];
  if (!(problems > 0 && preview > 0)) return false;
  const panel = document.querySelector('.cm-problems');
  return { revision, keydown: w.keydown, problems, preview, errors: panel.querySelectorAll('[data-severity="error"]').length, rules: [...panel.querySelectorAll('[data-rule]')].map((e) => e.getAttribute('data-rule') + ' ' + e.getAttribute('data-pointer')) };
}`;

const browser = await openChromium();
const { page } = browser;
try {
  await signIn(page, base, 'admin');
  await page.goto(`${base}/workspaceconfig?edit=${WORKSPACE}`);
  await page.locator('.cm-config-editor[data-draft-revision] .cm-problems[data-draft-revision]').waitFor({ timeout: 60_000 });
  await page.locator('.cm-config-editor__preview[data-draft-revision] .cm-config-preview').waitFor({ timeout: 60_000 });
  await page.getByRole('tab', { name: /data model/i }).click();
  await page.locator('#cm-config-editor-dataModel').waitFor({ state: 'visible' });
  await page.evaluate(INSTRUMENT);

  // --profile: a CPU profile of the measured edits, its heaviest functions by self time (build with --minify false for names)
  const profiling = process.argv.includes('--profile');
  const cdp = profiling ? await page.context().newCDPSession(page) : null;
  // --trace: a Chrome trace of the measured edits, its events' total durations by name (script, style, layout, paint…)
  const tcdp = process.argv.includes('--trace') ? await page.context().newCDPSession(page) : null;
  type TraceEvent = { name: string; ph: string; dur?: number };
  const events: TraceEvent[] = [];
  if (tcdp) tcdp.on('Tracing.dataCollected', (e) => { events.push(...(e.value as unknown as TraceEvent[])); });
  const settledFn = new Function(`return (${SETTLED})`)() as (before: number) => unknown;
  type Settled = { revision: number; keydown: number; problems: number; preview: number; errors: number; rules: string[] };
  const total: number[] = [];
  const toProblems: number[] = [];
  const toPreview: number[] = [];
  const byKind: Record<string, number[]> = { label: [], problem: [], fix: [] };
  let label = 'Nome';
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const kind = (['label', 'problem', 'fix'] as const)[i % 3];
    let before: number;
    if (kind === 'label') {
      before = (await page.evaluate(placeCursor('"nome": {', `"label": "${label}`))) as number;
      await page.keyboard.press('a');
      label += 'a';
    } else if (kind === 'problem') {
      before = (await page.evaluate(placeCursor('"cognome": {', '"dataType": "string'))) as number;
      await page.keyboard.press('x');
    } else {
      before = (await page.evaluate(placeCursor('"cognome": {', '"dataType": "stringx'))) as number;
      await page.keyboard.press('Backspace');
    }
    const handle = await page.waitForFunction(settledFn, before, { timeout: 30_000, polling: 'raf' });
    const s = (await handle.jsonValue()) as Settled;
    if (kind === 'problem' && !s.rules.some((r) => r.startsWith('schema:enum /model/cognome/dataType'))) throw new Error(`edit ${i}: the problem is not listed: ${s.rules.join(', ')}`);
    if (kind !== 'problem' && s.errors !== 0) throw new Error(`edit ${i}: a valid draft lists ${s.errors} error(s): ${s.rules.join(', ')}`);
    if (kind === 'label' && !(await page.locator('.cm-config-editor__preview').getByText(label, { exact: true }).first().isVisible())) throw new Error(`edit ${i}: the preview does not show the label ${label}`);
    if (i === WARMUP - 1 && tcdp) await tcdp.send('Tracing.start', { categories: 'devtools.timeline,v8.execute,blink.user_timing', transferMode: 'ReportEvents' });
    if (i === WARMUP - 1 && cdp) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start'); }
    if (i >= WARMUP) {
      const end = Math.max(s.problems, s.preview) - s.keydown;
      total.push(end);
      toProblems.push(s.problems - s.keydown);
      toPreview.push(s.preview - s.keydown);
      byKind[kind].push(end);
    }
    await page.waitForTimeout(PAUSE_MS);
  }

  if (tcdp) {
    const done = new Promise((ok) => tcdp.once('Tracing.tracingComplete', ok));
    await tcdp.send('Tracing.end');
    await done;
    const agg = new Map<string, number>();
    for (const e of events) if (e.ph === 'X' && e.dur) agg.set(e.name, (agg.get(e.name) ?? 0) + e.dur / 1000);
    console.log([...agg.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`).join('\n'));
  }
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map<string, number>();
    const dt = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples?.length ?? 1);
    const counts = new Map<number, number>();
    for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber } = node.callFrame;
      const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (counts.get(node.id) ?? 0) * dt);
    }
    console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`).join('\n'));
  }
  // where the draft is checked: the editor's worker, or the page when the browser refused it (CSP, no Worker)
  console.log(`workspace-edit-workers: ${page.workers().filter((w) => /draft-check/.test(w.url())).length} (the draft worker running)`);
  const fmt = (v: number) => v.toFixed(0);
  console.log(`workspace-edit-p95: ${fmt(percentile(total, 95))} ms (keystroke → problems list and preview updated; ${RUNS} edits; target 100 ms)`);
  console.log(`workspace-edit-p50: ${fmt(percentile(total, 50))} ms`);
  console.log(`workspace-edit-problems: ${fmt(percentile(toProblems, 50))} ms (p50; p95 ${fmt(percentile(toProblems, 95))} ms; keystroke → problems list)`);
  console.log(`workspace-edit-preview: ${fmt(percentile(toPreview, 50))} ms (p50; p95 ${fmt(percentile(toPreview, 95))} ms; keystroke → preview)`);
  for (const [kind, values] of Object.entries(byKind)) console.log(`workspace-edit-${kind}: ${fmt(percentile(values, 50))} ms (p50; p95 ${fmt(percentile(values, 95))} ms; ${values.length} edits)`);
  if (process.argv.includes('--verbose')) console.log(total.map(fmt).join(' '));
} finally {
  await browser.close();
  server.stop();
}
