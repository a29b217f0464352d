import type { ContactFilter } from '@domain/generated/contact-filter';
import type { DataModel, Field } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import type { JsonLogicRule } from '@domain/permissions';
import type { SqlParam } from '../db/database';
import { QueryInputError } from './query-input-error';
import { say, type Said } from '../server-messages';

/**
 * Turns the list filter (spec 2 §2.2) into a WHERE clause and an ORDER BY over `contacts`.
 * Field names never reach the SQL text: they are checked against the data model and travel as parameters
 * (`inputs -> $n`) or inside JSONB containment values (`inputs @> $n::jsonb`, which the GIN index serves).
 */

export type Section = 'inputs' | 'outputs';

/** Which contacts a user sees (the org hierarchy): all of the workspace, or those of some agents (and maybe the unassigned). */
export type Visibility = { all: true } | { all: false; agentIds: string[]; includeUnassigned: boolean };

export class SqlParams {
  readonly values: SqlParam[];
  /** `values`: the parameters the statement's text already names ($1, $2, …), copied. */
  constructor(values: readonly SqlParam[] = []) {
    this.values = [...values];
  }
  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  json(value: unknown): string {
    return `${this.add(JSON.stringify(value))}::jsonb`;
  }
}

const badRequest = (field: string, said: Said) => new QueryInputError(field, said);
/** Where a problem of the workspace's custom filter rule is: its configuration. */
const RULE = 'customFilterConfig.rule';

/** Fixed columns a list may sort on or a rule may name, by their API name. */
const FIXED_COLUMNS: Record<string, { sql: string; nullable: boolean; type: 'string' | 'number' | 'boolean' | 'date-time' }> = {
  id: { sql: 'id', nullable: false, type: 'string' },
  availability: { sql: 'availability', nullable: false, type: 'string' },
  state: { sql: 'state', nullable: false, type: 'string' },
  lastStateChangeAt: { sql: 'last_state_change_at', nullable: true, type: 'date-time' },
  outcome: { sql: 'outcome', nullable: true, type: 'string' },
  priority: { sql: 'priority', nullable: false, type: 'number' },
  agentId: { sql: 'agent_id', nullable: true, type: 'string' },
  createdAt: { sql: 'created_at', nullable: false, type: 'date-time' },
  closed: { sql: 'closed', nullable: false, type: 'boolean' },
  processable: { sql: 'processable', nullable: false, type: 'boolean' },
  suspended: { sql: 'suspended', nullable: false, type: 'boolean' },
};

const fieldsOf = (model: DataModel, section: Section) => (section === 'inputs' ? model.model : model.outputs) ?? {};

function findField(model: DataModel, section: Section, name: string, pointer: string): Field {
  const field = Object.prototype.hasOwnProperty.call(fieldsOf(model, section), name) ? fieldsOf(model, section)[name] : undefined;
  if (!field) throw badRequest(pointer, say('filterNotAField', { field: pointer, section }));
  return field;
}

/** `inputs.nome`, `outputs.esito` or a bare name (inputs first): the section and field a sort or rule names. */
function resolveModelPath(model: DataModel, path: string): { section: Section; name: string } | null {
  const dot = path.indexOf('.');
  if (dot > 0) {
    const section = path.slice(0, dot);
    const name = path.slice(dot + 1);
    if ((section === 'inputs' || section === 'outputs') && Object.prototype.hasOwnProperty.call(fieldsOf(model, section), name)) return { section, name };
    return null;
  }
  if (Object.prototype.hasOwnProperty.call(fieldsOf(model, 'inputs'), path)) return { section: 'inputs', name: path };
  if (Object.prototype.hasOwnProperty.call(fieldsOf(model, 'outputs'), path)) return { section: 'outputs', name: path };
  return null;
}

type Scalar = string | number | boolean;

