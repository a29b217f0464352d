import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { HotkeysProvider } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import sinistriModel from '../../fixtures/workspaces/sinistri-auto/data-model.json';
import sinistriWorkspace from '../../fixtures/workspaces/sinistri-auto/workspace.json';
import energiaModel from '../../fixtures/workspaces/energia-casa/data-model.json';
import energiaWorkspace from '../../fixtures/workspaces/energia-casa/workspace.json';
import type { FilterServices } from '@renderers/form-context';
import { ApiRequestError } from '@api-client/api-error';
import type { DownloadedFile } from '@api-client/api-client';
import type { ContactListApi } from '@app/features/contacts-list/list-renderer-services';
import { useContactListController } from '@app/features/contacts-list/use-contact-list-controller';
import { ContactsListScreen } from '@app/features/contacts-list/ContactsListScreen';
import { leaveForList } from '@app/ui/list-return';
import { createI18nWithScreens } from './support/i18n';
import { setViewportWidth } from './support/render-app';
import type { AppServices } from '@app/services/app-services';
import { ServicesContext } from '@app/services/services-context';
import { createSessionStore } from '@app/session/session-store';
import type { ContactFilter, ContactRow } from '@domain/api/contacts';
import { KPI_REFRESH_MS } from '@domain/constants';
import { STORAGE_KEYS } from '@domain/storage-keys';

/**
 * The list controller with the API client faked at its seam (ContactListApi, as react-admin's testDataProvider):
 * no server, no fetch; the router, the session store, permissions and the translator are the real ones.
 */
const ME = 'u-me';

const row = (n: number, extra: Partial<ContactRow> = {}): ContactRow => ({
  id: n.toString(16).padStart(24, '0'), workspaceId: 'w', state: 'APERTO', outcome: null, notes: null, closed: false, processable: true,
  suspended: false, availability: 'toProcess', agentId: null, originalContactId: null, priority: 5, createdAt: '2025-01-01T00:00:00Z',
  lastStateChangeAt: null, version: 1, inputs: {}, outputs: {}, ...extra,
});

const fakeApi = (total = 42) => {
  const users = [1, 2, 3, 4, 5].map((n) => ({ id: `u${n}`, username: `user${n}` }));
  const api = {
    contacts: {
      search: jest.fn(async (_ws: string, filter: ContactFilter) => {
        const from = (filter.page ?? 0) * (filter.length ?? 10);
        const count = Math.max(0, Math.min(filter.length ?? 10, total - from));
        return { data: Array.from({ length: count }, (_, i) => row(from + i + 1)), total };
      }),
      take: jest.fn(async (id: string) => row(parseInt(id, 16), { agentId: ME })),
      release: jest.fn(async (id: string) => row(parseInt(id, 16))),
      takeNext: jest.fn(async () => ({ id: 'abcdefabcdefabcdefabcdef' })),
      kpi: jest.fn(async () => ({ standard: { Totale: total }, custom: {} })),
      enumValues: jest.fn(async () => [{ value: 'a', label: 'A' }]),
      enumSection: jest.fn(async () => ({ version: 1, values: {} })),
      massiveAction: jest.fn(async (_ws: string, _action: string, body: { contactIds?: string[]; count?: number }) => body.contactIds?.length ?? body.count ?? 0),
      exportCsv: jest.fn(async (_ws: string, _body: unknown, onProgress?: (bytes: number, total: number | null) => void): Promise<DownloadedFile> => {
        onProgress?.(10, null);
        onProgress?.(20, null);
        return { blob: new Blob(['ID\r\n']), filename: 'report-1.csv', bytes: 20 };
      }),
    },
    auth: { users: jest.fn(async () => users) },
    organisation: {
      outsourcers: jest.fn(async () => [{ id: 'o-nordcall', name: 'NordCall Srl' }, { id: 'o-sudservice', name: 'SudService SpA' }]),
      sites: jest.fn(async (_outsourcerIds?: readonly string[]) => [{ id: 's-milano', name: 'Milano Centrale' }]),
      teams: jest.fn(async (_siteIds?: readonly string[]) => [{ id: 't-milano-inbound', name: 'Milano Inbound' }, { id: 't-torino-retention', name: 'Torino Retention' }]),
    },
  } satisfies ContactListApi;
  return api;
};

interface Setup { role?: string; workspace?: object; model?: object; url?: string; embed?: boolean; total?: number; embedData?: object }

