import { ajvMessage } from '@renderers/i18n/ajv-messages';
import { CATALOGUES, translatorFor } from '@renderers/i18n/messages';
import { FieldValidator, validateValue } from '@renderers/validation/field-validator';
import { FormStore } from '@renderers/form-store/form-store';
import { fieldsToClear, loadEnum, FAILED_ENUM } from '@renderers/enum/enum-loader';
import { memoryServices } from '@renderers/memory-services';
import type { Field } from '@domain/generated/data-model';
import { fieldSchema } from '@translator/translate-form';
import type { JsonSchema } from '@translator/types';

/** The translator's field schemas for a data model's inputs, as a form gets them. */
const translated = (fields: Record<string, Field>): JsonSchema => ({ type: 'object', properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(field)])) });

const schema: JsonSchema = {
  type: 'object',
  required: ['nome', 'cap'],
  properties: {
    nome: { type: 'string', title: 'Nome', minLength: 1 },
    cap: { type: 'string', title: 'CAP', pattern: '^[0-9]{5}$' },
    nascita: { type: 'string', format: 'date' },
    eta: { type: 'number', minimum: 18 },
    figli: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'object', properties: {} } },
  },
};

describe('ajv messages', () => {
  it('speaks it-IT, en-US and en-GB for every keyword the translator emits', () => {
    expect(ajvMessage({ keyword: 'required', params: {} }, 'it-IT')).toBe('Campo obbligatorio');
    expect(ajvMessage({ keyword: 'required', params: {} }, 'en-US')).toBe('Required field');
    expect(ajvMessage({ keyword: 'pattern', params: {} }, 'it-IT')).toBe('Formato non valido');
    expect(ajvMessage({ keyword: 'minItems', params: { limit: 2 } }, 'en-GB')).toBe('Enter at least 2 items');
    expect(ajvMessage({ keyword: 'format', params: { format: 'date' } }, 'it-IT')).toBe('Data non valida (GG/MM/AAAA)');
    expect(ajvMessage({ keyword: 'minLength', params: { limit: 1 } }, 'it-IT')).toBe('Campo obbligatorio');
    expect(ajvMessage({ keyword: 'type', params: { type: 'number' } }, 'it-IT')).toBe('Il valore deve essere di tipo numero');
  });

  it('every locale has every key, and the spec\'s upload messages', () => {
    const keys = Object.keys(CATALOGUES['it-IT']).sort();
    for (const locale of ['en-US', 'en-GB'] as const) expect(Object.keys(CATALOGUES[locale]).sort()).toEqual(keys);
    expect(translatorFor('it-IT')('file.tooLarge', { n: 8 })).toBe('IL FILE SUPERA LA DIMENSIONE LIMITE DI 8 MB');
    expect(translatorFor('it-IT')('file.unsupported')).toBe('FILE NON SUPPORTATO');
  });
});

describe('per-field validation', () => {
  const v = new FieldValidator(schema, 'it-IT');
  it('checks one field: required, pattern, format, minimum, array bounds', () => {
    expect(v.validateField('nome', undefined)).toEqual(['Campo obbligatorio']);
    expect(v.validateField('nome', 'Mario')).toBeUndefined();
    expect(v.validateField('cap', '123')).toEqual(['Formato non valido']);
    expect(v.validateField('cap', '00184')).toBeUndefined();
    expect(v.validateField('nascita', '2020-13-45')).toEqual(['Data non valida (GG/MM/AAAA)']);
    expect(v.validateField('eta', 12)).toEqual(['Il valore deve essere almeno 18']);
    expect(v.validateField('figli', [{}, {}, {}])).toEqual(['Inserire al massimo 2 elementi']);
    expect(v.validateField('eta', undefined)).toBeUndefined();
  });
  it('checks a time against its own regex as well as the time format (the translator\'s allOf)', () => {
    const times = new FieldValidator(translated({ ora: { label: 'Ora', dataType: 'time', dataRegex: '^(09|10):' } }), 'it-IT');
    expect(times.validateField('ora', '09:30')).toBeUndefined();
    expect(times.validateField('ora', '23:00')).toEqual(['Formato non valido']);
    // not a time at all: said as the time widget says it (one message for one problem)
    expect(times.validateField('ora', '09:75')).toEqual(['Orario non valido: usare HH:MM, da 00:00 a 23:59']);
  });
  it('checks a number against its regex, as written (the translator\'s numberPattern)', () => {
    const numbers = new FieldValidator(translated({ figli: { label: 'Figli', dataType: 'number', dataRegex: '^[0-9]{1,2}$' } }), 'it-IT');
    expect(numbers.validateField('figli', 12)).toBeUndefined();
    expect(numbers.validateField('figli', 12345)).toEqual(['Formato non valido']);
    expect(numbers.validateField('figli', 1.5)).toEqual(['Formato non valido']);
  });
  it('validates the whole form on submit', () => {
    expect(v.validateAll({ cap: 'x' })).toEqual({ nome: ['Campo obbligatorio'], cap: ['Formato non valido'] });
    expect(v.validateAll({ nome: 'A', cap: '00100' })).toEqual({});
  });
  it('compiles a field schema once, however many forms use it', () => {
    const s: JsonSchema = { type: 'string', pattern: '^a' };
    expect(validateValue(s, 'b', false, 'en-US')).toEqual(['Invalid format']);
    expect(validateValue(s, 'a', false, 'en-US')).toBeUndefined();
  });
});

describe('form store', () => {
  it('wakes only the changed field', () => {
    const store = new FormStore({ a: 1 });
    const a = jest.fn();
    const b = jest.fn();
    store.subscribe('a', a);
    store.subscribe('b', b);
    store.setValue('a', 2);
    store.setValue('a', 2);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    store.setErrors('a', ['x']);
    store.setErrors('a', ['x']);
    expect(a).toHaveBeenCalledTimes(2);
    expect(store.values()).toEqual({ a: 2 });
  });
});

describe('enum loading', () => {
  it('caches cachable sources per parents, never failures, and answers a failure with the single empty option', async () => {
    const services = memoryServices({ enums: { inputs: { tipo: [{ value: 'x', label: 'X', parents: { p: '1' } }, { value: 'y', label: 'Y', parents: { p: '2' } }] } }, failingEnums: ['rotto'] });
    const req = { section: 'inputs' as const, field: 'tipo', url: null, remoteValues: true, parents: { p: '1' } };
    expect(await loadEnum(services, req, true)).toEqual([{ value: 'x', label: 'X' }]);
    await loadEnum(services, req, true);
    expect(services.calls.enums).toHaveLength(1);
    await loadEnum(services, { ...req, parents: { p: '2' } }, true);
    expect(services.calls.enums).toHaveLength(2);
    await loadEnum(services, req, false);
    expect(services.calls.enums).toHaveLength(3);
    expect(await loadEnum(services, { ...req, field: 'rotto' }, true)).toEqual(FAILED_ENUM);
    expect(await loadEnum(services, { ...req, field: 'rotto' }, true)).toEqual([{ value: '', label: '' }]);
    expect(services.calls.enums.filter((c) => c.startsWith('inputs.rotto'))).toHaveLength(2);
  });
  it('clears children and grandchildren of a changed parent', () => {
    const clears: Record<string, string[]> = { fornitura: ['tipoOfferta'], tipoOfferta: ['offerta'] };
    expect(fieldsToClear('fornitura', (f) => clears[f])).toEqual(['tipoOfferta', 'offerta']);
    expect(fieldsToClear('offerta', (f) => clears[f])).toEqual([]);
  });
});
