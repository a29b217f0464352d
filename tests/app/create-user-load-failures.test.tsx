import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { UsersClient } from '@api-client/users-client';
import type { IdName } from '@domain/api/common';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { CreateUserWizard } from '@app/features/setting/CreateUserWizard';
import { ownPlacementSource, useCreateUserController, type PlacementSource } from '@app/features/setting/use-create-user-controller';
import { createI18nWithScreens } from './support/i18n';
import { deferred } from './support/deferred';

/**
 * The create-user wizard when its lists fail or answer out of order: a failed outsourcer list is not 'no outsourcer
 * exists' (which would create the user without a place), and the sites of an outsourcer chosen earlier never show
 * under the one chosen last.
 */

const admin = { id: 'u-admin', username: 'admin', role: 'admin' as const };

const usersClient = () => ({
  availability: jest.fn(async () => ({ available: true })),
  signup: jest.fn(async () => ({ id: 'u-new', username: 'nuovo', password: 'Tmp-1234!' })),
  search: jest.fn(async () => ({ data: [], total: 0 })),
}) as unknown as UsersClient;

const renderWizard = (source: PlacementSource, language = 'en-US') => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  const i18n = createI18nWithScreens(localStorage);
  render(
    <I18nextProvider i18n={i18n}>
      <CreateUserWizard users={usersClient()} creator={admin} source={source} onClose={() => undefined} />
    </I18nextProvider>,
  );
};

const toRoleStep = async (ui: ReturnType<typeof userEvent.setup>) => {
  await ui.type(await screen.findByRole('textbox', { name: 'Username' }), 'nuovo');
  await screen.findByText('Username available');
  await ui.click(screen.getByRole('button', { name: 'Next' }));
};

beforeEach(() => localStorage.clear());

