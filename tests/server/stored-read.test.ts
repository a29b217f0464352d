import { createPostgresDatabase } from '@server/db/postgres-database';
import { runStoredRead, storedRead } from '@server/db/stored-read';
import { createTestDatabase, TEST_DATABASE_URL, usePostgres, type TestDatabase } from './support/test-database';

/**
 * Stored reads (src/server/db/stored-read.ts): the session's lookup and a workspace's stamp run on nearly every request,
 * kept as PL/pgSQL functions so both databases plan them once per connection. They must answer what the plain
 * statement answers, be created on first use (once, however many callers arrive together), and never let a changed
 * text meet an old function.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  await db.database.exec(`CREATE TABLE probe (id text PRIMARY KEY, at timestamptz, tags text[], doc jsonb, n int, note text);
    INSERT INTO probe VALUES ('a', '2026-11-27T08:30:00.250Z', '{x,y}', '{"k": [1, 2]}', 7, NULL), ('b', NULL, '{}', NULL, NULL, 'b''s')`);
});
afterAll(async () => db.drop());

const functionsNamed = async (prefix: string) =>
  (await db.database.query<{ name: string }>('SELECT proname AS name FROM pg_proc WHERE proname LIKE $1 ORDER BY 1', [`${prefix}%`])).map((r) => r.name);

describe(`stored reads (${usePostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answer the rows the plain statement answers, values included (timestamps as ISO strings, arrays, jsonb, nulls)', async () => {
    const read = storedRead('probe_by_id', 1, 'SELECT id, at, tags, doc, n, note FROM probe WHERE id = $1');
    const [a] = await runStoredRead<{ id: string; at: string; tags: string[]; doc: unknown; n: number; note: null }>(db.database, read, ['a']);
    expect({ ...a, at: new Date(a.at).toISOString() }).toEqual({ id: 'a', at: '2026-11-27T08:30:00.250Z', tags: ['x', 'y'], doc: { k: [1, 2] }, n: 7, note: null });
    expect(await runStoredRead(db.database, read, ['b'])).toEqual([{ id: 'b', at: null, tags: [], doc: null, n: null, note: "b's" }]);
    expect(await runStoredRead(db.database, read, ['none'])).toEqual([]);
  });

  it('are created on first use, once, when many callers arrive together; each answers its own parameters', async () => {
    const read = storedRead('probe_together', 2, 'SELECT id FROM probe WHERE id IN ($1, $2) ORDER BY id');
    expect(await functionsNamed('read_probe_together_')).toEqual([]);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => runStoredRead<{ id: string }>(db.database, read, i % 2 ? ['a', 'b'] : ['b', 'none'])));
    expect(answers.map((rows) => rows.map((r) => r.id).join())).toEqual(['b', 'a,b', 'b', 'a,b', 'b', 'a,b', 'b', 'a,b']);
    expect(await functionsNamed('read_probe_together_')).toEqual([read.functionName]);
  });

  it('get a function of their own when their text changes, and are made again when their function is gone', async () => {
    const before = storedRead('probe_text', 1, 'SELECT id FROM probe WHERE id = $1');
    const after = storedRead('probe_text', 1, 'SELECT id, n FROM probe WHERE id = $1');
    expect(after.functionName).not.toBe(before.functionName);
    expect(await runStoredRead(db.database, before, ['a'])).toEqual([{ id: 'a' }]);
    expect(await runStoredRead(db.database, after, ['a'])).toEqual([{ id: 'a', n: 7 }]);
    await db.database.exec(`DROP FUNCTION ${after.functionName}(text)`);
    expect(await runStoredRead(db.database, after, ['a'])).toEqual([{ id: 'a', n: 7 }]);
  });

  it('refuse a call with the wrong number of parameters', async () => {
    const read = storedRead('probe_count', 1, 'SELECT id FROM probe WHERE id = $1');
    await expect(runStoredRead(db.database, read, ['a', 'b'])).rejects.toThrow(/takes 1 parameters, not 2/);
  });
});

if (usePostgres) {
  describe('stored reads with two server processes on one database', () => {
    it('are created once when both first call them together: the one that loses the race answers too', async () => {
      const [{ schema }] = await db.database.query<{ schema: string }>('SELECT current_schema() AS schema');
      const other = await createPostgresDatabase({ connectionString: TEST_DATABASE_URL, schema, max: 4 });
      try {
        const read = storedRead('probe_race', 1, 'SELECT id FROM probe WHERE id = $1');
        const answers = await Promise.all([db.database, other, db.database, other].map((d) => runStoredRead<{ id: string }>(d, read, ['a'])));
        expect(answers).toEqual([[{ id: 'a' }], [{ id: 'a' }], [{ id: 'a' }], [{ id: 'a' }]]);
        expect(await functionsNamed('read_probe_race_')).toEqual([read.functionName]);
      } finally {
        await other.close();
      }
    });

    it('answer as plain statements for a database role that may not create functions in the schema', async () => {
      const [{ schema }] = await db.database.query<{ schema: string }>('SELECT current_schema() AS schema');
      const role = `${schema}_reader`;
      await db.database.exec(`CREATE ROLE ${role} NOLOGIN; GRANT USAGE ON SCHEMA ${schema} TO ${role}; GRANT SELECT ON probe TO ${role}`);
      const url = new URL(TEST_DATABASE_URL);
      url.searchParams.set('options', `-c search_path=${schema} -c role=${role}`);
      const reader = await createPostgresDatabase({ connectionString: url.toString(), max: 2 });
      try {
        const read = storedRead('probe_reader', 1, 'SELECT id, n FROM probe WHERE id = $1');
        expect(await runStoredRead(reader, read, ['a'])).toEqual([{ id: 'a', n: 7 }]);
        expect(await runStoredRead(reader, read, ['b'])).toEqual([{ id: 'b', n: null }]);
        expect(await functionsNamed('read_probe_reader_')).toEqual([]);
      } finally {
        await reader.close();
        await db.database.exec(`DROP OWNED BY ${role}; DROP ROLE ${role}`);
      }
    });
  });
}
