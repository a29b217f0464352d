/**
 * @jest-environment node
 */
import nock from 'nock';
import { createApiClient, type ApiClient, type ApiClientCallbacks } from '@api-client/api-client';
import { ApiRequestError } from '@api-client/api-error';
import { AUTH_MESSAGES } from '@domain/errors';
import { reportRoutes } from '@domain/api/reports';

const BASE = 'http://api.test';

interface Calls { unauthorized: number; authPage: string[]; passwordChange: string[]; errors: string[][]; network: string[] }

const setup = (path = '/contacts/list'): { api: ApiClient; calls: Calls; setPath(p: string): void } => {
  let current = path;
  const calls: Calls = { unauthorized: 0, authPage: [], passwordChange: [], errors: [], network: [] };
  const callbacks: ApiClientCallbacks = {
    onUnauthorized: () => { calls.unauthorized += 1; },
    onAuthPageError: (message) => { calls.authPage.push(message); },
    onPasswordChangeRequired: (message) => { calls.passwordChange.push(message); },
    onErrors: (messages) => { calls.errors.push(messages); },
    onNetworkError: (requestText) => { calls.network.push(requestText); },
  };
  const api = createApiClient({ baseUrl: BASE, getCurrentPath: () => current, ...callbacks });
  return { api, calls, setPath: (p) => { current = p; } };
};

const errorBody = (statusCode: number, message: string, errors: Array<{ message: string; field?: string }> = []) =>
  ({ statusCode, error: 'Error', message, errors });

const user = { id: 'u1', username: 'admin', role: 'admin', groupId: null, isSysadmin: false, groups: [] };

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('API client: calls and envelope', () => {
  it('signs in with the body, unwraps {data} and sends cookies', async () => {
    const { api } = setup('/login');
    const scope = nock(BASE)
      .post('/api/auth/signin', { username: 'admin', password: 'Demo2026!' })
      .reply(200, { data: { user, sessionStart: 1, sessionTimeout: 1_800_000, workspaceId: 'w1' } });
    const result = await api.auth.signin({ username: 'admin', password: 'Demo2026!' });
    expect(result).toEqual({ user, sessionStart: 1, sessionTimeout: 1_800_000, workspaceId: 'w1' });
    scope.done();
  });

  it('returns the group choice of a system administrator', async () => {
    const { api } = setup('/login');
    nock(BASE).post('/api/auth/signin').reply(200, { data: { groupRequired: true, groups: [{ id: 'g1', name: 'Group one' }] } });
    await expect(api.auth.signin({ username: 'sysadmin', password: 'x' })).resolves.toEqual({ groupRequired: true, groups: [{ id: 'g1', name: 'Group one' }] });
  });

  it('reaches every session, workspace, data-model, agent and branding path of the contract', async () => {
    const { api } = setup();
    const scope = nock(BASE)
      .get('/api/auth/current-user').reply(200, { data: user })
      .get('/api/auth/session').reply(200, { data: { id: 'u1', username: 'admin', role: 'admin', sessionStart: 5, sessionTimeout: 60_000 } })
      .get('/api/auth/renew').reply(200, { data: { sessionStart: 10, sessionTimeout: 60_000 } })
      .post('/api/auth/signin/pass-change', { username: 'a', oldPassword: 'b', newPassword: 'Aa1!aaaa' }).reply(200, { data: { user, sessionStart: 1, sessionTimeout: 2 } })
      .get('/api/auth/user').reply(200, { data: [{ id: 'u2', username: 'agent' }] })
      .post('/api/cntmng/agent/signin', { agentId: 'u1', workspaceId: 'w 1' }).reply(200, { data: { agentId: 'u1', workspaceId: 'w 1', signedInAt: 1, sessionStart: 1, sessionTimeout: 3 } })
      .post('/api/cntmng/agent/heartbeat').reply(200, { data: { at: 2, sessionStart: 1, sessionTimeout: 3 } })
      .get('/api/cntmng/user/workspace').reply(200, { data: [{ id: 'w 1', name: 'Energia', dataModelId: 'dm1', enabled: true }] })
      .get('/api/cntmng/user/workspace/w%201').reply(200, { data: { id: 'w 1', name: 'Energia', dataModelId: 'dm1', enabled: true } })
      .get('/api/dmll/data-model/dm1').reply(200, { data: { id: 'dm1', fields: {} } })
      .get('/api/cntmng/assets').reply(200, { data: { logoLogin: 'data:a', logoNav: 'data:b' } })
      .post('/api/auth/signout').reply(200, { data: { ok: true } });
    expect((await api.auth.currentUser()).username).toBe('admin');
    expect((await api.auth.session()).role).toBe('admin');
    expect(await api.auth.renew()).toEqual({ sessionStart: 10, sessionTimeout: 60_000 });
    await api.auth.passChange({ username: 'a', oldPassword: 'b', newPassword: 'Aa1!aaaa' });
    expect(await api.auth.users()).toEqual([{ id: 'u2', username: 'agent' }]);
    expect((await api.agent.signin('u1', 'w 1')).sessionTimeout).toBe(3);
    expect((await api.agent.heartbeat()).at).toBe(2);
    expect(await api.workspaces.list()).toHaveLength(1);
    expect((await api.workspaces.get('w 1')).name).toBe('Energia');
    expect((await api.dataModels.get('dm1')).id).toBe('dm1');
    expect(await api.assets.get()).toEqual({ logoLogin: 'data:a', logoNav: 'data:b' });
    await api.auth.signout();
    scope.done();
  });

  it('asks fetch to include credentials so the jwt cookie travels', async () => {
    const seen: RequestInit[] = [];
    const api = createApiClient({
      baseUrl: BASE, getCurrentPath: () => '/', onUnauthorized: jest.fn(), onAuthPageError: jest.fn(), onPasswordChangeRequired: jest.fn(), onErrors: jest.fn(), onNetworkError: jest.fn(),
      fetch: async (input, init) => { seen.push(init ?? {}); return fetch(input, init); },
    });
    nock(BASE).get('/api/cntmng/user/workspace').reply(200, { data: [] });
    await api.workspaces.list();
    expect(seen[0].credentials).toBe('include');
  });
});