const setup = ({ role = 'admin', workspace = sinistriWorkspace, model = sinistriModel, url = '/contacts/list', embed = false, total = 42, embedData }: Setup = {}) => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem(STORAGE_KEYS.language, 'en-US');
  localStorage.setItem(STORAGE_KEYS.loggedUser, JSON.stringify({ id: ME, username: 'me', role, groupId: null, isSysadmin: false, groups: [] }));
  localStorage.setItem(STORAGE_KEYS.workspace, JSON.stringify(workspace));
  localStorage.setItem(STORAGE_KEYS.dataModel, JSON.stringify(model));
  if (embedData) localStorage.setItem(STORAGE_KEYS.embedData, JSON.stringify(embedData));
  const api = fakeApi(total);
  const i18n = createI18nWithScreens(localStorage);
  const toasts = { show: jest.fn(), attach: jest.fn() };
  const navigate = jest.fn();
  const saveFile = jest.fn();
  const services = { api, store: createSessionStore(localStorage), toasts, i18n, sessionStorage, navigate } as unknown as AppServices;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={services}>
        <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
      </ServicesContext.Provider>
    </I18nextProvider>
  );
  const hook = renderHook(() => ({ list: useContactListController({ embed, saveFile }), location: useLocation() }), { wrapper });
  const lastSearch = () => api.contacts.search.mock.calls.at(-1)?.[1];
  const params = () => new URLSearchParams(hook.result.current.location.search);
  return { api, toasts, navigate, saveFile, hook, lastSearch, params, wrapper, list: () => hook.result.current.list };
};

const ready = async (s: ReturnType<typeof setup>) => waitFor(() => expect(s.list().status).toBe('ready'));

afterEach(() => jest.useRealTimers());

describe('contact list controller: a configuration the translator refuses', () => {
  it('lists its problems as sentences naming where they are, not as JSON, and searches nothing', async () => {
    const s = setup({ model: { ...sinistriModel, model: {} } });
    await waitFor(() => expect(s.list().problems.length).toBeGreaterThan(0));
    for (const problem of s.list().problems) expect(problem).toMatch(/^(workspace|dataModel)\/\S* \S/);
    expect(s.api.contacts.search).not.toHaveBeenCalled();
  });
});

