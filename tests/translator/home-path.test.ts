import type { Role } from '../../src/domain/roles';
import type { Workspace } from '../../src/domain/generated/workspace';
import { homePath } from '../../src/translator/home-path';
import { menuItems, type MenuKey } from '../../src/translator/menu';
import { baseWorkspace } from './support';

const configured = baseWorkspace({ viewsConfig: { basic: { _home: { path: '/contacts/embed/list' } }, admin: { dashboard: { visible: true } } } });

describe('homePath', () => {
  it.each<[string, Workspace | null, Role, string]>([
    ['no workspace', null, 'admin', '/login'],
    ['middle without viewsConfig', baseWorkspace(), 'middle', '/reports'],
    ['basic without viewsConfig', baseWorkspace(), 'basic', '/contacts/list'],
    ['configured home', configured, 'basic', '/contacts/embed/list'],
    ['role without _home falls back', configured, 'admin', '/contacts/list'],
    ['middle without _home falls back', configured, 'middle', '/reports'],
  ])('%s', (_n, ws, role, path) => {
    expect(homePath(ws, role)).toBe(path);
  });
});

describe('menuItems', () => {
  const reports = baseWorkspace({ customReportConfig: [{ id: 'r1', name: 'Esiti' }] });
  it.each<[string, Workspace | null, Role, MenuKey[]]>([
    ['no workspace', null, 'admin', []],
    ['admin, no reports configured', baseWorkspace(), 'admin', ['contacts', 'dashboard', 'flowsmanagement', 'events', 'sms', 'workspaceconfig', 'setting']],
    ['admin with reports', reports, 'admin', ['contacts', 'dashboard', 'flowsmanagement', 'events', 'reports', 'sms', 'workspaceconfig', 'setting']],
    ['middle: no contacts menu', reports, 'middle', ['flowsmanagement', 'reports', 'sms']],
    ['manager: contacts menu without viewsConfig', reports, 'manager', ['contacts', 'flowsmanagement', 'sms']],
    ['basic', reports, 'basic', ['contacts', 'flowsmanagement', 'sms']],
    ['viewsConfig flags', configured, 'admin', ['dashboard']],
  ])('%s', (_n, ws, role, keys) => {
    expect(menuItems(ws, role).map((m) => m.key)).toEqual(keys);
  });

  it('gives paths', () => {
    expect(menuItems(reports, 'middle')).toContainEqual({ key: 'reports', path: '/reports' });
  });
});