/** A filter value in the field's type; numbers and booleans typed into a text box arrive as strings. */
function typedScalar(field: Field, value: unknown, pointer: string): Scalar {
  const type = field.dataType ?? 'text';
  if (type === 'number') {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n)) throw badRequest(pointer, say('filterNumber', { field: pointer }));
    return n;
  }
  if (type === 'boolean') {
    if (value === 'true' || value === 'false') return value === 'true';
    if (typeof value !== 'boolean') throw badRequest(pointer, say('filterBoolean', { field: pointer }));
    return value;
  }
  if (typeof value !== 'string') throw badRequest(pointer, say('filterString', { field: pointer }));
  return value;
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Conditions for one section's data-model filters; equalities are merged into one containment. */
function dataModelConditions(model: DataModel, section: Section, filters: Record<string, unknown>, p: SqlParams, prefix: string): string[] {
  const contains: Record<string, Scalar> = {};
  const out: string[] = [];
  for (const [name, raw] of Object.entries(filters)) {
    const pointer = `${prefix}.${section}.${name}`;
    const field = findField(model, section, name, pointer);
    if (field.dataType === 'array') throw badRequest(pointer, say('filterArrayField', { field: pointer }));
    if (isBlank(raw)) continue;
    if (Array.isArray(raw)) {
      const values = raw.filter((v) => !isBlank(v)).map((v, i) => typedScalar(field, v, `${pointer}.${i}`));
      if (values.length === 1) contains[name] = values[0];
      else if (values.length > 1) out.push(`(${values.map((v) => `${section} @> ${p.json({ [name]: v })}`).join(' OR ')})`);
      continue;
    }
    if (typeof raw === 'object') {
      const spec = raw as Record<string, unknown>;
      const keys = Object.keys(spec);
      const type = field.dataType ?? 'text';
      if (keys.length === 1 && keys[0] === 'contains') {
        if (type !== 'string' && type !== 'text') throw badRequest(pointer, say('filterContainsText', { field: pointer }));
        if (isBlank(spec.contains)) continue;
        if (typeof spec.contains !== 'string') throw badRequest(`${pointer}.contains`, say('filterString', { field: `${pointer}.contains` }));
        out.push(`(${section} ->> ${p.add(name)}::text) ILIKE ${p.add(`%${escapeLike(spec.contains)}%`)}`);
        continue;
      }
      if (keys.length > 0 && keys.every((k) => k === 'from' || k === 'to')) {
        if (type !== 'number' && type !== 'date' && type !== 'time') throw badRequest(pointer, say('filterRangeTypes', { field: pointer }));
        const jsonType = type === 'number' ? 'number' : 'string';
        const key = `${p.add(name)}::text`;
        const parts = [`jsonb_typeof(${section} -> ${key}) = '${jsonType}'`];
        if (!isBlank(spec.from)) parts.push(`${section} -> ${key} >= ${p.json(typedScalar(field, spec.from, `${pointer}.from`))}`);
        if (!isBlank(spec.to)) parts.push(`${section} -> ${key} <= ${p.json(typedScalar(field, spec.to, `${pointer}.to`))}`);
        if (parts.length > 1) out.push(parts.join(' AND '));
        continue;
      }
      throw badRequest(pointer, say('filterShape', { field: pointer, range: '{from, to}', contains: '{contains}' }));
    }
    contains[name] = typedScalar(field, raw, pointer);
  }
  if (Object.keys(contains).length) out.unshift(`${section} @> ${p.json(contains)}`);
  return out;
}

/**
 * Whether the filter has data-model conditions no index serves, a range ({from, to}) or a contains (unless
 * `containsIndexed` says a trigram index serves it): their matches are found only by reading contacts one by one, so
 * counting them all costs a scan of the workspace.
 */
export function hasScannedConditions(
  filter: Pick<ContactFilter, 'dataModelFilters'>,
  containsIndexed: (section: string, name: string, term: string) => boolean = () => false,
): boolean {
  return Object.entries(filter.dataModelFilters ?? {}).some(([section, fields]) =>
    Object.entries((fields ?? {}) as Record<string, unknown>).some(([name, value]) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
      const spec = value as Record<string, unknown>;
      if (!isBlank(spec.from) || !isBlank(spec.to)) return true;
      return !isBlank(spec.contains) && !(typeof spec.contains === 'string' && containsIndexed(section, name, spec.contains));
    }));
}

function enumConditions(model: DataModel, section: Section, filters: Record<string, string[]>, p: SqlParams): string[] {
  const out: string[] = [];
  const contains: Record<string, Scalar> = {};
  for (const [name, values] of Object.entries(filters)) {
    const pointer = `enumFilters.${section}.${name}`;
    const field = findField(model, section, name, pointer);
    const typed = values.filter((v) => !isBlank(v)).map((v, i) => typedScalar(field, v, `${pointer}.${i}`));
    if (typed.length === 1) contains[name] = typed[0];
    else if (typed.length > 1) out.push(`(${typed.map((v) => `${section} @> ${p.json({ [name]: v })}`).join(' OR ')})`);
  }
  if (Object.keys(contains).length) out.unshift(`${section} @> ${p.json(contains)}`);
  return out;
}

