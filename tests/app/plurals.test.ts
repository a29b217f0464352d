import { enScreens } from '@app/i18n/en-screens';
import { itITScreens } from '@app/i18n/it-IT-screens';
import { createI18nWithScreens } from './support/i18n';

/** A count shown with a noun agrees with it: i18next's `_one`/`_other` keys, in every language. */
const i18nIn = (language: string) => createI18nWithScreens({ getItem: () => language, setItem: () => undefined } as unknown as Storage).getFixedT(language);

const leaves = (node: object, path: string[] = []): Array<[string, string]> =>
  Object.entries(node).flatMap(([key, value]) => (typeof value === 'string' ? [[[...path, key].join('.'), value] as [string, string]] : leaves(value as object, [...path, key])));

describe('plurals', () => {
  const cases: Array<[string, Record<string, number>, { 'it-IT': string; en: string }]> = [
    ['events.total', { count: 1 }, { 'it-IT': '1 evento', en: '1 event' }],
    ['events.total', { count: 3 }, { 'it-IT': '3 eventi', en: '3 events' }],
    ['reports.total', { count: 1 }, { 'it-IT': '1 riga', en: '1 row' }],
    ['reports.total', { count: 2 }, { 'it-IT': '2 righe', en: '2 rows' }],
    ['contactsList.bulk.selectedRows', { count: 1 }, { 'it-IT': "L'azione lavora il contatto selezionato.", en: 'The action works the selected contact.' }],
    ['contactsList.bulk.selectedRows', { count: 4 }, { 'it-IT': "L'azione lavora i 4 contatti selezionati.", en: 'The action works the 4 selected contacts.' }],
    ['contactsList.selected', { count: 1 }, { 'it-IT': '1 selezionato', en: '1 selected' }],
    ['contactsList.selected', { count: 2 }, { 'it-IT': '2 selezionati', en: '2 selected' }],
    ['orgFilter.selected', { count: 1 }, { 'it-IT': '1 selezionato', en: '1 selected' }],
    ['contactsList.bulk.agentCap', { max: 3, count: 1 }, { 'it-IT': 'Agenti: al massimo 3 (1 scelto)', en: 'At most 3 agents (1 chosen)' }],
    ['configPreview.stale', { count: 1 }, { 'it-IT': "La bozza ha 1 problema: è mostrata l'ultima anteprima valida", en: 'The draft has 1 problem: the last valid preview is shown' }],
    ['configPreview.stale', { count: 4 }, { 'it-IT': "La bozza ha 4 problemi: è mostrata l'ultima anteprima valida", en: 'The draft has 4 problems: the last valid preview is shown' }],
    ['modals.bulk.progress', { done: 0, total: 1, count: 1 }, { 'it-IT': '0 di 1 riga', en: '0 of 1 row' }],
    ['modals.bulk.progress', { done: 2, total: 5, count: 5 }, { 'it-IT': '2 di 5 righe', en: '2 of 5 rows' }],
    ['workspaceConfig.publish.impactNone', { checked: 1, count: 1 }, { 'it-IT': "L'unico contatto controllato supera ancora i nuovi form", en: 'The one contact checked still passes the new forms' }],
    ['workspaceConfig.publish.impact', { failing: 1, checked: 5, count: 5 }, { 'it-IT': 'Contatti che non supererebbero più i nuovi form: 1 su 5', en: '1 of 5 contacts would no longer pass the new forms' }],
    ['flows.progress.done', { loaded: 1, rejected: 0, skipped: 0, read: 1, count: 1 }, { 'it-IT': 'Importazione terminata: righe lette 1; caricate 1, scartate 0, già caricate 0', en: 'Import finished: 1 loaded, 0 rejected, 0 already loaded, of 1 row' }],
  ];
  it.each(cases)('%s %j', (key, options, expected) => {
    expect(i18nIn('it-IT')(key, options)).toBe(expected['it-IT']);
    expect(i18nIn('en-GB')(key, options)).toBe(expected.en);
    expect(i18nIn('en-US')(key, options)).toBe(expected.en);
  });

  // Texts shown only for several (the bulk lock and the bulk workspaces dialog: one user has their own texts).
  const onlyForSeveral = new Set(['modals.lock.bulkText', 'modals.lock.bulkSuccess', 'modals.workspaces.bulkTitle']);
  it.each([['it-IT', itITScreens], ['en', enScreens]] as const)('%s: no count is followed by a noun outside a _one/_other pair, no "problema/i" or "(s)"', (_language, catalogue) => {
    for (const [key, text] of leaves(catalogue)) {
      expect([key, text]).not.toEqual([key, expect.stringMatching(/\w\/i\b|\w\(s\)/)]);
      if (/\{\{count\}\} [a-zà-ù]/i.test(text) && !onlyForSeveral.has(key)) expect(key).toMatch(/_(one|other)$/);
    }
  });
});

it("the SMS screen's outbox count reads as Italian: '(al momento 0)', as the English says '(0 now)'", () => {
  expect(i18nIn('it-IT')('sms.noGateway', { queued: 0 })).toContain('restano in coda nella posta in uscita (al momento 0)');
  expect(i18nIn('en-GB')('sms.noGateway', { queued: 0 })).toContain('(0 now)');
});
