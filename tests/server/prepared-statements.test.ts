import { createTestDatabase, usePostgres, type TestDatabase } from './support/test-database';

/**
 * The database seam's prepared statements (QueryOptions.prepared): the session's lookup and a contact's read run on
 * every request, and PostgreSQL keeps them parsed and planned per connection: each connection of the pool, or PGlite's
 * one connection on its thread.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  await db.database.exec('CREATE TABLE probe (id int PRIMARY KEY, label text, amount int)');
  await db.database.exec("INSERT INTO probe VALUES (1, 'uno', 10), (2, 'due', 20), (3, 'tre', 30)");
});
afterAll(async () => db.drop());

const BY_ID = 'SELECT id, label, amount FROM probe WHERE id = $1';

describe(`a prepared statement (${usePostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers each call with its own parameters, on the pool and in a transaction', async () => {
    for (const id of [2, 1, 3, 2, 4, 1, 3]) {
      const rows = await db.database.query<{ id: number; label: string }>(BY_ID, [id], { prepared: 'probe_by_id' });
      expect(rows.map((r) => r.id)).toEqual(id === 4 ? [] : [id]);
    }
    const inTransaction = await db.database.transaction(async (tx) => {
      await tx.query("UPDATE probe SET label = 'DUE' WHERE id = 2");
      return tx.query<{ label: string }>(BY_ID, [2], { prepared: 'probe_by_id' });
    });
    expect(inTransaction).toEqual([{ id: 2, label: 'DUE', amount: 20 }]);
  });
});

describe(`prepared statements kept on the connection (${usePostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('fail with the database error when a parameter does not fit, and answer the next call', async () => {
    await expect(db.database.query(BY_ID, ['due'], { prepared: 'probe_by_id_checked' })).rejects.toMatchObject({ code: '22P02' });
    expect(await db.database.query(BY_ID, [2], { prepared: 'probe_by_id_checked' })).toEqual([{ id: 2, label: expect.any(String), amount: 20 }]);
    await expect(db.database.query('SELECT id FROM probe WHERE', [], { prepared: 'probe_broken' })).rejects.toMatchObject({ code: '42601' });
    expect(await db.database.query('SELECT count(*)::int AS n FROM probe', [], { prepared: 'probe_count' })).toEqual([{ n: 3 }]);
  });

  it('stay prepared on the connection that ran them, under their name', async () => {
    const names = await db.database.transaction(async (tx) => {
      await tx.query(BY_ID, [1], { prepared: 'probe_kept' });
      return tx.query<{ name: string; statement: string }>("SELECT name, statement FROM pg_prepared_statements WHERE name = 'probe_kept'");
    });
    expect(names).toEqual([{ name: 'probe_kept', statement: BY_ID }]);
  });

  it('named by their text (prepared: true): one statement per text, the same name for the same text', async () => {
    const byLabel = 'SELECT id FROM probe WHERE label = $1';
    const names = await db.database.transaction(async (tx) => {
      expect(await tx.query(BY_ID, [3], { prepared: true })).toEqual([{ id: 3, label: 'tre', amount: 30 }]);
      expect(await tx.query(BY_ID, [1], { prepared: true })).toEqual([{ id: 1, label: 'uno', amount: 10 }]);
      expect(await tx.query(byLabel, ['tre'], { prepared: true })).toEqual([{ id: 3 }]);
      return tx.query<{ name: string; statement: string }>("SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'text\\_%' ORDER BY statement");
    });
    expect(names.map((n) => n.statement)).toEqual([BY_ID, byLabel].sort());
    expect(new Set(names.map((n) => n.name)).size).toBe(2);
  });

  it('still answer once a column under them changes its type (a migration by another process): they run unprepared', async () => {
    const all = () => Promise.all([1, 2, 3, 1, 2, 3, 1, 2].map((id) => db.database.query<{ id: number; amount: unknown }>(BY_ID, [id], { prepared: 'probe_typed' })));
    // Eight at once: on a pool of four, every connection prepares it.
    expect((await all()).map((rows) => rows[0].amount)).toEqual([10, 20, 30, 10, 20, 30, 10, 20]);
    await db.database.exec('ALTER TABLE probe ALTER COLUMN amount TYPE text');
    expect((await all()).map((rows) => rows[0].amount)).toEqual(['10', '20', '30', '10', '20', '30', '10', '20']);
    expect((await all()).map((rows) => rows[0].amount)).toEqual(['10', '20', '30', '10', '20', '30', '10', '20']);
    await db.database.exec('ALTER TABLE probe ALTER COLUMN amount TYPE int USING amount::int');
  });
});
