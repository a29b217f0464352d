import { act, renderHook, waitFor } from '@testing-library/react';
import type { UsersClient } from '@api-client/users-client';
import type { UserRow, UserSearchBody } from '@domain/api/users';
import { ownPlacementSource, useCreateUserController, type PlacementSource } from '@app/features/setting/use-create-user-controller';

/** The create-user wizard's controller (spec 1 §4, §5) with the users API faked at its seam. */

const row = (id: string, username: string, extra: Partial<UserRow> = {}): UserRow => ({
  id, username, role: 'basic', status: 'active', lastPasswordChange: null, outsourcerId: 'o-1', outsourcerName: 'NordCall',
  siteIds: ['s-1'], teamIds: ['t-1'], siteNames: ['Milano'], teamNames: ['Inbound'], manageable: true, ...extra,
} as UserRow);

const fakeUsers = (rows: UserRow[] = []) => {
  const search = jest.fn(async (body: UserSearchBody) => {
    const matching = rows.filter((r) => r.username.includes(body.text ?? ''));
    const length = body.length ?? 10;
    const page = body.page ?? 0;
    return { data: matching.slice(page * length, (page + 1) * length), total: matching.length };
  });
  const signup = jest.fn(async (_body: unknown) => ({ id: 'u-new', username: 'nuovo', password: 'Tmp-1234!' }));
  const availability = jest.fn(async () => ({ available: true }));
  return { users: { search, signup, availability } as unknown as UsersClient, search, signup };
};

const oneOutsourcer: PlacementSource = {
  outsourcers: async () => [{ id: 'o-1', name: 'NordCall' }],
  sites: async () => [{ id: 's-1', name: 'Milano' }],
  teams: async () => [{ id: 't-1', name: 'Inbound' }],
};

describe('the create-user wizard controller', () => {
  it('saves a statistic user with no place, even with the only outsourcer chosen in advance', async () => {
    const { users, signup } = fakeUsers();
    const admin = { id: 'u-admin', username: 'admin', role: 'admin' as const };
    const hook = renderHook(() => useCreateUserController({ users, creator: admin, source: oneOutsourcer }));
    await waitFor(() => expect(hook.result.current.outsourcerId).toBe('o-1'));
    act(() => { hook.result.current.setUsername('statnuovo'); hook.result.current.setRole('middle'); });
    expect(hook.result.current.roleDone).toBe(true);
    await act(async () => { await hook.result.current.save(); });
    expect(signup).toHaveBeenCalledWith({ username: 'statnuovo', role: 'middle', outsourcerId: null, siteId: [], teamId: [] }, { quiet: true });
  });

  it("sends the group the creator works in with the new user (spec 1 §3: the new-user payload)", async () => {
    const { users, signup } = fakeUsers();
    const admin = { id: 'u-admin', username: 'admin', role: 'admin' as const, groupId: 'g-nord' };
    const hook = renderHook(() => useCreateUserController({ users, creator: admin, source: oneOutsourcer }));
    await waitFor(() => expect(hook.result.current.outsourcerId).toBe('o-1'));
    act(() => { hook.result.current.setUsername('statnuovo'); hook.result.current.setRole('middle'); });
    await act(async () => { await hook.result.current.save(); });
    expect(signup).toHaveBeenCalledWith({ username: 'statnuovo', role: 'middle', groupId: 'g-nord', outsourcerId: null, siteId: [], teamId: [] }, { quiet: true });
  });

  it('refuses a username with a space, even at its ends, as it refuses any other character', async () => {
    const { users } = fakeUsers();
    const admin = { id: 'u-admin', username: 'admin', role: 'admin' as const };
    const hook = renderHook(() => useCreateUserController({ users, creator: admin, source: oneOutsourcer }));
    for (const typed of [' bob', 'bob ', 'bo b', 'bob!']) {
      act(() => hook.result.current.setUsername(typed));
      expect(hook.result.current.availability).toBe('invalid');
      expect(hook.result.current.usernameDone).toBe(false);
    }
    act(() => hook.result.current.setUsername('bob_1-x'));
    await waitFor(() => expect(hook.result.current.availability).toBe('available'));
  });

  it("finds a team-leader's own place even when more than a page of usernames contain theirs", async () => {
    // 25 users whose names contain 'ann' and sort before it, then the team-leader 'ann' on the second page.
    const others = Array.from({ length: 25 }, (_, i) => row(`u-${i}`, `aann${String(i).padStart(2, '0')}`, { outsourcerId: 'o-other', outsourcerName: 'Altro' }));
    const self = row('u-ann', 'ann', { role: 'team-leader', outsourcerId: 'o-1', siteIds: ['s-1'], teamIds: ['t-1', 't-2'], teamNames: ['Inbound', 'Outbound'] });
    const { users, search } = fakeUsers([...others, self]);
    const source = ownPlacementSource(users, { id: 'u-ann', username: 'ann' });
    expect(await source.outsourcers()).toEqual([{ id: 'o-1', name: 'NordCall' }]);
    expect(await source.teams(['s-1'])).toEqual([{ id: 't-1', name: 'Inbound' }, { id: 't-2', name: 'Outbound' }]);
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('finds no place, without looping, when the own row is not among the matches', async () => {
    const { users, search } = fakeUsers(Array.from({ length: 45 }, (_, i) => row(`u-${i}`, `bob${i}`)));
    const source = ownPlacementSource(users, { id: 'u-bob', username: 'bob' });
    expect(await source.outsourcers()).toEqual([]);
    expect(search).toHaveBeenCalledTimes(3);
  });
});
