import { PERMISSIONS, type PermissionName } from '@domain/permissions';
import { ROLES, type Role } from '@domain/roles';
import { can } from '@translator/can';
import { ROLE_ASSIGNABLE, translatePermissions, translateRoleRules } from '@translator/translate-permissions';
import type { Workspace } from '@domain/generated/workspace';
import { baseWorkspace, ctxFor } from './support';

const allowedRoles = (ws: Workspace | null, perm: PermissionName, extra = {}): Role[] =>
  ROLES.filter((r) => can(translatePermissions(ws)[perm], ctxFor(r, ws, extra)));

const noViews = baseWorkspace({ entryState: 'NUOVO', states: { NUOVO: { label: 'Nuovo', manual: true } } });

describe('translatePermissions: defaults without viewsConfig', () => {
  it.each<[PermissionName, Role[]]>([
    ['list', ['admin', 'team-leader', 'basic']],
    ['show', ['admin', 'team-leader', 'basic']],
    ['edit', ['admin', 'team-leader']],
    ['insert', ['admin', 'team-leader', 'basic']],
    ['setting', ['admin', 'team-leader']],
    ['workspaceconfig', ['admin', 'team-leader']],
    ['dashboard', ['admin', 'team-leader']],
    ['events', ['admin', 'team-leader']],
    ['reports', ['admin', 'team-leader', 'middle']],
    ['sms', [...ROLES]],
    // spec 3 §2: "its view must be visible", and without viewsConfig no view is
    ['flowsmanagement', []],
    ['take', ['admin', 'team-leader', 'basic']],
    ['release', ['admin', 'team-leader', 'basic']],
    ['csvExport', ['admin', 'team-leader']],
    ['agentFilter', ['admin', 'team-leader']],
    ['orgFilter', ['admin', 'team-leader']],
    ['agentList', ['admin', 'team-leader']],
    ['teamFilter', ['admin', 'manager', 'site-manager', 'middle']],
    ['bulkLoad', ['admin']],
    ['bulkCheck', ['admin']],
    ['manageReportsRights', ['admin', 'team-leader']],
    ['orgLists', ['admin', 'manager', 'site-manager', 'middle']],
    ['workOthers', ['admin', 'team-leader']],
    ['write', ['admin', 'team-leader']],
    ['clone', []],
    ['customFilter', []],
    ['massiveActions', []],
  ])('%s is allowed to %j', (perm, roles) => {
    expect(allowedRoles(noViews, perm)).toEqual(roles);
  });

  it('covers every permission name', () => {
    expect(Object.keys(translatePermissions(null)).sort()).toEqual([...PERMISSIONS].sort());
  });
});

describe('translatePermissions: workspace conditions', () => {
  it.each<[string, Workspace, PermissionName, Role[], object?]>([
    ['insert needs a manual entry state', baseWorkspace({ entryState: 'A', states: { A: { label: 'A', manual: false } } }), 'insert', []],
    ['insert without entry state', baseWorkspace(), 'insert', []],
    ['clone only if cloneEnabled', baseWorkspace({ cloneEnabled: true }), 'clone', ['admin', 'team-leader', 'basic']],
    ['custom filter with customFilterConfig', baseWorkspace({ customFilterConfig: { label: 'Solo VIP' } }), 'customFilter', ['admin', 'team-leader']],
    ['massive actions when configured', baseWorkspace({ massiveActions: [{ key: 'a', label: 'Assegna', onAction: { type: 'assign' } }] }), 'massiveActions', ['admin', 'team-leader']],
    ['no CSV in embed view', baseWorkspace(), 'csvExport', [], { embed: true }],
    ['no bulk actions in embed view', baseWorkspace({ massiveActions: [{ key: 'a', label: 'A', onAction: { type: 'assign' } }] }), 'massiveActions', [], { embed: true }],
    ['profilingDisabled stops team-leader on report rights', baseWorkspace({ profilingDisabled: true }), 'manageReportsRights', ['admin']],
  ])('%s', (_name, ws, perm, roles, extra = {}) => {
    expect(allowedRoles(ws, perm, extra)).toEqual(roles);
  });
});

describe('translatePermissions: viewsConfig', () => {
  const ws = baseWorkspace({
    entryState: 'N',
    states: { N: { label: 'N', manual: true } },
    viewsConfig: {
      admin: { views: { list: { visible: true }, show: { visible: true }, edit: { visible: true }, insert: { visible: true } }, dashboard: { visible: true }, setting: { visible: true } },
      basic: { views: { list: { visible: true }, show: { visible: true }, edit: { visible: false } }, sms: { visible: true } },
      middle: { reports: { visible: true }, flowsmanagement: { visible: true } },
    },
  });
  it.each<[PermissionName, Role[]]>([
    ['list', ['admin', 'basic']],
    ['show', ['admin', 'basic']],
    ['edit', ['admin']],
    ['insert', ['admin']],
    ['dashboard', ['admin']],
    ['setting', ['admin']],
    ['sms', ['basic']],
    ['reports', ['middle']],
    ['flowsmanagement', ['middle']],
    ['events', []],
  ])('%s follows the visible flags: %j', (perm, roles) => {
    expect(allowedRoles(ws, perm)).toEqual(roles);
  });

  it('compiles to a role list rule', () => {
    expect(translatePermissions(ws).list).toEqual({ in: [{ var: 'user.role' }, ['admin', 'basic']] });
  });
});

