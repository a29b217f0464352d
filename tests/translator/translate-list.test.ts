import type { DataModel } from '@domain/generated/data-model';
import type { ContactFilter } from '@domain/generated/contact-filter';
import type { Role } from '@domain/roles';
import { applyFilterRules } from '@domain/contact-filter-rules';
import { AVAILABILITY_TEXTS } from '@domain/availability';
import { CATALOGUES } from '@renderers/i18n/messages';
import { embedDefaultFilter, fixedColumnLabel, translateList, type ListTranslation } from '@translator/translate-list';
import { baseWorkspace } from './support';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

const dm: DataModel = {
  id: 'dm', modelContactProperty: 'tel',
  model: {
    tel: { label: 'Telefono', columnIndex: 2, isVisible: true, filterable: true },
    nome: { label: 'Nome', columnIndex: 1, isVisible: true },
    tipo: { label: 'Tipo', filterable: true },
    lista: { label: 'Lista', dataType: 'array', filterable: true, arrayItemsModel: { a: { label: 'a' } } },
  },
  outputs: { ok: { label: 'OK', dataType: 'boolean', columnIndex: 0, filterable: true } },
};
const ws = baseWorkspace({
  states: { A: { label: 'Aperto' } },
  outcomes: [{ value: 'SI', label: 'Sì' }],
  enumConfig: { inputs: { tipo: { values: [{ label: 'Uno', value: '1' }], buildFilter: true }, nome: { remoteValues: true, buildFilter: true } } },
  customFilterConfig: { label: 'Solo VIP' },
  onlyAssignedContacts: true,
});
const list = (role: Role): ListTranslation => {
  const r = translateList(dm, ws, role);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
};
const props = (role: Role): string[] => Object.keys(list(role).filters.schema.properties ?? {});

describe('translateList columns', () => {
  it('starts with the availability ribbon, then the data-model columns by columnIndex (unindexed last), then the contact columns, the id last', () => {
    expect(list('admin').columns.map((c) => c.key)).toEqual([
      'availability', 'outputs.ok', 'inputs.nome', 'inputs.tel', 'inputs.tipo', 'inputs.lista', 'state', 'lastStateChangeAt', 'outcome', 'priority', 'agentId', 'id',
    ]);
  });
  it('gives every fixed column its text key', () => {
    for (const column of list('admin').columns) if (column.kind === 'fixed') expect(column.labelKey).toBe(`column.${column.key}`);
  });
  it.each<[string, object]>([
    ['inputs.tel', { kind: 'inputs', field: 'tel', label: 'Telefono', dataType: 'text', columnIndex: 2, isVisible: true, filterable: true }],
    ['inputs.lista', { isVisible: false, filterable: false, columnIndex: null }],
    ['inputs.tipo', { values: [{ label: 'Uno', value: '1' }] }],
  ])('column %s', (key, expected) => {
    expect(list('admin').columns.find((c) => c.key === key)).toMatchObject(expected);
  });
  it('availability column carries the Italian labels', () => {
    expect(list('basic').columns.find((c) => c.key === 'availability')).toMatchObject({ values: [{ value: 'toProcess', label: 'Da Lavorare' }, { value: 'waiting', label: 'In Attesa' }, { value: 'processing', label: 'In Lavorazione' }, { value: 'closed', label: 'Chiuso' }] });
  });
  it("words the fixed headers and the availability, for the server's CSV, as the list shows them in each language", () => {
    const pairs = [['it', 'it-IT'], ['en', 'en-US'], ['en', 'en-GB']] as const;
    for (const column of list('admin').columns) {
      if (column.kind !== 'fixed') continue;
      expect(fixedColumnLabel(column.key, 'it')).toBe(column.label);
      for (const [language, locale] of pairs) expect([column.key, locale, fixedColumnLabel(column.key, language)]).toEqual([column.key, locale, CATALOGUES[locale][column.labelKey]]);
    }
    for (const [language, locale] of pairs) {
      for (const [value, text] of Object.entries(AVAILABILITY_TEXTS[language])) expect([locale, text]).toEqual([locale, CATALOGUES[locale][`availability.${value as 'closed'}`]]);
    }
  });
});

