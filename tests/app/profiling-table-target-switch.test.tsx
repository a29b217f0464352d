import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { UsersClient } from '@api-client/users-client';
import type { UserRow, UserSearchBody, UserSearchResult } from '@domain/api/users';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { WorkspaceUsersDialog } from '@app/features/setting/WorkspaceUsersDialog';
import type { OrgLookups } from '@app/ui/org-filter/use-org-filter-cascade';
import { useProfilingTable, type ProfilingTarget } from '@app/ui/profiling-table/use-profiling-table';
import { createI18nWithScreens } from './support/i18n';
import { deferred } from './support/deferred';

/**
 * The per-workspace and per-report user tables while their rows load: the rows of the workspace (or report) shown
 * before never stay live under another one, no toggle moves until the rows come, and a failed load offers a Retry.
 */

const userRow = (id: string, username: string, extra: Partial<UserRow> = {}): UserRow => ({
  id, username, role: 'basic', status: '', lastPasswordChange: '2026-01-10T09:00:00.000Z', outsourcerId: 'o-1', outsourcerName: 'NordCall',
  siteIds: ['s-1'], teamIds: ['t-1'], siteNames: ['Milano'], teamNames: ['Inbound'], manageable: true,
  workspaceEnabled: true, workspaceToggleable: true, reportEnabled: true, reportToggleable: true, ...extra,
} as UserRow);

/** A users client whose searches wait until the test answers them, in the order it likes. */
const pendingUsers = () => {
  const asked: Array<{ body: UserSearchBody; answer: ReturnType<typeof deferred<UserSearchResult>> }> = [];
  const search = jest.fn((body: UserSearchBody) => {
    const answer = deferred<UserSearchResult>();
    asked.push({ body, answer });
    return answer.promise;
  });
  const profiling = jest.fn(async () => ({ ok: true }));
  const last = () => asked[asked.length - 1];
  return { users: { search, profiling } as unknown as UsersClient, asked, last, search, profiling };
};

const workspaces = [{ id: 'w1', name: 'Workspace w1', dataModelId: 'dm-w1', enabled: true }, { id: 'w2', name: 'Workspace w2', dataModelId: 'dm-w2', enabled: true }];
const org = { lookups: {} as OrgLookups, enabled: false, showTeams: false };

const renderDialog = (users: UsersClient, language = 'en-US') => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  const i18n = createI18nWithScreens(localStorage);
  render(
    <I18nextProvider i18n={i18n}>
      <WorkspaceUsersDialog users={users} workspaces={workspaces} currentWorkspaceId="w1" org={org} onUnlock={() => undefined} onDone={() => undefined} onClose={() => undefined} />
    </I18nextProvider>,
  );
};

/** Blueprint's Switch is a checkbox named '<username>: <tooltip>'. */
const table = () => within(screen.getByRole('dialog')).getByRole('table');
const busy = () => screen.getByRole('dialog').querySelector('.cm-admin-table')?.getAttribute('aria-busy');

beforeEach(() => localStorage.clear());

