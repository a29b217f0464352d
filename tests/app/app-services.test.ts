/**
 * @jest-environment node
 */
import nock from 'nock';
import { createUsersClient } from '@api-client/users-client';
import { createI18n } from '@app/i18n/i18n';
import { createAppServices } from '@app/services/app-services';
import type { ToastSink } from '@app/shell/toast-service';
import { AUTH_MESSAGES } from '@domain/errors';
import { MemoryStorage } from './support/memory-storage';

const BASE = 'http://app.test';

function setup(path = '/contacts/list') {
  const storage = new MemoryStorage();
  const visited: string[] = [];
  const shown: Array<{ heading?: string; message: string }> = [];
  const services = createAppServices(
    { baseUrl: BASE, storage, sessionStorage: new MemoryStorage(), i18n: createI18n(storage), fetch, reload: () => undefined, roleHomePath: () => '/contacts/list' },
    { navigate: (to) => { visited.push(to); }, currentPath: () => path },
  );
  const sink: ToastSink = { show: (toast) => { shown.push({ heading: toast.heading, message: toast.message }); } };
  services.toasts.attach(sink);
  return { services, visited, shown };
}

const settle = () => new Promise((done) => setTimeout(done, 20));

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('a 401 from the server (spec 1 §4 and §8)', () => {
  it(`of a session the server ended for idleness says 'SESSIONE SCADUTA' once, however many calls meet it, and goes to /login`, async () => {
    const { services, visited, shown } = setup();
    nock(BASE).get('/api/auth/current-user').times(3).reply(401, { statusCode: 401, error: 'Unauthorized', message: AUTH_MESSAGES.sessionExpired });
    nock(BASE).post('/api/auth/signout').optionally().reply(200, { data: {} });
    await Promise.all([1, 2, 3].map(() => services.api.auth.currentUser().catch(() => undefined)));
    await settle();
    expect(shown).toEqual([{ heading: 'SESSIONE SCADUTA', message: 'Verrai reindirizzato alla pagina di login' }]);
    expect(visited).toEqual(['/login']);
  });

  it('of a session that ended because an admin locked the account says so, once, and goes to /login', async () => {
    const { services, visited, shown } = setup();
    nock(BASE).get('/api/auth/current-user').times(2).reply(401, { statusCode: 401, error: 'Unauthorized', message: AUTH_MESSAGES.accountLocked });
    nock(BASE).post('/api/auth/signout').optionally().reply(200, { data: {} });
    await Promise.all([1, 2].map(() => services.api.auth.currentUser().catch(() => undefined)));
    await settle();
    expect(shown).toEqual([{ heading: 'Account bloccato', message: 'Il tuo account è bloccato: chiedi a un amministratore di sbloccarlo' }]);
    expect(visited).toEqual(['/login']);
  });

  it('of any other kind signs out to /login without that toast', async () => {
    const { services, visited, shown } = setup();
    nock(BASE).get('/api/auth/current-user').reply(401, { statusCode: 401, error: 'Unauthorized', message: AUTH_MESSAGES.unauthorized });
    nock(BASE).post('/api/auth/signout').optionally().reply(200, { data: {} });
    await services.api.auth.currentUser().catch(() => undefined);
    await settle();
    expect(shown).toEqual([]);
    expect(visited).toEqual(['/login']);
  });
});

describe("the server's sign-in messages are said in the user's language (spec 1 §8)", () => {
  it.each([
    [AUTH_MESSAGES.temporaryPassword, 'CHANGE PASSWORD REQUIRED', 'La password è temporanea: scegline una nuova', ['/changepassword']],
    [AUTH_MESSAGES.passwordExpired, 'CHANGE PASSWORD REQUIRED', 'La password è scaduta: scegline una nuova', ['/changepassword']],
    [AUTH_MESSAGES.tooManyAttempts, 'LOGIN FAILED', 'Troppi accessi non riusciti: riprova più tardi', []],
    [AUTH_MESSAGES.loginFailed, 'LOGIN FAILED', 'Nome utente o password errati', []],
    // a locked account, with the right password, is headed as the lock met during a session (not a failed login)
    [AUTH_MESSAGES.accountLocked, 'Account bloccato', 'Il tuo account è bloccato: chiedi a un amministratore di sbloccarlo', []],
  ])('%s', async (message, heading, text, visits) => {
    const { services, visited, shown } = setup('/login');
    nock(BASE).post('/api/auth/signin').reply(401, { statusCode: 401, error: 'Unauthorized', message, errors: [] });
    await services.api.auth.signin({ username: 'nuovo', password: 'Tmp-1234!' }).catch(() => undefined);
    await settle();
    expect(shown).toEqual([{ heading, message: text }]);
    expect(visited).toEqual(visits);
  });
});


describe("every call carries the app's language, so the server words its answers in it", () => {
  it.each([['it-IT'], ['en-GB']])('%s', async (language) => {
    const { services } = setup();
    await services.i18n.changeLanguage(language);
    const scope = nock(BASE, { reqheaders: { 'accept-language': language } }).get('/api/auth/current-user').reply(200, { data: { id: 'u', username: 'u', role: 'admin', groupId: null, isSysadmin: false, groups: [] } });
    await services.api.auth.currentUser().catch(() => undefined);
    expect(scope.isDone()).toBe(true);
  });

  it.each([['it-IT'], ['en-US']])('%s: file downloads too (the contact CSV export, the bulk user check), which the server words in it', async (language) => {
    const { services } = setup();
    await services.i18n.changeLanguage(language);
    const scope = nock(BASE, { reqheaders: { 'accept-language': language } })
      .post('/api/cntmng/exportCsv/w1').reply(200, 'ID\r\n', { 'content-type': 'text/csv' })
      .post('/api/cntmng/user/check/massive').reply(200, 'row,username,result,message\r\n', { 'content-type': 'text/csv' });
    await services.api.contacts.exportCsv('w1', {});
    await createUsersClient(services.api).bulk('check', new File(['username,role\n'], 'users.csv', { type: 'text/csv' }));
    expect(scope.isDone()).toBe(true);
  });
});