describe('translateList filters per role', () => {
  it.each<[Role, string[], string[]]>([
    ['admin', ['assignedAgents', 'teamIds', 'outsourcerIds', 'siteIds', 'customFilter'], []],
    ['team-leader', ['assignedAgents', 'outsourcerIds', 'siteIds', 'customFilter'], ['teamIds']],
    ['basic', [], ['assignedAgents', 'teamIds', 'outsourcerIds', 'siteIds', 'customFilter']],
    ['manager', ['teamIds'], ['assignedAgents', 'outsourcerIds', 'siteIds', 'customFilter']],
    ['middle', ['teamIds'], ['assignedAgents', 'outsourcerIds', 'siteIds', 'customFilter']],
  ])('%s sees %j and not %j', (role, present, absent) => {
    const p = props(role);
    for (const k of present) expect(p).toContain(k);
    for (const k of absent) expect(p).not.toContain(k);
  });

  it.each<[string, (l: ListTranslation) => unknown, unknown]>([
    ['priority 0-10', (l) => l.filters.schema.properties?.priority, { type: 'integer', title: 'Priorità', minimum: 0, maximum: 10, default: 0 }],
    ['state filter values', (l) => l.filters.schema.properties?.states.items?.oneOf, [{ const: 'A', title: 'Aperto' }]],
    ['outcome filter', (l) => l.filters.schema.properties?.outcomes.items?.oneOf, [{ const: 'SI', title: 'Sì' }]],
    ['a data-model filter per filterable field (arrays excluded)', (l) => Object.keys(l.filters.schema.properties?.dataModelFilters.properties?.inputs.properties ?? {}), ['tel', 'tipo']],
    ['free text is filtered as a part of the value; listed values and booleans exactly', (l) => l.filters.uiSchema.dataModelFilters, { inputs: { tel: { 'ui:options': { match: 'contains' } } }, outputs: {} }],
    ['output data-model filter', (l) => l.filters.schema.properties?.dataModelFilters.properties?.outputs.properties?.ok, { title: 'OK', type: 'boolean' }],
    ['static enum filter', (l) => l.filters.schema.properties?.enumFilters.properties?.inputs.properties?.tipo.items?.oneOf, [{ const: '1', title: 'Uno' }]],
    ['remote enum filter loads per workspace, kind and field', (l) => ((l.filters.uiSchema.enumFilters as Record<string, Record<string, Record<string, unknown>>>).inputs.nome['ui:options'] as { enumSource: unknown }).enumSource, { kind: 'remote', section: 'inputs', field: 'nome', url: null, remoteValues: true, cachable: false }],
    ['custom filter labelled by config', (l) => l.filters.schema.properties?.customFilter?.title, 'Solo VIP'],
    ['defaults', (l) => l.filters.defaults, { page: 0, length: 10, order: 'desc', priority: 0 }],
  ])('%s', (_n, pick, expected) => expect(pick(list('admin'))).toEqual(expected));

  it.each<[Role, string[]]>([
    ['admin', ['outsourcerIds', 'siteIds', 'teamIds']],
    ['team-leader', ['outsourcerIds', 'siteIds']],
    ['manager', []],
    ['basic', []],
  ])('%s: the outsourcer, call-centre (and team) filters form one cascade %j (spec 2 §6, orgFilter)', (role, cascade) => {
    const l = list(role);
    expect((l.filters.uiSchema['ui:options'] as { orgCascade: string[] }).orgCascade).toEqual(cascade);
    if (cascade.length) {
      expect(l.filters.schema.properties?.outsourcerIds).toEqual({ type: 'array', title: 'Outsourcer', uniqueItems: true, items: { type: 'string' } });
      expect(l.filters.textKeys).toMatchObject({ outsourcerIds: 'filter.outsourcerIds', siteIds: 'filter.siteIds' });
    }
  });

  it('basic sees only assigned contacts when onlyAssignedContacts', () => {
    expect((list('basic').filters.uiSchema['ui:options'] as { onlyAssignedContacts: boolean }).onlyAssignedContacts).toBe(true);
    expect((list('admin').filters.uiSchema['ui:options'] as { onlyAssignedContacts: boolean }).onlyAssignedContacts).toBe(false);
  });

  it.each<[ContactFilter, boolean]>([
    [{ onlySuspended: true, includeSuspended: true }, true],
    [{ onlySuspended: true, includeSuspended: false }, false],
    [{ onlySuspended: true }, false],
    [{ priority: 11 }, false],
    [{ priority: 10, createdFrom: '2025-01-01T00:00:00Z' }, true],
  ])('the filter schema validates %j as %s', (value, valid) => {
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    expect(ajv.validate(list('admin').filters.schema, value)).toBe(valid);
  });
});

describe('filter rules', () => {
  it.each<[string, ContactFilter, ContactFilter, ContactFilter]>([
    ['onlySuspended forces includeSuspended', {}, { onlySuspended: true }, { onlySuspended: true, includeSuspended: true }],
    ['turning includeSuspended off clears onlySuspended', { onlySuspended: true, includeSuspended: true }, { onlySuspended: true, includeSuspended: false }, { onlySuspended: false, includeSuspended: false }],
    ['priority is clamped to 0-10', {}, { priority: 14 }, { priority: 10 }],
    ['other changes pass', {}, { states: ['A'] }, { states: ['A'] }],
  ])('%s', (_n, prev, next, expected) => expect(applyFilterRules(prev, next)).toEqual(expected));

  it.each<[string | null, ContactFilter]>([
    ['+39333', { page: 0, length: 10, order: 'desc', closed: false, notProcessable: false, dataModelFilters: { inputs: { tel: '+39333' } } }],
    [null, { page: 0, length: 10, order: 'desc', closed: false, notProcessable: false }],
  ])('embed defaults for caller id %s', (callerId, expected) => expect(embedDefaultFilter(dm, callerId)).toEqual(expected));
});
