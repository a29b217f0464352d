import { AVAILABILITY_LABELS } from '@domain/availability';
import type { DataModel, Field } from '@domain/generated/data-model';
import type { ContactFilter } from '@domain/generated/contact-filter';
import type { Workspace } from '@domain/generated/workspace';
import type { PermissionContext } from '@domain/permissions';
import { ROLES, type Role } from '@domain/roles';
import { can } from './can';
import { filterValuesOf, filtersByContains } from './contains-filters';
import { fieldSchema } from './translate-form';
import type { ProblemLanguage } from './problem-messages';
import { translatePermissions, type PermissionRules } from './translate-permissions';
import type { JsonSchema, Translation, UiSchema } from './types';
import { hasErrors, validateConfiguration } from './validate';

export type FixedColumnKey = 'id' | 'availability' | 'state' | 'lastStateChangeAt' | 'outcome' | 'priority' | 'agentId';
/**
 * A fixed column's header is product text: `label` is the Italian reference, `labelKey` the renderers' text key that
 * gives it in the user's language. A data-model column's label is the workspace's own and is shown as written.
 */
export interface FixedColumn { kind: 'fixed'; key: FixedColumnKey; label: string; labelKey: `column.${FixedColumnKey}`; dataType: 'string' | 'number' | 'date-time'; sortable: boolean; values?: Array<{ value: string; label: string }> }
export interface DynamicColumn { kind: 'inputs' | 'outputs'; key: string; field: string; label: string; dataType: NonNullable<Field['dataType']>; columnIndex: number | null; isVisible: boolean; filterable: boolean; values?: Array<{ value: string; label: string }> }
export type ListColumn = FixedColumn | DynamicColumn;
/**
 * The filter form. Its product texts (titles of the fixed filters and of the field groups, the priority help) carry
 * the Italian reference in the schema and, in `textKeys`, the renderers' text key for each: the key is a property path
 * (`dataModelFilters.inputs`) for a title, `<path>#help` for a help text.
 */
export interface ListTranslation { columns: ListColumn[]; filters: { schema: JsonSchema; uiSchema: UiSchema; defaults: ContactFilter; textKeys: Record<string, string> } }

/**
 * The fixed columns' headers in each language the server words its answers in (the CSV export): the Italian
 * reference, and the English the renderers show for `column.*` (alike in en-US and en-GB).
 */
const FIXED_COLUMN_LABELS: Record<ProblemLanguage, Record<FixedColumnKey, string>> = {
  it: { availability: 'Disponibilità', state: 'Stato', lastStateChangeAt: 'Ultimo cambio stato', outcome: 'Esito', priority: 'Priorità', agentId: 'Agente assegnato', id: 'ID' },
  en: { availability: 'Availability', state: 'State', lastStateChangeAt: 'Last state change', outcome: 'Outcome', priority: 'Priority', agentId: 'Assigned agent', id: 'ID' },
};

/** A fixed column's header in the caller's language; a data-model column's label is the workspace's own. */
export const fixedColumnLabel = (key: FixedColumnKey, language: ProblemLanguage): string => FIXED_COLUMN_LABELS[language][key];

function fixedColumns(ws: Workspace): FixedColumn[] {
  const states = Object.entries(ws.states ?? {}).map(([value, s]) => ({ value, label: s.label }));
  const fixed = (key: FixedColumnKey, dataType: FixedColumn['dataType'], values?: FixedColumn['values']): FixedColumn =>
    ({ kind: 'fixed', key, label: FIXED_COLUMN_LABELS.it[key], labelKey: `column.${key}`, dataType, sortable: true, ...(values ? { values } : {}) });
  return [
    fixed('availability', 'string', Object.entries(AVAILABILITY_LABELS).map(([value, label]) => ({ value, label }))),
    fixed('state', 'string', states),
    fixed('lastStateChangeAt', 'date-time'),
    fixed('outcome', 'string', (ws.outcomes ?? []).map((o) => ({ value: o.value, label: o.label }))),
    fixed('priority', 'number'),
    fixed('agentId', 'string'),
    fixed('id', 'string'),
  ];
}