describe('translatePermissions: own rules replace defaults', () => {
  it.each<[PermissionName, unknown, Role[]]>([
    ['list', { in: [{ var: 'user.role' }, ['middle']] }, ['middle']],
    ['bulkLoad', true, [...ROLES]],
    ['edit', false, []],
  ])('%s replaced by %j', (perm, rule, roles) => {
    const ws = baseWorkspace({ permissionRules: { [perm]: rule } as Workspace['permissionRules'] });
    expect(allowedRoles(ws, perm)).toEqual(roles);
  });
});

describe('translatePermissions: writing a contact (workOthers, write)', () => {
  const own = (role: Role) => ({ contact: { agentId: `u-${role}` } });
  const someoneElse = { contact: { agentId: 'u-someone-else' } };
  const nobody = { contact: { agentId: null } };
  const managerListShow = baseWorkspace({
    viewsConfig: {
      admin: { views: { list: { visible: true }, show: { visible: true }, edit: { visible: true } } },
      'team-leader': { views: { list: { visible: true }, show: { visible: true }, edit: { visible: false } } },
      manager: { views: { list: { visible: true }, show: { visible: true }, edit: { visible: false } } },
      basic: { views: { list: { visible: true }, show: { visible: true } } },
    },
  });
  const writers = (ws: Workspace, contact: (role: Role) => object): Role[] =>
    ROLES.filter((r) => can(translatePermissions(ws).write, ctxFor(r, ws, contact(r))));

  it.each<[string, Workspace, (role: Role) => object, Role[]]>([
    ['own contact, no viewsConfig: the roles with show', noViews, own, ['admin', 'team-leader', 'basic']],
    ["someone else's contact, no viewsConfig: admin and team-leader", noViews, () => someoneElse, ['admin', 'team-leader']],
    ['unassigned contact, no viewsConfig: admin and team-leader', noViews, () => nobody, ['admin', 'team-leader']],
    ['no contact in the context: admin and team-leader', noViews, () => ({}), ['admin', 'team-leader']],
    ['own contact, viewsConfig: the roles with show or edit', managerListShow, own, ['admin', 'manager', 'team-leader', 'basic']],
    ["someone else's contact, viewsConfig: only staff with the edit view", managerListShow, () => someoneElse, ['admin']],
  ])('%s', (_name, ws, contact, roles) => {
    expect(writers(ws, contact)).toEqual(roles);
  });

  it('workOthers follows the edit view', () => {
    expect(allowedRoles(managerListShow, 'workOthers')).toEqual(['admin']);
  });

  it('a workspace overriding workOthers moves write with it; an own write rule wins', () => {
    const wider = baseWorkspace({ permissionRules: { workOthers: { in: [{ var: 'user.role' }, ['admin', 'basic']] } } as Workspace['permissionRules'] });
    expect(writers(wider, () => someoneElse)).toEqual(['admin', 'basic']);
    const closed = baseWorkspace({ permissionRules: { write: false } as Workspace['permissionRules'] });
    expect(writers(closed, own)).toEqual([]);
  });
});

describe('role-to-role rules', () => {
  const rules = translateRoleRules();
  const cases: Array<[keyof typeof rules, Role, Role, boolean, object?]> = [];
  for (const creator of ROLES) for (const target of ROLES) cases.push(['createUser', creator, target, ROLE_ASSIGNABLE[creator].includes(target)]);
  it.each(cases)('%s: %s -> %s is %s', (name, role, target, expected) => {
    expect(can(rules[name], ctxFor(role, null, { target: { id: 'other', role: target } }))).toBe(expected);
  });

  it.each<[keyof typeof rules, Role, Role, boolean, boolean?]>([
    ['manageUser', 'admin', 'admin', true],
    ['manageUser', 'admin', 'basic', true],
    ['manageUser', 'team-leader', 'admin', false],
    ['manageUser', 'team-leader', 'team-leader', false],
    ['manageUser', 'team-leader', 'basic', true],
    ['manageUser', 'manager', 'site-manager', true],
    ['manageUser', 'manager', 'admin', false],
    ['manageUser', 'basic', 'basic', false],
    ['toggleUser', 'admin', 'admin', false],
    ['toggleUser', 'admin', 'team-leader', true],
    ['toggleUser', 'team-leader', 'team-leader', false],
    ['toggleUser', 'team-leader', 'basic', true],
    ['toggleUser', 'team-leader', 'basic', false, true],
    ['toggleUser', 'middle', 'basic', false],
  ])('%s: %s on %s is %s (profilingDisabled %s)', (name, role, target, expected, profilingDisabled = false) => {
    const ws = baseWorkspace({ profilingDisabled });
    expect(can(rules[name], ctxFor(role, ws, { target: { id: 'other', role: target } }))).toBe(expected);
  });

  it.each(['manageUser', 'toggleUser'] as const)('%s never on the own row', (name) => {
    expect(can(rules[name], ctxFor('admin', null, { target: { id: 'u-admin', role: 'basic' } }))).toBe(false);
  });
});
