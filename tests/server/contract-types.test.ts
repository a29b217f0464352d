import { authRoutes, isGroupRequired, type LoginData, type SigninBody, type SigninResult } from '@domain/api/auth';

/**
 * Type checks, run by tsc (npm run typecheck), not by jest: the types derive from the same schemas the server
 * registers, so a schema change that breaks them fails the build. Never called.
 */
export function contractTypes(): SigninBody[] {
  const body: SigninBody = { username: 'admin', password: 'x' };
  // @ts-expect-error the sign-in body requires a password
  const noPassword: SigninBody = { username: 'admin' };
  // @ts-expect-error the sign-in body has no `user`
  const unknownField: SigninBody = { username: 'admin', password: 'x', user: 'admin' };
  return [body, noPassword, unknownField];
}

const login: LoginData = {
  user: { id: 'u-admin', username: 'admin', role: 'admin', groupId: null, isSysadmin: false, groups: [] },
  sessionStart: 1,
  sessionTimeout: 2,
};

describe('auth contract', () => {
  it('tells a sign-in from a group choice', () => {
    const result: SigninResult = login;
    expect(isGroupRequired(result)).toBe(false);
    expect(isGroupRequired({ groupRequired: true, groups: [{ id: 'g', name: 'G' }] })).toBe(true);
  });

  it('requires the username and the password in the schema the server registers', () => {
    expect(authRoutes.signin.schema.body.required).toEqual(['username', 'password']);
  });
});
