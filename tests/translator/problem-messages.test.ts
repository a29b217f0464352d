import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Workspace } from '@domain/generated/workspace';
import { localizedDraftProblems, localizeProblem } from '@translator/problem-messages';

/**
 * The editor's problems list and the server's 400 speak the user's language for every JSON-Schema keyword the
 * workspace and data-model schemas can break, not only the common ones: an Italian admin never reads ajv's English.
 */

const FIXTURE = resolve(__dirname, '../../fixtures/workspaces/minimo');
const live = {
  workspace: JSON.parse(readFileSync(resolve(FIXTURE, 'workspace.json'), 'utf8')) as Workspace & Record<string, unknown>,
  dataModel: JSON.parse(readFileSync(resolve(FIXTURE, 'data-model.json'), 'utf8')) as Record<string, unknown>,
};

type Draft = Record<string, unknown> & { states: Record<string, Record<string, unknown>> };
const cases: Array<[string, (workspace: Draft) => void, string, string, string]> = [
  ['minLength', (w) => { w.name = ''; }, '/name', 'Testo troppo corto', '/name must not be empty'],
  ['maxLength', (w) => { w.dispositionConfig = { levels: [{ value: 'x'.repeat(101), label: 'L' }] }; }, '/dispositionConfig/levels/0/value', 'Testo troppo lungo', '/dispositionConfig/levels/0/value must be at most 100 characters long'],
  ['minItems', (w) => { w.dispositionConfig = { levels: [] }; }, '/dispositionConfig/levels', 'Troppo pochi elementi', '/dispositionConfig/levels must have at least 1 item'],
  ['minimum', (w) => { w.dashboardConfig = { maxAllowedDuration: 0 }; }, '/dashboardConfig/maxAllowedDuration', 'Valore troppo piccolo', '/dashboardConfig/maxAllowedDuration must be at least 1'],
  ['maximum', (w) => { w.dashboardConfig = { maxAllowedDuration: 16 }; }, '/dashboardConfig/maxAllowedDuration', 'Valore troppo grande', '/dashboardConfig/maxAllowedDuration must be at most 15'],
  ['const', (w) => { w.states.NUOVO.onStateReached = { type: 'posta', smsRef: 's' }; }, '/states/NUOVO/onStateReached/type', 'Il valore deve essere quello fisso previsto', '/states/NUOVO/onStateReached/type must be "sms"'],
  ['anyOf', (w) => { w.permissionRules = { contacts: 'sì' }; }, '/permissionRules/contacts', 'Il valore non ha nessuna delle forme ammesse qui', '/permissionRules/contacts has none of the shapes allowed here'],
  ['uniqueItems', (w) => { w.dashboardConfig = { activeDashboards: ['contacts', 'contacts'] }; }, '/dashboardConfig/activeDashboards', 'Elemento ripetuto: ogni elemento deve comparire una volta sola', '/dashboardConfig/activeDashboards repeats an item: items 0 and 1 are equal'],
];

describe('schema problems in Italian and English', () => {
  it.each(cases)('%s: Italian from the catalogue with its pointer, English in a sentence', (keyword, breakIt, pointer, italian, english) => {
    const workspace = structuredClone(live.workspace) as unknown as Draft;
    breakIt(workspace);
    const rule = `schema:${keyword}`;
    expect(localizedDraftProblems(workspace, live.dataModel, 'minimo', 'it')).toContainEqual(
      expect.objectContaining({ document: 'workspace', pointer, rule, message: `${italian} (workspace ${pointer})` }),
    );
    expect(localizedDraftProblems(workspace, live.dataModel, 'minimo', 'en')).toContainEqual(expect.objectContaining({ document: 'workspace', pointer, rule, message: english }));
  });

  // What ajv can report is what the compiled validators of schemas/ report: their `keyword:"…"` literals.
  const generated = readFileSync(resolve(__dirname, '../../src/translator/generated/config-validators.js'), 'utf8');
  const keywords = [...new Set([...generated.matchAll(/keyword:\s*"([^"]+)"/g)].map((match) => match[1]))].sort();

  it('reads the keywords from the compiled validators', () => {
    expect(keywords).toEqual(expect.arrayContaining(['additionalProperties', 'anyOf', 'const', 'maxLength', 'minLength', 'oneOf', 'required', 'type', 'uniqueItems']));
  });

  it.each(keywords)('every keyword the schemas can break has an Italian sentence: %s', (keyword) => {
    const problem = { document: 'dataModel' as const, pointer: '/model/x', rule: `schema:${keyword}`, message: `/model/x breaks ${keyword}`, severity: 'error' as const };
    const message = localizeProblem(problem, 'it').message;
    expect(message).not.toContain(keyword);
    expect(message).toMatch(/^\S.* \(modello dati \/model\/x\)$/);
  });
});