describe('contact list controller: the filter in the URL', () => {
  it('starts from the translator defaults: page 0, 10 rows, descending', async () => {
    const s = setup();
    await ready(s);
    expect(s.api.contacts.search).toHaveBeenCalledWith('sinistri-auto', { page: 0, length: 10, order: 'desc', priority: 0 });
    expect(s.list().rows).toHaveLength(10);
    expect(s.list().total).toBe(42);
    expect(s.list().pageCount).toBe(5);
    expect(s.list().pageSizes).toEqual([10, 25, 50, 100]);
    expect(s.hook.result.current.location.search).toBe('');
    expect(s.list().totalCapped).toBe(false);
  });

  it('passes a capped total on: totalCapped, the cap as total, its pages', async () => {
    const s = setup({ total: 10_000 });
    s.api.contacts.search.mockImplementation(async () => ({ data: [row(1)], total: 10_000, totalCapped: true }) as never);
    act(() => s.list().reload());
    await waitFor(() => expect(s.list().totalCapped).toBe(true));
    expect(s.list().total).toBe(10_000);
    expect(s.list().pageCount).toBe(1000);
    // A bulk action on the whole filter may go past the lower bound, up to the most one action works.
    const action = (sinistriWorkspace as { massiveActions: Array<{ key: string }> }).massiveActions[0];
    act(() => s.list().bulk.start(action as never));
    expect(s.list().bulk.limit).toBe(10_000);
    expect(s.list().bulk.limitMax).toBe(1_000_000);
    act(() => s.list().bulk.setLimit(250_000));
    expect(s.list().bulk.limitValid).toBe(true);
    act(() => s.list().bulk.setLimit(1_000_001));
    expect(s.list().bulk.limitValid).toBe(false);
  });

  it('reads page, size, sort and filters from the URL and sends them', async () => {
    const dm = encodeURIComponent(JSON.stringify({ inputs: { targa: { contains: 'AB' } } }));
    const s = setup({ url: `/contacts/list?page=2&length=25&order=asc&sort=inputs.targa&states=${encodeURIComponent('["APERTO"]')}&dataModelFilters=${dm}&onlySuspended=true&includeSuspended=true` });
    await ready(s);
    expect(s.lastSearch()).toEqual({
      page: 2, length: 25, order: 'asc', sort: 'inputs.targa', priority: 0, states: ['APERTO'],
      dataModelFilters: { inputs: { targa: { contains: 'AB' } } }, onlySuspended: true, includeSuspended: true,
    });
    expect(s.list().sort).toEqual({ key: 'inputs.targa', order: 'asc' });
    expect(s.list().page).toBe(2);
  });

  it('ignores malformed or out-of-range URL values', async () => {
    const s = setup({ url: '/contacts/list?page=-3&length=33&order=up&priority=99&states=notjson&closed=maybe' });
    await ready(s);
    expect(s.lastSearch()).toEqual({ page: 0, length: 10, order: 'desc', priority: 0 });
  });

  it('pages, resizes and sorts through the URL; size and sort go back to page 0', async () => {
    const s = setup();
    await ready(s);
    act(() => s.list().setPage(3));
    await ready(s);
    expect(s.params().get('page')).toBe('3');
    expect(s.lastSearch()).toMatchObject({ page: 3, length: 10 });
    expect(s.list().rows[0].id).toBe(row(31).id);

    act(() => s.list().setPage(99));
    await ready(s);
    expect(s.params().get('page')).toBe('4');

    act(() => s.list().setLength(25));
    await ready(s);
    expect(s.params().get('page')).toBeNull();
    expect(s.params().get('length')).toBe('25');
    expect(s.lastSearch()).toMatchObject({ page: 0, length: 25 });

    act(() => s.list().setPage(1));
    await ready(s);
    act(() => s.list().setSort({ key: 'priority', order: 'asc' }));
    await ready(s);
    expect(s.lastSearch()).toMatchObject({ page: 0, length: 25, sort: 'priority', order: 'asc' });
    // clearing the sort keeps the default descending order
    act(() => s.list().setSort(null));
    await ready(s);
    expect(s.params().get('sort')).toBeNull();
    expect(s.lastSearch()).toMatchObject({ order: 'desc' });
    expect(s.lastSearch()).not.toHaveProperty('sort');
  });

  it('a filter change applies the filter rules, keeps size and sort, and goes back to page 0', async () => {
    const s = setup({ url: '/contacts/list?page=2&length=50&sort=priority' });
    await ready(s);
    act(() => s.list().setFilter({ ...s.list().filter, onlySuspended: true }));
    await ready(s);
    expect(s.lastSearch()).toMatchObject({ page: 0, length: 50, sort: 'priority', onlySuspended: true, includeSuspended: true });
    // turning includeSuspended off clears onlySuspended
    act(() => s.list().setFilter({ ...s.list().filter, includeSuspended: false }));
    await ready(s);
    expect(s.lastSearch()).toMatchObject({ includeSuspended: false, onlySuspended: false });
    act(() => s.list().setFilter({ ...s.list().filter, priority: 42 }));
    await ready(s);
    expect(s.lastSearch()).toMatchObject({ priority: 10 });
    act(() => s.list().resetFilters());
    await ready(s);
    expect(s.lastSearch()).toEqual({ page: 0, length: 50, order: 'desc', sort: 'priority', priority: 0 });
  });

  it('an unchanged filter writes no new history entry and sends no new search', async () => {
    const s = setup();
    await ready(s);
    const calls = s.api.contacts.search.mock.calls.length;
    act(() => s.list().setFilter({ ...s.list().filter }));
    await ready(s);
    expect(s.api.contacts.search.mock.calls.length).toBe(calls);
  });

  it('a failed search shows the error state; reload asks again', async () => {
    const s = setup();
    await ready(s);
    s.api.contacts.search.mockRejectedValueOnce(new ApiRequestError({ kind: 'network', status: null, message: 'down', errors: [], requestText: 'POST x', handled: true }));
    act(() => s.list().setPage(1));
    await waitFor(() => expect(s.list().status).toBe('error'));
    act(() => s.list().reload());
    await ready(s);
  });

  it('a filter that failed once, changed and changed back, is asked again and shows its rows (no stuck error)', async () => {
    const s = setup();
    await ready(s);
    s.api.contacts.search.mockRejectedValueOnce(new ApiRequestError({ kind: 'network', status: null, message: 'down', errors: [], requestText: 'POST x', handled: true }));
    act(() => s.list().setPage(1));
    await waitFor(() => expect(s.list().status).toBe('error'));
    act(() => s.list().setPage(0));
    await ready(s);
    act(() => s.list().setPage(1));
    // the old failure is not this request's answer
    expect(s.list().status).toBe('loading');
    await ready(s);
    expect(s.list().rows[0]?.id).toBe(row(11).id);
  });

  it('an invalid configuration lists nothing and says why', async () => {
    const s = setup({ model: { id: 'broken', fields: {} } });
    await waitFor(() => expect(s.list().status).toBe('invalid'));
    expect(s.list().problems.length).toBeGreaterThan(0);
    expect(s.api.contacts.search).not.toHaveBeenCalled();
  });
});

