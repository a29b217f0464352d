import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { APP_VALIDATION, localizedDraftProblems, localizeProblem } from '@translator/problem-messages';

/**
 * The editor's problems list and the server's 400 speak the user's language for every JSON-Schema keyword the
 * workspace and data-model schemas can break, not only the common ones: an Italian admin never reads ajv's English.
 * And the Italian sentence says all the English one says: the field, key, value, limit or cycle it names.
 */

const FIXTURE = resolve(__dirname, '../../fixtures/workspaces/minimo');
const live = {
  workspace: JSON.parse(readFileSync(resolve(FIXTURE, 'workspace.json'), 'utf8')) as Workspace & Record<string, unknown>,
  dataModel: JSON.parse(readFileSync(resolve(FIXTURE, 'data-model.json'), 'utf8')) as Record<string, unknown>,
};

type Draft = Record<string, unknown> & { states: Record<string, Record<string, unknown>> };
const cases: Array<[string, (workspace: Draft) => void, string, string, string]> = [
  ['required', (w) => { w.states.NUOVO = {}; }, '/states/NUOVO', "Manca la chiave obbligatoria 'label'", "/states/NUOVO lacks the required 'label'"],
  ['type', (w) => { w.cloneEnabled = 'sì'; }, '/cloneEnabled', 'Il valore deve essere di tipo boolean', '/cloneEnabled must be boolean'],
  ['minLength', (w) => { w.name = ''; }, '/name', 'Il testo non deve essere vuoto', '/name must not be empty'],
  ['maxLength', (w) => { w.dispositionConfig = { levels: [{ value: 'x'.repeat(101), label: 'L' }] }; }, '/dispositionConfig/levels/0/value', 'Il testo deve avere al massimo 100 caratteri', '/dispositionConfig/levels/0/value must be at most 100 characters long'],
  ['minItems', (w) => { w.dispositionConfig = { levels: [] }; }, '/dispositionConfig/levels', "L'elenco deve avere almeno 1 elemento", '/dispositionConfig/levels must have at least 1 item'],
  ['minimum', (w) => { w.dashboardConfig = { maxAllowedDuration: 0 }; }, '/dashboardConfig/maxAllowedDuration', 'Il valore deve essere almeno 1', '/dashboardConfig/maxAllowedDuration must be at least 1'],
  ['maximum', (w) => { w.dashboardConfig = { maxAllowedDuration: 16 }; }, '/dashboardConfig/maxAllowedDuration', 'Il valore deve essere al massimo 15', '/dashboardConfig/maxAllowedDuration must be at most 15'],
  ['const', (w) => { w.states.NUOVO.onStateReached = { type: 'posta', smsRef: 's' }; }, '/states/NUOVO/onStateReached/type', 'Il valore deve essere "sms"', '/states/NUOVO/onStateReached/type must be "sms"'],
  ['anyOf', (w) => { w.permissionRules = { contacts: 'sì' }; }, '/permissionRules/contacts', 'Il valore non ha nessuna delle forme ammesse qui', '/permissionRules/contacts has none of the shapes allowed here'],
  ['uniqueItems', (w) => { w.dashboardConfig = { activeDashboards: ['contacts', 'contacts'] }; }, '/dashboardConfig/activeDashboards', 'Elemento ripetuto: gli elementi 0 e 1 sono uguali, ogni elemento deve comparire una volta sola', '/dashboardConfig/activeDashboards repeats an item: items 0 and 1 are equal'],
];

