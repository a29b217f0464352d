import { authRoutes, isGroupRequired, type LoginData, type SigninBody, type SigninResult } from '../../src/domain/api/auth';

describe('auth contract', () => {
  it('derives the TypeScript types from the same schemas the server registers', () => {
    const body: SigninBody = { username: 'admin', password: 'x' };
    const login: LoginData = {
      user: { id: 'u-admin', username: 'admin', role: 'admin', groupId: null, isSysadmin: false, groups: [] },
      sessionStart: 1,
      sessionTimeout: 2,
    };
    const result: SigninResult = login;
    expect(isGroupRequired(result)).toBe(false);
    expect(isGroupRequired({ groupRequired: true, groups: [{ id: 'g', name: 'G' }] })).toBe(true);
    expect(authRoutes.signin.schema.body.required).toEqual(['username', 'password']);
    expect(body.username).toBe('admin');
  });
});
