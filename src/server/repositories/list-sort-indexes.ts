import { createHash } from 'node:crypto';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { filtersByContains } from '@translator/contains-filters';
import type { Database, Queryable } from '../db/database';
import { modelColumnsInListOrder, sortableModelColumns } from './contact-query';

/**
 * Indexes for the list's sorts on data-model columns (issue 12). The list sorts a data-model column as
 * `inputs -> 'field' ASC|DESC NULLS LAST, id` (orderClause); without an index that sort reads and sorts the whole
 * workspace (about a second at a million contacts). Each column the list can sort (sortableModelColumns) gets one
 * partial btree per workspace:
 *   contacts_sort_<hash>_asc  ON contacts ((inputs -> 'field') ASC NULLS LAST, id ASC)  WHERE workspace_id = '<id>'
 * Scanned forward it is the ascending order; the descending one (DESC NULLS LAST) is a backward scan of its non-null
 * part, then of its null part (walkPage in contact-repository.ts). One index rather than one per direction halves
 * what every insert of a contact writes (a file import's rate, issue 16); the _desc ones of earlier versions are
 * dropped by the sync.
 * The planner matches them because the field name and workspace id travel as parameters of one-shot statements, which
 * PostgreSQL and PGlite plan with the values in (custom plans). A page then reads its rows from the index: the
 * same rows in the same order as the plain query, since the index holds that very expression and tie-breaker.
 *
 * They follow the published configuration: synced after every publish, rollback and creation, after the demo seed,
 * and at start-up (for databases migrated before them). An index no workspace needs any more is dropped.
 * Long free text ('text', the default type) and arrays are left out: a btree entry is limited to about 2.7 kB, and an
 * index that refused a long value would refuse the contact's save. A workspace gets at most MAX_SORT_INDEXED_COLUMNS
 * columns indexed, the first ones the list shows: every index costs each write of the workspace's contacts, and a
 * list of a hundred columns (campagna-grande shows 111) would otherwise carry a hundred. Its further columns still
 * sort, correctly, by reading the workspace.
 */
export const MAX_SORT_INDEXED_COLUMNS = 12;

/**
 * The list's contains filter on a text field, `(inputs ->> 'field') ILIKE '%term%'`, finds its matches by reading the
 * workspace one contact at a time, unless a trigram index (pg_trgm's gin_trgm_ops) serves it: each column the list
 * filters by contains, up to MAX_CONTAINS_INDEXED_COLUMNS, gets one partial GIN index per workspace,
 *   contacts_contains_<hash>  ON contacts USING gin ((inputs ->> 'field') gin_trgm_ops)  WHERE workspace_id = '<id>'
 * matched by the planner as the sort indexes are. A term of fewer than three characters has no trigram to look up:
 * it is still found by reading. Where pg_trgm cannot be installed (a role without the right on the database), no such
 * index is made and contains filters read as before. Each costs every insert and save of the workspace's contacts
 * (8 of them add about a fifth to a file import's database time on PostgreSQL): only the fields whose filter the agent
 * types get one, not those filtered by a list of values.
 */
export const MAX_CONTAINS_INDEXED_COLUMNS = 12;
/** The shortest contains term a trigram index can look up. */
export const MIN_TRIGRAM_TERM = 3;

const PREFIX = 'contacts_sort_';
const CONTAINS_PREFIX = 'contacts_contains_';

/** Per database, pg_trgm's operator class, schema-qualified, or null (looked up once, or told by a sync). */
const trigramLookups = new WeakMap<Queryable, Promise<string | null>>();

/** pg_trgm's GIN operator class in `db`, schema-qualified, or null when pg_trgm is not installed. */
async function findTrigramOperatorClass(db: Queryable): Promise<string | null> {
  const [row] = await db.query<{ schema: string }>(
    "SELECT n.nspname AS schema FROM pg_opclass o JOIN pg_namespace n ON n.oid = o.opcnamespace JOIN pg_am a ON a.oid = o.opcmethod WHERE o.opcname = 'gin_trgm_ops' AND a.amname = 'gin' LIMIT 1",
  );
  return row ? `"${row.schema.replace(/"/g, '""')}".gin_trgm_ops` : null;
}

/** Whether `db` has pg_trgm, so that the contains indexes the sync makes exist (looked up once per database). */
export async function trigramsAvailable(db: Queryable): Promise<boolean> {
  let lookup = trigramLookups.get(db);
  if (!lookup) {
    lookup = findTrigramOperatorClass(db).catch(() => null);
    trigramLookups.set(db, lookup);
  }
  return (await lookup) !== null;
}

/**
 * The text columns of a workspace whose contains filter a trigram index serves (when pg_trgm is there): those its list
 * filters by a part of the value (the translator's filtersByContains: filterable free text with no list of values),
 * in the list's column order.
 */
export function containsIndexedColumns(model: DataModel, ws: Pick<Workspace, 'enumConfig'>): Array<{ section: 'inputs' | 'outputs'; name: string }> {
  return modelColumnsInListOrder(model, (field) => field.filterable === true)
    .filter(({ section, name, field }) => filtersByContains(field, ws.enumConfig?.[section]?.[name]))
    .slice(0, MAX_CONTAINS_INDEXED_COLUMNS)
    .map(({ section, name }) => ({ section, name }));
}

