/**
 * @jest-environment node
 */
import { withoutNulls } from '../../src/app/ui/form-values';
import { localeOf } from '../../src/app/ui/renderer-locale';

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
