/** One step of the schema, run once, in order, on PGlite and on PostgreSQL (nothing newer than PostgreSQL 15). */
export interface Migration {
  /** `NNN-what-it-adds`: the order and the row kept in schema_migrations. Never change a shipped one. */
  id: string;
  sql: string;
}