describe('API client: the error catalogue of spec 1 §8', () => {
  it('401 outside /login and /changepassword signs out', async () => {
    const { api, calls } = setup('/contacts/list');
    nock(BASE).get('/api/cntmng/user/workspace').reply(401, errorBody(401, 'Unauthorized'));
    const error = await api.workspaces.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, handled: true });
    expect(calls.unauthorized).toBe(1);
    expect(calls.authPage).toEqual([]);
  });

  it.each(['/login', '/changepassword'])('401 on %s is an error toast, not a sign-out', async (path) => {
    const { api, calls } = setup(path);
    nock(BASE).post('/api/auth/signin').reply(401, errorBody(401, AUTH_MESSAGES.loginFailed));
    await expect(api.auth.signin({ username: 'admin', password: 'wrong' })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(calls.unauthorized).toBe(0);
    expect(calls.authPage).toEqual(['LOGIN FAILED']);
  });

  it.each([AUTH_MESSAGES.passwordExpired, AUTH_MESSAGES.temporaryPassword])("'%s' asks for a password change", async (message) => {
    const { api, calls } = setup('/login');
    nock(BASE).post('/api/auth/signin').reply(403, errorBody(403, message, [{ message }]));
    await expect(api.auth.signin({ username: 'scaduto', password: 'Demo2026!' })).rejects.toMatchObject({ kind: 'password-change-required', status: 403 });
    expect(calls.passwordChange).toEqual([message]);
    expect(calls.errors).toEqual([]);
  });

  it('an errors list gives one message each, with the field kept on the error', async () => {
    const { api, calls } = setup('/changepassword');
    nock(BASE).post('/api/auth/signin/pass-change').reply(400, errorBody(400, 'Bad Request', [
      { message: 'newPassword must contain a digit', field: '/newPassword' },
      { message: 'newPassword must contain an upper-case letter', field: '/newPassword' },
    ]));
    const error = await api.auth.passChange({ username: 'a', oldPassword: 'b', newPassword: 'c' }).catch((e: unknown) => e as ApiRequestError);
    expect(calls.errors).toEqual([['newPassword must contain a digit', 'newPassword must contain an upper-case letter']]);
    expect(error).toMatchObject({ kind: 'errors', status: 400 });
    expect((error as ApiRequestError).errors[0].field).toBe('/newPassword');
  });

  it('429 too many attempts is reported through its message', async () => {
    const { api, calls } = setup('/login');
    nock(BASE).post('/api/auth/signin').reply(429, errorBody(429, AUTH_MESSAGES.tooManyAttempts, [{ message: AUTH_MESSAGES.tooManyAttempts }]));
    await expect(api.auth.signin({ username: 'admin', password: 'x' })).rejects.toMatchObject({ status: 429 });
    expect(calls.errors).toEqual([[AUTH_MESSAGES.tooManyAttempts]]);
  });

  it('a network failure reports the request text', async () => {
    const { api, calls } = setup('/contacts/list');
    nock(BASE).get('/api/cntmng/user/workspace').replyWithError('connect ECONNREFUSED');
    await expect(api.workspaces.list()).rejects.toMatchObject({ kind: 'network', status: null });
    expect(calls.network).toEqual(['GET /api/cntmng/user/workspace']);
  });

  it('an unknown failure without a body is reported with the request text', async () => {
    const { api, calls } = setup('/dashboard');
    nock(BASE).get('/api/dmll/data-model/x').reply(502, '');
    await expect(api.dataModels.get('x')).rejects.toMatchObject({ kind: 'network', status: 502 });
    expect(calls.network).toEqual(['GET /api/dmll/data-model/x']);
  });

  it('quiet calls (heartbeat, session check) report nothing and leave the handling to the caller', async () => {
    const { api, calls } = setup('/contacts/list');
    nock(BASE).post('/api/cntmng/agent/heartbeat').reply(401, errorBody(401, 'Unauthorized'))
      .get('/api/auth/session').reply(401, errorBody(401, 'Unauthorized'));
    await expect(api.agent.heartbeat()).rejects.toMatchObject({ kind: 'unauthorized', handled: false });
    await expect(api.auth.session({ quiet: true })).rejects.toMatchObject({ handled: false });
    expect(calls).toEqual({ unauthorized: 0, authPage: [], passwordChange: [], errors: [], network: [] });
  });
});