function visibilityCondition(visibility: Visibility, p: SqlParams): string | null {
  if (visibility.all) return null;
  const mine = `agent_id = ANY(${p.add(visibility.agentIds)})`;
  return visibility.includeUnassigned ? `(agent_id IS NULL OR ${mine})` : mine;
}

/** The outsourcer and call-centre filters (spec 2 §6): contacts whose assigned agent belongs to them. */
function orgConditions(filter: Pick<ContactFilter, 'outsourcerIds' | 'siteIds'>, p: SqlParams): string[] {
  const out: string[] = [];
  if (filter.outsourcerIds?.length) out.push(`agent_id IN (SELECT id FROM users WHERE outsourcer_id = ANY(${p.add(filter.outsourcerIds)}))`);
  if (filter.siteIds?.length) out.push(`agent_id IN (SELECT user_id FROM user_sites WHERE site_id = ANY(${p.add(filter.siteIds)}))`);
  return out;
}

export interface QueryContext {
  workspaceId: string;
  model: DataModel;
  /** The workspace's enumConfig: which filterable fields the list filters by contains, served by a trigram index. */
  enumConfig: Workspace['enumConfig'];
  visibility: Visibility;
  /** The workspace's customFilterConfig.rule, when the filter turns the custom filter on. */
  customRule?: JsonLogicRule;
}

/**
 * `column = ANY(values)`, or `column = value` for one value: an index on (workspace_id, column, id) then hands out the
 * rows in id order, so a one-state list sorted by state or id reads just its page (PostgreSQL before 17 sorts every
 * match of an = ANY condition, 247,522 rows for one state at a million contacts).
 */
function anyOf(column: string, values: string[], p: SqlParams): string {
  return values.length === 1 ? `${column} = ${p.add(values[0])}` : `${column} = ANY(${p.add(values)})`;
}

/** The WHERE clause (without the keyword) for a filter. */
export function whereClause(filter: ContactFilter, ctx: QueryContext, p: SqlParams): string {
  const parts = [`workspace_id = ${p.add(ctx.workspaceId)}`];
  const visible = visibilityCondition(ctx.visibility, p);
  if (visible) parts.push(visible);
  if (filter.states?.length) parts.push(anyOf('state', filter.states, p));
  if (filter.outcomes?.length) parts.push(anyOf('outcome', filter.outcomes, p));
  if (filter.assignedAgents?.length) parts.push(anyOf('agent_id', filter.assignedAgents, p));
  if (filter.contactIds?.length) parts.push(`id = ANY(${p.add(filter.contactIds.map((id) => id.toLowerCase()))})`);
  if (filter.teamIds?.length) parts.push(`agent_id IN (SELECT user_id FROM user_teams WHERE team_id = ANY(${p.add(filter.teamIds)}))`);
  parts.push(...orgConditions(filter, p));
  if (filter.notProcessable !== undefined) parts.push(filter.notProcessable ? 'NOT processable' : 'processable');
  if (filter.closed !== undefined) parts.push(filter.closed ? 'closed' : 'NOT closed');
  // onlySuspended forces includeSuspended (applyFilterRules); without either, suspended contacts are left out.
  if (filter.onlySuspended) parts.push('suspended');
  else if (!filter.includeSuspended) parts.push('NOT suspended');
  if (filter.priority) parts.push(`priority = ${p.add(filter.priority)}`);
  if (filter.createdFrom) parts.push(`created_at >= ${p.add(new Date(filter.createdFrom))}`);
  if (filter.createdTo) parts.push(`created_at <= ${p.add(new Date(filter.createdTo))}`);
  for (const section of ['inputs', 'outputs'] as const) {
    const dm = filter.dataModelFilters?.[section];
    if (dm) parts.push(...dataModelConditions(ctx.model, section, dm, p, 'dataModelFilters'));
    const en = filter.enumFilters?.[section];
    if (en) parts.push(...enumConditions(ctx.model, section, en, p));
  }
  if (ctx.customRule !== undefined) parts.push(`(${ruleToSql(ctx.customRule, ctx.model, p)})`);
  return parts.join(' AND ');
}

/**
 * The data-model columns the list lets people sort by, in the list's order: the columns it shows (translate-list's
 * dynamic columns with isVisible, by columnIndex, unindexed ones last; the contact table sorts every shown column).
 */
export function sortableModelColumns(model: DataModel): Array<{ section: Section; name: string; field: Field }> {
  return modelColumnsInListOrder(model, (field) => field.isVisible === true);
}

