import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { preparedStatementName, scopedChannel, type Database, type Queryable, type QueryOptions, type Row, type SqlParam } from './database';
import { PGLITE_WORKER_SOURCE } from './pglite-worker-source';

/**
 * Where PGlite runs:
 * - `worker` (the default): on a thread of its own. The database's work (PGlite is PostgreSQL compiled to WebAssembly,
 *   and it computes on the thread that calls it) then runs beside the server's own (HTTP, JSON, checks, parsing an
 *   import) on a second core, instead of taking turns with it on one; each call pays a message each way.
 * - `inline`: on the calling thread, as the library ships. Kept for a host where the worker cannot start.
 */
export type PgliteThread = 'worker' | 'inline';

export interface PgliteOptions {
  /** A tarball of `dumpPglite` to start from instead of an empty cluster. */
  loadDataDir?: Blob;
  thread?: PgliteThread;
}

const dumps = new WeakMap<Database, () => Promise<Blob>>();

/**
 * PGlite in `dataDir` (kept between starts), or in memory when `dataDir` is undefined. `loadDataDir` starts it from
 * a tarball of `dumpPglite` instead of an empty cluster.
 */
export async function createPgliteDatabase(dataDir?: string, options: PgliteOptions = {}): Promise<Database> {
  const thread = options.thread ?? (process.env.PGLITE_THREAD === 'inline' ? 'inline' : 'worker');
  if (thread === 'inline') return inlineDatabase(dataDir, options.loadDataDir);
  const pglite = pgliteModule();
  if (pglite) return workerDatabase({ pglite, trigrams: pgliteModule('@electric-sql/pglite/contrib/pg_trgm') }, dataDir, options.loadDataDir);
  process.emitWarning('PGlite runs on the server\'s thread: its module was not found from the script or the working directory', { code: 'PGLITE_INLINE' });
  return inlineDatabase(dataDir, options.loadDataDir);
}

/** The data directory of a PGlite database as an uncompressed tarball, for `createPgliteDatabase`'s `loadDataDir`. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const dump = dumps.get(database);
  if (!dump) throw new Error('not a PGlite database');
  return dump();
}

async function inlineDatabase(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}), extensions: { pg_trgm } });
  const wrap = (target: PGlite | Transaction): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly SqlParam[] = []) {
      return (await target.query<T>(sql, params as unknown[])).rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  const base = wrap(pg);
  const database: Database = {
    dialect: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    async listen(channel, handler) {
      const [{ schema }] = await base.query<{ schema: string }>('SELECT current_schema() AS schema');
      const unlisten = await pg.listen(`"${scopedChannel(schema, channel)}"`, handler);
      return () => (pg.closed ? Promise.resolve() : unlisten());
    },
    close: () => pg.close(),
  };
  dumps.set(database, () => pg.dumpDataDir('none'));
  return database;
}

/** A query's rows whose json and jsonb columns (named, and whether they hold arrays of them) the PGlite thread left as text. */
interface JsonColumnsReply<T> { rows: T[]; json: Array<[string, boolean]> }

const parsedArray = (value: unknown): unknown => (Array.isArray(value) ? value.map(parsedArray) : typeof value === 'string' ? JSON.parse(value) : value);

/** The rows of a query, json and jsonb values parsed here (the thread sends their text: cheaper than the objects). */
export function parsedJsonColumns<T extends Row>(reply: T[] | JsonColumnsReply<T>): T[] {
  if (Array.isArray(reply)) return reply;
  for (const row of reply.rows as Array<Record<string, unknown>>) {
    for (const [name, array] of reply.json) {
      const value = row[name];
      if (value === null || value === undefined) continue;
      row[name] = array ? parsedArray(value) : JSON.parse(value as string);
    }
  }
  return reply.rows;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: { message: string; name: string } & Record<string, unknown> };
type Notification = { notification: number; payload: string };

/**
 * PGlite's module for the thread to load: resolved from the script the process runs (the server's main, a bench, the
 * test runner), else from the directory it runs in; null when neither finds it.
 */
function pgliteModule(specifier = '@electric-sql/pglite'): string | null {
  for (const from of [process.argv[1], join(process.cwd(), 'package.json')]) {
    if (!from) continue;
    try {
      return pathToFileURL(createRequire(from).resolve(specifier)).href;
    } catch {
      // try the next place
    }
  }
  return null;
}

