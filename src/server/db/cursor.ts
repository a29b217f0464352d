import type { Database, Row, SqlParam } from './database';

let cursorCount = 0;

/**
 * The rows of `sql`, `batch` at a time, from a database cursor: the query runs once, in one transaction, and neither
 * the process nor the database ever holds more than two batches, however many rows it has (the reports' CSV): the
 * one the consumer works on and the next, fetched meanwhile, so the database's work overlaps the consumer's.
 * JIT is off for the transaction: compiling a report's plan cost 1.3 s at a million rows, for nothing gained.
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
  // Set when the consumer stops: the transaction ends at its next step, even if an ask is already under way.
  let stopping = false;

  const finished = db
    .transaction(async (tx) => {
      await tx.query("SELECT set_config('jit', 'off', true)");
      await tx.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, params);
      for (;;) {
        const more = await asked;
        asked = new Promise<boolean>((resolve) => (ask = resolve));
        if (!more || stopping) return;
        const rows = await tx.query<T>(`FETCH ${batch} FROM ${name}`);
        const give = deliver;
        delivered = new Promise<T[] | null>((resolve, reject) => ((deliver = resolve), (fail = reject)));
        give(rows.length ? rows : null);
        if (!rows.length || stopping) return;
      }
    })
    .catch((error: unknown) => fail(error));

  try {
    let next = delivered;
    ask(true);
    for (;;) {
      const rows = await next;
      if (!rows) return;
      // The next batch is fetched while the consumer works on this one.
      next = delivered;
      next.catch(() => undefined);
      ask(true);
      yield rows;
    }
  } finally {
    stopping = true;
    ask(false);
    await finished;
  }
}
