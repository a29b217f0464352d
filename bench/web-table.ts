/**
 * The contact table (renderers/table/ContactTable, TanStack Table 9) rendering 100 rows × 40 columns in real
 * Chromium: 7 fixed columns and 33 data-model columns of mixed types, with the list's row buttons and selection
 * cells. One figure: the median time from render() to the table laid out (React commit, style and layout forced by
 * reading the table's size), over 30 fresh mounts after 5 warm-up ones. Target ≤ 50 ms. A plain React table of the
 * same strings is measured too, as the floor this machine allows at the moment.
 *
 * `npm run bench -- web-table`
 */
import { buildPage, openChromium } from './support-page-builder';

const ROWS = 100;
const COLUMNS = 40;
const WARMUP = 5;
const RUNS = 30;

const entry = `
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { ContactTable } from './renderers/table/ContactTable/ContactTable';

const fixed = [
  { kind: 'fixed', key: 'id', label: 'ID', dataType: 'string', sortable: true },
  { kind: 'fixed', key: 'availability', label: 'Disponibilità', dataType: 'string', sortable: true, values: [{ value: 'toProcess', label: 'Da Lavorare' }, { value: 'processing', label: 'In Lavorazione' }] },
  { kind: 'fixed', key: 'state', label: 'Stato', dataType: 'string', sortable: true, values: [{ value: 'NEW', label: 'Nuovo' }, { value: 'OPEN', label: 'Aperto' }] },
  { kind: 'fixed', key: 'lastStateChangeAt', label: 'Ultimo cambio stato', dataType: 'date-time', sortable: true },
  { kind: 'fixed', key: 'outcome', label: 'Esito', dataType: 'string', sortable: true },
  { kind: 'fixed', key: 'priority', label: 'Priorità', dataType: 'number', sortable: true },
  { kind: 'fixed', key: 'agentId', label: 'Agente assegnato', dataType: 'string', sortable: true },
];
const TYPES = ['string', 'number', 'date', 'boolean', 'text'];
const dynamic = Array.from({ length: ${COLUMNS} - fixed.length }, (_, i) => ({
  kind: i % 4 === 3 ? 'outputs' : 'inputs', key: (i % 4 === 3 ? 'outputs.' : 'inputs.') + 'f' + i, field: 'f' + i, label: 'Campo ' + i,
  dataType: TYPES[i % TYPES.length], columnIndex: i, isVisible: true, filterable: true,
}));
const columns = [...fixed, ...dynamic];
const valueOf = (type, r, i) => type === 'number' ? r * 7 + i : type === 'date' ? '2025-0' + (1 + (r % 9)) + '-1' + (i % 9) : type === 'boolean' ? (r + i) % 2 === 0 : 'valore ' + r + '-' + i;
const rows = Array.from({ length: ${ROWS} }, (_, r) => {
  const inputs = {}, outputs = {};
  dynamic.forEach((c, i) => { (c.kind === 'inputs' ? inputs : outputs)[c.field] = valueOf(c.dataType, r, i); });
  return {
    id: (r + 1).toString(16).padStart(24, '0'), availability: r % 3 ? 'toProcess' : 'processing', state: r % 2 ? 'NEW' : 'OPEN',
    lastStateChangeAt: '2025-06-0' + (1 + (r % 9)) + 'T10:00:00Z', outcome: null, priority: 1 + (r % 10), agentId: r % 4 ? null : 'u-agent',
    suspended: r % 17 === 0, processable: true, originalContactId: r % 23 === 0 ? 'x' : null, inputs, outputs,
  };
});
const actions = (row) => <span><button type="button" aria-label={'show ' + row.id}>S</button><button type="button" aria-label={'take ' + row.id}>T</button></span>;
const leading = (row) => <input type="checkbox" aria-label={'select ' + row.id} />;

// The same cells as plain strings in a plain React table: what this machine needs for 4,000 DOM cells at all,
// so the figure can be read against the load of the moment (2 shared cores).
const Plain = () => <table><tbody>{rows.map((row) => <tr key={row.id}>{columns.map((c) => <td key={c.key}>{String(c.kind === 'fixed' ? row[c.key] ?? '' : row[c.kind][c.field] ?? '')}</td>)}</tr>)}</tbody></table>;
window.plainOnce = () => {
  const host = document.createElement('div');
  document.getElementById('root').appendChild(host);
  const root = createRoot(host);
  const start = performance.now();
  flushSync(() => root.render(<Plain />));
  host.querySelector('table').getBoundingClientRect();
  const ms = performance.now() - start;
  root.unmount();
  host.remove();
  return ms;
};

window.renderOnce = () => {
  const host = document.createElement('div');
  document.getElementById('root').appendChild(host);
  const root = createRoot(host);
  const start = performance.now();
  flushSync(() => root.render(
    <ContactTable columns={columns} rows={rows} currentUserId="u-agent" sort={{ key: 'priority', order: 'desc' }} onSortChange={() => {}} renderActions={actions} renderLeading={leading} leadingHeader={<input type="checkbox" />} />,
  ));
  const table = host.querySelector('table');
  const height = table.getBoundingClientRect().height;
  const ms = performance.now() - start;
  const cells = host.querySelectorAll('tbody td').length;
  root.unmount();
  host.remove();
  return { ms, cells, height };
};
`;

const main = async () => {
  // Only Blueprint's core stylesheet: the table uses nothing else, and each extra rule set weighs on style recalculation.
  const built = await buildPage({ contents: entry, sourcefile: 'web-table-page.tsx' }, 'table', ['@blueprintjs/core/lib/css/blueprint.css']);
  try {
    const browser = await openChromium();
    try {
      const { page } = browser;
      await page.goto(built.url);
      await page.waitForFunction(() => typeof (window as unknown as { renderOnce?: unknown }).renderOnce === 'function');
      const samples: number[] = [];
      let cells = 0;
      for (let i = 0; i < WARMUP + RUNS; i += 1) {
        const run = await page.evaluate(() => (window as unknown as { renderOnce(): { ms: number; cells: number; height: number } }).renderOnce());
        if (run.height <= 0) throw new Error('the table was not laid out');
        cells = run.cells;
        if (i >= WARMUP) samples.push(run.ms);
      }
      const baseline: number[] = [];
      for (let i = 0; i < WARMUP + RUNS; i += 1) {
        const ms = await page.evaluate(() => (window as unknown as { plainOnce(): number }).plainOnce());
        if (i >= WARMUP) baseline.push(ms);
      }
      baseline.sort((a, b) => a - b);
      samples.sort((a, b) => a - b);
      const median = samples[Math.floor(samples.length / 2)];
      const p95 = samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)];
      console.log(`table-render-${ROWS}x${COLUMNS}: ${median.toFixed(1)} ms`);
      console.log(`table-render-${ROWS}x${COLUMNS}-p95: ${p95.toFixed(1)} ms`);
      console.log(`table-render-cells: ${cells} cells`);
      console.log(`table-render-plain-baseline-${ROWS}x${COLUMNS}: ${baseline[Math.floor(baseline.length / 2)].toFixed(1)} ms`);
      if (median > 50) process.exitCode = 1;
    } finally {
      await browser.close();
    }
  } finally {
    built.dispose();
  }
};

void main();
