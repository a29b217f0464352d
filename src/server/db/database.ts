/**
 * The one seam between the server and PostgreSQL. Two drivers implement it with the same SQL: PGlite (embedded,
 * in-process) and `pg` (a PostgreSQL server). Queries use $1-style parameters; results are plain rows.
 * Keep to what PostgreSQL 15 offers and cast int8 results (count(*)) to int: `pg` returns int8 as a string.
 */
export type SqlParam = string | number | boolean | null | Date | readonly string[];
export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly dialect: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; use only `tx` inside it (PGlite has a single connection). */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
