import pg from 'pg';
import type { Database, Queryable, Row, SqlParam } from './database';

export interface PostgresOptions {
  connectionString: string;
  /** Schema to put first on the search_path (the tests give each file its own schema). */
  schema?: string;
  max?: number;
}

const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
  async query<T extends Row>(sql: string, params: readonly SqlParam[] = []) {
    const result = await client.query<T>(sql, params as unknown[]);
    return result.rows;
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

export async function createPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: withDefaultUser(options.connectionString),
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
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
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