/**
 * The list's columns in the order people read them: the availability ribbon, then the workspace's own data columns
 * (what agents work with), then the contact's state and assignment, and the id last (issue 17).
 */
function listColumns(model: DataModel, ws: Workspace): ListColumn[] {
  const [availability, ...rest] = fixedColumns(ws);
  return [availability, ...dynamicColumns(model, ws), ...rest];
}

/** Dynamic columns from the data model, ordered by columnIndex (unindexed fields last, in model order). */
function dynamicColumns(model: DataModel, ws: Workspace): DynamicColumn[] {
  const cols: DynamicColumn[] = [];
  for (const kind of ['inputs', 'outputs'] as const) {
    const map = kind === 'inputs' ? model.model : model.outputs;
    for (const [field, f] of Object.entries(map)) {
      const values = ws.enumConfig?.[kind]?.[field]?.values;
      cols.push({ kind, key: `${kind}.${field}`, field, label: f.label, dataType: f.dataType ?? 'text', columnIndex: f.columnIndex ?? null, isVisible: f.isVisible ?? false, filterable: (f.filterable ?? false) && f.dataType !== 'array', ...(values ? { values } : {}) });
    }
  }
  return cols.map((c, i) => [c, i] as const).sort(([a, i], [b, j]) => (a.columnIndex ?? Infinity) - (b.columnIndex ?? Infinity) || i - j).map(([c]) => c);
}

const stringList = (title: string, values?: Array<{ value: string; label: string }>): JsonSchema => ({
  type: 'array', title, uniqueItems: true,
  items: values?.length ? { type: 'string', oneOf: values.map((v) => ({ const: v.value, title: v.label })) } : { type: 'string' },
});

/** Filter values keep the field's type but drop required-ness, patterns and minimum lengths: a filter may be partial. */
function filterFieldSchema(f: Field, values?: Array<{ value: string; label: string }>): JsonSchema {
  const { title, type, format, oneOf } = fieldSchema(f, values);
  const s: JsonSchema = { title, type };
  if (format) s.format = format;
  if (oneOf) s.oneOf = oneOf;
  return s;
}

/** The filter form of spec 2 §2.2 for one role; admin and team-leader get the agent and custom filters, the team filter is hidden from team-leader and basic. */
interface SharedFilters { dataModelFilters?: JsonSchema; dataModelUi?: UiSchema; enumFilters?: JsonSchema; enumUi?: UiSchema }

