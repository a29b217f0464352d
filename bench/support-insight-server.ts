/**
 * The insight bench's report server in a process of its own (forked with IPC by bench/insight.ts), so the memory the
 * bench reports is the server's alone: the reader of the CSV (fetch, its buffers) lives in the parent.
 * argv[2]: the database URL. Sends `{ address, cookie }` once listening; on `'gc'` collects garbage and answers
 * `{ rss, heapTotal, external }`; on `'peaks'` answers the peak heapTotal and external since the last 'gc'; on `'close'` closes the app and the pool and exits.
 */
import { createPostgresDatabase } from '@server/db/postgres-database';
import { benchApp } from './support-contacts';

const database = await createPostgresDatabase({ connectionString: process.argv[2], max: 4 });
const { app, cookie } = await benchApp(database);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
// The peaks of the V8 heap and of the memory outside it (Buffers), sampled since the last 'gc', for the breakdown.
let peaks = { heapTotal: 0, external: 0 };
setInterval(() => {
  const m = process.memoryUsage();
  peaks = { heapTotal: Math.max(peaks.heapTotal, m.heapTotal), external: Math.max(peaks.external, m.external) };
}, 10).unref();
process.on('message', (message) => {
  if (message === 'peaks') {
    process.send?.(peaks);
  } else if (message === 'gc') {
    global.gc?.();
    const m = process.memoryUsage();
    peaks = { heapTotal: m.heapTotal, external: m.external };
    process.send?.({ rss: m.rss, heapTotal: m.heapTotal, external: m.external });
  } else if (message === 'close') {
    void app.close().then(() => database.close()).then(() => process.exit(0));
  }
});
process.send?.({ address, cookie });
