import { cursorRows } from '@server/db/cursor';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
});
afterAll(async () => db.drop());

const numbers = (n: number) => `SELECT g AS n FROM generate_series(1, ${n}) AS g ORDER BY g`;

describe('cursorRows (the reports CSV reads from it)', () => {
  it('gives every row once and in order, a batch at a time, while it fetches the next batch ahead', async () => {
    const seen: number[] = [];
    const sizes: number[] = [];
    for await (const batch of cursorRows<{ n: number }>(db.database, numbers(2_345), [], 1_000)) {
      sizes.push(batch.length);
      seen.push(...batch.map((row) => Number(row.n)));
    }
    expect(sizes).toEqual([1_000, 1_000, 345]);
    expect(seen).toEqual(Array.from({ length: 2_345 }, (_, i) => i + 1));
  });

  it('ends its transaction when the reader stops early, at once or after waiting: the database answers the next query', async () => {
    for (const pause of [0, 20]) {
      for await (const batch of cursorRows<{ n: number }>(db.database, numbers(10_000), [], 100)) {
        expect(batch).toHaveLength(100);
        if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
        break;
      }
      // On PGlite a transaction left open would hold the one connection and this query would never answer.
      expect(await db.database.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    }
  });

  it('passes a failure of the query to the reader', async () => {
    const reading = async () => {
      for await (const batch of cursorRows(db.database, 'SELECT 1 / (g - 3) FROM generate_series(1, 5) AS g', [], 1)) void batch;
    };
    await expect(reading()).rejects.toThrow(/division by zero/);
    expect(await db.database.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
