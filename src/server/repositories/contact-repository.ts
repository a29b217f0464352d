import { LIST_TOTAL_CAP, type ContactRow } from '@domain/api/contacts';
import type { ContactFilter } from '@domain/generated/contact-filter';
import type { Database, Queryable, Row, SqlParam } from '../db/database';
import { SqlParams, countsKeepFilter, hasScannedConditions, keptCountSortColumn, orderBy, orderClause, sortKey, sortKeyStart, whereClause, type QueryContext, type SortKey, type Visibility } from './contact-query';
import type { UserRecord } from './user-repository';
import { eventActorItem, type EventActor } from './event-repository';
import { containsServedByIndex, trigramsAvailable } from './list-sort-indexes';

/** The contacts table as the contact list uses it (spec 2 §2.2, §4, §7). */

interface ContactDbRow {
  id: string;
  workspace_id: string;
  state: string;
  outcome: string | null;
  notes: string | null;
  closed: boolean;
  processable: boolean;
  suspended: boolean;
  availability: ContactRow['availability'];
  agent_id: string | null;
  original_contact_id: string | null;
  priority: number;
  created_at: Date | string;
  last_state_change_at: Date | string | null;
  version: number;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
}

export const CONTACT_COLUMNS = `id, workspace_id, state, outcome, notes, closed, processable, suspended, availability, agent_id,
  original_contact_id, priority, created_at, last_state_change_at, version, inputs, outputs`;

/** The same columns, of the contacts joined as `c`. */
const CONTACT_COLUMNS_OF_C = CONTACT_COLUMNS.replace(/(\w+)/g, 'c.$1');

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export const toContactRow = (row: ContactDbRow): ContactRow => ({
  id: row.id.trim(),
  workspaceId: row.workspace_id,
  state: row.state,
  outcome: row.outcome,
  notes: row.notes,
  closed: row.closed,
  processable: row.processable,
  suspended: row.suspended,
  availability: row.availability,
  agentId: row.agent_id,
  originalContactId: row.original_contact_id?.trim() ?? null,
  priority: row.priority,
  createdAt: iso(row.created_at) as string,
  lastStateChangeAt: iso(row.last_state_change_at),
  version: row.version,
  inputs: row.inputs ?? {},
  outputs: row.outputs ?? {},
});

type DbRow = ContactDbRow & Row;

/** Why a contact cannot be taken, checked after the conditional UPDATE matched nothing. */
export type TakeRefusal = 'not-found' | 'assigned' | 'suspended' | 'not-processable' | 'closed';

/** The most contacts a list page walks in its sort's order before it looks for the matches through the filter instead. */
const MAX_WALK = 50_000;

/**
 * The most values of the sorted column one page of a filter the kept counts hold reads part by part (searchCounted):
 * a page over more of them (an agent sort whose agents have a match or two each) is one walk instead.
 */
const MAX_VALUES_PER_PAGE = 4;

/** A page of the list and its total (a lower bound when totalCapped). */
type SearchAnswer = { rows: ContactRow[]; total: number; totalCapped: boolean };

/** The contacts a filter with a range or a contains reads to estimate its matches (searchBounded). */
const SCAN_SAMPLE = 10_000;

const TAKEABLE = 'agent_id IS NULL AND NOT suspended AND processable AND NOT closed';

/** The contacts a random sample of the table reads (TABLESAMPLE SYSTEM, whole pages) to estimate a filter's share. */
const SHARE_SAMPLE = 10_000;
/** The fewest of the workspace's contacts a sample must hold for its share to be trusted. */
const SHARE_SAMPLE_MIN = 1_000;
/** How long the table's estimated number of rows (pg_class.reltuples), which sizes the sample, is kept. */
const TABLE_ROWS_TTL_MS = 60_000;

/** A filter's estimated share of its workspace's contacts: a low and a high bound (three standard deviations). */
type Share = { low: number; high: number };

/** The most data-model filters a repository remembers as matching more than LIST_TOTAL_CAP contacts (search). */
const OVER_CAP_REMEMBERED = 1000;

/**
 * One contact by id (any case), or null: what every call on a contact reads first. Prepared on PostgreSQL: its plan is
 * the same for every id.
 */
export async function contactById(tx: Queryable, id: string): Promise<ContactRow | null> {
  const rows = await tx.query<DbRow>(`SELECT ${CONTACT_COLUMNS} FROM contacts WHERE id = $1`, [id.toLowerCase()], { prepared: 'contact_by_id' });
  return rows.length ? toContactRow(rows[0]) : null;
}