/** The data-model fields `keep` accepts, inputs then outputs, in the list's column order (columnIndex, then as declared). */
export function modelColumnsInListOrder(model: DataModel, keep: (field: Field) => boolean): Array<{ section: Section; name: string; field: Field }> {
  const out: Array<{ section: Section; name: string; field: Field }> = [];
  for (const section of ['inputs', 'outputs'] as const) {
    for (const [name, field] of Object.entries(fieldsOf(model, section))) if (keep(field)) out.push({ section, name, field });
  }
  return out.map((c, i) => [c, i] as const).sort(([a, i], [b, j]) => (a.field.columnIndex ?? Infinity) - (b.field.columnIndex ?? Infinity) || i - j).map(([c]) => c);
}

export interface SortKey { expression: string | null; dir: 'ASC' | 'DESC'; nullable: boolean }

/**
 * The list's sort: the sorted expression (a fixed column, or a data-model field as JSONB; null when the sort is the id
 * itself) and its direction; id breaks ties in the same direction, nulls come last both ways.
 */
export function sortKey(filter: ContactFilter, model: DataModel, p: SqlParams): SortKey {
  const dir = filter.order === 'asc' ? 'ASC' : 'DESC';
  const sort = filter.sort ?? 'createdAt';
  const fixed = Object.prototype.hasOwnProperty.call(FIXED_COLUMNS, sort) ? FIXED_COLUMNS[sort] : undefined;
  if (fixed) return { expression: fixed.sql === 'id' ? null : fixed.sql, dir, nullable: fixed.nullable };
  const target = resolveModelPath(model, sort);
  if (!target) throw badRequest('sort', say('sortUnknown', { sort }));
  return { expression: `${target.section} -> ${p.add(target.name)}::text`, dir, nullable: true };
}

/**
 * The filter keys whose conditions are on columns the kept counts of contacts hold (contact_kpi_counts, migrations 021
 * and 027: workspace, agent, state, availability, suspended, processable, closed, priority), besides the page's own.
 * Teams, outsourcers and sites select agents. A filter with any other key (outcomes, ids, dates, data-model, enum or
 * custom filters) is not counted there.
 */
const KEPT_COUNT_FILTER_KEYS = new Set(['page', 'length', 'order', 'sort', 'assignedAgents', 'states', 'notProcessable', 'closed', 'includeSuspended', 'onlySuspended', 'priority', 'teamIds', 'outsourcerIds', 'siteIds', 'customFilter']);

/**
 * True when the kept counts hold the filter's every condition: its WHERE clause (whereClause) then reads the same over
 * contact_kpi_counts as over contacts, and summing their `n` gives its exact number of matches. An empty list or an
 * unset value is no condition.
 */
export function countsKeepFilter(filter: ContactFilter, ctx: QueryContext): boolean {
  if (ctx.customRule !== undefined) return false;
  return Object.entries(filter).every(([key, value]) => KEPT_COUNT_FILTER_KEYS.has(key) || value === undefined || value === null || (Array.isArray(value) && value.length === 0));
}

/** The sorts on a column the kept counts hold, by the sort's name: a filter's matches per value of it are counted there. */
const KEPT_COUNT_SORTS = new Set(['state', 'availability', 'agentId', 'priority', 'closed', 'processable', 'suspended']);

/** The kept counts' column the list sorts by (`state`, `priority`, …), or null when the sort is on another column. */
export function keptCountSortColumn(filter: ContactFilter): string | null {
  const sort = filter.sort ?? 'createdAt';
  return KEPT_COUNT_SORTS.has(sort) ? FIXED_COLUMNS[sort].sql : null;
}

/** The fixed columns a filter can set to one value, by the sort that names them. */
const FIXED_EQUALITIES: Record<string, (filter: ContactFilter) => string[] | undefined> = {
  state: (filter) => filter.states,
  outcome: (filter) => filter.outcomes,
  agentId: (filter) => filter.assignedAgents,
};

/**
 * Where the matches of the filter start in the sort's order, when the filter sets the sorted column to one value or a
 * few (one state sorted by state, `{ fornitura: 'gas' }` sorted by inputs.fornitura, two states sorted by state): the
 * key from the first of them in the list's direction on (`>= LEAST(...)` ascending, `<= GREATEST(...)` descending,
 * compared by the database as the index orders them), a bound of the key's expression its index serves. Likewise when
 * the filter bounds the sorted column (createdFrom/createdTo sorted by createdAt, a data-model range sorted by its
 * field): its bound in the list's direction. A walk of the sort's index bounded by it starts at the matches, instead
 * of reading the contacts of the values before them first. (A range rather than the equality itself: the planner,
 * blind to the value's share, would read all of an equality's contacts through a bitmap and sort them.) Null when the
 * filter neither sets nor bounds the sorted column.
 */
