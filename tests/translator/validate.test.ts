import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { validateConfiguration } from '@translator/validate';
import { baseWorkspace } from './support';

const dm: DataModel = {
  id: 'dm', modelContactProperty: 'tel',
  model: { tel: { label: 'Tel' }, tipo: { label: 'Tipo' }, sotto: { label: 'Sotto' }, libero: { label: 'Libero' } },
  outputs: { foto: { label: 'Foto', dataType: 'array', arrayItemsModel: { n: { label: 'n' } } }, nota: { label: 'Nota' } },
};
const enums = { inputs: { tipo: { values: [{ label: 'A', value: 'a' }] }, sotto: { remoteValues: true } } };

describe('validateConfiguration', () => {
  it('accepts a consistent pair', () => {
    expect(validateConfiguration(baseWorkspace({ enumConfig: enums, inputDependencies: { tipo: ['sotto'] } }), dm)).toEqual([]);
  });

  it.each<[string, Partial<Workspace> | Record<string, unknown>, string, string]>([
    ['group naming a missing field', { groupsInputs: [{ label: 'G', fields: ['tel', 'manca'] }] }, '/groupsInputs/0/fields/1', "Group 'G' names field 'manca' that the data model's inputs lack"],
    ['output group naming an input', { groupsOutputs: [{ label: 'O', fields: ['tel'] }] }, '/groupsOutputs/0/fields/0', "Group 'O' names field 'tel' that the data model's outputs lack"],
    ['dependency on an unknown parent', { enumConfig: enums, inputDependencies: { manca: ['sotto'] } }, '/inputDependencies/manca', "Dependency parent 'manca' is not a field of the inputs"],
    ['dependency on a non-enum parent', { enumConfig: enums, inputDependencies: { libero: ['sotto'] } }, '/inputDependencies/libero', "Dependency parent 'libero' is not an enum field (it has no enumConfig.inputs entry)"],
    ['unknown dependent child', { enumConfig: enums, inputDependencies: { tipo: ['manca'] } }, '/inputDependencies/tipo/0', "Dependent field 'manca' is not a field of the inputs"],
    ['non-enum dependent child', { enumConfig: enums, inputDependencies: { tipo: ['libero'] } }, '/inputDependencies/tipo/0', "Dependent field 'libero' is not an enum field (it has no enumConfig.inputs entry)"],
    ['address to a missing field', { inputAddressConfig: { city: 'citta' } }, '/inputAddressConfig/city', "Address part 'city' maps to field 'citta' that the data model's inputs lack"],
    ['entryState not a state', { states: { A: { label: 'A' } }, entryState: 'B' }, '/entryState', "entryState 'B' is not among the states"],
    ['closing state not a state', { states: { A: { label: 'A' } }, closingStates: ['A', 'Z'] }, '/closingStates/1', "Closing state 'Z' is not among the states"],
    ['widget without icon', { widgets: [{ id: 'w', name: 'W', config: {} }] }, '/widgets/0/config', "/widgets/0/config lacks the required 'icon'"],
    ['shortlink without link', { shortlinks: [{ label: 'L' }] }, '/shortlinks/0', "/shortlinks/0 lacks the required 'link'"],
    ['shortlink with a bad link', { shortlinks: [{ label: 'L', link: 'javascript:alert(1)' }] }, '/shortlinks/0/link', "Shortlink 'L' has link 'javascript:alert(1)', which is neither an http(s) address nor a path"],
    ['enum config for a missing field', { enumConfig: { inputs: { manca: { values: [] } } } }, '/enumConfig/inputs/manca', "enumConfig names field 'manca' that the data model's inputs lack"],
    ['empty enum config', { enumConfig: { inputs: { tipo: {} } } }, '/enumConfig/inputs/tipo', "enumConfig of 'tipo' has no values, url or remoteValues: the select would be empty"],
    ['arrayConfig on a non-array', { arrayConfig: { nota: { type: 'modal' } } }, '/arrayConfig/nota', "arrayConfig names field 'nota', which is not an array field"],
    ['sms template with unknown placeholder', { smsConfigs: [{ id: 's', name: 'S', msgTemplate: 'Ciao ${nome}' }] }, '/smsConfigs/0/msgTemplate', "Template placeholder '${nome}' is not an input field"],
    ['onStateReached to unknown sms', { states: { A: { label: 'A', onStateReached: { type: 'sms', smsRef: 'x' } } } }, '/states/A/onStateReached/smsRef', "State 'A' sends SMS 'x' that is not among the smsConfigs"],
    ['onStateReached to unknown webapp', { states: { A: { label: 'A', onStateReached: { type: 'webapp', webappRef: 'y' } } } }, '/states/A/onStateReached/webappRef', "State 'A' opens webapp 'y' that is not among the webappConfigs"],
    ['unknown permission rule', { permissionRules: { volare: true } }, '/permissionRules/volare', `'volare' is not a permission; known ones are`],
    ['unknown key', { colore: 'blu' }, '/colore', "'colore' is not a known key"],
    ['wrong type', { cloneEnabled: 'sì' }, '/cloneEnabled', '/cloneEnabled must be boolean'],
    ['data model mismatch', { dataModelId: 'altro' }, '/dataModelId', "The workspace names data model 'altro' but the data model is 'dm'"],
    ['bulk action to an unknown state', { states: { A: { label: 'A' } }, massiveActions: [{ key: 'k', label: 'K', onAction: { type: 'state', state: 'Z' } }] }, '/massiveActions/0/onAction/state', "Bulk action 'K' moves contacts to state 'Z' that is not among the states"],
  ])('%s', (_n, extra, pointer, message) => {
    const problems = validateConfiguration({ ...baseWorkspace(), ...extra }, dm);
    expect(problems).toContainEqual(expect.objectContaining({ document: 'workspace', pointer, message: expect.stringContaining(message), severity: 'error' }));
  });

  it.each<[string, Partial<DataModel>, string, string]>([
    ['regex that does not compile', { model: { tel: { label: 'Tel', dataRegex: '([0-9]' } } }, '/model/tel/dataRegex', "The regex of field 'tel' does not compile: ([0-9]"],
    ['array without items model', { outputs: { foto: { label: 'Foto', dataType: 'array' } } }, '/outputs/foto', "Array field 'foto' has no arrayItemsModel describing its items"],
    ['min above max', { outputs: { foto: { label: 'F', dataType: 'array', arrayMinItems: 3, arrayMaxItems: 1, arrayItemsModel: { n: { label: 'n' } } } } }, '/outputs/foto/arrayMinItems', "Field 'foto' needs at least 3 items but allows at most 1"],
    ['contact property not an input', { modelContactProperty: 'manca' }, '/modelContactProperty', "modelContactProperty 'manca' is not an input field"],
    ['bad dataType', { model: { tel: { label: 'Tel', dataType: 'colour' as 'text' } } }, '/model/tel/dataType', '/model/tel/dataType must be one of "boolean", "number", "date", "time", "string", "text", "array"'],
  ])('data model: %s', (_n, extra, pointer, message) => {
    expect(validateConfiguration(baseWorkspace(), { ...dm, ...extra })).toContainEqual(expect.objectContaining({ document: 'dataModel', pointer, message }));
  });

  it('reports a dependency loop with the pointer of each dependency in it, once', () => {
    const model: DataModel = { ...dm, model: { ...dm.model, a: { label: 'A' }, b: { label: 'B' }, c: { label: 'C' } } };
    const remote = { remoteValues: true };
    const ws = baseWorkspace({ enumConfig: { inputs: { a: remote, b: remote, c: remote } }, inputDependencies: { a: ['b'], b: ['tipo', 'c'], c: ['a'] } });
    const cycle = validateConfiguration(ws, model).filter((p) => p.message.startsWith('Dependency cycle'));
    expect(cycle.map((p) => [p.pointer, p.message])).toEqual([
      ['/inputDependencies/a/0', 'Dependency cycle: a → b → c → a'],
      ['/inputDependencies/b/1', 'Dependency cycle: a → b → c → a'],
      ['/inputDependencies/c/0', 'Dependency cycle: a → b → c → a'],
    ]);
  });

  it('a chain that does not loop back is no cycle', () => {
    const model: DataModel = { ...dm, model: { ...dm.model, a: { label: 'A' }, b: { label: 'B' }, c: { label: 'C' } } };
    const remote = { remoteValues: true };
    const ws = baseWorkspace({ enumConfig: { inputs: { a: remote, b: remote, c: remote } }, outputDependencies: {}, inputDependencies: { a: ['b', 'c'], b: ['c'] } });
    expect(validateConfiguration(ws, model).filter((p) => p.message.startsWith('Dependency cycle'))).toEqual([]);
  });

  it('a bulk parameter regex that does not compile is a warning (it accepts any value)', () => {
    const ws = baseWorkspace({ massiveActions: [{ key: 'k', label: 'K', onAction: { type: 'assign' }, additionalParams: [{ name: 'p', label: 'P', regex: '[' }] }] });
    expect(validateConfiguration(ws, dm)).toEqual([expect.objectContaining({ severity: 'warning', pointer: '/massiveActions/0/additionalParams/0/regex' })]);
  });

  it('returns every problem at once', () => {
    const ws = { ...baseWorkspace(), entryState: 'X', groupsInputs: [{ label: 'G', fields: ['a', 'b'] }], colore: 1 };
    expect(validateConfiguration(ws, dm).length).toBe(4);
  });

  it.each<[string, unknown, unknown]>([
    ['null', null, null],
    ['strings', 'ws', 'dm'],
    ['arrays', [], []],
    ['garbage shapes', { id: 1, groupsInputs: 'x', inputDependencies: { a: 'b' }, states: [1], massiveActions: [null], smsConfigs: [null] }, { model: [], outputs: null }],
  ])('never throws on %s', (_n, ws, model) => {
    expect(() => validateConfiguration(ws, model)).not.toThrow();
    expect(validateConfiguration(ws, model).length).toBeGreaterThan(0);
  });
});
