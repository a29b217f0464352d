import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@app/AppProviders';
import { createApp } from '@app/create-app';
import { createI18n } from '@app/i18n/i18n';
import type { SessionInfo } from '@domain/api/auth';
import { STORAGE_KEYS } from '@domain/storage-keys';
import type { FakeBackend } from './fake-backend';

/** jsdom has no matchMedia; answer media queries for a window of the given width. */
export const setViewportWidth = (width: number) => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      return {
        matches: max ? width <= Number(max[1]) : false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      };
    },
  });
};

export const renderApp = (backend: FakeBackend, path: string, options: { language?: string; earlySession?: Promise<SessionInfo> | null } = {}) => {
  localStorage.setItem(STORAGE_KEYS.language, options.language ?? 'en-US');
  const reload = jest.fn();
  const { services, bridge } = createApp(
    { baseUrl: '', storage: localStorage, sessionStorage, i18n: createI18n(localStorage), fetch: backend.fetch, reload, earlySession: options.earlySession },
    path,
  );
  const Router = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  const view = render(<AppProviders services={services} bridge={bridge} Router={Router} />);
  return { ...view, services, reload, path: () => bridge.currentPath() };
};

/** A stored session as the login leaves it, so a test can start signed in. */
export const storeSession = (role: string, username = role, workspace: Record<string, unknown> = { id: 'w1', name: 'Workspace w1', dataModelId: 'dm-w1', enabled: true }) => {
  localStorage.setItem(STORAGE_KEYS.loggedUser, JSON.stringify({ id: `id-${username}`, username, role, groupId: null, isSysadmin: false, groups: [] }));
  localStorage.setItem(STORAGE_KEYS.sessionStart, JSON.stringify(Date.now()));
  localStorage.setItem(STORAGE_KEYS.sessionTimeout, JSON.stringify(1_800_000));
  localStorage.setItem(STORAGE_KEYS.workspace, JSON.stringify(workspace));
  localStorage.setItem(STORAGE_KEYS.workspaceIds, JSON.stringify(['w1', 'w2']));
  localStorage.setItem(STORAGE_KEYS.workspaceNames, JSON.stringify(['Workspace w1', 'Workspace w2']));
  localStorage.setItem(STORAGE_KEYS.dataModel, JSON.stringify({ id: 'dm-w1' }));
};
