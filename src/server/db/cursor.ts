import type { Database, Row, SqlParam } from './database';

let cursorCount = 0;

/**
 * The rows of `sql`, `batch` at a time, from a database cursor: the query runs once, in one transaction, and neither
 * the process nor the database ever holds more than one batch, however many rows it has (the reports' CSV).
 * Stopping early (a client that goes away) closes the cursor and ends the transaction. On PGlite the transaction
 * holds the single connection until the last batch is read; on PostgreSQL it holds one connection of the pool.
 */
export async function* cursorRows<T extends Row = Row>(db: Database, sql: string, params: readonly SqlParam[], batch = 5_000): AsyncGenerator<T[]> {
  const name = `cm_cursor_${++cursorCount}`;
  // Handshake between the consumer (this generator) and the transaction: the consumer asks, the transaction fetches.
  let ask: (more: boolean) => void = () => undefined;
  let asked = new Promise<boolean>((resolve) => (ask = resolve));
  let deliver: (rows: T[] | null) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  let delivered = new Promise<T[] | null>((resolve, reject) => ((deliver = resolve), (fail = reject)));

  const finished = db
    .transaction(async (tx) => {
      await tx.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, params);
      for (;;) {
        const more = await asked;
        asked = new Promise<boolean>((resolve) => (ask = resolve));
        if (!more) return;
        const rows = await tx.query<T>(`FETCH ${batch} FROM ${name}`);
        const give = deliver;
        delivered = new Promise<T[] | null>((resolve, reject) => ((deliver = resolve), (fail = reject)));
        give(rows.length ? rows : null);
        if (!rows.length) return;
      }
    })
    .catch((error: unknown) => fail(error));

  try {
    for (;;) {
      const next = delivered;
      ask(true);
      const rows = await next;
      if (!rows) return;
      yield rows;
    }
  } finally {
    ask(false);
    await finished;
  }
}
