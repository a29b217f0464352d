import type { Role } from '@domain/roles';
import type { Workspace } from '@domain/generated/workspace';
import { MENU_ENTRIES, NAVIGATION_SCREENS, type ScreenKey as MenuKey } from '@app/routes/screens';
import { homePath } from '@translator/home-path';
import { menuItems } from '@translator/menu';
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
    expect(homePath(ws, role, NAVIGATION_SCREENS.home)).toBe(path);
  });
});

describe('menuItems', () => {
  const reports = baseWorkspace({ customReportConfig: [{ id: 'r1', name: 'Esiti' }] });
  it.each<[string, Workspace | null, Role, MenuKey[]]>([
    ['no workspace', null, 'admin', []],
    ['admin, no reports configured', baseWorkspace(), 'admin', ['contacts', 'dashboard', 'events', 'workspaceconfig', 'setting']],
    ['admin with reports', reports, 'admin', ['contacts', 'dashboard', 'events', 'reports', 'workspaceconfig', 'setting']],
    ['middle: no contacts menu', reports, 'middle', ['reports']],
    ['manager: contacts menu without viewsConfig', reports, 'manager', ['contacts']],
    ['basic', reports, 'basic', ['contacts']],
    ['admin, only hidden _fake reports', baseWorkspace({ customReportConfig: [{ id: 'r1', name: 'Interno', templateName: 'interno_fake' }] }), 'admin', ['contacts', 'dashboard', 'events', 'workspaceconfig', 'setting']],
    ['admin, a _fake report beside a real one', baseWorkspace({ customReportConfig: [{ id: 'r1', name: 'Interno', templateName: 'interno_fake' }, { id: 'r2', name: 'Esiti', templateName: 'contacts_by_state_outcome_day' }] }), 'admin', ['contacts', 'dashboard', 'events', 'reports', 'workspaceconfig', 'setting']],
    ['viewsConfig flags', configured, 'admin', ['dashboard']],
    // spec 3 §6: without viewsConfig the menu is Dashboard, Events and Reports; SMS and flows management need one
    ['sms with viewsConfig', baseWorkspace({ viewsConfig: { basic: { sms: { visible: true } } } }), 'basic', ['sms']],
  ])('%s', (_n, ws, role, keys) => {
    expect(menuItems(ws, role, MENU_ENTRIES).map((m) => m.key)).toEqual(keys);
  });

  it('gives paths', () => {
    expect(menuItems(reports, 'middle', MENU_ENTRIES)).toContainEqual({ key: 'reports', path: '/reports' });
  });
});
