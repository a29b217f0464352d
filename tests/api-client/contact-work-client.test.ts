/**
 * @jest-environment node
 */
import nock from 'nock';
import { createApiClient, type ApiClient } from '@api-client/api-client';
import { ApiRequestError } from '@api-client/api-error';

const BASE = 'http://api.test';
const ID = '0123456789abcdef01234567';

const setup = () => {
  const calls = { errors: [] as string[][], unauthorized: 0 };
  const api: ApiClient = createApiClient({
    baseUrl: BASE, getCurrentPath: () => `/contacts/show/${ID}`,
    onUnauthorized: () => { calls.unauthorized += 1; }, onAuthPageError: () => undefined, onPasswordChangeRequired: () => undefined,
    onErrors: (m) => { calls.errors.push(m); }, onNetworkError: () => undefined,
  });
  return { api, calls };
};

const contact = { id: ID, version: 3 };

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('API client: contact work calls (spec 2 §7)', () => {
  it('gets a contact with the Agent-Script-Open header', async () => {
    const { api } = setup();
    const scope = nock(BASE, { reqheaders: { 'agent-script-open': 'true' } }).get(`/api/cntmng/contact/${ID}`).reply(200, { data: contact });
    await expect(api.contactWork.get(ID, true)).resolves.toEqual(contact);
    scope.done();
    nock(BASE, { badheaders: ['agent-script-open'] }).get(`/api/cntmng/contact/${ID}`).reply(200, { data: contact });
    await expect(api.contactWork.get(ID)).resolves.toEqual(contact);
  });

  it('states, history, widgets and a widget', async () => {
    const { api } = setup();
    nock(BASE)
      .get(`/api/cntmng/contact/${ID}/states`).reply(200, { data: [{ code: 'A', label: 'a' }] })
      .get(`/api/cntmng/contact/${ID}/stateHistory`).reply(200, { data: [] })
      .get(`/api/cntmng/contact/${ID}/widget`).reply(200, { data: [{ id: 'w1', name: 'W', config: { icon: 'calculator' } }] })
      .get(`/api/cntmng/contact/${ID}/widget/w1`).reply(200, { data: { _isValid: false } });
    await expect(api.contactWork.states(ID)).resolves.toEqual([{ code: 'A', label: 'a' }]);
    await expect(api.contactWork.history(ID)).resolves.toEqual([]);
    await expect(api.contactWork.widgets(ID)).resolves.toHaveLength(1);
    await expect(api.contactWork.widgetData(ID, 'w1')).resolves.toEqual({ _isValid: false });
  });

  it('saves with the body as given; a quiet 409 reaches the caller with no toast', async () => {
    const { api, calls } = setup();
    const body = { version: 3, state: 'B', inputs: { nome: 'x', cognome: null } };
    nock(BASE).put(`/api/cntmng/contact/${ID}`, body).reply(200, { data: { ...contact, version: 4 } });
    await expect(api.contactWork.save(ID, body)).resolves.toEqual({ ...contact, version: 4 });
    nock(BASE).put(`/api/cntmng/contact/${ID}`).reply(409, { statusCode: 409, error: 'Conflict', message: 'stale', errors: [{ message: 'stale', field: 'version' }] });
    const failure = await api.contactWork.save(ID, body, { quiet: true }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).status).toBe(409);
    expect((failure as ApiRequestError).errors).toEqual([{ message: 'stale', field: 'version' }]);
    expect(calls.errors).toEqual([]);
  });

  it('a 400 keeps the JSON pointers of the fields', async () => {
    const { api } = setup();
    nock(BASE).put(`/api/cntmng/contact/${ID}`).reply(400, { statusCode: 400, error: 'Bad Request', message: 'invalid', errors: [{ field: '/inputs/telefono', message: 'must match pattern' }] });
    const failure = (await api.contactWork.save(ID, { version: 1 }, { quiet: true }).catch((e: unknown) => e)) as ApiRequestError;
    expect(failure.errors).toEqual([{ field: '/inputs/telefono', message: 'must match pattern' }]);
  });

  it('edit, close, insert and clone', async () => {
    const { api } = setup();
    nock(BASE)
      .put(`/api/cntmng/contact/${ID}/edit`, { version: 3, agentId: 'u1', priority: 2 }).reply(200, { data: contact })
      .post(`/api/cntmng/contact/${ID}/close`, {}).reply(200, { data: { ...contact, closed: true } })
      .post('/api/cntmng/contact/insert/minimo', { rawData: { nome: 'a' } }).reply(200, { data: { id: ID, visible: true } })
      .post(`/api/cntmng/contact/${ID}/clone`).reply(200, { data: { id: 'fedcba9876543210fedcba98', visible: true } });
    await expect(api.contactWork.edit(ID, { version: 3, agentId: 'u1', priority: 2 })).resolves.toEqual(contact);
    await expect(api.contactWork.close(ID)).resolves.toMatchObject({ closed: true });
    await expect(api.contactWork.insert('minimo', { rawData: { nome: 'a' } })).resolves.toEqual({ id: ID, visible: true });
    await expect(api.contactWork.clone(ID)).resolves.toEqual({ id: 'fedcba9876543210fedcba98', visible: true });
  });

  it('lists and runs actions with the phone', async () => {
    const { api } = setup();
    nock(BASE)
      .get(`/api/cntmng/contact/${ID}/action`).reply(200, { data: [{ key: 'promo', type: 'sms', name: 'Promo', enabled: true, reason: null }] })
      .post(`/api/cntmng/contact/${ID}/action/promo`, { phone: '+393331234567' }).reply(200, { data: { id: 1, status: 'queued' } })
      .post(`/api/cntmng/contact/${ID}/action/promo`, {}).reply(200, { data: { id: 2, status: 'queued' } });
    await expect(api.contactWork.actions(ID)).resolves.toHaveLength(1);
    await expect(api.contactWork.runAction(ID, 'promo', '+393331234567')).resolves.toMatchObject({ id: 1 });
    await expect(api.contactWork.runAction(ID, 'promo')).resolves.toMatchObject({ id: 2 });
  });

  it('uploads multipart fileContent, reads base64 with Result-Format, deletes, and gets documents', async () => {
    const { api } = setup();
    let multipart = '';
    nock(BASE)
      .post(`/api/cntmng/contact/${ID}/attachment/fotoDanni/a%20b.png`, (body: string) => { multipart = body; return true; })
      .matchHeader('content-type', /^multipart\/form-data; boundary=/)
      .reply(200, { data: { field: 'fotoDanni', name: 'a b.png', contentType: 'image/png', size: 3, items: [{ nome: 'a b.png' }] } });
    const result = await api.contactWork.uploadAttachment(ID, 'fotoDanni', 'a b.png', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }));
    expect(result.items).toEqual([{ nome: 'a b.png' }]);
    expect(multipart).toContain('name="fileContent"; filename="a b.png"');
    nock(BASE, { reqheaders: { 'result-format': 'base64' } })
      .get(`/api/cntmng/contact/${ID}/attachment/fotoDanni/a.png`).reply(200, { data: { contentType: 'image/png', data: 'AQID' } })
      .get(`/api/cntmng/contact/${ID}/doc/documenti/d.pdf`).reply(200, { data: { contentType: 'application/pdf', data: 'JVBE' } });
    nock(BASE).delete(`/api/cntmng/contact/${ID}/attachment/fotoDanni/a.png`).reply(200, { data: { ok: true } });
    await expect(api.contactWork.getAttachment(ID, 'fotoDanni', 'a.png')).resolves.toEqual({ contentType: 'image/png', data: 'AQID' });
    await expect(api.contactWork.getDocument(ID, 'documenti', 'd.pdf')).resolves.toEqual({ contentType: 'application/pdf', data: 'JVBE' });
    await expect(api.contactWork.deleteAttachment(ID, 'fotoDanni', 'a.png')).resolves.toEqual({ ok: true });
  });

  it("a 415 upload answers the spec's message", async () => {
    const { api } = setup();
    nock(BASE).post(`/api/cntmng/contact/${ID}/attachment/fotoDanni/x.png`).reply(415, { statusCode: 415, error: 'Unsupported Media Type', message: 'FILE NON SUPPORTATO', errors: [{ message: 'FILE NON SUPPORTATO' }] });
    const failure = (await api.contactWork.uploadAttachment(ID, 'fotoDanni', 'x.png', new Blob(['x']), { quiet: true }).catch((e: unknown) => e)) as ApiRequestError;
    expect(failure.status).toBe(415);
    expect(failure.errors[0].message).toBe('FILE NON SUPPORTATO');
  });

  it("address lookups: 'nan' when no province", async () => {
    const { api } = setup();
    nock(BASE)
      .get('/api/cntmng/utils/address/provinces').query({ p: 'mil' }).reply(200, { data: [{ p: 'Milano', x: 'MI', r: 'Lombardia' }] })
      .get('/api/cntmng/utils/address/cities').query({ p: 'nan', c: 'ros' }).reply(200, { data: [] })
      .get('/api/cntmng/utils/address/streets').query({ p: 'MI', c: 'Milano', s: 'via' }).reply(200, { data: [{ s: 'Via Roma', c: 'Milano', p: 'Milano', x: 'MI' }] });
    await expect(api.address.provinces('mil')).resolves.toHaveLength(1);
    await expect(api.address.cities('', 'ros')).resolves.toEqual([]);
    await expect(api.address.streets('MI', 'Milano', 'via')).resolves.toHaveLength(1);
  });
});
