import { notify, type Database } from '@server/db/database';
import { createPgliteDatabase, dumpPglite, type PgliteThread } from '@server/db/pglite-database';

/**
 * PGlite on its own thread (the default) behaves as PGlite on the calling thread: the same rows, the same errors with
 * their SQLSTATE fields, the same transactions (a thrown error rolls back; a call outside waits for the open one),
 * notifications, and dumps. Each case runs on both, so the inline fallback stays a working database too.
 */

const THREADS: PgliteThread[] = ['worker', 'inline'];

describe.each(THREADS)('PGlite on the %s thread', (thread) => {
  let db: Database;
  beforeAll(async () => {
    db = await createPgliteDatabase(undefined, { thread });
    await db.exec('CREATE TABLE probe (id int PRIMARY KEY, at timestamptz, doc jsonb, tags text[], raw bytea)');
  });
  afterAll(async () => db.close());

  it('answers rows with their types: dates, json, arrays, bytes', async () => {
    await db.query('INSERT INTO probe VALUES ($1, $2, $3, $4, $5)', [1, new Date('2026-11-27T08:30:00Z'), JSON.stringify({ a: [1, 'x'] }), ['uno', 'due'], null]);
    await db.query("UPDATE probe SET raw = '\\x0102ff'::bytea WHERE id = 1");
    const [row] = await db.query<{ id: number; at: Date; doc: unknown; tags: string[]; raw: Uint8Array }>('SELECT * FROM probe WHERE id = $1', [1]);
    expect(row.at).toBeInstanceOf(Date);
    expect(row.at.toISOString()).toBe('2026-11-27T08:30:00.000Z');
    expect(row.doc).toEqual({ a: [1, 'x'] });
    expect(row.tags).toEqual(['uno', 'due']);
    expect([...row.raw]).toEqual([1, 2, 255]);
  });

  it('answers json and jsonb as values: objects, strings, numbers, null, and arrays of them', async () => {
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT '{"a":{"b":[1,"x",null]}}'::jsonb AS doc, '"just text"'::jsonb AS text_doc, '42'::json AS number_doc, 'null'::jsonb AS json_null,
         NULL::jsonb AS sql_null, ARRAY['{"a":1}'::jsonb, NULL, '"s"'::jsonb] AS docs, ARRAY[ARRAY['[1]'::json], ARRAY['{}'::json]] AS nested,
         'plain' AS label`,
    );
    expect(row).toEqual({
      doc: { a: { b: [1, 'x', null] } }, text_doc: 'just text', number_doc: 42, json_null: null, sql_null: null,
      docs: [{ a: 1 }, null, 's'], nested: [[[1]], [{}]], label: 'plain',
    });
    // A statement answering no rows, and one whose json column is empty, answer as any other.
    expect(await db.query("SELECT '{}'::jsonb AS doc WHERE false")).toEqual([]);
    expect(await db.query('SELECT doc FROM probe WHERE id = -1')).toEqual([]);
  });

  it('fails with the database error and its fields (code, constraint, detail)', async () => {
    const error = await db.query('INSERT INTO probe (id) VALUES (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'probe_pkey', message: expect.stringContaining('duplicate key') });
    expect((error as { detail?: string }).detail).toMatch(/\(id\)=\(1\)/);
  });

  it('rolls a transaction back when its work throws, and keeps what a committed one wrote', async () => {
    await db.transaction(async (tx) => { await tx.query('INSERT INTO probe (id) VALUES (2)'); });
    await expect(db.transaction(async (tx) => {
      await tx.query('INSERT INTO probe (id) VALUES (3)');
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    const failed = await db.transaction(async (tx) => { await tx.query('INSERT INTO probe (id) VALUES (4)'); await tx.query('INSERT INTO probe (id) VALUES (2)'); }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505' });
    const ids = await db.query<{ id: number }>('SELECT id FROM probe ORDER BY id');
    expect(ids.map((r) => r.id)).toEqual([1, 2]);
  });

  it('runs statements a transaction sends at once in the order sent, inside it', async () => {
    const rows = await db.transaction(async (tx) => {
      const [, , seen] = await Promise.all([
        tx.query('INSERT INTO probe (id) VALUES (10)'),
        tx.query('UPDATE probe SET tags = ARRAY[\'dieci\'] WHERE id = 10'),
        tx.query<{ id: number; tags: string[] }>('SELECT id, tags FROM probe WHERE id = 10'),
      ]);
      await tx.query('DELETE FROM probe WHERE id = 10');
      return seen;
    });
    expect(rows).toEqual([{ id: 10, tags: ['dieci'] }]);
  });

  it('makes a call outside an open transaction wait for its end, and gives the transaction its answer', async () => {
    const order: string[] = [];
    const inside = db.transaction(async (tx) => {
      order.push('begin');
      await new Promise((resolve) => setTimeout(resolve, 40));
      await tx.query('INSERT INTO probe (id) VALUES (5)');
      order.push('commit');
      return 'answer';
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM probe WHERE id = 5').then((rows) => { order.push('outside'); return rows[0].n; });
    await expect(inside).resolves.toBe('answer');
    await expect(outside).resolves.toBe(1);
    expect(order).toEqual(['begin', 'commit', 'outside']);
  });

  it('delivers notifications, those of a transaction once it commits, until unlistened', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('probe_channel', (payload) => heard.push(payload));
    await notify(db, 'probe_channel', 'first');
    await db.transaction((tx) => notify(tx, 'probe_channel', 'committed'));
    await db.transaction(async (tx) => { await notify(tx, 'probe_channel', 'rolled back'); throw new Error('no'); }).catch(() => undefined);
    await waitFor(() => heard.length >= 2);
    await unlisten();
    await notify(db, 'probe_channel', 'after');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(heard).toEqual(['first', 'committed']);
  });

  it('dumps its data for another database to start from', async () => {
    const copy = await createPgliteDatabase(undefined, { thread, loadDataDir: await dumpPglite(db) });
    try {
      expect((await copy.query<{ id: number }>('SELECT id FROM probe ORDER BY id')).map((r) => r.id)).toEqual([1, 2, 5]);
    } finally {
      await copy.close();
    }
  });
});

it('refuses calls once closed, with the reason', async () => {
  const db = await createPgliteDatabase(undefined, { thread: 'worker' });
  await db.close();
  await expect(db.query('SELECT 1')).rejects.toThrow('the database is closed');
  await expect(db.transaction((tx) => tx.query('SELECT 1'))).rejects.toThrow('the database is closed');
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}