describe('contact list controller: permissions from the translator rules (spec 2 §6)', () => {
  it('admin: CSV, bulk actions, agent, custom and team filters', async () => {
    const s = setup();
    await ready(s);
    expect(s.list().allowed).toMatchObject({ csvExport: true, massiveActions: true });
    const properties = Object.keys(s.list().translation?.filters.schema.properties ?? {});
    expect(properties).toEqual(expect.arrayContaining(['assignedAgents', 'teamIds', 'customFilter']));
  });

  it("team-leader: bulk, no team filter; CSV by default, but not where the workspace's own rule says admin only", async () => {
    const s = setup({ role: 'team-leader' });
    await ready(s);
    // sinistri-auto carries permissionRules.csvExport for admin only: rules are data
    expect(s.list().allowed).toMatchObject({ csvExport: false, massiveActions: true });
    const e = setup({ role: 'team-leader', workspace: energiaWorkspace, model: energiaModel });
    await ready(e);
    expect(e.list().allowed.csvExport).toBe(true);
    const properties = Object.keys(s.list().translation?.filters.schema.properties ?? {});
    expect(properties).toContain('assignedAgents');
    expect(properties).not.toContain('teamIds');
  });

  it('basic: no CSV, no bulk, no agent or team filter', async () => {
    const s = setup({ role: 'basic' });
    await ready(s);
    expect(s.list().allowed).toMatchObject({ csvExport: false, massiveActions: false });
    const properties = Object.keys(s.list().translation?.filters.schema.properties ?? {});
    expect(properties).not.toContain('assignedAgents');
    expect(properties).not.toContain('teamIds');
  });

  it.each(['admin', 'manager', 'site-manager', 'middle'])('%s: the team filter offers the teams of getTeam (every team the user may see), loaded once', async (role) => {
    const s = setup({ role, workspace: energiaWorkspace, model: energiaModel });
    await waitFor(() => expect(s.list().formContext).not.toBeNull());
    expect(s.list().translation?.filters.uiSchema.teamIds).toEqual({ 'ui:widget': 'teamSelect' });
    const services = s.list().formContext?.services as unknown as FilterServices;
    await expect(services.loadOptions('teams')).resolves.toEqual([
      { value: 't-milano-inbound', label: 'Milano Inbound' },
      { value: 't-torino-retention', label: 'Torino Retention' },
    ]);
    await services.loadOptions('teams');
    expect(s.api.organisation.teams).toHaveBeenCalledTimes(1);
    expect(s.api.organisation.teams).toHaveBeenCalledWith([]);
  });

  it('outsourcer and call-centre filters (spec 2 §6): one cascade for admin (with teams), in the URL and the search; not where the organisation lists cannot load', async () => {
    const s = setup({ url: '/contacts/list?page=3' });
    await ready(s);
    expect(s.list().org).toMatchObject({ visible: true, showTeams: true, value: { outsourcerIds: [], siteIds: [], teamIds: [] } });
    act(() => s.list().org.setValue({ outsourcerIds: ['o-sudservice'], siteIds: [], teamIds: [] }));
    await ready(s);
    expect(s.params().get('outsourcerIds')).toBe('["o-sudservice"]');
    expect(s.lastSearch()).toEqual(expect.objectContaining({ outsourcerIds: ['o-sudservice'], page: 0 }));
    act(() => s.list().org.setValue({ outsourcerIds: ['o-sudservice'], siteIds: ['s-napoli'], teamIds: [] }));
    await ready(s);
    expect(s.lastSearch()).toEqual(expect.objectContaining({ outsourcerIds: ['o-sudservice'], siteIds: ['s-napoli'] }));
    expect(s.list().org.value).toEqual({ outsourcerIds: ['o-sudservice'], siteIds: ['s-napoli'], teamIds: [] });
    for (const role of ['manager', 'basic']) {
      const other = setup({ role });
      await ready(other);
      expect(other.list().org.visible).toBe(false);
    }
  });

  it('choosing a team narrows the list: teamIds goes to the search, from page 0', async () => {
    const s = setup({ url: '/contacts/list?page=2' });
    await ready(s);
    act(() => s.list().setFilter({ ...s.list().filter, teamIds: ['t-torino-retention'] }));
    await waitFor(() => expect(s.lastSearch()).toMatchObject({ teamIds: ['t-torino-retention'], page: 0 }));
    expect(s.params().get('teamIds')).toBe(JSON.stringify(['t-torino-retention']));
  });

  it('a failed teams load offers no options and is retried on the next ask', async () => {
    const s = setup();
    await waitFor(() => expect(s.list().formContext).not.toBeNull());
    s.api.organisation.teams.mockRejectedValueOnce(new Error('boom'));
    const services = s.list().formContext?.services as unknown as FilterServices;
    await expect(services.loadOptions('teams')).resolves.toEqual([]);
    await expect(services.loadOptions('teams')).resolves.toHaveLength(2);
    expect(s.api.organisation.teams).toHaveBeenCalledTimes(2);
  });

  it.each(['team-leader', 'basic'])('%s: never asks for the teams list (the server would answer 403)', async (role) => {
    const s = setup({ role });
    await waitFor(() => expect(s.list().formContext).not.toBeNull());
    const services = s.list().formContext?.services as unknown as FilterServices;
    await expect(services.loadOptions('teams')).resolves.toEqual([]);
    expect(s.api.organisation.teams).not.toHaveBeenCalled();
  });

  it('embed view: no CSV and no bulk even for admin; the embed default filters', async () => {
    const s = setup({ embed: true });
    await ready(s);
    expect(s.list().allowed).toMatchObject({ csvExport: false, massiveActions: false });
    expect(s.lastSearch()).toMatchObject({ closed: false, notProcessable: false });
  });

  it('embed view: a row opens in the embedded entry of the call, and create tells the form it is in embed view', async () => {
    const call = { contactId: 'unknown', campaign: 'camp', agent: 'ag-7', guid: 'guid-1', callerid: '3331234567', workspaceId: 'sinistri-auto' };
    const s = setup({ embed: true, embedData: call });
    await ready(s);
    act(() => s.list().openShow(row(1)));
    expect(s.navigate).toHaveBeenLastCalledWith('/contacts/embed/camp/ag-7/guid-1/3331234567/sinistri-auto');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.embedData) ?? 'null')).toEqual({ ...call, contactId: row(1).id });
    act(() => s.list().create());
    expect(s.navigate).toHaveBeenLastCalledWith('/contacts/create', { state: { embed: true } });
    // Outside the embed view: the show screen and a plain create.
    const plain = setup();
    await ready(plain);
    act(() => plain.list().openShow(row(1)));
    expect(plain.navigate).toHaveBeenLastCalledWith(`/contacts/show/${row(1).id}`);
    act(() => plain.list().create());
    expect(plain.navigate).toHaveBeenLastCalledWith('/contacts/create');
  });

  it("'new handling' only when takeConfig.available", async () => {
    const s = setup();
    await ready(s);
    expect(s.list().allowed.takeNext).toBe(false);
    const e = setup({ workspace: energiaWorkspace, model: energiaModel });
    await ready(e);
    expect(e.list().allowed.takeNext).toBe(true);
  });

  it('row buttons: suspended and not-processable rows cannot be taken; release for mine, or for staff', async () => {
    const s = setup();
    await ready(s);
    const may = s.list().rowPermissions;
    expect(may(row(1))).toEqual({ show: true, edit: true, take: true, release: false });
    expect(may(row(2, { suspended: true })).take).toBe(false);
    expect(may(row(3, { processable: false })).take).toBe(false);
    expect(may(row(4, { agentId: 'someone' }))).toMatchObject({ take: false, release: true });
    const b = setup({ role: 'basic' });
    await ready(b);
    expect(b.list().rowPermissions(row(4, { agentId: 'someone' }))).toMatchObject({ edit: false, release: false });
    expect(b.list().rowPermissions(row(5, { agentId: ME })).release).toBe(true);
  });
});

