import pg from 'pg';
import { preparedStatementName, scopedChannel, type Database, type Queryable, type QueryOptions, type Row, type SqlParam } from './database';

export interface PostgresOptions {
  connectionString: string;
  /** Schema to put first on the search_path (the tests give each file its own schema). */
  schema?: string;
  max?: number;
}

/**
 * Names whose prepared statement PostgreSQL refused once because a table under it changed its columns' types (a
 * migration by another process while this one runs): the call runs again unprepared, and so does every later one of
 * this process, since the pool's connections that hold the old statement cannot be told apart.
 */
const stalePrepared = new Set<string>();

const isStalePlan = (error: unknown) => (error as { code?: string })?.code === '0A000' && /cached plan must not change result type/.test(String((error as Error)?.message));

const wrap = (client: pg.Pool | pg.PoolClient, inTransaction = false): Queryable => ({
  async query<T extends Row>(sql: string, params: readonly SqlParam[] = [], options: QueryOptions = {}) {
    const values = params as unknown[];
    const name = preparedStatementName(sql, options.prepared);
    if (!name || stalePrepared.has(name)) return (await client.query<T>(sql, values)).rows;
    try {
      return (await client.query<T>({ name, text: sql, values })).rows;
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      stalePrepared.add(name);
      // A transaction is aborted by the error: its caller fails this once, the next runs unprepared.
      if (inTransaction) throw error;
      return (await client.query<T>(sql, values)).rows;
    }
  },
  async exec(sql: string) {
    await client.query(sql);
  },
});

/**
 * `pg` takes the user from PGUSER or USER when the URL names none, and some environments (CI, Jest) set neither:
 * fall back to `postgres` then. (A separate `user` option would be overridden by the parsed URL.)
 */
export function withDefaultUser(connectionString: string): string {
  if (!URL.canParse(connectionString) || process.env.PGUSER || process.env.USER) return connectionString;
  const url = new URL(connectionString);
  if (url.username === '') url.username = 'postgres';
  return url.toString();
}

/**
 * One connection per process that LISTENs on every channel someone listens to and hands each notification to the
 * channel's handlers. A lost connection is opened again (and LISTENs again) a second later, until closed.
 */
function createListener(clientConfig: pg.ClientConfig) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: Promise<pg.Client> | null = null;
  let closed = false;
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

  const connect = (): Promise<pg.Client> => {
    const opened = (async () => {
      const c = new pg.Client(clientConfig);
      c.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      const lost = () => {
        if (client !== opened) return;
        client = null;
        c.end().catch(() => undefined);
        if (!closed && handlers.size) setTimeout(() => void (closed || client ? undefined : (client = connect())), 1_000).unref();
      };
      c.on('error', lost);
      c.on('end', lost);
      await c.connect();
      for (const name of handlers.keys()) await c.query(`LISTEN ${quote(name)}`);
      return c;
    })();
    opened.catch(() => {
      if (client === opened) client = null;
    });
    return opened;
  };

  return {
    async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
      if (closed) throw new Error('the database is closed');
      client ??= connect();
      const c = await client;
      const [{ schema }] = (await c.query<{ schema: string }>('SELECT current_schema() AS schema')).rows;
      const name = scopedChannel(schema, channel);
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
        await c.query(`LISTEN ${quote(name)}`);
      }
      set.add(handler);
      return async () => {
        const current = handlers.get(name);
        if (!current?.delete(handler) || current.size) return;
        handlers.delete(name);
        const open = client && !closed ? await client.catch(() => null) : null;
        await open?.query(`UNLISTEN ${quote(name)}`).catch(() => undefined);
      };
    },
    async close(): Promise<void> {
      closed = true;
      handlers.clear();
      const open = client;
      client = null;
      const c = await open?.catch(() => null);
      await c?.end().catch(() => undefined);
    },
  };
}

export async function createPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const connection = {
    connectionString: withDefaultUser(options.connectionString),
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
  const pool = new pg.Pool({ ...connection, max: options.max ?? 10 });
  const listener = createListener(connection);
  // Fail at start, not on the first request, when the server cannot be reached.
  await pool.query('SELECT 1');
  const base = wrap(pool);
  return {
    dialect: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client, true));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, handler) => listener.listen(channel, handler),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