/**
 * PGlite on its own thread (pglite-worker-source.ts). The thread keeps the process alive only while a call is
 * waiting for its answer, as the library does on the calling thread; if it dies, every waiting call and every
 * later one fails with the reason.
 */
async function workerDatabase(modules: { pglite: string; trigrams: string | null }, dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  const worker = new Worker(PGLITE_WORKER_SOURCE, { eval: true, workerData: modules });
  worker.unref();
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const heard = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let nextTransaction = 1;
  let gone: Error | null = null;

  const rebuilt = ({ message, name, ...fields }: { message: string; name: string } & Record<string, unknown>) =>
    Object.assign(new Error(message), { name }, fields);
  worker.on('message', (message: Reply | Notification) => {
    if ('notification' in message) {
      heard.get(message.notification)?.(message.payload);
      return;
    }
    const call = waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id);
    if (waiting.size === 0) worker.unref();
    if (message.ok) call.resolve(message.result);
    else call.reject(rebuilt(message.error));
  });
  const stop = (reason: Error) => {
    gone ??= reason;
    for (const call of waiting.values()) call.reject(gone);
    waiting.clear();
  };
  worker.on('error', (error) => stop(new Error(`the PGlite thread failed: ${error.message}`)));
  worker.on('exit', (code) => stop(new Error(`the PGlite thread ended (exit code ${code})`)));

  const call = <T>(op: string, payload: Record<string, unknown> = {}, transfer: ArrayBuffer[] = []): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, op, ...payload }, transfer);
    });
  };

  // Messages arrive as objects of the thread's main realm. Where the caller runs in another (a test runner's sandbox),
  // `instanceof Date` and `isDeepStrictEqual` would tell a row's values from the caller's own: they are rebuilt there.
  let ownRealm = true;
  const local = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map(local);
    const kind = Object.prototype.toString.call(value);
    if (kind === '[object Date]') return new Date((value as Date).getTime());
    if (kind === '[object Uint8Array]') return new Uint8Array(value as Uint8Array);
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, local(inner)]));
  };
  const inOwnRealm = <T extends Row>(rows: T[]): T[] => (ownRealm ? rows : (local(rows) as T[]));

  const queryable = (tx?: number): Queryable => ({
    query: async <T extends Row>(sql: string, params: readonly SqlParam[] = [], options: QueryOptions = {}) =>
      inOwnRealm(parsedJsonColumns(await call<T[] | JsonColumnsReply<T>>('query', { sql, params, tx, prepared: preparedStatementName(sql, options.prepared) }))),
    exec: (sql: string) => call<void>('exec', { sql, tx }),
  });

  const dump = loadDataDir ? await loadDataDir.arrayBuffer() : undefined;
  try {
    ownRealm = (await call<unknown>('open', { dataDir, dump }, dump ? [dump] : [])) instanceof Date;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  const base = queryable();
  const database: Database = {
    dialect: 'pglite',
    query: base.query,
    exec: base.exec,
    async transaction(work) {
      // The work's statements go at once, without waiting for 'begin' to be answered: the thread holds them until the
      // transaction has begun (a hop saved per transaction; its failure fails them, and then this).
      const tx = nextTransaction++;
      const begun = call<number>('begin', { tx });
      begun.catch(() => undefined);
      let result;
      try {
        result = await work(queryable(tx));
        await begun;
      } catch (error) {
        await call('end', { tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call('end', { tx, commit: true });
      return result;
    },
    async listen(channel, handler) {
      const [{ schema }] = await base.query<{ schema: string }>('SELECT current_schema() AS schema');
      const listener = await call<number>('listen', { channel: `"${scopedChannel(schema, channel)}"` });
      heard.set(listener, handler);
      return async () => {
        heard.delete(listener);
        if (!gone) await call('unlisten', { listener });
      };
    },
    async close() {
      if (gone) return;
      await call('close');
      stop(new Error('the database is closed'));
      await worker.terminate();
    },
  };
  dumps.set(database, async () => new Blob([await call<ArrayBuffer>('dump')]));
  return database;
}
