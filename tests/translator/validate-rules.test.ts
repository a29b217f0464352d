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
      viewsConfig: { admin: { _home: { path: '/contacts/show/42' }, views: { show: { visible: true } } }, basic: { _home: { path: '/dashboard?x=1' }, dashboard: { visible: true } } },
    });
    expect(validateConfiguration(workspace, dm, OPTIONS)).toEqual([]);
  });

  it('checks home paths and enum sources only when the caller says what exists', () => {
    const workspace = baseWorkspace({ viewsConfig: { admin: { _home: { path: '/nowhere' }, setting: { visible: true } } }, enumConfig: { inputs: { tipo: { url: '/u' } } } });
    expect(validateConfiguration(workspace, dm)).toEqual([]);
  });

  it.each<[string, Partial<Workspace>, string]>([
    ['two SMS templates with one id', { smsConfigs: [{ id: 'promo', name: 'A', msgTemplate: 'a' }, { id: 'altro', name: 'B', msgTemplate: 'b' }, { id: 'promo', name: 'C', msgTemplate: 'c' }] }, '/smsConfigs/2/id'],
    ['two options of one enum field with one value', { enumConfig: { inputs: { tipo: { values: [{ label: 'A', value: 'a' }, { label: 'B', value: 'b' }, { label: 'A bis', value: 'a' }] } } } }, '/enumConfig/inputs/tipo/values/2/value'],
  ])('duplicates are errors: %s', (_name, extra, pointer) => {
    const problems = validateConfiguration(baseWorkspace(extra), dm, OPTIONS);
    expect(problems).toEqual([expect.objectContaining({ document: 'workspace', pointer, severity: 'error', rule: expect.stringMatching(/-duplicate$/) })]);
  });

  it('one value in two enum fields, and one SMS id beside a webapp of the same id, are no duplicates', () => {
    const workspace = baseWorkspace({
      enumConfig: { inputs: { tipo: { values: [{ label: 'A', value: 'a' }] }, sotto: { values: [{ label: 'A', value: 'a' }] } } },
      smsConfigs: [{ id: 'x', name: 'S', msgTemplate: 's' }],
      webappConfigs: [{ id: 'x', name: 'W', msgTemplate: 'w' }],
    });
    expect(validateConfiguration(workspace, dm, OPTIONS)).toEqual([]);
  });

  it.each<[string, Partial<Workspace>, string[]]>([
    ['a role entry that grants nothing', { viewsConfig: { admin: { dashboard: { visible: true } }, basic: {} } }, ['basic']],
    ['views listed but none visible, and a home path', { viewsConfig: { admin: { setting: { visible: true } }, basic: { views: { list: { visible: false } }, dashboard: { visible: false }, _home: { path: '/dashboard' } } } }, ['basic']],
    ['every role of viewsConfig', { viewsConfig: { 'team-leader': {}, middle: {} } }, ['team-leader', 'middle']],
    ['a role whose only screen permissionRules takes away', { viewsConfig: { basic: { dashboard: { visible: true } } }, permissionRules: { dashboard: false } }, ['basic']],
    ['a role with one visible view', { viewsConfig: { basic: { views: { show: { visible: true } } } } }, []],
    ['a role given a screen by permissionRules', { viewsConfig: { basic: {} }, permissionRules: { sms: true } }, []],
    ['a role whose permissionRules look at more than the role (not judged)', { viewsConfig: { basic: {} }, permissionRules: { list: { in: ['t1', { var: 'user.teamIds' }] } } }, []],
    ['no viewsConfig (the defaults)', {}, []],
  ])('a role of viewsConfig that can open no screen is a warning: %s', (_name, extra, roles) => {
    const problems = validateConfiguration(baseWorkspace(extra), dm, OPTIONS);
    expect(problems).toEqual(roles.map((role) => expect.objectContaining({ rule: 'role-reaches-no-screen', severity: 'warning', pointer: `/viewsConfig/${role}`, message: expect.stringContaining(`Role ${role} can open no screen`) })));
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