describe('the create-user wizard when the outsourcers fail to load', () => {
  it('says so with a Retry, keeps the place required, and offers the outsourcers once they load', async () => {
    const outsourcers = jest.fn<Promise<IdName[]>, []>()
      .mockRejectedValueOnce(new Error('network down'))
      .mockResolvedValue([{ id: 'o-1', name: 'NordCall' }, { id: 'o-2', name: 'SudCall' }]);
    renderWizard({ outsourcers, sites: async () => [{ id: 's-1', name: 'Milano' }], teams: async () => [{ id: 't-1', name: 'Inbound' }] });
    const ui = userEvent.setup();
    await toRoleStep(ui);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The outsourcers could not be loaded');
    expect(screen.queryByText(/No outsourcer exists/)).not.toBeInTheDocument();
    // the roles that need an outsourcer stay offered, and a basic user cannot go on without a place
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect([...role.querySelectorAll('option')].map((o) => o.value)).toEqual(expect.arrayContaining(['manager', 'site-manager', 'basic']));
    await ui.selectOptions(role, 'basic');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');

    await ui.click(screen.getByRole('button', { name: 'Retry' }));
    const outsourcer = await screen.findByRole('option', { name: 'SudCall' });
    expect(outsourcer).toBeInTheDocument();
    expect(screen.queryByText('The outsourcers could not be loaded')).not.toBeInTheDocument();
    expect(outsourcers).toHaveBeenCalledTimes(2);
  });

  it('in Italian too', async () => {
    renderWizard({ outsourcers: async () => { throw new Error('down'); }, sites: async () => [], teams: async () => [] }, 'it-IT');
    const ui = userEvent.setup();
    await ui.type(await screen.findByRole('textbox', { name: 'Nome utente' }), 'nuovo');
    await screen.findByText('Nome utente disponibile');
    await ui.click(screen.getByRole('button', { name: 'Avanti' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossibile caricare gli outsourcer');
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });

  it('only an outsourcer list that loaded empty means none exist', async () => {
    // the wizard's source is memoised by its page: a new one per render would ask again each time
    const users = usersClient();
    const down: PlacementSource = { outsourcers: async () => { throw new Error('down'); }, sites: async () => [], teams: async () => [] };
    const failing = renderHook(() => useCreateUserController({ users, creator: admin, source: down }));
    await waitFor(() => expect(failing.result.current.outsourcersStatus).toBe('failed'));
    expect(failing.result.current.outsourcersExist).toBe(true);
    act(() => failing.result.current.setRole('basic'));
    expect(failing.result.current.roleDone).toBe(false);

    const none: PlacementSource = { outsourcers: async () => [], sites: async () => [], teams: async () => [] };
    const empty = renderHook(() => useCreateUserController({ users, creator: admin, source: none }));
    await waitFor(() => expect(empty.result.current.outsourcersStatus).toBe('ready'));
    expect(empty.result.current.outsourcersExist).toBe(false);
  });

  it("a team-leader's own place: a failed search rejects (not 'no outsourcer'), and the next call searches again", async () => {
    const search = jest.fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue({ data: [{ id: 'u-ann', username: 'ann', outsourcerId: 'o-1', outsourcerName: 'NordCall', siteIds: [], siteNames: [], teamIds: [], teamNames: [] }], total: 1 });
    const source = ownPlacementSource({ search } as unknown as UsersClient, { id: 'u-ann', username: 'ann' });
    await expect(source.outsourcers()).rejects.toThrow('down');
    await expect(source.outsourcers()).resolves.toEqual([{ id: 'o-1', name: 'NordCall' }]);
  });
});

describe('the create-user wizard when the place lists answer out of order', () => {
  it("never shows outsourcer A's call centres under outsourcer B, nor the teams of call centres no longer chosen", async () => {
    const sitesOf = { 'o-a': deferred<IdName[]>(), 'o-b': deferred<IdName[]>() };
    const teamsOf = { 's-a': deferred<IdName[]>(), 's-b': deferred<IdName[]>() };
    const source: PlacementSource = {
      outsourcers: async () => [{ id: 'o-a', name: 'A' }, { id: 'o-b', name: 'B' }],
      sites: (ids) => sitesOf[ids[0] as keyof typeof sitesOf].promise,
      teams: (ids) => teamsOf[ids[0] as keyof typeof teamsOf].promise,
    };
    const users = usersClient();
    const hook = renderHook(() => useCreateUserController({ users, creator: admin, source }));
    await waitFor(() => expect(hook.result.current.outsourcersStatus).toBe('ready'));
    act(() => hook.result.current.setRole('basic'));
    act(() => hook.result.current.chooseOutsourcer('o-a'));
    act(() => hook.result.current.chooseOutsourcer('o-b'));
    await act(async () => sitesOf['o-b'].resolve([{ id: 's-b', name: 'Sites of B' }]));
    await act(async () => sitesOf['o-a'].resolve([{ id: 's-a', name: 'Sites of A' }]));
    expect(hook.result.current.outsourcerId).toBe('o-b');
    expect(hook.result.current.sites).toEqual([{ id: 's-b', name: 'Sites of B' }]);

    act(() => hook.result.current.chooseSites(['s-a']));
    act(() => hook.result.current.chooseSites(['s-b']));
    await act(async () => teamsOf['s-b'].resolve([{ id: 't-b', name: 'Team of B' }]));
    await act(async () => teamsOf['s-a'].resolve([{ id: 't-a', name: 'Team of A' }]));
    expect(hook.result.current.teams).toEqual([{ id: 't-b', name: 'Team of B' }]);
  });

  it('a failed call-centre list says so with a Retry instead of showing an empty list', async () => {
    const sites = jest.fn<Promise<IdName[]>, [readonly string[]]>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue([{ id: 's-1', name: 'Milano' }]);
    const users = usersClient();
    const source: PlacementSource = { outsourcers: async () => [{ id: 'o-1', name: 'A' }, { id: 'o-2', name: 'B' }], sites, teams: async () => [] };
    const hook = renderHook(() => useCreateUserController({ users, creator: admin, source }));
    await waitFor(() => expect(hook.result.current.outsourcersStatus).toBe('ready'));
    act(() => hook.result.current.chooseOutsourcer('o-2'));
    await waitFor(() => expect(hook.result.current.placeFailed).toBe('sites'));
    act(() => hook.result.current.retryPlace());
    await waitFor(() => expect(hook.result.current.sites).toEqual([{ id: 's-1', name: 'Milano' }]));
    expect(hook.result.current.placeFailed).toBeNull();
    expect(sites).toHaveBeenLastCalledWith(['o-2']);
  });
});
