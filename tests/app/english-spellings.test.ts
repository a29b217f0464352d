import { enScreens } from '@app/i18n/en-screens';
import { enUSScreens } from '@app/i18n/en-US-screens';
import { CATALOGUES } from '@renderers/i18n/messages';
import { createI18nWithScreens } from './support/i18n';

/** US and British English differ where they spell differently: the spec's British texts for en-GB, US ones for en-US. */
const i18nIn = (language: string) => createI18nWithScreens({ getItem: () => language, setItem: () => undefined } as unknown as Storage).getFixedT(language);

const leaves = (node: object, path: string[] = []): Array<[string, string]> =>
  Object.entries(node).flatMap(([key, value]) => (typeof value === 'string' ? [[[...path, key].join('.'), value] as [string, string]] : leaves(value as object, [...path, key])));

describe('English spellings', () => {
  it('en-GB keeps the British texts, en-US says call center and organization', () => {
    const gb = i18nIn('en-GB');
    const us = i18nIn('en-US');
    expect([gb('orgFilter.title'), gb('orgFilter.site'), gb('reports.sites')]).toEqual(['Organisation', 'Call centre', 'Call centres']);
    expect([us('orgFilter.title'), us('orgFilter.site'), us('reports.sites')]).toEqual(['Organization', 'Call center', 'Call centers']);
    // Texts spelt alike come from the one English catalogue in both.
    expect([us('orgFilter.outsourcer'), gb('orgFilter.outsourcer')]).toEqual(['Outsourcer', 'Outsourcer']);
  });

  it('every US spelling overrides an English text that exists, and no British spelling is left in US English', () => {
    const english = new Map(leaves(enScreens));
    for (const [key, text] of leaves(enUSScreens)) {
      expect([key, english.has(key), text === english.get(key)]).toEqual([key, true, false]);
    }
    const us = i18nIn('en-US');
    for (const [key] of english) expect([key, us(key)]).not.toEqual([key, expect.stringMatching(/centre|organis/i)]);
  });

  it('the renderers say it the same way in each English', () => {
    expect([CATALOGUES['en-US']['filter.siteIds'], CATALOGUES['en-GB']['filter.siteIds']]).toEqual(['Call centers', 'Call centres']);
  });
});