describe('contact list controller: actions', () => {
  it('show sets the agentScriptOpen flag; edit and create navigate', async () => {
    const s = setup();
    await ready(s);
    act(() => s.list().openShow(row(7)));
    expect(sessionStorage.getItem(STORAGE_KEYS.agentScriptOpen)).toBe('true');
    expect(s.navigate).toHaveBeenLastCalledWith(`/contacts/show/${row(7).id}`);
    act(() => s.list().openEdit(row(7)));
    expect(s.navigate).toHaveBeenLastCalledWith(`/contacts/edit/${row(7).id}`);
    act(() => s.list().create());
    expect(s.navigate).toHaveBeenLastCalledWith('/contacts/create');
  });

  it('opening a contact remembers the page and the scroll position; back on that page the scroll comes back (issue 17, item 7)', async () => {
    const s = setup({ url: '/contacts/list?page=2' });
    await ready(s);
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    act(() => s.list().openShow(row(23)));
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.listReturn) ?? 'null')).toEqual({ path: '/contacts/list?page=2', scrollY: 640, scrollLeft: 0 });
    const remembered = sessionStorage.getItem(STORAGE_KEYS.listReturn) as string;
    s.hook.unmount();

    const scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    const back = setup({ url: '/contacts/list?page=2' });
    sessionStorage.setItem(STORAGE_KEYS.listReturn, remembered);
    back.hook.rerender();
    await ready(back);
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 640));
    expect(back.lastSearch()).toEqual(expect.objectContaining({ page: 2 }));
    expect(sessionStorage.getItem(STORAGE_KEYS.listReturn)).toBeNull();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('remembers the focused row per page, forgets it with the filter, and the contact left for the list is the row to focus (issue 18.2)', async () => {
    const s = setup({ url: '/contacts/list?page=2' });
    await ready(s);
    act(() => s.list().rowFocus.note(row(23).id));
    act(() => s.list().setPage(3));
    // while page 4 loads the rows on screen are still page 3's: a focus noted then is not page 4's
    act(() => s.list().rowFocus.note(row(24).id));
    await ready(s);
    expect(s.list().rowFocus.remembered()).toBeNull();
    act(() => s.list().setPage(2));
    await ready(s);
    expect(s.list().rowFocus.remembered()).toBe(row(23).id);
    act(() => s.list().setSort({ key: 'priority', order: 'asc' }));
    act(() => s.list().setPage(2));
    await ready(s);
    expect(s.list().rowFocus.remembered()).toBeNull();

    // opened from page 3, left from the contact (whichever it is by then): back on page 3, that contact's row
    act(() => s.list().openShow(row(23)));
    expect(leaveForList(sessionStorage, row(25).id)).toBe('/contacts/list?page=2&order=asc&sort=priority');
    s.hook.unmount();
    const remembered = sessionStorage.getItem(STORAGE_KEYS.listReturn) as string;
    const back = setup({ url: '/contacts/list?page=2&order=asc&sort=priority' });
    sessionStorage.setItem(STORAGE_KEYS.listReturn, remembered);
    back.hook.rerender();
    await ready(back);
    await waitFor(() => expect(back.list().rowFocus.remembered()).toBe(row(25).id));
  });

  it('take opens the contact with the flag; release reloads the page of rows', async () => {
    const s = setup();
    await ready(s);
    await act(() => s.list().take(row(1)));
    expect(s.api.contacts.take).toHaveBeenCalledWith(row(1).id);
    expect(s.navigate).toHaveBeenLastCalledWith(`/contacts/show/${row(1).id}`);
    expect(sessionStorage.getItem(STORAGE_KEYS.agentScriptOpen)).toBe('true');
    const searches = s.api.contacts.search.mock.calls.length;
    await act(() => s.list().release(row(1, { agentId: ME })));
    await ready(s);
    expect(s.api.contacts.release).toHaveBeenCalledWith(row(1).id);
    expect(s.api.contacts.search.mock.calls.length).toBe(searches + 1);
    expect(s.toasts.show).toHaveBeenCalledWith(expect.objectContaining({ intent: 'success' }));
  });

  it('a refused take (409) does not navigate and refreshes the rows', async () => {
    const s = setup();
    await ready(s);
    s.api.contacts.take.mockRejectedValueOnce(new ApiRequestError({ kind: 'errors', status: 409, message: 'Contact already assigned', errors: [], requestText: 'POST x', handled: true }));
    const searches = s.api.contacts.search.mock.calls.length;
    await act(() => s.list().take(row(1)));
    expect(s.navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(s.api.contacts.search.mock.calls.length).toBe(searches + 1));
  });

  it('a take whose list then fails to load shows the load error without the old total and pages', async () => {
    const s = setup();
    await ready(s);
    s.hook.unmount();
    setViewportWidth(1280);
    const Wrapper = s.wrapper;
    render(<Wrapper><HotkeysProvider><ContactsListScreen /></HotkeysProvider></Wrapper>);
    expect(await screen.findByText('42 contacts')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 5')).toBeInTheDocument();
    const closed = new ApiRequestError({ kind: 'errors', status: 403, message: 'Workspace closed', errors: [], requestText: 'POST x', handled: true });
    s.api.contacts.take.mockRejectedValueOnce(closed);
    s.api.contacts.search.mockRejectedValueOnce(closed);
    fireEvent.click(screen.getByRole('button', { name: `Take contact ${row(1).id}` }));
    expect(await screen.findByText('The contacts could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('42 contacts')).toBeNull();
    expect(screen.queryByText('Page 1 of 5')).toBeNull();
    // Retry loads the list again, with its total and pages
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('42 contacts')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 5')).toBeInTheDocument();
  });

  it("takeNext opens the new contact; 404 says 'NUOVO CONTATTO NON DISPONIBILE' in the user's language", async () => {
    const s = setup({ workspace: energiaWorkspace, model: energiaModel });
    await ready(s);
    await act(() => s.list().takeNext());
    expect(s.api.contacts.takeNext).toHaveBeenCalledWith('energia-casa', { quiet: true });
    expect(s.navigate).toHaveBeenLastCalledWith('/contacts/show/abcdefabcdefabcdefabcdef');
    s.api.contacts.takeNext.mockRejectedValueOnce(new ApiRequestError({ kind: 'errors', status: 404, message: 'NUOVO CONTATTO NON DISPONIBILE', errors: [], requestText: 'GET x', handled: false }));
    await act(() => s.list().takeNext());
    expect(s.toasts.show).toHaveBeenLastCalledWith({ intent: 'warning', message: 'NEW CONTACT NOT AVAILABLE' });
  });

  it('takeNext runs once at a time: a second click (or Alt+N) while the first request runs asks nothing, and the button is busy', async () => {
    const s = setup({ workspace: energiaWorkspace, model: energiaModel });
    await ready(s);
    let answer: (value: { id: string }) => void = () => undefined;
    s.api.contacts.takeNext.mockImplementationOnce(() => new Promise((resolve) => { answer = resolve; }));
    let first: Promise<void> = Promise.resolve();
    act(() => { first = s.list().takeNext(); });
    expect(s.list().takingNext).toBe(true);
    await act(() => s.list().takeNext());
    await act(() => s.list().takeNext());
    expect(s.api.contacts.takeNext).toHaveBeenCalledTimes(1);
    await act(async () => { answer({ id: 'abcdefabcdefabcdefabcdef' }); await first; });
    expect(s.list().takingNext).toBe(false);
    expect(s.navigate).toHaveBeenCalledTimes(1);
    // once it answered, the next take-next is asked again
    await act(() => s.list().takeNext());
    expect(s.api.contacts.takeNext).toHaveBeenCalledTimes(2);
  });

  it('the Take next button is busy and disabled while its request runs, so a second click sends nothing', async () => {
    const s = setup({ workspace: energiaWorkspace, model: energiaModel });
    await ready(s);
    s.hook.unmount();
    setViewportWidth(1280);
    let answer: (value: { id: string }) => void = () => undefined;
    s.api.contacts.takeNext.mockImplementationOnce(() => new Promise((resolve) => { answer = resolve; }));
    const Wrapper = s.wrapper;
    render(<Wrapper><HotkeysProvider><ContactsListScreen /></HotkeysProvider></Wrapper>);
    const button = await screen.findByRole('button', { name: 'New handling' });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'New handling' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'New handling' })).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'New handling' }));
    expect(s.api.contacts.takeNext).toHaveBeenCalledTimes(1);
    await act(async () => { answer({ id: 'abcdefabcdefabcdefabcdef' }); });
    expect(s.navigate).toHaveBeenCalledWith('/contacts/show/abcdefabcdefabcdefabcdef');
  });

  it('exports the filter (no paging) as CSV with progress and saves it under the server name', async () => {
    const s = setup({ url: '/contacts/list?page=2&priority=5' });
    await ready(s);
    await act(() => s.list().exportCsv());
    const [ws, body] = s.api.contacts.exportCsv.mock.calls[0];
    expect(ws).toBe('sinistri-auto');
    expect((body as { filters: ContactFilter }).filters).toEqual({ order: 'desc', priority: 5 });
    expect(s.saveFile).toHaveBeenCalledWith(expect.objectContaining({ filename: 'report-1.csv', bytes: 20 }));
    expect(s.list().exporting).toEqual({ running: false, bytes: 0 });
  });

  it('an export can be stopped: nothing is saved and no error is shown', async () => {
    const s = setup();
    await ready(s);
    s.api.contacts.exportCsv.mockImplementationOnce((_ws: string, _body: unknown, _progress?: unknown, signal?: AbortSignal) => new Promise<DownloadedFile>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new ApiRequestError({ kind: 'aborted', status: null, message: 'aborted', errors: [], requestText: 'POST x', handled: true })));
    }));
    let running: Promise<void> = Promise.resolve();
    act(() => { running = s.list().exportCsv(); });
    expect(s.list().exporting.running).toBe(true);
    await act(async () => { s.list().stopExport(); await running; });
    expect(s.list().exporting).toEqual({ running: false, bytes: 0 });
    expect(s.saveFile).not.toHaveBeenCalled();
    expect(s.toasts.show).not.toHaveBeenCalled();
  });

  it('refreshes the KPI strip every 60 s', async () => {
    jest.useFakeTimers();
    const s = setup();
    await act(async () => { await jest.advanceTimersByTimeAsync(10); });
    expect(s.api.contacts.kpi).toHaveBeenCalledTimes(1);
    expect(s.list().kpi).toEqual({ standard: { Totale: 42 }, custom: {} });
    await act(async () => { await jest.advanceTimersByTimeAsync(KPI_REFRESH_MS); });
    expect(s.api.contacts.kpi).toHaveBeenCalledTimes(2);
    await act(async () => { await jest.advanceTimersByTimeAsync(KPI_REFRESH_MS); });
    expect(s.api.contacts.kpi).toHaveBeenCalledTimes(3);
  });
});

