import type { Field } from '@domain/generated/data-model';
import type { EnumConfig } from '@domain/generated/workspace';
import { filtersByContains } from '@translator/contains-filters';

/**
 * Which list filters an agent types and the list searches by a part of the value ({ contains }): the filter form
 * (translate-list) and the server's trigram indexes (list-sort-indexes) both follow this rule.
 */
describe('filtersByContains', () => {
  const listed: EnumConfig = { values: [{ label: 'Luce', value: 'luce' }] };
  it.each<[string, Field, EnumConfig | undefined, boolean]>([
    ['filterable text (the default type)', { label: 'Cognome', filterable: true }, undefined, true],
    ['filterable text', { label: 'Note', dataType: 'text', filterable: true }, undefined, true],
    ['filterable string', { label: 'Codice', dataType: 'string', filterable: true }, undefined, true],
    ['text not filterable', { label: 'Cognome' }, undefined, false],
    ['a number', { label: 'Età', dataType: 'number', filterable: true }, undefined, false],
    ['a date', { label: 'Nato il', dataType: 'date', filterable: true }, undefined, false],
    ['a time', { label: 'Ora', dataType: 'time', filterable: true }, undefined, false],
    ['a boolean', { label: 'Privacy', dataType: 'boolean', filterable: true }, undefined, false],
    ['an array', { label: 'Lista', dataType: 'array', filterable: true }, undefined, false],
    ['text with a list of values', { label: 'Fornitura', filterable: true }, listed, false],
    ['text with an empty list of values', { label: 'Fornitura', filterable: true }, { values: [] }, true],
    ['text with values from a url (typed, no list shown)', { label: 'Negozio', filterable: true }, { ...listed, url: 'https://enum.example/negozi' }, true],
    ['text with values from the workspace enum call', { label: 'Negozio', filterable: true }, { ...listed, remoteValues: true }, true],
  ])('%s: %s', (_name, field, cfg, expected) => expect(filtersByContains(field, cfg)).toBe(expected));
});
