/**
 * @jest-environment node
 */
import nock from 'nock';
import { createApiClient, filenameOf, type ApiClient } from '@api-client/api-client';
import { ApiRequestError } from '@api-client/api-error';

const BASE = 'http://api.test';
const ID = '0123456789abcdef01234567';

interface Calls { unauthorized: number; errors: string[][]; network: string[] }

const setup = (): { api: ApiClient; calls: Calls } => {
  const calls: Calls = { unauthorized: 0, errors: [], network: [] };
  const api = createApiClient({
    baseUrl: BASE,
    getCurrentPath: () => '/contacts/list',
    onUnauthorized: () => { calls.unauthorized += 1; },
    onAuthPageError: () => undefined,
    onPasswordChangeRequired: () => undefined,
    onErrors: (messages) => { calls.errors.push(messages); },
    onNetworkError: (requestText) => { calls.network.push(requestText); },
  });
  return { api, calls };
};

const row = { id: ID, workspaceId: 'w1', state: 'NEW', outcome: null, notes: null, closed: false, processable: true, suspended: false, availability: 'toProcess', agentId: null, originalContactId: null, priority: 10, createdAt: '2025-01-01T00:00:00Z', lastStateChangeAt: null, version: 1, inputs: {}, outputs: {} };
const errorBody = (statusCode: number, message: string) => ({ statusCode, error: 'Error', message, errors: [] });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('API client: the contact list calls (spec 2 §7)', () => {
  it('search posts the filter and keeps the total next to the rows', async () => {
    const { api } = setup();
    const filter = { page: 1, length: 25, order: 'desc' as const, dataModelFilters: { inputs: { targa: { contains: 'AB' } } } };
    const scope = nock(BASE).post('/api/cntmng/contact/search/w%201', filter).reply(200, { data: [row], total: 26 });
    await expect(api.contacts.search('w 1', filter)).resolves.toEqual({ data: [row], total: 26 });
    scope.done();
  });

  it('take and release answer the contact; a refused take is a 409 with its reason', async () => {
    const { api, calls } = setup();
    const scope = nock(BASE)
      .post(`/api/cntmng/contact/take/${ID}`).reply(200, { data: { ...row, agentId: 'u1' } })
      .post(`/api/cntmng/contact/release/${ID}`).reply(200, { data: row })
      .post(`/api/cntmng/contact/take/${ID}`).reply(409, errorBody(409, 'A suspended contact cannot be taken'));
    await expect(api.contacts.take(ID)).resolves.toMatchObject({ id: ID, agentId: 'u1' });
    await expect(api.contacts.release(ID)).resolves.toMatchObject({ agentId: null });
    const refused = await api.contacts.take(ID).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect((refused as ApiRequestError).status).toBe(409);
    expect(calls.errors).toEqual([['A suspended contact cannot be taken']]);
    scope.done();
  });

  it("takeNext answers the id; quietly, the 404 'NUOVO CONTATTO NON DISPONIBILE' reaches only the caller", async () => {
    const { api, calls } = setup();
    const scope = nock(BASE)
      .get('/api/cntmng/workspace/w1/takeNext').reply(200, { data: { id: ID } })
      .get('/api/cntmng/workspace/w1/takeNext').reply(404, errorBody(404, 'NUOVO CONTATTO NON DISPONIBILE'));
    await expect(api.contacts.takeNext('w1')).resolves.toEqual({ id: ID });
    const error = (await api.contacts.takeNext('w1', { quiet: true }).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(404);
    expect(error.message).toBe('NUOVO CONTATTO NON DISPONIBILE');
    expect(error.handled).toBe(false);
    expect(calls.errors).toEqual([]);
    scope.done();
  });

  it('kpi sends the timezone; enum values post the parents with the optional contact id', async () => {
    const { api } = setup();
    const scope = nock(BASE)
      .get('/api/cntmng/kpi/w1').query({ timezone: 'Europe/Rome' }).reply(200, { data: { standard: { Totale: 3 }, custom: { Aperto: 1 } } })
      .post('/api/cntmng/workspace/w1/enum/inputs/citt%C3%A0', { provincia: 'MI' }).query({ contactId: ID }).reply(200, { data: [{ value: 'MI', label: 'Milano' }] });
    await expect(api.contacts.kpi('w1', 'Europe/Rome')).resolves.toEqual({ standard: { Totale: 3 }, custom: { Aperto: 1 } });
    await expect(api.contacts.enumValues('w1', 'inputs', 'città', { provincia: 'MI' }, ID)).resolves.toEqual([{ value: 'MI', label: 'Milano' }]);
    scope.done();
  });

  it('massiveAction posts ids or filter with count, params and agents, and answers the worked count', async () => {
    const { api } = setup();
    const body = { filters: { states: ['A'] }, count: 5, additionalParams: { protocollo: 'PR-123456' }, agentsToBeAssigned: ['u1', 'u2'] };
    const scope = nock(BASE).post('/api/cntmng/workspace/w1/massiveAction/assegna', body).reply(200, { data: 5 });
    await expect(api.contacts.massiveAction('w1', 'assegna', body)).resolves.toBe(5);
    scope.done();
  });

  it('exportCsv reads the stream with progress and names the file as the server does', async () => {
    const { api } = setup();
    const lines = ['ID,Stato', ...Array.from({ length: 2_000 }, (_, i) => `${i.toString(16).padStart(24, '0')},NEW`)].join('\r\n');
    const scope = nock(BASE)
      .post('/api/cntmng/exportCsv/w1', { filters: { priority: 5 }, timezone: 'Europe/Rome' })
      .reply(200, lines, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="report-20250101-120000.csv"' });
    const progress: number[] = [];
    const file = await api.contacts.exportCsv('w1', { filters: { priority: 5 }, timezone: 'Europe/Rome' }, (bytes) => progress.push(bytes));
    expect(file.filename).toBe('report-20250101-120000.csv');
    expect(file.bytes).toBe(Buffer.byteLength(lines));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(file.bytes);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(await file.blob.text()).toBe(lines);
    expect(file.blob.type).toContain('text/csv');
    expect(api.inFlight).toBe(0);
    scope.done();
  });

  it('a failed export goes through the error catalogue (401 signs out)', async () => {
    const { api, calls } = setup();
    nock(BASE).post('/api/cntmng/exportCsv/w1').reply(401, errorBody(401, 'Unauthorized'));
    const error = (await api.contacts.exportCsv('w1', {}).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.kind).toBe('unauthorized');
    expect(calls.unauthorized).toBe(1);
  });

  it('logout aborts an export in flight without reporting it', async () => {
    const { api, calls } = setup();
    nock(BASE).post('/api/cntmng/exportCsv/w1').delay(200).reply(200, 'ID\r\n');
    const pending = api.contacts.exportCsv('w1', {}).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.abortAll()).toBe(1);
    const outcome = await pending;
    expect((outcome as ApiRequestError).kind).toBe('aborted');
    expect(calls.network).toEqual([]);
  });

  it('reads plain and RFC 5987 filenames', () => {
    expect(filenameOf('attachment; filename="report-1.csv"')).toBe('report-1.csv');
    expect(filenameOf('attachment; filename=report-2.csv')).toBe('report-2.csv');
    expect(filenameOf("attachment; filename*=UTF-8''report%203.csv")).toBe('report 3.csv');
    expect(filenameOf(null)).toBeNull();
  });
});

describe('API client: the organisation lists (spec 1 §7)', () => {
  it('getOutsourcer posts no body; getSite and getTeam post the parent id lists (empty: all)', async () => {
    const { api } = setup();
    const items = [{ id: 'x', name: 'X' }];
    const scope = nock(BASE)
      .post('/api/auth/getOutsourcer', (body) => body === '' || body === undefined).reply(200, { data: items })
      .post('/api/auth/getSite', { outsourcerId: ['o1'] }).reply(200, { data: items })
      .post('/api/auth/getTeam', { siteId: [] }).reply(200, { data: items })
      .post('/api/auth/getTeam', { siteId: ['s1', 's2'] }).reply(200, { data: [] });
    await expect(api.organisation.outsourcers()).resolves.toEqual(items);
    await expect(api.organisation.sites(['o1'])).resolves.toEqual(items);
    await expect(api.organisation.teams()).resolves.toEqual(items);
    await expect(api.organisation.teams(['s1', 's2'])).resolves.toEqual([]);
    scope.done();
  });
});