function filterForm(model: DataModel, ws: Workspace, role: Role, rules: PermissionRules, shared: SharedFilters = sharedFilters(model, ws)): ListTranslation['filters'] {
  const ctx: PermissionContext = { user: { id: '', username: '', role }, workspace: ws as unknown as Record<string, unknown> };
  const properties: Record<string, JsonSchema> = {};
  const ui: UiSchema = {};
  properties.states = stringList('Stati', Object.entries(ws.states ?? {}).map(([value, s]) => ({ value, label: s.label })));
  if (ws.outcomes?.length) properties.outcomes = stringList('Esiti', ws.outcomes.map((o) => ({ value: o.value, label: o.label })));
  if (can(rules.agentFilter, ctx)) { properties.assignedAgents = stringList('Agenti'); ui.assignedAgents = { 'ui:widget': 'agentSelect' }; }
  if (can(rules.teamFilter, ctx)) { properties.teamIds = stringList('Team'); ui.teamIds = { 'ui:widget': 'teamSelect' }; }
  // Outsourcer and call centre (spec 2 §6) narrow the team list: the host renders the three as one cascade (orgCascade).
  const orgCascade = can(rules.orgFilter, ctx) ? ['outsourcerIds', 'siteIds', ...(properties.teamIds ? ['teamIds'] : [])] : [];
  if (orgCascade.length) { properties.outsourcerIds = stringList('Outsourcer'); properties.siteIds = stringList('Call center'); }
  properties.notProcessable = { type: 'boolean', title: 'Non lavorabili' };
  properties.includeSuspended = { type: 'boolean', title: 'Includi sospesi' };
  properties.onlySuspended = { type: 'boolean', title: 'Solo sospesi' };
  properties.priority = { type: 'integer', title: 'Priorità', minimum: 0, maximum: 10, default: 0 };
  properties.createdFrom = { type: 'string', format: 'date-time', title: 'Creato dal' };
  properties.createdTo = { type: 'string', format: 'date-time', title: 'Creato al' };
  for (const key of ['notProcessable', 'includeSuspended', 'onlySuspended']) ui[key] = { 'ui:widget': 'switch' };
  ui.priority = { 'ui:widget': 'updown', 'ui:help': '0 = nessuna' };
  ui.createdFrom = { 'ui:widget': 'date' };
  ui.createdTo = { 'ui:widget': 'date' };

  if (shared.dataModelFilters) { properties.dataModelFilters = shared.dataModelFilters; ui.dataModelFilters = shared.dataModelUi; }
  if (shared.enumFilters) { properties.enumFilters = shared.enumFilters; ui.enumFilters = shared.enumUi; }
  if (can(rules.customFilter, ctx) && ws.customFilterConfig) { properties.customFilter = { type: 'boolean', title: ws.customFilterConfig.label }; ui.customFilter = { 'ui:widget': 'switch' }; }

  const onlyAssigned = role === 'basic' && ws.onlyAssignedContacts === true;
  ui['ui:options'] = {
    // Data for the filter renderer; applyFilterRules (domain) implements the same rules.
    rules: [
      { when: { onlySuspended: true }, set: { includeSuspended: true } },
      { when: { includeSuspended: false }, set: { onlySuspended: false } },
    ],
    onlyAssignedContacts: onlyAssigned,
    orgCascade,
    horizontal: ['states', 'priority', 'createdFrom', 'createdTo'].filter((k) => properties[k]),
  };
  const schema: JsonSchema = {
    type: 'object',
    properties,
    if: { properties: { onlySuspended: { const: true } }, required: ['onlySuspended'] },
    then: { properties: { includeSuspended: { const: true } }, required: ['includeSuspended'] },
  };
  return { schema, uiSchema: ui, defaults: { page: 0, length: 10, order: 'desc', priority: 0 }, textKeys: filterTextKeys(properties) };
}

/** The renderers' text key of each product text of the filter form that is present. */
function filterTextKeys(properties: Record<string, JsonSchema>): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const name of ['states', 'outcomes', 'assignedAgents', 'teamIds', 'outsourcerIds', 'siteIds', 'notProcessable', 'includeSuspended', 'onlySuspended', 'priority', 'createdFrom', 'createdTo', 'dataModelFilters', 'enumFilters']) {
    if (properties[name]) keys[name] = `filter.${name}`;
  }
  if (properties.priority) keys['priority#help'] = 'filter.priorityHelp';
  for (const group of ['dataModelFilters', 'enumFilters']) {
    for (const kind of ['inputs', 'outputs'] as const) {
      if (properties[group]?.properties?.[kind]) keys[`${group}.${kind}`] = kind === 'inputs' ? 'filter.inputFields' : 'filter.outputFields';
    }
  }
  return keys;
}

