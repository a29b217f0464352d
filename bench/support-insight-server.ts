/**
 * The insight bench's report server in a process of its own (forked with IPC by bench/insight.ts), so the memory the
 * bench reports is the server's alone: the reader of the CSV (fetch, its buffers) lives in the parent.
 * argv[2]: the database URL. Sends `{ address, cookie }` once listening; on `'gc'` collects garbage and answers
 * `{ rss }`; on `'close'` closes the app and the pool and exits.
 */
import { createPostgresDatabase } from '@server/db/postgres-database';
import { benchApp } from './support-contacts';

const database = await createPostgresDatabase({ connectionString: process.argv[2], max: 4 });
const { app, cookie } = await benchApp(database);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.on('message', (message) => {
  if (message === 'gc') {
    global.gc?.();
    process.send?.({ rss: process.memoryUsage().rss });
  } else if (message === 'close') {
    void app.close().then(() => database.close()).then(() => process.exit(0));
  }
});
process.send?.({ address, cookie });
