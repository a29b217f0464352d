import { createHash } from 'node:crypto';
import type { DataModel } from '@domain/generated/data-model';
import type { Database } from '../db/database';
import { sortableModelColumns } from './contact-query';

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

const PREFIX = 'contacts_sort_';

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

interface SortIndex { name: string; sql: (concurrently: boolean) => string }

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
  const workspaces = await db.query<{ id: string; model: DataModel }>('SELECT w.id, d.document AS model FROM workspaces w JOIN data_models d ON d.id = w.data_model_id');
  const wanted = new Map<string, SortIndex>();
  for (const ws of workspaces) for (const index of sortIndexesFor(ws.id, ws.model)) wanted.set(index.name, index);
  const existing = await db.query<{ name: string; valid: boolean }>(
    `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = 'contacts'::regclass AND left(c.relname, ${PREFIX.length}) = '${PREFIX}'`,
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
  return { created, dropped };
}
