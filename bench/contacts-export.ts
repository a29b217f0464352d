/**
 * CSV export of N contacts (default 100,000) over real HTTP, the body read and dropped chunk by chunk as a browser
 * download would. The process RSS is sampled every 10 ms; the delta is over the RSS after a small warm-up export.
 * Prints:
 *   export-100k-time: N ms
 *   export-100k-peak-rss-delta: N MB
 * and, to show the memory stays flat as the export grows, the same delta for a quarter of the rows.
 * Options: --db pglite|postgres (default pglite), --count 100000.
 */
import type { AddressInfo } from 'node:net';
import { BENCH_WORKSPACE, benchApp, openBenchDatabase, option, seedContacts } from './support-contacts';

const kind = option('db', 'pglite') as 'pglite' | 'postgres';
const count = Number(option('count', '100000'));
const MB = 1024 * 1024;

const bench = await openBenchDatabase(kind);
try {
  await seedContacts(bench, count);
  const { app, cookie } = await benchApp(bench.database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/cntmng/exportCsv/${BENCH_WORKSPACE}`;

  /** One export with these filters: time, lines, bytes and the peak RSS seen while it ran. */
  async function exportOnce(filters: object): Promise<{ ms: number; lines: number; bytes: number; peakRss: number; headers: Headers }> {
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ filters: { includeSuspended: true, ...filters }, timezone: 'Europe/Rome' }),
      });
      if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status} ${await response.text()}`);
      let lines = 0;
      let bytes = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const byte of chunk) if (byte === 10) lines++;
      }
      return { ms: performance.now() - started, lines, bytes, peakRss: Math.max(peakRss, process.memoryUsage().rss), headers: response.headers };
    } finally {
      clearInterval(sampler);
    }
  }

  // Warm-up: JIT, the first page queries, sockets. Then the baseline.
  await exportOnce({ priority: 1 });
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  const quarter = await exportOnce({ states: ['NUOVO'] });
  const full = await exportOnce({});
  const rows = full.lines - 1;
  console.log(`# ${bench.label}: ${rows.toLocaleString('en')} rows, ${(full.bytes / MB).toFixed(1)} MB of CSV, ${full.headers.get('content-disposition')}`);
  console.log(`# quarter (${(quarter.lines - 1).toLocaleString('en')} rows): ${Math.round(quarter.ms)} ms, peak RSS delta ${((quarter.peakRss - baseline) / MB).toFixed(1)} MB`);
  const name = count >= 1000 ? `${Math.round(count / 1000)}k` : String(count);
  console.log(`export-${name}-time: ${Math.round(full.ms)} ms`);
  console.log(`export-${name}-peak-rss-delta: ${Math.max(0, (full.peakRss - baseline) / MB).toFixed(1)} MB`);
  await app.close();
} finally {
  await bench.drop();
}
