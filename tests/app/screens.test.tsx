import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MENU_ENTRIES, SCREENS } from '@app/routes/screens';
import { en } from '@app/i18n/en';
import { createI18nWithScreens } from './support/i18n';
import { itIT } from '@app/i18n/it-IT';
import { LANGUAGES } from '@domain/constants';
import type { Workspace } from '@domain/generated/workspace';
import { ROLES } from '@domain/roles';
import { menuItems } from '@translator/menu';
import { signedInBackend } from './support/fake-backend';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

// i18n.ts serves en-GB from the `en` texts, en-US from them too but for a few spellings (en-US-screens.ts, none a menu label), it-IT from its own.
const CATALOGUES: Record<(typeof LANGUAGES)[number], object> = { 'it-IT': itIT, 'en-US': en, 'en-GB': en };
const lookUp = (catalogue: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);

const labels = SCREENS.flatMap((entry) => [entry.menuLabel, entry.breadcrumbLabel].flatMap((label) => (label ? [[entry.key, label] as const] : [])));

describe('the screen registry', () => {
  it('has one entry per key and per path', () => {
    expect(new Set(SCREENS.map((entry) => entry.key)).size).toBe(SCREENS.length);
    expect(new Set(SCREENS.map((entry) => entry.path)).size).toBe(SCREENS.length);
  });

  it.each(LANGUAGES)('every menu and breadcrumb label is in the %s catalogue', (language) => {
    const t = createI18nWithScreens({ getItem: () => language, setItem: () => undefined } as unknown as Storage).getFixedT(language);
    for (const [key, label] of labels) {
      expect([key, label, typeof lookUp(CATALOGUES[language], label)]).toEqual([key, label, 'string']);
      expect([key, t(label)]).toEqual([key, lookUp(CATALOGUES[language], label)]);
    }
  });

  it('a menu entry opens with a permission', () => {
    for (const entry of SCREENS.filter((item) => item.menuLabel)) expect([entry.key, typeof entry.access]).toEqual([entry.key, 'object']);
  });

  it('every menu item any role sees in any fixture leads to a registry screen signed in', () => {
    const paths = new Set(SCREENS.filter((entry) => entry.access !== 'signed-out').map((entry) => entry.path));
    const dir = join(__dirname, '..', '..', 'fixtures', 'workspaces');
    for (const slug of readdirSync(dir)) {
      const workspace = JSON.parse(readFileSync(join(dir, slug, 'workspace.json'), 'utf8')) as Workspace;
      for (const role of ROLES) {
        for (const item of menuItems(workspace, role, MENU_ENTRIES)) expect([slug, role, item.path, paths.has(item.path)]).toEqual([slug, role, item.path, true]);
      }
    }
  });
});

describe('the navigation shows registry screens', () => {
  beforeEach(() => { localStorage.clear(); sessionStorage.clear(); setViewportWidth(1280); });

  it('each item an admin sees opens its screen, not /403 nor home', async () => {
    // Every view shown to the admin: flows management needs its view visible in a viewsConfig (spec 3 §2).
    const shownTo = { visible: true };
    const viewsConfig = { admin: { views: { list: shownTo, show: shownTo, edit: shownTo, insert: shownTo }, dashboard: shownTo, flowsmanagement: shownTo, events: shownTo, reports: shownTo, sms: shownTo, workspaceconfig: shownTo, setting: shownTo } };
    storeSession('admin', 'admin', { id: 'w1', name: 'Workspace w1', dataModelId: 'dm-w1', enabled: true, viewsConfig, customReportConfig: [{ id: 'r1', name: 'Esiti', renderAllowed: true, templateName: 'esiti' }] });
    const app = renderApp(signedInBackend('admin'), '/403');
    const bar = await screen.findByRole('navigation', { name: 'Contact Manager' });
    const user = userEvent.setup();
    const shown = [...within(bar).getAllByRole('button').map((button) => button.textContent ?? ''), 'Workspace configuration', 'Users settings'];
    expect(shown).toEqual(MENU_ENTRIES.map((entry) => lookUp(en, entry.label)));
    for (const entry of MENU_ENTRIES) {
      await user.click(screen.getByRole('button', { name: String(lookUp(en, entry.label)) }));
      await waitFor(() => expect(app.path()).toBe(entry.path));
      expect(screen.queryByText('Access denied')).not.toBeInTheDocument();
    }
  });
});