export function sortKeyStart(filter: ContactFilter, model: DataModel, p: SqlParams): string | null {
  const sort = filter.sort ?? 'createdAt';
  const asc = filter.order === 'asc';
  const from = asc ? '>=' : '<=';
  const first = (bounds: string[]) => (bounds.length === 1 ? bounds[0] : `${asc ? 'LEAST' : 'GREATEST'}(${bounds.join(', ')})`);
  if (sort === 'createdAt') {
    const bound = asc ? filter.createdFrom : filter.createdTo;
    return bound ? `created_at ${from} ${p.add(new Date(bound))}` : null;
  }
  if (Object.prototype.hasOwnProperty.call(FIXED_COLUMNS, sort)) {
    const values = Object.prototype.hasOwnProperty.call(FIXED_EQUALITIES, sort) ? FIXED_EQUALITIES[sort](filter) : undefined;
    return values?.length ? `${FIXED_COLUMNS[sort].sql} ${from} ${first(values.map((v) => `${p.add(v)}::text`))}` : null;
  }
  const target = resolveModelPath(model, sort);
  if (!target) return null;
  const { section, name } = target;
  const field = findField(model, section, name, 'sort');
  const listed = (raw: unknown): Scalar[] | null => {
    if (raw === undefined) return null;
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => !isBlank(v));
    if (values.length === 0 || values.some((v) => typeof v === 'object')) return null;
    return values.map((v) => typedScalar(field, v, 'sort'));
  };
  const own = (filters: Record<string, unknown> | undefined) => (filters && Object.prototype.hasOwnProperty.call(filters, name) ? filters[name] : undefined);
  const modelFilter = own(filter.dataModelFilters?.[section] as Record<string, unknown> | undefined);
  // A range ({from, to}) on the sorted field: its bound in the list's direction.
  if (modelFilter !== null && typeof modelFilter === 'object' && !Array.isArray(modelFilter)) {
    const bound = (modelFilter as { from?: unknown; to?: unknown })[asc ? 'from' : 'to'];
    return isBlank(bound) || typeof bound === 'object' ? null : `${section} -> ${p.add(name)}::text ${from} ${p.json(typedScalar(field, bound, 'sort'))}`;
  }
  const values = listed(modelFilter) ?? listed(own(filter.enumFilters?.[section]));
  return values === null ? null : `${section} -> ${p.add(name)}::text ${from} ${first(values.map((v) => p.json(v)))}`;
}

/**
 * The ORDER BY of a sort with its key and id as named in the query (the columns themselves, or aliases); NULLS LAST
 * only for nullable keys, so that a backward scan of a (key, id) index serves the descending order of the others.
 */
export const orderBy = (key: string | null, id: string, { dir, nullable }: Pick<SortKey, 'dir' | 'nullable'>) =>
  (key === null ? `${id} ${dir}` : `${key} ${dir}${nullable ? ' NULLS LAST' : ''}, ${id} ${dir}`);

/** ORDER BY (without the keyword): the filter's sort (a fixed column or a data-model field), id as the tie-breaker. */
export function orderClause(filter: ContactFilter, model: DataModel, p: SqlParams): string {
  const key = sortKey(filter, model, p);
  return orderBy(key.expression, 'id', key);
}

// json-logic over the contact, compiled to SQL for the workspace's custom filter (spec 2 §3 customFilterConfig).

type Operand = { kind: 'fixed'; sql: string; type: string } | { kind: 'model'; section: Section; name: string } | { kind: 'literal'; value: unknown };

function operand(value: unknown, model: DataModel): Operand {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'var' in value) {
    const raw = (value as { var: unknown }).var;
    const path = String(Array.isArray(raw) ? raw[0] : raw).replace(/^contact\./, '');
    const fixed = Object.prototype.hasOwnProperty.call(FIXED_COLUMNS, path) ? FIXED_COLUMNS[path] : undefined;
    if (fixed) return { kind: 'fixed', sql: fixed.sql, type: fixed.type };
    const target = resolveModelPath(model, path);
    if (!target) throw badRequest(RULE, say('ruleUnknownField', { path }));
    return { kind: 'model', ...target };
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) throw badRequest(RULE, say('ruleUnsupportedOperand', { operand: JSON.stringify(value) }));
  return { kind: 'literal', value };
}

