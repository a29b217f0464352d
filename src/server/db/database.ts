import { createHash } from 'node:crypto';

/**
 * The one seam between the server and PostgreSQL. Two drivers implement it with the same SQL: PGlite (embedded,
 * in-process) and `pg` (a PostgreSQL server). Queries use $1-style parameters; results are plain rows.
 * Keep to what PostgreSQL 15 offers and cast int8 results (count(*)) to int: `pg` returns int8 as a string.
 */
export type SqlParam = string | number | boolean | null | Date | readonly string[];
export type Row = Record<string, unknown>;

/** How one statement runs. */
export interface QueryOptions {
  /**
   * A name under which PostgreSQL keeps the statement prepared, on each connection that runs it: parsed once, and
   * after five runs planned once, when its plan does not depend on the parameters' values (the generic plan). Only for
   * fixed text that every request runs (the session's lookup), never for text built per call (each name holds one
   * text for the connection's life) nor for a list page: its partial sort indexes need the values in the plan. Unique
   * per text across the app. PGlite on its own thread keeps them too, on its one connection (inline, it ignores them).
   * `true` names it by a hash of its text: for a statement assembled from a few fixed fragments (an update's SET list,
   * a guard), each assembly a statement of its own; never for text that carries a value. Planning a statement on
   * contacts weighs its many indexes (about 0.25 ms a statement, several times what a row's update costs).
   */
  prepared?: string | true;
}

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly SqlParam[], options?: QueryOptions): Promise<T[]>;
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly dialect: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; use only `tx` inside it (PGlite has a single connection). */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel` (sent with `notify` below, by this process or any
   * other on the same database), until the answered function is called. On PostgreSQL one dedicated connection
   * LISTENs for the whole process; PGlite listens on its own connection.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * The channel's name in the database: scoped by the schema, so that the test files sharing one PostgreSQL server
 * (a schema each) never hear each other. Lower case, so that LISTEN and pg_notify name the same channel.
 */
export const scopedChannel = (schema: string, channel: string): string => `${schema}__${channel}`.toLowerCase();

/**
 * Sends a NOTIFY on `channel` (scoped like `listen` scopes it). Inside a transaction it is delivered when the
 * transaction commits, and not at all when it rolls back.
 */
export async function notify(db: Queryable, channel: string, payload: string): Promise<void> {
  await db.query(`SELECT pg_notify(lower(current_schema() || '__' || $1), $2)`, [channel, payload]);
}

/**
 * Names of statements prepared by their text (`prepared: true`), by text. Capped: past the cap a new text runs
 * unprepared, so a caller that assembled values into its text by mistake cannot grow every connection's statements
 * without end.
 */
const namesByText = new Map<string, string>();
const MAX_NAMED_BY_TEXT = 500;

/** The name a statement is prepared under (QueryOptions.prepared), or undefined: it runs unprepared. */
export function preparedStatementName(sql: string, prepared: string | true | undefined): string | undefined {
  if (prepared !== true) return prepared;
  let name = namesByText.get(sql);
  if (name === undefined && namesByText.size < MAX_NAMED_BY_TEXT) {
    name = `text_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    namesByText.set(sql, name);
  }
  return name;
}