describe('Users of a workspace: switching the workspace', () => {
  it("hides the previous workspace's rows, so none of its toggles applies to the new one", async () => {
    const fake = pendingUsers();
    renderDialog(fake.users);
    await waitFor(() => expect(fake.search).toHaveBeenCalledTimes(1));
    await act(async () => fake.last().answer.resolve({ data: [userRow('u-1', 'mario.rossi', { workspaceEnabled: true })], total: 1 }));
    expect(within(table()).getByRole('checkbox', { name: /^mario\.rossi:/ })).toBeEnabled();

    const ui = userEvent.setup();
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Workspace' }), 'w2');
    await waitFor(() => expect(fake.last().body.workspaceId).toBe('w2'));
    // w1's rows are gone while w2's load: no switch to click, a spinner instead
    expect(screen.queryByRole('checkbox', { name: /^mario\.rossi:/ })).not.toBeInTheDocument();
    expect(busy()).toBe('true');
    expect(within(screen.getByRole('dialog')).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();

    await act(async () => fake.last().answer.resolve({ data: [userRow('u-2', 'anna.bianchi', { workspaceEnabled: false })], total: 1 }));
    const toggle = within(table()).getByRole('checkbox', { name: /^anna\.bianchi:/ });
    await ui.click(toggle);
    expect(fake.profiling).toHaveBeenCalledTimes(1);
    expect(fake.profiling).toHaveBeenCalledWith({ entity: 'workspace', action: 'enable', userIds: ['u-2'], entityIds: ['w2'] });
  });

  it('keeps the rows of another page under a spinner with their toggles and checkboxes off until the page comes', async () => {
    const fake = pendingUsers();
    renderDialog(fake.users);
    await waitFor(() => expect(fake.search).toHaveBeenCalledTimes(1));
    const first = Array.from({ length: 10 }, (_, i) => userRow(`u-${i}`, `user${i}`));
    await act(async () => fake.last().answer.resolve({ data: first, total: 25 }));
    const ui = userEvent.setup();
    await ui.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(fake.last().body.page).toBe(1));

    expect(busy()).toBe('true');
    expect(within(table()).getByRole('checkbox', { name: /^user0:/ })).toBeDisabled();
    expect(within(table()).getByRole('checkbox', { name: 'Select row user0' })).toBeDisabled();
    expect(within(screen.getByRole('dialog')).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();

    await act(async () => fake.last().answer.resolve({ data: [userRow('u-10', 'user10')], total: 25 }));
    expect(busy()).toBe('false');
    expect(within(table()).getByRole('checkbox', { name: /^user10:/ })).toBeEnabled();
  });

  it('a failed load is not "no users": it says so, and Retry asks again', async () => {
    const fake = pendingUsers();
    renderDialog(fake.users);
    await waitFor(() => expect(fake.search).toHaveBeenCalledTimes(1));
    await act(async () => fake.last().answer.reject(new Error('network down')));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('The users could not be loaded')).toBeInTheDocument();
    expect(within(dialog).queryByText('No users match')).not.toBeInTheDocument();

    const ui = userEvent.setup();
    await ui.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fake.search).toHaveBeenCalledTimes(2));
    await act(async () => fake.last().answer.resolve({ data: [userRow('u-1', 'mario.rossi')], total: 1 }));
    expect(within(table()).getByRole('checkbox', { name: /^mario\.rossi:/ })).toBeEnabled();
    expect(within(dialog).queryByText('The users could not be loaded')).not.toBeInTheDocument();
  });

  it('the failure and its Retry in Italian', async () => {
    const fake = pendingUsers();
    renderDialog(fake.users, 'it-IT');
    await waitFor(() => expect(fake.search).toHaveBeenCalledTimes(1));
    await act(async () => fake.last().answer.reject(new Error('network down')));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Non è stato possibile caricare gli utenti')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});

describe('the Reports tab table: switching the report', () => {
  it("has no rows of the previous report, and refuses to change anything, until the new report's rows come", async () => {
    const fake = pendingUsers();
    const r1: ProfilingTarget = { entity: 'report', workspaceId: 'w1', reportId: 'r1' };
    const r2: ProfilingTarget = { entity: 'report', workspaceId: 'w1', reportId: 'r2' };
    const hook = renderHook(({ target }) => useProfilingTable({ users: fake.users, target }), { initialProps: { target: r1 } });
    await waitFor(() => expect(fake.search).toHaveBeenCalledTimes(1));
    await act(async () => fake.last().answer.resolve({ data: [userRow('u-1', 'mario.rossi', { reportEnabled: true })], total: 1 }));
    const shownForR1 = hook.result.current.rows;
    expect(shownForR1.map((r) => r.id)).toEqual(['u-1']);

    hook.rerender({ target: r2 });
    // at once, in the very render that switched the report
    expect(hook.result.current.rows).toEqual([]);
    expect(hook.result.current.loading).toBe(true);
    let changed = true;
    await act(async () => { changed = await hook.result.current.set(shownForR1, 'disable'); });
    expect(changed).toBe(false);
    expect(fake.profiling).not.toHaveBeenCalled();

    await waitFor(() => expect(fake.last().body.reportId).toBe('r2'));
    await act(async () => fake.last().answer.resolve({ data: [userRow('u-1', 'mario.rossi', { reportEnabled: false })], total: 1 }));
    expect(hook.result.current.loading).toBe(false);
    expect(hook.result.current.rows.map((r) => r.reportEnabled)).toEqual([false]);
  });
});