export function contactRepository(db: Database) {
  /**
   * Data-model, enum and custom filters (their WHERE text and parameters) whose last search found more matches than
   * LIST_TOTAL_CAP: the next search of the same filter (another sort, another page) counts them capped and walks the
   * sort's index, without first gathering 10,001 ids and sort keys. Only the way is remembered, never a total or a
   * row: each search counts afresh, and a filter found under the cap again is forgotten. Oldest first out.
   */
  const overCap = new Set<string>();
  const rememberOverCap = (filterKey: string, over: boolean) => {
    overCap.delete(filterKey);
    if (!over) return;
    overCap.add(filterKey);
    if (overCap.size > OVER_CAP_REMEMBERED) overCap.delete(overCap.values().next().value as string);
  };

  let tableRows: { rows: number; at: number } | null = null;
  /** The contacts of every workspace, as the planner last estimated them (pg_class.reltuples), kept a minute. */
  async function tableRowCount(): Promise<number> {
    if (!tableRows || Date.now() - tableRows.at > TABLE_ROWS_TTL_MS) {
      const [row] = await db.query<{ rows: number }>("SELECT greatest(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = 'contacts'::regclass");
      tableRows = { rows: Number(row?.rows ?? 0), at: Date.now() };
    }
    return tableRows.rows;
  }
  /**
   * The share of its workspace's contacts a filter matches (`where`, with `params`), estimated from a random sample of
   * the table's pages (TABLESAMPLE SYSTEM, REPEATABLE: the same pages each time), about SHARE_SAMPLE contacts of all
   * workspaces; null when it holds fewer than SHARE_SAMPLE_MIN of this one. Random pages rather than the first
   * contacts by id: ids grow with creation, and a filter on anything that changes with a contact's age (a creation
   * period, a state) would be misjudged by the oldest ones.
   */
  async function sampledShare(where: string, params: readonly SqlParam[], workspaceId: string): Promise<Share | null> {
    const percent = Math.min(100, (100 * SHARE_SAMPLE) / Math.max(1, await tableRowCount()));
    const q = new SqlParams(params);
    const [{ scanned, hits }] = await db.query<{ scanned: number; hits: number }>(
      `SELECT count(*)::int AS scanned, (count(*) FILTER (WHERE hit))::int AS hits
       FROM (SELECT (${where}) AS hit FROM contacts TABLESAMPLE SYSTEM (${q.add(percent)}) REPEATABLE (7) WHERE workspace_id = ${q.add(workspaceId)}) sample`,
      q.values,
    );
    if (scanned < SHARE_SAMPLE_MIN) return null;
    const spread = 3 * Math.sqrt(hits + 1);
    return { low: Math.max(0, hits - spread) / scanned, high: Math.min(scanned, hits + spread) / scanned };
  }

  /**
   * The matches of `where` among the first `walk` contacts of the workspace in the sort's order, `length` of them from
   * `offset`: the list's walk of the sort's index (`p` holds the parameters of `where` and the key). A nullable key
   * (a data-model column, list-sort-indexes.ts; agent, outcome, last state change, migration 022) has one index,
   * (key ASC NULLS LAST, id ASC), whose forward scan is the ascending order. The descending one, key DESC NULLS LAST,
   * id DESC, is a backward scan of the index's non-null part (key DESC NULLS FIRST, its backward order) followed by one
   * of its null part: the page is read from the first, and only when it runs short, the rest from the second, after
   * the walk's share and the matches the first part holds (counted). `keyStart` (sortKeyStart), when the filter
   * sets the sorted column to one value, starts the walk where that value's part of the index, and all the matches, start.
   */
  async function walkPage(p: SqlParams, where: string, key: SortKey, keyStart: string | null, workspaceId: string, walk: number, offset: number, length: number): Promise<DbRow[]> {
    const { expression } = key;
    const from = `FROM contacts WHERE workspace_id = ${p.add(workspaceId)}${keyStart === null ? '' : ` AND ${keyStart}`}`;
    const q = new SqlParams(p.values);
    const limits = `LIMIT ${q.add(length)} OFFSET ${q.add(offset)}`;
    // The key travels as a column (sort_key): the outer ORDER BY then names what the walk is sorted by, and the page
    // is the walk's first matches, read in its order with no sort of the walked contacts.
    const columns = `${CONTACT_COLUMNS}, ${expression ?? 'id'} AS sort_key, (${where}) AS hit`;
    if (!key.nullable || key.dir === 'ASC' || expression === null) {
      return db.query<DbRow>(
        `SELECT ${CONTACT_COLUMNS} FROM (SELECT ${columns} ${from} ORDER BY ${orderBy(expression, 'id', key)} LIMIT ${walk}) contacts
         WHERE hit ORDER BY ${orderBy(expression === null ? null : 'sort_key', 'id', key)} ${limits}`,
        q.values,
      );
    }
    const backward = (sorted: string) => `ORDER BY ${sorted} DESC NULLS FIRST, id DESC`;
    const valued = await db.query<DbRow>(
      `SELECT ${CONTACT_COLUMNS} FROM (SELECT ${columns} ${from} AND ${expression} IS NOT NULL ${backward(expression)} LIMIT ${walk}) contacts
       WHERE hit ${backward('sort_key')} ${limits}`,
      q.values,
    );
    if (valued.length === length) return valued;
    const r = new SqlParams(p.values);
    const rest = await db.query<DbRow>(
      `WITH walked AS (SELECT count(*)::int AS n, (count(*) FILTER (WHERE hit))::int AS hits
         FROM (SELECT (${where}) AS hit ${from} AND ${expression} IS NOT NULL ${backward(expression)} LIMIT ${walk}) valued)
       SELECT ${CONTACT_COLUMNS} FROM (SELECT ${columns} ${from} AND ${expression} IS NULL ${backward(expression)} LIMIT ${walk} - (SELECT n FROM walked)) contacts
       WHERE hit ${backward('sort_key')} LIMIT ${r.add(length - valued.length)} OFFSET greatest(0, ${r.add(offset)}::int - (SELECT hits FROM walked))`,
      r.values,
    );
    return [...valued, ...rest];
  }

  /**
   * A filter with a range or a contains (hasScannedConditions) where counting its matches would cost more than the
   * page: no index finds them, so even the capped count reads the workspace until LIST_TOTAL_CAP + 1 of them are
   * found, all of it when fewer match. Instead the search reads a sample, the workspace's first SCAN_SAMPLE contacts
   * by id (the same ones each time, so the total shown does not change between two loads), counting the matches among them. When the sample is the whole workspace its count
   * is the exact total and null is answered (the caller's one-pass search then costs no more). Otherwise the sample's
   * rate of matches tells how far the walk of the sort's index must go for the page and one match more; when that is
   * within MAX_WALK the walk answers the page, and the total is a lower bound, shown as "N+": the matches of the
   * sample, or those up to the page and the one after it, whichever is more (capped at LIST_TOTAL_CAP). When the
   * matches are too rare for the walk, null: the caller finds them through the filter.
   */
  async function searchBounded(filter: ContactFilter, ctx: QueryContext): Promise<SearchAnswer | null> {
    const s = new SqlParams();
    const sampled = await db.query<{ scanned: number; hits: number }>(
      `SELECT count(*)::int AS scanned, (count(*) FILTER (WHERE hit))::int AS hits
       FROM (SELECT (${whereClause(filter, ctx, s)}) AS hit FROM contacts WHERE workspace_id = ${s.add(ctx.workspaceId)} ORDER BY id LIMIT ${SCAN_SAMPLE}) sample`,
      s.values,
    );
    const { scanned, hits } = sampled[0];
    if (scanned < SCAN_SAMPLE || hits === 0) return null;
    const length = filter.length ?? 10;
    const offset = (filter.page ?? 0) * length;
    // Twice the contacts the sample's rate needs, for a margin.
    const walk = Math.ceil((2 * (offset + length + 1) * scanned) / hits);
    if (walk > MAX_WALK) return null;
    const p = new SqlParams();
    const where = whereClause(filter, ctx, p);
    const rows = await walkPage(p, where, sortKey(filter, ctx.model, p), sortKeyStart(filter, ctx.model, p), ctx.workspaceId, walk, offset, length + 1);
    if (rows.length <= length) return null;
    return { rows: rows.slice(0, length).map(toContactRow), total: Math.min(LIST_TOTAL_CAP, Math.max(hits, offset + length + 1)), totalCapped: true };
  }

  /**
   * The page of `where`'s matches from `offset`, found through the filter's own best path (behind the OFFSET 0 fence,
   * planned without the ORDER BY) and sorted: a cost bounded by their number. The matches carry only their id and sort
   * key through the sort; the page's rows are read by id at the end. `p` holds the parameters `where` and `key` name.
   */
  function sortedMatches(p: SqlParams, where: string, key: SortKey, offset: number, length: number): Promise<DbRow[]> {
    const q = new SqlParams(p.values);
    return db.query<DbRow>(
      `SELECT ${CONTACT_COLUMNS_OF_C} FROM (
         SELECT id, sort_key FROM (SELECT id, ${key.expression ?? 'id'} AS sort_key FROM contacts WHERE ${where} OFFSET 0) matches
         ORDER BY ${orderBy('sort_key', 'id', key)} LIMIT ${q.add(length)} OFFSET ${q.add(offset)}) page
       JOIN contacts c ON c.id = page.id ORDER BY ${orderBy('page.sort_key', 'page.id', key)}`,
      q.values,
    );
  }

  /**
   * A filter on the kept counts' columns alone (countsKeepFilter: states, agents, teams, the flags, priority, the
   * user's visibility). Its matches are counted in contact_kpi_counts (migrations 021, 027), exactly however many they
   * are, and so are the workspace's contacts, per value of the sorted column when the kept counts hold it (state,
   * availability, agent, priority, the flags; one group otherwise). The total is exact, never "10.000+".
   * The values in the list's order tell which one the page's first row has, and how many matches the values before it
   * hold: the page is read value by value from there (up to MAX_VALUES_PER_PAGE of them), each part bounded to its
   * value with the offset left in it, so page 50 costs what page 1 does, and a filter whose matches all sort last
   * (closed contacts by availability) is found at once. A part walks its value's stretch of the sort's index as far as
   * the matches' share of its contacts needs, twice for a margin; when its matches are too rare for that (a handful
   * among a hundred thousand contacts), or the walk falls short, its matches are sorted instead: their number bounds it.
   * Rare means a walk longer than four times the matches: the walk reads about half its length, while the sort reads
   * the matches and, where no index holds the part's filter (closed contacts of one priority), its value's contacts.
   * Other sorts walk once from where the matches start, as far as their share of the workspace needs; beyond MAX_WALK
   * the matches are sorted.
   */
  async function searchCounted(filter: ContactFilter, ctx: QueryContext): Promise<SearchAnswer> {
    const length = filter.length ?? 10;
    const offset = (filter.page ?? 0) * length;
    const column = keptCountSortColumn(filter);
    const p = new SqlParams();
    const where = whereClause(filter, ctx, p);
    const key = sortKey(filter, ctx.model, p);
    const { dir } = key;
    const c = new SqlParams();
    const groups = await db.query<{ value: string | number | boolean | null; matches: number; contacts: number; before: number }>(
      `SELECT value, matches, contacts, sum(matches) OVER (ORDER BY value ${dir} NULLS LAST ROWS UNBOUNDED PRECEDING) - matches AS before
       FROM (SELECT value, coalesce(sum(n) FILTER (WHERE kept_match), 0)::float8 AS matches, sum(n)::float8 AS contacts
             FROM (SELECT ${column ?? 'NULL::text'} AS value, n, (${whereClause(filter, ctx, c)}) AS kept_match FROM contact_kpi_counts WHERE workspace_id = ${c.add(ctx.workspaceId)}) kept
             GROUP BY value) per_value
       ORDER BY value ${dir} NULLS LAST`,
      c.values,
    );
    const sum = (list: typeof groups, of: 'matches' | 'contacts') => list.reduce((total, g) => total + Number(g[of]), 0);
    const total = sum(groups, 'matches');
    if (offset >= total) return { rows: [], total, totalCapped: false };
    const expected = Math.min(length, total - offset);
    const at = column === null ? -1 : groups.findIndex((g) => Number(g.before) + Number(g.matches) > offset);
    if (at >= 0) {
      // The values the page's rows have, from the first one's on: each gives its share of the page from a walk of its
      // own part of the sort's index, or from a sort of its own matches when they are rare among its contacts.
      const spanned: Array<{ value: string | number | boolean | null; skip: number; take: number; share: number; matches: number }> = [];
      let skip = offset - Number(groups[at].before);
      let remaining = expected;
      for (const g of groups.slice(at)) {
        if (remaining === 0 || spanned.length > MAX_VALUES_PER_PAGE) break;
        const take = Math.min(remaining, Number(g.matches) - skip);
        if (take <= 0) continue;
        spanned.push({ value: g.value, skip, take, share: Number(g.matches) / Number(g.contacts), matches: Number(g.matches) });
        remaining -= take;
        skip = 0;
      }
      if (spanned.length <= MAX_VALUES_PER_PAGE) {
        // Within one value the order is the id's: where the nulls go no longer matters, and one statement walks it.
        // The parts are read side by side (on PostgreSQL, on as many connections).
        const partKey: SortKey = { ...key, nullable: false };
        const parts = await Promise.all(spanned.map(async (part) => {
          const q = new SqlParams(p.values);
          // A range of one value rather than the equality, which the planner would answer by dropping the column from
          // the order and reading the contacts by id instead of by the sort's index.
          const value = part.value === null ? null : q.add(part.value);
          const bound = value === null ? `${column} IS NULL` : `${column} >= ${value} AND ${column} <= ${value}`;
          const estimate = Math.ceil((2 * (part.skip + part.take)) / part.share);
          if (estimate <= Math.min(MAX_WALK, Math.max(1000, 4 * part.matches))) {
            const walked = await walkPage(new SqlParams(q.values), where, partKey, bound, ctx.workspaceId, Math.max(1000, estimate), part.skip, part.take);
            if (walked.length === part.take) return walked;
          }
          return sortedMatches(q, `${where} AND ${bound}`, partKey, part.skip, part.take);
        }));
        const rows = parts.flat();
        return { rows: rows.map(toContactRow), total, totalCapped: false };
      }
    }
    // One walk from where the matches start (sortKeyStart) as far as their share of the contacts says the page
    // needs, twice; no less than the other filters walk. When even that is beyond MAX_WALK the matches are few for
    // their contacts, and sorting them costs less than the walk.
    const walkParams = new SqlParams(p.values);
    const keyStart = sortKeyStart(filter, ctx.model, walkParams);
    const need = offset + expected;
    const estimate = Math.ceil((2 * need * sum(groups, 'contacts')) / total);
    if (estimate <= MAX_WALK) {
      const walk = Math.min(MAX_WALK, Math.max(1000, 20 * need, estimate));
      const walked = await walkPage(walkParams, where, key, keyStart, ctx.workspaceId, walk, offset, expected);
      if (walked.length === expected) return { rows: walked.map(toContactRow), total, totalCapped: false };
    }
    return { rows: (await sortedMatches(p, where, key, offset, expected)).map(toContactRow), total, totalCapped: false };
  }

  return {
    findById: (id: string, tx: Queryable = db): Promise<ContactRow | null> => contactById(tx, id),

    /**
     * One page and the total. A filter on the kept counts' columns alone has its exact total from them (searchCounted).
     * Otherwise the count runs first and tells the page's way (countThenPage), or, for a data-model filter known to be
     * over the cap, runs beside the page (on PostgreSQL, on two connections). The count
     * stops at LIST_TOTAL_CAP + 1 rows (an exact count of a broad filter at a million contacts costs ten pages):
     * beyond the cap the total is the cap and `totalCapped` is true. A data-model range or contains over a large workspace
     * is counted over a sample only (searchBounded): the total is then a lower bound, also flagged `totalCapped`.
     */
    async search(filter: ContactFilter, ctx: QueryContext): Promise<SearchAnswer> {
      if (countsKeepFilter(filter, ctx)) return searchCounted(filter, ctx);
      const p = new SqlParams();
      const where = whereClause(filter, ctx, p);
      const whereParams = [...p.values];
      const key = sortKey(filter, ctx.model, p);
      const length = filter.length ?? 10;
      const offset = (filter.page ?? 0) * length;
      // A date filter's matches are counted in the order of contacts_workspace_created, which holds them side by side:
      // left to choose, the planner, taking them for spread evenly, reads the table from wherever the last reader of it
      // stopped until it has met LIST_TOTAL_CAP + 1 of them (255 ms for the last 30 days at a million contacts, against 6).
      const countOrder = filter.createdFrom || filter.createdTo ? ' ORDER BY created_at DESC' : '';
      const countSql = `SELECT count(*)::int AS n FROM (SELECT 1 FROM contacts WHERE ${where}${countOrder} LIMIT ${LIST_TOTAL_CAP + 1}) matching`;
      // The walk's statements and the page's share the filter's and the key's parameters; each then adds its own (the
      // start of the walk, the page's limits), since a statement may not carry a parameter it does not name.
      const walkParams = new SqlParams(p.values);
      const keyStart = sortKeyStart(filter, ctx.model, walkParams);
      const keyParams = [...walkParams.values];
      const whereAndKeyParams = [...p.values];
      // A broad filter walks the sort's index, but only so far: the first `walk` contacts of the workspace in the list's
      // order, keeping those that match. When they hold the whole page it is the page of the plain query (every contact
      // beyond them comes later in that total order, id breaking ties). When a filter correlates with the sort (closed
      // contacts sorted by availability, the newest ones by id ascending) the matches lie beyond the walk, where the
      // planner, assuming them spread evenly, would have read most of the workspace through the index: then the matches
      // are found through the filter's own best path (behind the OFFSET 0 fence, planned without the ORDER BY) and
      // sorted, a cost bounded by their number.
      // For a filter over the cap, how far is told by the matches' share, estimated from a random sample (sampledShare):
      // twice what its low bound needs; when even its high bound needs more than MAX_WALK (1% of a million contacts, on
      // page 50), the walk would come up short, and the matches are sorted at once. Without a sample, 20 times the page.
      const sortMatches = () => sortedMatches(new SqlParams(whereAndKeyParams), where, key, offset, length);
      const need = (fraction: number) => (fraction > 0 ? Math.ceil((2 * (offset + length)) / fraction) : Infinity);
      const defaultWalk = Math.max(1000, 20 * (offset + length));
      const walkOrSort = async (share: Share | null) => {
        if (share && need(share.high) / 2 > MAX_WALK) return sortMatches();
        const walk = Math.min(MAX_WALK, share ? Math.max(1000, need(share.low)) : defaultWalk);
        const walked = await walkPage(new SqlParams(keyParams), where, key, keyStart, ctx.workspaceId, walk, offset, length);
        return walked.length === length ? walked : sortMatches();
      };
      // A walk that starts where the matches do (keyStart) meets them at a higher rate than their share of the workspace.
      // Over the cap, their share is at least LIST_TOTAL_CAP + 1 of the table's contacts: when even that share fills the
      // page within the default walk (a hundred thousand contacts), no sample is needed.
      const sampledWalkOrSort = async () => {
        const sample = keyStart === null && need((LIST_TOTAL_CAP + 1) / Math.max(1, await tableRowCount())) > defaultWalk;
        return walkOrSort(sample ? await sampledShare(where, whereParams, ctx.workspaceId) : null);
      };
      const countAndWalk = async (): Promise<SearchAnswer> => {
        const [rows, counted] = await Promise.all([sampledWalkOrSort(), db.query<{ n: number }>(countSql, whereParams)]);
        const capped = counted[0].n > LIST_TOTAL_CAP;
        return { rows: rows.map(toContactRow), total: capped ? LIST_TOTAL_CAP : counted[0].n, totalCapped: capped };
      };
      // The count first, with the workspace's number of contacts (its kept counts): the matches' share of the contacts
      // tells how far a walk of the sort's index goes for the page. When that is more contacts than there are matches
      // (5,020 contacts of the last day among a million, sorted by name), sorting the matches costs less than the walk,
      // which would read its 25,000 contacts and come up short; otherwise the walk goes as far as the share needs, twice.
      const countThenPage = async (): Promise<SearchAnswer> => {
        const [counted, [{ contacts }]] = await Promise.all([
          db.query<{ n: number }>(countSql, whereParams),
          db.query<{ contacts: number }>('SELECT coalesce(sum(n), 0)::float8 AS contacts FROM contact_kpi_counts WHERE workspace_id = $1', [ctx.workspaceId]),
        ]);
        const matching = counted[0].n;
        const capped = matching > LIST_TOTAL_CAP;
        const total = capped ? LIST_TOTAL_CAP : matching;
        if (capped) return { rows: (await sampledWalkOrSort()).map(toContactRow), total, totalCapped: true };
        if (offset >= matching) return { rows: [], total, totalCapped: false };
        const need = Math.ceil((2 * (offset + length) * Number(contacts)) / matching);
        if (need > Math.min(MAX_WALK, matching)) return { rows: (await sortedMatches(new SqlParams(whereAndKeyParams), where, key, offset, length)).map(toContactRow), total, totalCapped: false };
        const walked = await walkPage(new SqlParams(keyParams), where, key, keyStart, ctx.workspaceId, Math.max(1000, need), offset, length);
        const rows = walked.length === Math.min(length, matching - offset) ? walked : await sortedMatches(new SqlParams(whereAndKeyParams), where, key, offset, length);
        return { rows: rows.map(toContactRow), total, totalCapped: false };
      };
      // JSONB conditions (data-model, enum and custom filters) are estimated blindly by the planner; those filters find
      // their first LIST_TOTAL_CAP + 1 matches through the filter's own path (the GIN index for containment, a scan for
      // a range or a contains) once, in one statement that counts them and, when they are all the matches, sorts them and
      // cuts the page out of them: one pass over the matches instead of a count and then a search. Beyond the cap the page
      // comes from the walk of the sort's index, and the filter is remembered (overCap): its next search counts capped
      // and walks, as a fixed-column filter does. Not a range or a contains: counting those reads contacts one by one.
      if (filter.dataModelFilters || filter.enumFilters || ctx.customRule !== undefined) {
        const trigrams = await trigramsAvailable(db);
        const scanned = hasScannedConditions(filter, trigrams ? (section, name, term) => containsServedByIndex(ctx.model, ctx, section, name, term) : undefined);
        const filterKey = scanned ? null : `${where}\u0000${JSON.stringify(whereParams)}`;
        if (filterKey !== null && overCap.has(filterKey)) {
          const answer = await countAndWalk();
          rememberOverCap(filterKey, answer.totalCapped);
          return answer;
        }
        if (scanned) {
          const bounded = await searchBounded(filter, ctx);
          if (bounded) return bounded;
        }
        // The matches carry only their id and sort key; the page's 25 rows are read by id at the end.
        const q = new SqlParams();
        const matchWhere = whereClause(filter, ctx, q);
        const key = sortKey(filter, ctx.model, q);
        const counted = await db.query<DbRow & { matching: number }>(
          `WITH matches AS MATERIALIZED (SELECT id, ${key.expression ?? 'id'} AS sort_key FROM contacts WHERE ${matchWhere} LIMIT ${LIST_TOTAL_CAP + 1}),
             counted AS (SELECT count(*)::int AS matching FROM matches),
             page AS (SELECT m.id, m.sort_key FROM matches m, counted WHERE counted.matching <= ${LIST_TOTAL_CAP}
               ORDER BY ${orderBy('m.sort_key', 'm.id', key)} LIMIT ${q.add(length)} OFFSET ${q.add(offset)})
           SELECT counted.matching, ${CONTACT_COLUMNS_OF_C} FROM counted LEFT JOIN (page JOIN contacts c ON c.id = page.id) ON true
           ORDER BY ${orderBy('page.sort_key', 'page.id', key)}`,
          q.values,
        );
        const matching = counted[0].matching;
        if (matching <= LIST_TOTAL_CAP) return { rows: counted.filter((row) => row.id !== null).map(toContactRow), total: matching, totalCapped: false };
        if (filterKey !== null) rememberOverCap(filterKey, true);
        return { rows: (await sampledWalkOrSort()).map(toContactRow), total: LIST_TOTAL_CAP, totalCapped: true };
      }
      return countThenPage();
    },

    /**
     * Takes a contact for `agentId` with one conditional UPDATE: of concurrent takes exactly one matches the row.
     * A refusal says why (for the 404 or 409). At `at`, the take's event carries the app's clock. Taking a contact
     * `agentId` already holds is idempotent: the contact as it is, with no new version and no second take event.
     */
    async take(id: string, workspaceId: string, agentId: string, at?: Date): Promise<ContactRow | TakeRefusal> {
      const actor = eventActorItem(at && { userId: agentId, at }, 4);
      const rows = await db.query<DbRow>(
        `UPDATE contacts SET agent_id = $3, availability = 'processing', version = version + 1${actor.from}
         WHERE id = $1 AND workspace_id = $2 AND ${TAKEABLE}
         RETURNING ${CONTACT_COLUMNS}`,
        [id.toLowerCase(), workspaceId, agentId, ...actor.params],
        { prepared: true },
      );
      if (rows.length) return toContactRow(rows[0]);
      const current = await this.findById(id);
      if (!current || current.workspaceId !== workspaceId) return 'not-found';
      if (current.closed) return 'closed';
      if (!current.processable) return 'not-processable';
      if (current.suspended) return 'suspended';
      if (current.agentId === agentId) return current;
      return 'assigned';
    },

    /** Removes the assignment (only while it is still `expectedAgentId`'s, when given); the event names `actor`. */
    async release(id: string, expectedAgentId: string | null, actor?: EventActor): Promise<ContactRow | null> {
      const params: SqlParam[] = expectedAgentId === null ? [id.toLowerCase()] : [id.toLowerCase(), expectedAgentId];
      const guard = expectedAgentId === null ? 'agent_id IS NOT NULL' : 'agent_id = $2';
      const marked = eventActorItem(actor, params.length + 1);
      const rows = await db.query<DbRow>(
        `UPDATE contacts SET agent_id = NULL, version = version + 1,
           availability = CASE WHEN closed THEN 'closed' ELSE 'toProcess' END${marked.from}
         WHERE id = $1 AND ${guard}
         RETURNING ${CONTACT_COLUMNS}`,
        [...params, ...marked.params],
        { prepared: true },
      );
      return rows.length ? toContactRow(rows[0]) : null;
    },

    /** The next available contact (priority 1 first, then the oldest), taken in one statement; SKIP LOCKED keeps takers apart. */
    async takeNext(workspaceId: string, agentId: string, at?: Date): Promise<string | null> {
      const actor = eventActorItem(at && { userId: agentId, at }, 3);
      const rows = await db.query<{ id: string }>(
        `UPDATE contacts SET agent_id = $2, availability = 'processing', version = version + 1${actor.from}
         WHERE id = (
           SELECT id FROM contacts WHERE workspace_id = $1 AND ${TAKEABLE}
           ORDER BY priority, created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
         AND ${TAKEABLE}
         RETURNING id`,
        [workspaceId, agentId, ...actor.params],
        { prepared: true },
      );
      return rows.length ? rows[0].id.trim() : null;
    },

    /** Counts for the KPI strip over what the user sees. */
    async kpiCounts(ctx: QueryContext, timezone: string, now: Date): Promise<{ availability: Record<string, number>; closedToday: number; suspended: number; notProcessable: number; total: number; states: Record<string, number> }> {
      // Every contact the user sees, suspended ones included: the counts table (migrations/021-kpi-counts.ts) holds
      // them by workspace, agent, state, availability, suspended and processable, kept by the statements that change
      // contacts; the visibility keeps the agents' rows. 'Chiusi Oggi' depends on the day: a count of today's closes.
      const p = new SqlParams();
      // The workspace and the visibility only (both tables have workspace_id and agent_id).
      const where = whereClause({ includeSuspended: true }, { ...ctx, customRule: undefined }, p);
      const day = `date_trunc('day', ${p.add(now)}::timestamptz AT TIME ZONE ${p.add(timezone)}) AT TIME ZONE $${p.values.length}`;
      const [totals] = await db.query<{ total: number; closed_today: number; suspended: number; not_processable: number; availability: Record<string, number> | null; states: Record<string, number> | null }>(
        `WITH visible AS (
           SELECT state, availability, suspended, processable, sum(n)::int AS n FROM contact_kpi_counts WHERE ${where}
           GROUP BY state, availability, suspended, processable HAVING sum(n) <> 0)
         SELECT
           (SELECT coalesce(sum(n), 0)::int FROM visible) AS total,
           (SELECT count(*)::int FROM contacts WHERE ${where} AND closed AND last_state_change_at >= ${day}) AS closed_today,
           (SELECT coalesce(sum(n), 0)::int FROM visible WHERE suspended) AS suspended,
           (SELECT coalesce(sum(n), 0)::int FROM visible WHERE NOT processable) AS not_processable,
           (SELECT jsonb_object_agg(availability, n) FROM (SELECT availability, sum(n)::int AS n FROM visible GROUP BY availability HAVING sum(n) <> 0) a) AS availability,
           (SELECT jsonb_object_agg(state, n) FROM (SELECT state, sum(n)::int AS n FROM visible GROUP BY state HAVING sum(n) <> 0) s) AS states`,
        p.values,
      );
      return {
        availability: totals.availability ?? {},
        closedToday: totals.closed_today,
        suspended: totals.suspended,
        notProcessable: totals.not_processable,
        total: totals.total,
        states: totals.states ?? {},
      };
    },

    async countMatching(filter: ContactFilter, ctx: QueryContext): Promise<number> {
      const p = new SqlParams();
      const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contacts WHERE ${whereClause(filter, ctx, p)}`, p.values);
      return row.n;
    },

    /**
     * Keyset pages (by id) of the contacts matching a filter, for the CSV export: each page is one short query, so
     * neither the process nor the database holds the whole result, and PGlite's single connection is never held long.
     */
    async *exportPages(filter: ContactFilter, ctx: QueryContext, columns: (p: SqlParams) => string, pageSize = 2_000): AsyncGenerator<Row[]> {
      let after = '';
      for (;;) {
        const p = new SqlParams();
        const select = columns(p);
        const where = whereClause(filter, ctx, p);
        const rows = await db.query<Row & { id: string }>(
          `SELECT id, ${select} FROM contacts WHERE ${where} AND id > ${p.add(after)} ORDER BY id LIMIT ${p.add(pageSize)}`,
          p.values,
        );
        if (rows.length) yield rows;
        if (rows.length < pageSize) return;
        after = rows[rows.length - 1].id;
      }
    },

    /**
     * Applies a bulk effect to the contacts matching `filter` (selected ids arrive as filter.contactIds), in the
     * filter's order, at most `limit` of them, in one statement; answers how many changed. Only contacts the effect
     * can change count, so the limit is a number of worked contacts. Inside `tx`, the run's events carry its id.
     */
    async applyBulk(filter: ContactFilter, ctx: QueryContext, effect: BulkEffect, limit: number | null, at: Date, tx: Queryable = db): Promise<number> {
      const p = new SqlParams();
      const where = whereClause(filter, ctx, p);
      const order = orderClause(filter, ctx.model, p);
      let set: string;
      let guard = '';
      switch (effect.type) {
        case 'assign':
          // Round-robin over the agents, in the filter's order.
          set = `agent_id = (${p.add(effect.agents)}::text[])[((target.rn - 1) % ${p.add(effect.agents.length)}) + 1],
                 availability = CASE WHEN c.availability = 'toProcess' THEN 'processing' ELSE c.availability END`;
          guard = ' AND NOT closed';
          break;
        case 'release':
          set = `agent_id = NULL, availability = CASE WHEN c.availability = 'processing' THEN 'toProcess' ELSE c.availability END`;
          guard = ' AND agent_id IS NOT NULL AND NOT closed';
          break;
        case 'close':
          set = `closed = true, availability = 'closed', last_state_change_at = ${p.add(at)}`;
          guard = ' AND NOT closed';
          break;
        case 'suspend':
          set = 'suspended = true';
          guard = ' AND NOT suspended';
          break;
        case 'priority':
          set = `priority = ${p.add(effect.priority)}`;
          guard = ` AND priority <> $${p.values.length}`;
          break;
        case 'state':
          set = `state = ${p.add(effect.state)}, last_state_change_at = ${p.add(at)}${effect.notes === undefined ? '' : `, notes = ${p.add(effect.notes)}`}`;
          guard = ' AND NOT closed';
          break;
      }
      const [row] = await tx.query<{ n: number }>(
        `WITH target AS (
           SELECT id, row_number() OVER (ORDER BY ${order}) AS rn FROM contacts
           WHERE ${where}${guard} ORDER BY ${order}${limit === null ? '' : ` LIMIT ${p.add(limit)}`}),
         changed AS (UPDATE contacts c SET ${set}, version = c.version + 1 FROM target WHERE c.id = target.id RETURNING 1)
         SELECT count(*)::int AS n FROM changed`,
        p.values,
      );
      return row.n;
    },

    /** A bulk action run, recorded before it works so its events can name it; answers its id. */
    async recordBulkRun(run: { workspaceId: string; action: string; userId: string; params: Record<string, unknown>; agents: string[]; requested: number; worked: number; at: Date }, tx: Queryable = db): Promise<string> {
      const [row] = await tx.query<{ id: number | string }>(
        `INSERT INTO massive_action_runs (workspace_id, action, user_id, params, agents, requested, worked, at)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8) RETURNING id`,
        [run.workspaceId, run.action, run.userId, JSON.stringify(run.params), run.agents, run.requested, run.worked, run.at],
      );
      return String(row.id);
    },

    async finishBulkRun(tx: Queryable, id: string, requested: number, worked: number): Promise<void> {
      await tx.query('UPDATE massive_action_runs SET requested = $2, worked = $3 WHERE id = $1', [id, requested, worked]);
    },

    /** Remote enum values of a field whose parents match (`parents @> given`). */
    async enumValues(workspaceId: string, kind: 'inputs' | 'outputs', field: string, parents: Record<string, string>): Promise<{ value: string; label: string }[]> {
      return db.query<{ value: string; label: string }>(
        `SELECT value, label FROM enum_values
         WHERE workspace_id = $1 AND kind = $2 AND field = $3 AND parents @> $4::jsonb
         ORDER BY position, value`,
        [workspaceId, kind, field, JSON.stringify(parents)],
      );
    },

    /** Every stored value of a section's enum fields, with its parents' values, by field; fields past `maxRows` left out. */
    async enumRowsOf(workspaceId: string, kind: 'inputs' | 'outputs', fields: readonly string[], maxRows: number): Promise<Record<string, { value: string; label: string; parents: Record<string, string> }[]>> {
      if (!fields.length) return {};
      const counts = await db.query<{ field: string; n: number }>(
        'SELECT field, count(*)::int AS n FROM enum_values WHERE workspace_id = $1 AND kind = $2 AND field = ANY($3) GROUP BY field',
        [workspaceId, kind, [...fields]],
      );
      const tooMany = new Set(counts.filter((c) => c.n > maxRows).map((c) => c.field));
      const kept = fields.filter((field) => !tooMany.has(field));
      const out: Record<string, { value: string; label: string; parents: Record<string, string> }[]> = Object.fromEntries(kept.map((field) => [field, []]));
      if (!kept.length) return out;
      const rows = await db.query<{ field: string; value: string; label: string; parents: Record<string, unknown> | null }>(
        'SELECT field, value, label, parents FROM enum_values WHERE workspace_id = $1 AND kind = $2 AND field = ANY($3) ORDER BY field, position, value',
        [workspaceId, kind, kept],
      );
      for (const row of rows) out[row.field].push({ value: row.value, label: row.label, parents: Object.fromEntries(Object.entries(row.parents ?? {}).map(([k, v]) => [k, String(v)])) });
      return out;
    },

    /** The users whose contacts `user` sees (the org hierarchy of spec 1 §6), themselves included. */
    async visibleAgentIds(user: Pick<UserRecord, 'id' | 'role' | 'teamIds' | 'siteIds' | 'outsourcerId'>): Promise<string[]> {
      let rows: { id: string }[] = [];
      if (user.role === 'manager' || user.role === 'middle') {
        rows = user.outsourcerId ? await db.query<{ id: string }>('SELECT id FROM users WHERE outsourcer_id = $1', [user.outsourcerId]) : [];
      } else if (user.role === 'site-manager') {
        rows = await db.query<{ id: string }>(
          `SELECT user_id AS id FROM user_sites WHERE site_id = ANY($1)
           UNION SELECT ut.user_id FROM user_teams ut JOIN teams t ON t.id = ut.team_id WHERE t.site_id = ANY($1)`,
          [user.siteIds],
        );
      } else if (user.teamIds.length) {
        rows = await db.query<{ id: string }>('SELECT DISTINCT user_id AS id FROM user_teams WHERE team_id = ANY($1)', [user.teamIds]);
      }
      return [...new Set([user.id, ...rows.map((r) => r.id)])].sort();
    },
  };
}
export type ContactRepository = ReturnType<typeof contactRepository>;

export type BulkEffect =
  | { type: 'assign'; agents: string[] }
  | { type: 'release' }
  | { type: 'close' }
  | { type: 'suspend' }
  | { type: 'priority'; priority: number }
  | { type: 'state'; state: string; notes?: string };

/** Which contacts a user sees in a workspace (spec 2 §6 and the org hierarchy). */
export async function visibilityFor(
  repo: ContactRepository,
  user: Pick<UserRecord, 'id' | 'role' | 'teamIds' | 'siteIds' | 'outsourcerId'>,
  workspace: Record<string, unknown>,
): Promise<Visibility> {
  if (user.role === 'admin') return { all: true };
  if (user.role === 'basic' && workspace.onlyAssignedContacts === true) return { all: false, agentIds: [user.id], includeUnassigned: false };
  return { all: false, agentIds: await repo.visibleAgentIds(user), includeUnassigned: true };
}