const COMPARISONS: Record<string, string> = { '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

function equality(left: Operand, right: Operand, p: SqlParams): string {
  if (left.kind === 'literal' && right.kind !== 'literal') return equality(right, left, p);
  if (left.kind === 'literal' || right.kind !== 'literal') throw badRequest(RULE, say('ruleEqualityOneFieldOneValue'));
  const value = right.value;
  if (left.kind === 'model') {
    if (value === null) return `(${left.section} -> ${p.add(left.name)}::text) IS NULL OR ${left.section} -> ${p.add(left.name)}::text = 'null'::jsonb`;
    return `${left.section} @> ${p.json({ [left.name]: value })}`;
  }
  if (value === null) return `${left.sql} IS NULL`;
  return `${left.sql} = ${p.add(value as SqlParam)}`;
}

function comparison(op: string, left: Operand, right: Operand, p: SqlParams): string {
  if (left.kind === 'literal' && right.kind !== 'literal') {
    const flipped: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
    return comparison(flipped[op], right, left, p);
  }
  if (left.kind === 'literal' || right.kind !== 'literal') throw badRequest(RULE, say('ruleOneFieldOneValue', { operator: op }));
  const value = right.value;
  if (typeof value !== 'number' && typeof value !== 'string') throw badRequest(RULE, say('ruleNeedsNumberOrString', { operator: op }));
  if (left.kind === 'fixed') return `${left.sql} ${COMPARISONS[op]} ${p.add(value)}`;
  const key = `${p.add(left.name)}::text`;
  return `(jsonb_typeof(${left.section} -> ${key}) = '${typeof value}' AND ${left.section} -> ${key} ${COMPARISONS[op]} ${p.json(value)})`;
}

function truthy(target: Operand, p: SqlParams): string {
  if (target.kind === 'literal') return target.value ? 'true' : 'false';
  if (target.kind === 'fixed') return target.type === 'boolean' ? `coalesce(${target.sql}, false)` : `coalesce(${target.sql} IS NOT NULL AND ${target.sql}::text NOT IN ('', '0'), false)`;
  return `coalesce(${target.section} -> ${p.add(target.name)}::text NOT IN ('false'::jsonb, '0'::jsonb, '""'::jsonb, 'null'::jsonb, '[]'::jsonb), false)`;
}

/** A SQL condition for a json-logic rule (and, or, !, !!, ==, !=, <, <=, >, >=, in, var). Anything else is a 400. */
export function ruleToSql(rule: JsonLogicRule | unknown, model: DataModel, p: SqlParams): string {
  if (typeof rule === 'boolean') return rule ? 'true' : 'false';
  if (!rule || typeof rule !== 'object' || Array.isArray(rule)) throw badRequest(RULE, say('ruleUnsupportedPart', { part: JSON.stringify(rule) }));
  const [op, ...extra] = Object.keys(rule);
  if (!op || extra.length) throw badRequest(RULE, say('ruleOneOperator'));
  const raw = (rule as Record<string, unknown>)[op];
  const args = Array.isArray(raw) ? raw : [raw];
  switch (op) {
    case 'and':
    case 'or':
      if (!args.length) return op === 'and' ? 'true' : 'false';
      return args.map((a) => `(${ruleToSql(a, model, p)})`).join(op === 'and' ? ' AND ' : ' OR ');
    case '!':
      return `NOT coalesce((${ruleToSql(args[0], model, p)}), false)`;
    case '!!':
      return truthy(operand(args[0], model), p);
    case 'var':
      return truthy(operand(rule, model), p);
    case '==':
    case '===':
      return `coalesce((${equality(operand(args[0], model), operand(args[1], model), p)}), false)`;
    case '!=':
    case '!==':
      return `NOT coalesce((${equality(operand(args[0], model), operand(args[1], model), p)}), false)`;
    case '<':
    case '<=':
    case '>':
    case '>=':
      return comparison(op, operand(args[0], model), operand(args[1], model), p);
    case 'in': {
      const [needle, list] = args;
      if (!Array.isArray(list)) throw badRequest(RULE, say('ruleInLiteralList'));
      const target = operand(needle, model);
      if (!list.length) return 'false';
      return list.map((v) => `(${equality(target, { kind: 'literal', value: v }, p)})`).join(' OR ');
    }
    default:
      throw badRequest(RULE, say('ruleUnsupportedOperator', { operator: op }));
  }
}
