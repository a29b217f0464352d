import { PGlite, type Transaction } from '@electric-sql/pglite';
import { scopedChannel, type Database, type Queryable, type Row, type SqlParam } from './database';

const wrap = (target: PGlite | Transaction): Queryable => ({
  async query<T extends Row>(sql: string, params: readonly SqlParam[] = []) {
    const result = await target.query<T>(sql, params as unknown[]);
    return result.rows;
  },
  async exec(sql: string) {
    await target.exec(sql);
  },
});

/** PGlite in `dataDir` (kept between starts), or in memory when `dataDir` is undefined. */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const base = wrap(pg);
  return {
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
}