describe('contact list controller: bulk actions (spec 2 §5)', () => {
  const assign = sinistriWorkspace.massiveActions.find((a) => a.key === 'assegna');
  const reminder = sinistriWorkspace.massiveActions.find((a) => a.key === 'sollecito');

  it('assign on the selected rows: agents capped at assignMaxAgents, then the worked-count toast for 3 s', async () => {
    const s = setup();
    await ready(s);
    act(() => s.list().selection.toggle(row(1).id));
    act(() => s.list().selection.toggle(row(2).id));
    expect(s.list().selection.pageState).toBe('some');
    act(() => s.list().bulk.start(assign as never));
    await waitFor(() => expect(s.list().bulk.agents).toHaveLength(5));
    for (const id of ['u1', 'u2', 'u3', 'u4']) act(() => s.list().bulk.toggleAgent(id));
    expect(s.list().bulk.chosenAgents).toEqual(['u1', 'u2', 'u3']);
    expect(s.list().bulk.agentDisabled('u4')).toBe(true);
    expect(s.list().bulk.agentDisabled('u1')).toBe(false);
    act(() => s.list().bulk.toggleAgent('u2'));
    expect(s.list().bulk.agentDisabled('u4')).toBe(false);
    await act(() => s.list().bulk.run());
    expect(s.api.contacts.massiveAction).toHaveBeenCalledWith('sinistri-auto', 'assegna', { contactIds: [row(1).id, row(2).id], agentsToBeAssigned: ['u1', 'u3'] });
    expect(s.toasts.show).toHaveBeenCalledWith({ intent: 'success', message: 'CONTACTS WORKED:2/2', timeout: 3_000 });
    expect(s.list().bulk.current).toBeNull();
    expect(s.list().selection.ids).toEqual([]);
  });

  it('an assign with no agent chosen does not run', async () => {
    const s = setup();
    await ready(s);
    act(() => s.list().bulk.start(assign as never));
    await waitFor(() => expect(s.list().bulk.agentsLoading).toBe(false));
    await act(() => s.list().bulk.run());
    expect(s.list().bulk.touched).toBe(true);
    expect(s.api.contacts.massiveAction).not.toHaveBeenCalled();
  });

  it('with no rows selected: the whole filter, a contacts limit defaulting to the total; extra parameters checked', async () => {
    const s = setup({ url: '/contacts/list?priority=4&page=1' });
    await ready(s);
    act(() => s.list().bulk.start(reminder as never));
    expect(s.list().bulk.selectedCount).toBe(0);
    expect(s.list().bulk.limit).toBe(42);
    expect(s.list().bulk.problems).toEqual({ protocollo: 'required' });
    await act(() => s.list().bulk.run());
    expect(s.api.contacts.massiveAction).not.toHaveBeenCalled();
    act(() => s.list().bulk.setParam('protocollo', 'PR-12'));
    expect(s.list().bulk.problems).toEqual({ protocollo: 'regex' });
    act(() => s.list().bulk.setParam('protocollo', 'PR-123456'));
    act(() => s.list().bulk.setLimit(0));
    expect(s.list().bulk.limitValid).toBe(false);
    // An exact total bounds the limit.
    expect(s.list().bulk.limitMax).toBe(42);
    act(() => s.list().bulk.setLimit(43));
    expect(s.list().bulk.limitValid).toBe(false);
    act(() => s.list().bulk.setLimit(5));
    await act(() => s.list().bulk.run());
    expect(s.api.contacts.massiveAction).toHaveBeenCalledWith('sinistri-auto', 'sollecito', {
      filters: { order: 'desc', priority: 4 }, count: 5, additionalParams: { protocollo: 'PR-123456' },
    });
    expect(s.toasts.show).toHaveBeenCalledWith({ intent: 'success', message: 'CONTACTS WORKED:5/5', timeout: 3_000 });
  });

  it('selection: the page toggle, kept across pages, cleared when the filter changes', async () => {
    const s = setup();
    await ready(s);
    act(() => s.list().selection.togglePage());
    expect(s.list().selection.pageState).toBe('all');
    expect(s.list().selection.ids).toHaveLength(10);
    act(() => s.list().setPage(1));
    await ready(s);
    expect(s.list().selection.ids).toHaveLength(10);
    expect(s.list().selection.pageState).toBe('none');
    act(() => s.list().setFilter({ ...s.list().filter, priority: 3 }));
    await ready(s);
    expect(s.list().selection.ids).toEqual([]);
  });
});
