import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { enumSourcePath, matchesRoute, validateConfiguration } from '@translator/validate';
import { baseWorkspace } from './support';

/** Every problem names the rule it breaks with a stable code (what the configuration editor and its API key on). */

const dm: DataModel = {
  id: 'dm', modelContactProperty: 'tel',
  model: { tel: { label: 'Tel' }, tipo: { label: 'Tipo' }, sotto: { label: 'Sotto' } },
  outputs: { foto: { label: 'Foto', dataType: 'array', arrayItemsModel: { n: { label: 'n' } } } },
};
const remote = { remoteValues: true };
const ROUTES = ['/contacts/list', '/contacts/show/:id', '/dashboard', '/reports'];
const OPTIONS = { routes: ROUTES, enumSource: enumSourcePath };

describe('validateConfiguration: rule codes', () => {
  it.each<[string, Partial<Workspace> | Record<string, unknown>, string, string]>([
    ['group naming a missing field', { groupsInputs: [{ label: 'G', fields: ['manca'] }] }, '/groupsInputs/0/fields/0', 'group-field-missing'],
    ['dependency cycle', { enumConfig: { inputs: { tipo: remote, sotto: remote } }, inputDependencies: { tipo: ['sotto'], sotto: ['tipo'] } }, '/inputDependencies/tipo/0', 'dependency-cycle'],
    ['unknown dependency parent', { enumConfig: { inputs: { sotto: remote } }, inputDependencies: { manca: ['sotto'] } }, '/inputDependencies/manca', 'dependency-parent-missing'],
    ['data model mismatch', { dataModelId: 'altro' }, '/dataModelId', 'data-model-mismatch'],
    ['enum source of another field', { enumConfig: { inputs: { tipo: { url: '/api/cntmng/workspace/ws/enum/inputs/altro' } } } }, '/enumConfig/inputs/tipo/url', 'enum-source-unknown'],
    ['enum source elsewhere', { enumConfig: { inputs: { tipo: { url: 'https://example.com/values' } } } }, '/enumConfig/inputs/tipo/url', 'enum-source-unknown'],
    ['home path that is no screen', { viewsConfig: { admin: { _home: { path: '/nowhere' } } } }, '/viewsConfig/admin/_home/path', 'home-path-not-a-route'],
    ['unknown key', { colore: 'blu' }, '/colore', 'schema:additionalProperties'],
    ['missing required key', { name: undefined }, '', 'schema:required'],
    ['unknown permission', { permissionRules: { volare: true } }, '/permissionRules/volare', 'permission-unknown'],
  ])('workspace: %s', (_name, extra, pointer, rule) => {
    const workspace = JSON.parse(JSON.stringify({ ...baseWorkspace(), ...extra })) as unknown;
    expect(validateConfiguration(workspace, dm, OPTIONS)).toContainEqual(expect.objectContaining({ document: 'workspace', pointer, rule, severity: 'error' }));
  });

  it.each<[string, Partial<DataModel>, string, string]>([
    ['regex that does not compile', { model: { tel: { label: 'Tel', dataRegex: '([0-9]' } } }, '/model/tel/dataRegex', 'regex-invalid'],
    ['arrayMinItems above arrayMaxItems', { outputs: { foto: { label: 'F', dataType: 'array', arrayMinItems: 3, arrayMaxItems: 1, arrayItemsModel: { n: { label: 'n' } } } } }, '/outputs/foto/arrayMinItems', 'array-min-above-max'],
    ['array without items model', { outputs: { foto: { label: 'F', dataType: 'array' } } }, '/outputs/foto', 'array-items-model-missing'],
  ])('data model: %s', (_name, extra, pointer, rule) => {
    expect(validateConfiguration(baseWorkspace(), { ...dm, ...extra })).toContainEqual(expect.objectContaining({ document: 'dataModel', pointer, rule }));
  });

  it.each<[string, string, Record<string, unknown>, boolean]>([
    ['a filter the template does not apply, switched on', 'agent_productivity_day', { filterContactProp: { enabled: true, label: 'Tel' } }, true],
    ['a reference filter the template does not apply, switched on', 'contacts_created_closed_team', { filterRefProp: { enabled: true, label: 'Rif' } }, true],
    ['the same filter switched off', 'agent_productivity_day', { filterContactProp: { enabled: false, label: 'Tel' } }, false],
    ['a filter the template applies', 'contacts_by_state_outcome_day', { filterContactProp: { enabled: true, label: 'Tel' }, filterRefProp: { enabled: true, label: 'Rif' } }, false],
  ])('report: %s', (_name, templateName, filters, warned) => {
    const workspace = JSON.parse(JSON.stringify(baseWorkspace({ customReportConfig: [{ id: 'r', name: 'R', renderAllowed: true, templateName, ...filters }] }))) as unknown;
    const problems = validateConfiguration(workspace, dm, OPTIONS).filter((p) => p.rule === 'report-filter-not-applied');
    expect(problems).toEqual(warned ? [expect.objectContaining({ severity: 'warning', pointer: `/customReportConfig/0/${Object.keys(filters)[0]}/enabled`, message: expect.stringContaining(`its template '${templateName}' does not apply`) })] : []);
  });

  it('accepts a remote enum reading its own enum call and a home path that is a screen', () => {
    const workspace = baseWorkspace({
      enumConfig: { inputs: { tipo: { url: enumSourcePath('ws', 'inputs', 'tipo') } } },
      viewsConfig: { admin: { _home: { path: '/contacts/show/42' } }, basic: { _home: { path: '/dashboard?x=1' } } },
    });
    expect(validateConfiguration(workspace, dm, OPTIONS)).toEqual([]);
  });

  it('checks home paths and enum sources only when the caller says what exists', () => {
    const workspace = baseWorkspace({ viewsConfig: { admin: { _home: { path: '/nowhere' } } }, enumConfig: { inputs: { tipo: { url: '/u' } } } });
    expect(validateConfiguration(workspace, dm)).toEqual([]);
  });

  it('every problem of every kind carries a rule', () => {
    const workspace = { ...baseWorkspace(), colore: 1, groupsInputs: [{ label: 'G', fields: ['x'] }], entryState: 'Z', states: {} };
    const problems = validateConfiguration(workspace, { ...dm, modelContactProperty: 'manca' }, OPTIONS);
    expect(problems.length).toBeGreaterThan(3);
    for (const problem of problems) expect(problem.rule).toMatch(/^[a-z:-]+$/i);
  });

  it.each([
    ['/contacts/show/:id', '/contacts/show/7', true],
    ['/contacts/show/:id', '/contacts/show', false],
    ['/dashboard', '/dashboard#top', true],
    ['/dashboard', '/dashboards', false],
  ])('matchesRoute(%s, %s) is %s', (pattern, path, expected) => {
    expect(matchesRoute(pattern, path)).toBe(expected);
  });
});
