import { createHash } from 'node:crypto';
import type { Queryable, Row, SqlParam } from './database';

/**
 * A fixed read that (nearly) every request runs, such as the session's lookup, kept in the database as a PL/pgSQL
 * function that answers its rows as one jsonb array. PL/pgSQL plans its statement once per connection (a generic plan
 * after five calls), so a request pays only the call's trivial plan: on PGlite, before it kept prepared statements, the
 * session's lookup went from about 1.3 ms to 0.3 ms. The function's name carries a hash of its text, so each version
 * of the app calls its own and a changed text never meets an old function (older ones stay, unused, a few bytes
 * each). It is created on first use, in the schema the connection works in: no migration has to copy the text.
 * The rows come back through JSON: timestamps as ISO strings (the readers build Dates from either), arrays and jsonb
 * as they are. Run it outside a transaction: its first call may create the function.
 */
export interface StoredRead {
  /** The function's name: read_<name>_<hash of its text>. */
  readonly functionName: string;
  readonly parameterCount: number;
  readonly sql: string;
}

/** `sql` names its parameters $1..$n, all text; it must be fixed text (nothing from a request in it). */
export function storedRead(name: string, parameterCount: number, sql: string): StoredRead {
  const hash = createHash('sha256').update(sql).digest('hex').slice(0, 16);
  return { functionName: `read_${name}_${hash}`, parameterCount, sql };
}

const UNDEFINED_FUNCTION = '42883';
/** Another caller created it first: as a duplicate, or on pg_proc's unique index when both raced. */
const CREATED_BY_ANOTHER = new Set(['42723', '23505']);

const code = (error: unknown) => (error as { code?: string })?.code;

const definition = (read: StoredRead) => {
  const parameters = Array.from({ length: read.parameterCount }, () => 'text').join(', ');
  return `CREATE FUNCTION ${read.functionName}(${parameters}) RETURNS jsonb LANGUAGE plpgsql STABLE AS $stored_read$
BEGIN
  RETURN (SELECT coalesce(jsonb_agg(to_jsonb(stored_read_row)), '[]'::jsonb) FROM (${read.sql}) stored_read_row);
END
$stored_read$`;
};

/** Creations in flight per database and function, so that concurrent first calls create it once. */
const creating = new WeakMap<Queryable, Map<string, Promise<void>>>();

async function create(db: Queryable, read: StoredRead): Promise<void> {
  let pending = creating.get(db);
  if (!pending) creating.set(db, (pending = new Map()));
  let done = pending.get(read.functionName);
  if (!done) {
    done = db.exec(definition(read)).catch((error: unknown) => {
      if (!CREATED_BY_ANOTHER.has(code(error) ?? '')) throw error;
    }).finally(() => pending.delete(read.functionName));
    pending.set(read.functionName, done);
  }
  await done;
}

/** Per database, the reads whose function could not be created (a role without CREATE on the schema): run as plain statements. */
const plain = new WeakMap<Queryable, Set<string>>();

/** The read's rows for `values` (one per parameter). */
export async function runStoredRead<T extends Row>(db: Queryable, read: StoredRead, values: readonly SqlParam[]): Promise<T[]> {
  if (values.length !== read.parameterCount) throw new Error(`${read.functionName} takes ${read.parameterCount} parameters, not ${values.length}`);
  if (plain.get(db)?.has(read.functionName)) return db.query<T>(read.sql, values);
  const call = `SELECT ${read.functionName}(${values.map((_, i) => `$${i + 1}::text`).join(', ')}) AS rows`;
  const run = async () => (await db.query<{ rows: T[] }>(call, values, { prepared: read.functionName }))[0].rows;
  try {
    return await run();
  } catch (error) {
    if (code(error) !== UNDEFINED_FUNCTION) throw error;
    try {
      await create(db, read);
    } catch {
      // Slower, never down: the statement itself answers the same rows.
      let names = plain.get(db);
      if (!names) plain.set(db, (names = new Set()));
      names.add(read.functionName);
      return db.query<T>(read.sql, values);
    }
    return run();
  }
}