/** Whether a trigram index serves a contains filter of `term` on a workspace's column, where pg_trgm is there (see above). */
export function containsServedByIndex(model: DataModel, ws: Pick<Workspace, 'enumConfig'>, section: string, name: string, term: string): boolean {
  if (term.trim().length < MIN_TRIGRAM_TERM) return false;
  return containsIndexedColumns(model, ws).some((c) => c.section === section && c.name === name);
}

/**
 * pg_trgm's operator class, schema-qualified: installed in `public` when missing (a trusted extension: a role that may
 * create in the database may install it), so that no test's or tenant's schema owns it; null when it cannot be had.
 */
async function trigramOperatorClass(db: Database): Promise<string | null> {
  const found = await findTrigramOperatorClass(db);
  if (found) return found;
  // Another process may install it at the same moment: whatever this attempt meets, the catalogue says.
  await db.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public').catch(() => undefined);
  return findTrigramOperatorClass(db);
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

interface SortIndex { name: string; sql: (concurrently: boolean) => string }

/** The trigram indexes one workspace's contains filters need, by name (the name hashes workspace, section and field). */
export function containsIndexesFor(workspaceId: string, model: DataModel, ws: Pick<Workspace, 'enumConfig'>, operatorClass: string): SortIndex[] {
  return containsIndexedColumns(model, ws).map(({ section, name }) => {
    const hash = createHash('sha256').update(`${workspaceId}\u0000${section}\u0000${name}`).digest('hex').slice(0, 20);
    return {
      name: `${CONTAINS_PREFIX}${hash}`,
      sql: (concurrently: boolean) => `CREATE INDEX ${concurrently ? 'CONCURRENTLY ' : ''}IF NOT EXISTS ${CONTAINS_PREFIX}${hash} ON contacts USING gin ((${section} ->> ${literal(name)}) ${operatorClass}) WHERE workspace_id = ${literal(workspaceId)}`,
    };
  });
}

/** The sort indexes one workspace needs, by name (the name hashes workspace, section and field). */
export function sortIndexesFor(workspaceId: string, model: DataModel): SortIndex[] {
  const out: SortIndex[] = [];
  const columns = sortableModelColumns(model).filter(({ field }) => field.dataType !== undefined && field.dataType !== 'text' && field.dataType !== 'array');
  for (const { section, name } of columns.slice(0, MAX_SORT_INDEXED_COLUMNS)) {
    const hash = createHash('sha256').update(`${workspaceId}\u0000${section}\u0000${name}`).digest('hex').slice(0, 20);
    out.push({
      name: `${PREFIX}${hash}_asc`,
      sql: (concurrently) => `CREATE INDEX ${concurrently ? 'CONCURRENTLY ' : ''}IF NOT EXISTS ${PREFIX}${hash}_asc ON contacts ((${section} -> ${literal(name)}) ASC NULLS LAST, id ASC) WHERE workspace_id = ${literal(workspaceId)}`,
    });
  }
  return out;
}

/**
 * Brings the sort indexes in line with every workspace's live data model: creates the missing ones, drops those no
 * workspace needs and any left invalid by an interrupted build. On PostgreSQL they are built CONCURRENTLY, so contact
 * writes go on during a build (a million contacts take a few seconds a column). Returns the names created and dropped.
 */
export async function syncListSortIndexes(db: Database): Promise<{ created: string[]; dropped: string[] }> {
  const workspaces = await db.query<{ id: string; model: DataModel; document: Workspace }>('SELECT w.id, d.document AS model, w.document FROM workspaces w JOIN data_models d ON d.id = w.data_model_id');
  const operatorClass = await trigramOperatorClass(db);
  const wanted = new Map<string, SortIndex>();
  for (const ws of workspaces) {
    for (const index of sortIndexesFor(ws.id, ws.model)) wanted.set(index.name, index);
    if (operatorClass) for (const index of containsIndexesFor(ws.id, ws.model, ws.document, operatorClass)) wanted.set(index.name, index);
  }
  const existing = await db.query<{ name: string; valid: boolean }>(
    `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = 'contacts'::regclass AND (left(c.relname, ${PREFIX.length}) = '${PREFIX}' OR left(c.relname, ${CONTAINS_PREFIX.length}) = '${CONTAINS_PREFIX}')`,
  );
  const concurrently = db.dialect === 'postgres';
  const dropped: string[] = [];
  const kept = new Set<string>();
  for (const { name, valid } of existing) {
    if (valid && wanted.has(name)) { kept.add(name); continue; }
    await db.exec(`DROP INDEX ${concurrently ? 'CONCURRENTLY ' : ''}IF EXISTS ${name}`);
    dropped.push(name);
  }
  const created: string[] = [];
  for (const [name, index] of wanted) {
    if (kept.has(name)) continue;
    await db.exec(index.sql(concurrently));
    created.push(name);
  }
  trigramLookups.set(db, Promise.resolve(operatorClass));
  return { created, dropped };
}
