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

const instances = new WeakMap<Database, PGlite>();

/**
 * PGlite in `dataDir` (kept between starts), or in memory when `dataDir` is undefined. `loadDataDir` starts it from
 * a tarball of `dumpPglite` instead of an empty cluster.
 */
export async function createPgliteDatabase(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
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
  instances.set(database, pg);
  return database;
}

/** The data directory of a PGlite database as an uncompressed tarball, for `createPgliteDatabase`'s `loadDataDir`. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const pg = instances.get(database);
  if (!pg) throw new Error('not a PGlite database');
  return pg.dumpDataDir('none');
}