/** The data-model and enum filters: the same for every role. */
function sharedFilters(model: DataModel, ws: Workspace): SharedFilters {
  const out: SharedFilters = {};
  const dataModelFilters: Record<string, JsonSchema> = {};
  const dataModelUi: UiSchema = {};
  const enumFilters: Record<string, JsonSchema> = {};
  const enumUi: UiSchema = {};
  for (const kind of ['inputs', 'outputs'] as const) {
    const map = kind === 'inputs' ? model.model : model.outputs;
    const dm: Record<string, JsonSchema> = {};
    const dmUi: UiSchema = {};
    const en: Record<string, JsonSchema> = {};
    const enUi: UiSchema = {};
    for (const [name, f] of Object.entries(map)) {
      const cfg = ws.enumConfig?.[kind]?.[name];
      if (f.filterable && f.dataType !== 'array') {
        dm[name] = filterFieldSchema(f, filterValuesOf(cfg));
        // Free text is searched as a part of the value, whatever its case ({ contains }): what an agent types is
        // rarely the whole value as stored. The server's trigram indexes follow the same rule.
        if (filtersByContains(f, cfg)) dmUi[name] = { 'ui:options': { match: 'contains' } };
      }
      if (cfg?.buildFilter) {
        const remote = Boolean(cfg.url || cfg.remoteValues) || !cfg.values?.length;
        en[name] = stringList(f.label, remote ? undefined : cfg.values);
        // Enumerated filter values load per workspace, kind and field (spec 2 §2.2).
        enUi[name] = remote ? { 'ui:widget': 'remoteSelect', 'ui:options': { enumSource: { kind: 'remote', section: kind, field: name, url: cfg.url ?? null, remoteValues: Boolean(cfg.remoteValues), cachable: Boolean(cfg.cachable) }, multiple: true } } : { 'ui:widget': 'select', 'ui:options': { multiple: true } };
      }
    }
    if (Object.keys(dm).length) { dataModelFilters[kind] = { type: 'object', title: kind === 'inputs' ? 'Campi input' : 'Campi output', properties: dm }; dataModelUi[kind] = dmUi; }
    if (Object.keys(en).length) { enumFilters[kind] = { type: 'object', title: kind === 'inputs' ? 'Campi input' : 'Campi output', properties: en }; enumUi[kind] = enUi; }
  }
  if (Object.keys(dataModelFilters).length) { out.dataModelFilters = { type: 'object', title: 'Filtri sui campi', properties: dataModelFilters }; out.dataModelUi = dataModelUi; }
  if (Object.keys(enumFilters).length) { out.enumFilters = { type: 'object', title: 'Filtri sui valori', properties: enumFilters }; out.enumUi = enumUi; }
  return out;
}

/** Default filters in embed view: no closed, no unprocessable contacts, the caller id on the model's contact property. */
export function embedDefaultFilter(model: Pick<DataModel, 'modelContactProperty'>, callerId: string | null | undefined): ContactFilter {
  const filter: ContactFilter = { page: 0, length: 10, order: 'desc', closed: false, notProcessable: false };
  if (callerId) filter.dataModelFilters = { inputs: { [model.modelContactProperty]: callerId } };
  return filter;
}

function buildList(model: DataModel, ws: Workspace, role: Role, rules: PermissionRules, columns: ListColumn[], shared?: SharedFilters): ListTranslation {
  return { columns, filters: filterForm(model, ws, role, rules, shared) };
}

/** Columns and the filter form for one role. Refuses an invalid workspace or data model with every problem. */
export function translateList(model: unknown, workspace: unknown, role: Role): Translation<ListTranslation> {
  const problems = validateConfiguration(workspace, model);
  if (hasErrors(problems)) return { ok: false, problems };
  const ws = workspace as Workspace;
  const dm = model as DataModel;
  return { ok: true, value: buildList(dm, ws, role, translatePermissions(ws), listColumns(dm, ws)), warnings: problems };
}

/** One role of a pair already known to be valid. */
export function translateValidList(model: DataModel, ws: Workspace, role: Role, rules: PermissionRules = translatePermissions(ws)): ListTranslation {
  return buildList(model, ws, role, rules, listColumns(model, ws));
}

/** Every role of an already validated pair; the columns are shared. */
export function translateAllLists(model: DataModel, ws: Workspace, rules = translatePermissions(ws)): Record<Role, ListTranslation> {
  const columns = listColumns(model, ws);
  const out = {} as Record<Role, ListTranslation>;
  const shared = sharedFilters(model, ws);
  for (const role of ROLES) out[role] = buildList(model, ws, role, rules, columns, shared);
  return out;
}
