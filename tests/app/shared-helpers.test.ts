/**
 * @jest-environment node
 */
import { withoutNulls } from '@app/ui/form-values';
import { formatChartDay, formatChartHour } from '@app/ui/insight-format';
import { byteSizeText } from '@app/ui/byte-size';
import type { EnumRequest } from '@renderers/form-context';
import { localeOf } from '@app/ui/renderer-locale';
import { loadFieldEnum, lookupAddress, type AddressApi } from '@app/ui/renderer-services';
import { splitMedia } from '@app/ui/media-section';
import { sampleContacts } from '@app/ui/config-preview/sample-contacts';
import { translateForm } from '@translator/translate-form';
import type { Workspace } from '@domain/generated/workspace';
import sinistriWorkspace from '../../fixtures/workspaces/sinistri-auto/workspace.json';
import sinistriModel from '../../fixtures/workspaces/sinistri-auto/data-model.json';

describe('withoutNulls', () => {
  it('drops null and undefined entries and keeps every other value, falsy ones included', () => {
    expect(withoutNulls({ a: null, b: undefined, c: 0, d: '', e: false, f: 'x', g: [] })).toEqual({ c: 0, d: '', e: false, f: 'x', g: [] });
  });

  it('spread over stored values, leaves a stored value where the draft holds nothing', () => {
    const stored = { nome: 'Anna', citta: 'Roma' };
    expect({ ...stored, ...withoutNulls({ nome: 'Bea', citta: undefined }) }).toEqual({ nome: 'Bea', citta: 'Roma' });
  });
});

describe('localeOf', () => {
  it.each([
    ['en-US', 'en-US'],
    ['en-GB', 'en-GB'],
    ['en', 'en-US'],
    ['it-IT', 'it-IT'],
    ['fr-FR', 'it-IT'],
  ])('%s gives the renderers %s', (language, locale) => {
    expect(localeOf(language)).toBe(locale);
  });
});

describe('the renderer services every form shares (contact, list filter, SMS)', () => {
  const request: EnumRequest = { section: 'inputs', field: 'comune', url: null, remoteValues: false, parents: { provincia: 'MI', civico: 12, note: undefined, tags: ['a'] } };

  it('asks for one field with its parents as scalars (objects as JSON, nothing as null) and keeps only value and label', async () => {
    const enumValues = jest.fn(async () => [{ value: 'mi', label: 'Milano', extra: true }]);
    await expect(loadFieldEnum({ contacts: { enumValues } }, 'ws1', request, 'c1')).resolves.toEqual([{ value: 'mi', label: 'Milano' }]);
    expect(enumValues).toHaveBeenCalledWith('ws1', 'inputs', 'comune', { provincia: 'MI', civico: 12, note: null, tags: '["a"]' }, 'c1');
  });

  it('gives a single empty option when the call fails (spec 2 §8)', async () => {
    const enumValues = jest.fn(async () => { throw new Error('500'); });
    await expect(loadFieldEnum({ contacts: { enumValues } }, 'ws1', request)).resolves.toEqual([{ value: '', label: '' }]);
  });

  it('looks an address up only for a query, narrowing streets by the chosen province and city', async () => {
    const address = {
      provinces: jest.fn(async () => []),
      cities: jest.fn(async () => []),
      streets: jest.fn(async () => [{ p: 'Milano', x: 'MI', c: 'Milano', s: 'Via Roma' }]),
    };
    await expect(lookupAddress({ address } as unknown as AddressApi, 'province', '   ', {})).resolves.toEqual([]);
    expect(address.provinces).not.toHaveBeenCalled();
    await expect(lookupAddress({ address } as unknown as AddressApi, 'street', 'Ro', { province_acr: 'MI', city: 'Milano' })).resolves.toEqual([
      { label: 'Via Roma, Milano', values: { province: 'Milano', province_acr: 'MI', city: 'Milano', street: 'Via Roma' } },
    ]);
    expect(address.streets).toHaveBeenCalledWith('MI', 'Milano', 'Ro');
  });
});

describe('the MEDIA section of a translated form', () => {
  const outputs = translateForm(sinistriModel, sinistriWorkspace, { view: 'create', section: 'outputs', role: 'admin' });
  const inputs = translateForm(sinistriModel, sinistriWorkspace, { view: 'create', section: 'inputs', role: 'admin' });
  if (!outputs.ok || !inputs.ok) throw new Error('translation refused');

  it('leaves the attachment and document lists out of the form, its order and its groups', () => {
    const { form, media } = splitMedia(outputs.value);
    expect(media.map((m) => m.name)).toEqual(expect.arrayContaining(['fotoDanni', 'documenti']));
    for (const name of ['fotoDanni', 'documenti']) {
      expect(Object.keys(form.schema.properties ?? {})).not.toContain(name);
      expect(form.uiSchema['ui:order']).not.toContain(name);
      expect(form.uiSchema['ui:options'].groups.flatMap((g) => g.fields)).not.toContain(name);
    }
    expect(form.uiSchema['ui:options'].media).toBeUndefined();
  });

  it('gives the sample contacts of the preview empty lists there and sample values elsewhere', () => {
    const [contact] = sampleContacts(sinistriWorkspace as unknown as Workspace, { inputs: inputs.value, outputs: outputs.value }, 1);
    const values = contact.outputs ?? {};
    expect(values).toMatchObject({ fotoDanni: [], documenti: [] });
    const others = Object.keys(splitMedia(outputs.value).form.schema.properties ?? {});
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((name) => values[name] !== undefined && !(Array.isArray(values[name]) && (values[name] as unknown[]).length === 0))).not.toEqual([]);
  });
});

describe('chart dates', () => {
  it.each([
    ['2026-01-15T14:05:00', '15/01 14:05'],
    ['2026-12-03T09:00:00', '03/12 09:00'],
    ['not a date', 'not a date'],
  ])('an hour %s reads %s in every language: day first, 24-hour clock', (value, shown) => {
    expect(formatChartHour(value)).toBe(shown);
  });

  it.each([
    ['2026-01-15', '15/01/2026'],
    ['', ''],
  ])('a day %s reads %s', (day, shown) => {
    expect(formatChartDay(day)).toBe(shown);
  });
});

describe('byteSizeText', () => {
  it.each([
    [1_572_864, 'it-IT', '1,5 MB'],
    [1_572_864, 'en-US', '1.5 MB'],
    [12_582_912, 'en-GB', '12.0 MB'],
    [2_000, 'it-IT', '2 KB'],
    [1_047_000, 'en-US', '1,023 KB'],
  ])('%d bytes in %s read %s', (bytes, language, shown) => {
    expect(byteSizeText(bytes, language)).toBe(shown);
  });
});