describe('schema problems in Italian and English', () => {
  it.each(cases)('%s: Italian from the catalogue, its pointer beside it (not at the end of the sentence), English in a sentence', (keyword, breakIt, pointer, italian, english) => {
    const workspace = structuredClone(live.workspace) as unknown as Draft;
    breakIt(workspace);
    const rule = `schema:${keyword}`;
    expect(localizedDraftProblems(workspace, live.dataModel, 'minimo', 'it')).toContainEqual(
      expect.objectContaining({ document: 'workspace', pointer, rule, message: italian }),
    );
    expect(localizedDraftProblems(workspace, live.dataModel, 'minimo', 'en')).toContainEqual(expect.objectContaining({ document: 'workspace', pointer, rule, message: english }));
  });

  // What ajv can report is what the compiled validators of schemas/ report: their `keyword:"…"` literals.
  const generated = readFileSync(resolve(__dirname, '../../src/translator/generated/config-validators.js'), 'utf8');
  const keywords = [...new Set([...generated.matchAll(/keyword:\s*"([^"]+)"/g)].map((match) => match[1]))].sort();

  it('reads the keywords from the compiled validators', () => {
    expect(keywords).toEqual(expect.arrayContaining(['additionalProperties', 'anyOf', 'const', 'maxLength', 'minLength', 'oneOf', 'required', 'type', 'uniqueItems']));
  });

  // ajv's params of each keyword (https://ajv.js.org/api.html#error-parameters), as validate passes them on
  const AJV_PARAMS = { missingProperty: 'label', additionalProperty: 'colore', type: 'string', allowedValues: '"a", "b"', pattern: '^/', propertyName: 'x y', limit: 2, comparison: '>=', allowedValue: '"sms"', i: 0, j: 1, passingSchemas: 'null' };

  it.each(keywords)('every keyword the schemas can break has an Italian sentence: %s', (keyword) => {
    const problem = { document: 'dataModel' as const, pointer: '/model/x', rule: `schema:${keyword}`, message: `/model/x breaks ${keyword}`, severity: 'error' as const, params: AJV_PARAMS };
    const message = localizeProblem(problem, 'it').message;
    expect(message).not.toContain(keyword);
    expect(message).toMatch(/^\S/);
    // where it is, the problems panel says from the problem's document and pointer (as for the English sentences)
    expect(message).not.toContain('/model/x');
  });

  it('a problem without the params its Italian template names keeps the English sentence, which names everything', () => {
    const problem = { document: 'workspace' as const, pointer: '/groupsInputs/0/fields/0', rule: 'group-field-missing', message: "Group 'G' names field 'manca' that the data model's inputs lack", severity: 'error' as const };
    expect(localizeProblem(problem, 'it').message).toBe(problem.message);
    expect(localizeProblem({ ...problem, rule: 'schema:minItems', message: '/x must have at least 1 item' }, 'it').message).toBe('/x must have at least 1 item');
  });
});

/**
 * One case per rule: a draft that breaks it, and the names its English message gives (field, key, value, limit,
 * cycle, known values…). The Italian message of the same problem gives every one of them, and every 'quoted' name
 * of the English one.
 */
const dm: DataModel = {
  id: 'dm', modelContactProperty: 'tel',
  model: { tel: { label: 'Tel' }, tipo: { label: 'Tipo' }, sotto: { label: 'Sotto' }, libero: { label: 'Libero' } },
  outputs: { foto: { label: 'Foto', dataType: 'array', arrayItemsModel: { n: { label: 'n' } } }, nota: { label: 'Nota' } },
};
const remote = { remoteValues: true };
const baseWs = (): Record<string, unknown> => ({ id: 'ws', name: 'WS', dataModelId: 'dm', enabled: true, states: { NUOVO: { label: 'Nuovo' }, CHIUSO: { label: 'Chiuso' } } });
type RuleCase = [rule: string, workspace: Record<string, unknown>, dataModel: Partial<DataModel> | Record<string, unknown>, names: string[]];
const levels = (depth: number): unknown[] => [{ value: `l${depth}`, label: 'L', ...(depth < 4 ? { children: levels(depth + 1) } : {}) }];

const RULE_CASES: RuleCase[] = [
  ['schema:required', { states: { NUOVO: {} } }, {}, ['label']],
  ['schema:additionalProperties', { colore: 'blu' }, {}, ['colore']],
  ['schema:type', { cloneEnabled: 'sì' }, {}, ['boolean']],
  ['schema:enum', {}, { model: { ...dm.model, tel: { label: 'Tel', dataType: 'colour' } } }, ['"boolean"', '"number"', '"date"', '"time"', '"string"', '"text"', '"array"']],
  ['schema:pattern', { viewsConfig: { admin: { _home: { path: 'dashboard' } } } }, {}, ['^/']],
  ['schema:propertyNames', {}, { model: { ...dm.model, 'nome cliente': { label: 'Nome' } } }, ['nome cliente']],
  ['schema:minLength', { name: '' }, {}, []],
  ['schema:maxLength', { dispositionConfig: { levels: [{ value: 'x'.repeat(101), label: 'L' }] } }, {}, ['100']],
  ['schema:minItems', { dispositionConfig: { levels: [] } }, {}, ['1']],
  ['schema:minimum', { dashboardConfig: { maxAllowedDuration: 0 } }, {}, ['1']],
  ['schema:maximum', { dashboardConfig: { maxAllowedDuration: 16 } }, {}, ['15']],
  ['schema:const', { states: { NUOVO: { label: 'N', onStateReached: { type: 'posta', smsRef: 's' } } } }, {}, ['"sms"']],
  ['schema:anyOf', { permissionRules: { contacts: 'sì' } }, {}, []],
  ['schema:uniqueItems', { dashboardConfig: { activeDashboards: ['contacts', 'contacts'] } }, {}, ['0', '1']],
  ['regex-invalid', {}, { model: { ...dm.model, tel: { label: 'Tel', dataRegex: '([0-9]' } } }, ['tel', '([0-9]']],
  ['array-items-model-missing', {}, { outputs: { ...dm.outputs, foto: { label: 'Foto', dataType: 'array' } } }, ['foto']],
  ['array-min-above-max', {}, { outputs: { ...dm.outputs, foto: { label: 'F', dataType: 'array', arrayMinItems: 3, arrayMaxItems: 1, arrayItemsModel: { n: { label: 'n' } } } } }, ['foto', '3', '1']],
  ['data-model-mismatch', { dataModelId: 'altro' }, {}, ['altro', 'dm']],
  ['workspace-id-mismatch', { id: 'altro' }, {}, ['altro', 'ws']],
  ['contact-property-missing', {}, { modelContactProperty: 'manca' }, ['manca']],
  ['group-field-missing', { groupsInputs: [{ label: 'Anagrafica', fields: ['tel', 'manca'] }] }, {}, ['Anagrafica', 'manca', 'inputs']],
  ['enum-field-missing', { enumConfig: { outputs: { manca: remote } } }, {}, ['manca', 'outputs']],
  ['enum-empty', { enumConfig: { inputs: { tipo: {} } } }, {}, ['tipo']],
  ['enum-value-duplicate', { enumConfig: { inputs: { tipo: { values: [{ label: 'A', value: 'a' }, { label: 'B', value: 'a' }] } } } }, {}, ['tipo', 'a']],
  ['enum-source-unknown', { enumConfig: { inputs: { tipo: { url: 'https://example.com/values' } } } }, {}, ['tipo', 'https://example.com/values', '/api/cntmng/workspace/ws/enum/inputs/tipo']],
  ['dependency-parent-missing', { enumConfig: { inputs: { sotto: remote } }, inputDependencies: { manca: ['sotto'] } }, {}, ['manca', 'inputs']],
  ['dependency-parent-not-enum', { enumConfig: { inputs: { sotto: remote } }, inputDependencies: { libero: ['sotto'] } }, {}, ['libero', 'enumConfig.inputs']],
  ['dependency-child-missing', { enumConfig: { inputs: { tipo: remote } }, inputDependencies: { tipo: ['manca'] } }, {}, ['manca', 'inputs']],
  ['dependency-child-not-enum', { enumConfig: { inputs: { tipo: remote } }, inputDependencies: { tipo: ['libero'] } }, {}, ['libero', 'enumConfig.inputs']],
  ['dependency-child-static', { enumConfig: { inputs: { tipo: remote, sotto: { values: [{ label: 'A', value: 'a' }] } } }, inputDependencies: { tipo: ['sotto'] } }, {}, ['sotto', 'tipo']],
  ['dependency-self', { enumConfig: { inputs: { tipo: remote } }, inputDependencies: { tipo: ['tipo'] } }, {}, ['tipo']],
  ['dependency-cycle', { enumConfig: { inputs: { tipo: remote, sotto: remote, libero: remote } }, inputDependencies: { tipo: ['sotto'], sotto: ['libero'], libero: ['tipo'] } }, {}, ['tipo → sotto → libero → tipo']],
  ['address-field-missing', { outputAddressConfig: { city: 'citta' } }, {}, ['city', 'citta', 'outputs']],
  ['entry-state-unknown', { entryState: 'APERTO' }, {}, ['APERTO']],
  ['closing-state-unknown', { closingStates: ['CHIUSO', 'FINITO'] }, {}, ['FINITO']],
  ['sms-duplicate', { smsConfigs: [{ id: 'promo', name: 'Promo', msgTemplate: 'Ciao' }, { id: 'promo', name: 'Promo 2', msgTemplate: 'Salve' }] }, {}, ['promo']],
  ['state-sms-unknown', { states: { NUOVO: { label: 'N', onStateReached: { type: 'sms', smsRef: 'benvenuto' } } } }, {}, ['NUOVO', 'benvenuto', 'smsConfigs']],
  ['state-webapp-unknown', { states: { NUOVO: { label: 'N', onStateReached: { type: 'webapp', webappRef: 'scheda' } } } }, {}, ['NUOVO', 'scheda', 'webappConfigs']],
  ['outcome-duplicate', { outcomes: [{ value: 'OK', label: 'Ok' }, { value: 'OK', label: 'Bene' }] }, {}, ['OK']],
  ['array-config-field-missing', { arrayConfig: { manca: { type: 'modal' } } }, {}, ['manca']],
  ['array-config-not-array', { arrayConfig: { nota: { type: 'modal' } } }, {}, ['nota']],
  ['array-config-invalid', { arrayConfig: { foto: 'modal' } }, {}, ['foto', 'modal', 'attachment', 'doc']],
  ['widget-icon-empty', { widgets: [{ id: 'w1', name: 'Calcolo', config: { icon: ' ' }, logic: true }] }, {}, ['Calcolo']],
  ['widget-name-empty', { widgets: [{ id: 'w1', name: ' ', config: { icon: 'calculator' }, logic: true }] }, {}, ['w1']],
  ['shortlink-link-invalid', { shortlinks: [{ label: 'Sito', link: 'javascript:alert(1)' }] }, {}, ['Sito', 'javascript:alert(1)']],
  ['shortlink-label-empty', { shortlinks: [{ label: ' ', link: '/dashboard' }] }, {}, []],
  ['bulk-action-state-unknown', { massiveActions: [{ key: 'k', label: 'Chiudi tutti', onAction: { type: 'state', state: 'FINITO' } }] }, {}, ['Chiudi tutti', 'FINITO']],
  ['bulk-action-regex-invalid', { massiveActions: [{ key: 'k', label: 'K', onAction: { type: 'assign' }, additionalParams: [{ name: 'codice', label: 'Codice', regex: '[' }] }] }, {}, ['codice', '[']],
  ['template-placeholder-unknown', { smsConfigs: [{ id: 's', name: 'S', msgTemplate: 'Ciao ${nome}' }] }, {}, ['${nome}']],
  ['template-phone-field-unknown', { smsConfigs: [{ id: 's', name: 'S', msgTemplate: 'Ciao', phoneField: 'cellulare' }] }, {}, ['cellulare']],
  ['home-path-not-a-route', { viewsConfig: { admin: { _home: { path: '/nowhere' }, dashboard: { visible: true } } } }, {}, ['/nowhere', 'admin']],
  ['role-reaches-no-screen', { viewsConfig: { admin: { dashboard: { visible: true } }, basic: {} } }, {}, ['basic', 'viewsConfig', 'permissionRules', '403']],
  ['report-duplicate', { customReportConfig: [{ id: 'r', name: 'Uno', renderAllowed: true, templateName: 'agent_productivity_day' }, { id: 'r', name: 'Due', renderAllowed: true, templateName: 'agent_productivity_day' }] }, {}, ['r']],
  ['report-template-missing', { customReportConfig: [{ id: 'r', name: 'Mensile', renderAllowed: true }] }, {}, ['Mensile', 'templateName']],
  ['report-template-unknown', { customReportConfig: [{ id: 'r', name: 'Mensile', renderAllowed: true, templateName: 'mensile' }] }, {}, ['Mensile', 'mensile', 'agent_productivity_day', 'contacts_by_state_outcome_day']],
  ['report-filter-not-applied', { customReportConfig: [{ id: 'r', name: 'Mensile', renderAllowed: true, templateName: 'agent_productivity_day', filterContactProp: { enabled: true, label: 'Tel' } }] }, {}, ['Mensile', 'filterContactProp', 'agent_productivity_day']],
  ['permission-unknown', { permissionRules: { volare: true } }, {}, ['volare', 'dashboard', 'workspaceconfig']],
  ['disposition-duplicate', { dispositionConfig: { levels: [{ value: 'OK', label: 'Ok' }, { value: 'OK', label: 'Bene' }] } }, {}, ['OK']],
  ['disposition-too-deep', { dispositionConfig: { levels: levels(1) } }, {}, ['l3', '3']],
];

/** Every rule code validate raises, read from its source: a rule added there without a case here fails. */
const source = ['validate.ts', 'problem-messages.ts'].map((file) => readFileSync(resolve(__dirname, '../../src/translator', file), 'utf8')).join('\n');
const RAISED = [...new Set([...source.matchAll(/(?:err\(|rule: )'([a-z][a-z-]+)'/g)].map((match) => match[1]))].sort();
// Not reachable with a draft: the check itself throwing (its own test below); the editor raises json-object for a document that is no object.
const NOT_A_DRAFT = ['check-failed', 'json-object'];

describe('every rule says in Italian what it says in English', () => {
  it('has a case for every rule validate raises', () => {
    expect(RAISED.length).toBeGreaterThan(40);
    expect(RAISED.filter((rule) => !NOT_A_DRAFT.includes(rule) && !RULE_CASES.some(([name]) => name === rule))).toEqual([]);
  });

  // 'name' in quotes, not the apostrophe of "the workspace's id"
  const quoted = (message: string): string[] => [...message.matchAll(/(?<![A-Za-z])'([^']+)'(?![A-Za-z])/g)].map((match) => match[1]);

  it.each(RULE_CASES)('%s', (rule, workspaceExtra, dataModelExtra, names) => {
    const workspace = { ...baseWs(), ...workspaceExtra };
    const dataModel = { ...dm, ...dataModelExtra };
    const find = (language: 'it' | 'en') => localizedDraftProblems(workspace, dataModel, 'ws', language, APP_VALIDATION).find((problem) => problem.rule === rule);
    const english = find('en');
    const italian = find('it');
    expect(english).toBeDefined();
    expect(italian).toEqual({ ...english, message: expect.any(String) });
    // no bare pointer at the end: the problem's document and pointer say where, as for the English sentence
    expect(italian?.message).not.toMatch(/\((workspace|modello dati) \/[^)]*\)$/);
    expect(italian?.message).not.toBe(english?.message);
    for (const name of [...names, ...quoted(english?.message ?? '')]) {
      expect({ name, english: english?.message.includes(name), italian: italian?.message.includes(name) }).toEqual({ name, english: true, italian: true });
    }
  });

  it('check-failed and json-object', () => {
    const failed = { document: 'workspace' as const, pointer: '', rule: 'check-failed', message: 'The workspace could not be checked: boom', severity: 'error' as const, params: { error: 'boom' } };
    expect(localizeProblem(failed, 'it').message).toBe('Il workspace non ha potuto essere verificato: boom');
    const notObject = { document: 'dataModel' as const, pointer: '', rule: 'json-object', message: 'The document must be a JSON object', severity: 'error' as const };
    expect(localizeProblem(notObject, 'it').message).toBe('Il documento deve essere un oggetto JSON');
  });

  it('the QA examples: a missing label, a bad dataType, a group, a cycle and a report template, each with its names', () => {
    const problems = localizedDraftProblems(
      {
        ...baseWs(),
        states: { NUOVO: {} },
        groupsInputs: [{ label: 'Anagrafica', fields: ['manca'] }],
        customReportConfig: [{ id: 'r', name: 'Mensile', renderAllowed: true, templateName: 'mensile' }],
        enumConfig: { inputs: { tipo: remote, sotto: remote, libero: remote } },
        inputDependencies: { tipo: ['sotto'], sotto: ['libero'], libero: ['tipo'] },
      },
      { ...dm, model: { ...dm.model, tel: { label: 'Tel', dataType: 'colour' } } },
      'ws',
      'it',
      APP_VALIDATION,
    ).map((problem) => problem.message);
    expect(problems).toEqual(expect.arrayContaining([
      "Manca la chiave obbligatoria 'label'",
      'Valore non ammesso: i valori ammessi sono "boolean", "number", "date", "time", "string", "text", "array"',
      "Il gruppo 'Anagrafica' nomina il campo 'manca', che il modello dati non ha tra gli inputs",
      'Ciclo di dipendenze: tipo → sotto → libero → tipo',
      expect.stringMatching(/^Il report 'Mensile' indica il modello sconosciuto 'mensile'; quelli noti sono .*agent_productivity_day.*[^)]$/),
    ]));
  });
});