describe('API client: logout aborts requests in flight', () => {
  it('abortAll cancels pending calls without reporting them', async () => {
    const { api, calls } = setup('/contacts/list');
    nock(BASE).get('/api/cntmng/user/workspace').delay(300).reply(200, { data: [] })
      .get('/api/dmll/data-model/d1').delay(300).reply(200, { data: { id: 'd1' } });
    const first = api.workspaces.list().catch((e: unknown) => e);
    const second = api.dataModels.get('d1').catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.inFlight).toBe(2);
    expect(api.abortAll()).toBe(2);
    expect(await first).toMatchObject({ kind: 'aborted', handled: true });
    expect(await second).toMatchObject({ kind: 'aborted' });
    expect(api.inFlight).toBe(0);
    expect(calls).toEqual({ unauthorized: 0, authPage: [], passwordChange: [], errors: [], network: [] });
  });
});

describe('API client: a call the user stops', () => {
  it('a download given a signal stops when it is aborted: it fails as aborted, and no error is shown', async () => {
    const { api, calls } = setup('/reports');
    nock(BASE).post('/api/cntmng/report/energia-casa/rep-eventi').delay(300).reply(200, 'A;B\r\n1;2\r\n', { 'content-type': 'text/csv' });
    const stop = new AbortController();
    const download = api.download(reportRoutes.run, { params: { workspaceId: 'energia-casa', reportId: 'rep-eventi' }, body: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z', format: 'csv' }, signal: stop.signal }, 'report.csv');
    setTimeout(() => stop.abort(), 20);
    await expect(download).rejects.toMatchObject({ kind: 'aborted', handled: true });
    expect(calls.network).toEqual([]);
    expect(calls.errors).toEqual([]);
  });

  it('a signal already aborted stops the call before it is sent', async () => {
    const { api } = setup('/reports');
    const scope = nock(BASE).post('/api/cntmng/report/energia-casa/rep-eventi').reply(200, 'A\r\n');
    const stop = new AbortController();
    stop.abort();
    await expect(api.download(reportRoutes.run, { params: { workspaceId: 'energia-casa', reportId: 'rep-eventi' }, body: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z', format: 'csv' }, signal: stop.signal }, 'report.csv'))
      .rejects.toMatchObject({ kind: 'aborted' });
    expect(scope.isDone()).toBe(false);
  });
});
