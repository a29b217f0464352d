import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR, createTestApp, signedIn, type TestContext } from './support/test-app';
import { malformedMultipartBodies } from './support/malformed-multipart';

/** Attachments and documents of a contact (spec 2 §2.3, §4, §5, §7) on PGlite or PostgreSQL (TEST_DB=postgres). */

interface FixtureContact { id: string; closed: boolean; processable: boolean; suspended: boolean; agentId: string | null; outputs: Record<string, unknown> }
const SINISTRI: FixtureContact[] = JSON.parse(readFileSync(join(FIXTURES_DIR, 'workspaces', 'sinistri-auto', 'contacts.json'), 'utf8'));
const workable = SINISTRI.filter((c) => !c.closed && c.processable && !c.suspended);

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = await signedIn(ctx.app, 'admin');
});
afterAll(async () => {
  await ctx?.close();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a png image')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

function multipart(bytes: Buffer, filename: string, part = 'fileContent', declared = 'application/octet-stream') {
  const boundary = '----contactwork' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="${filename}"\r\nContent-Type: ${declared}\r\n\r\n`);
  return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const url = (id: string, field: string, name: string, kind = 'attachment') => `/api/cntmng/contact/${id}/${kind}/${field}/${encodeURIComponent(name)}`;
const upload = (id: string, field: string, name: string, bytes: Buffer, part?: string) => {
  const body = multipart(bytes, name, part);
  return ctx.app.inject({ method: 'POST', url: url(id, field, name), payload: body.payload, headers: { ...body.headers, cookie } });
};
const getFile = (path: string, format?: 'base64' | 'buffer') => ctx.app.inject({ method: 'GET', url: path, headers: { cookie, ...(format ? { 'Result-Format': format } : {}) } });
const load = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/cntmng/contact/${id}`, headers: { cookie } })).json().data;

describe('attachments', () => {
  it('round trip: upload, list entry, get as base64 and as buffer, delete', async () => {
    const c = workable[0];
    const before = await load(c.id);
    const uploaded = await upload(c.id, 'fotoDanni', 'paraurti.png', PNG);
    expect(uploaded.statusCode).toBe(200);
    const data = uploaded.json().data;
    expect(data).toMatchObject({ field: 'fotoDanni', name: 'paraurti.png', contentType: 'image/png', size: PNG.length });
    expect(data.items.at(-1)).toEqual({ nome: 'paraurti.png', contentType: 'image/png', attachmentId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const after = await load(c.id);
    expect(after.outputs.fotoDanni).toEqual(data.items);
    // A file change is a change of the contact: the version moves (a save read before it answers 409).
    expect(after.version).toBe(before.version + 1);
    expect(data.version).toBe(after.version);

    const base64 = await getFile(url(c.id, 'fotoDanni', 'paraurti.png'), 'base64');
    expect(base64.statusCode).toBe(200);
    expect(base64.json()).toEqual({ data: { contentType: 'image/png', data: PNG.toString('base64') } });
    expect((await getFile(url(c.id, 'fotoDanni', 'paraurti.png'))).json().data.data).toBe(PNG.toString('base64'));
    const byId = await getFile(url(c.id, 'fotoDanni', data.items.at(-1).attachmentId), 'buffer');
    expect(byId.statusCode).toBe(200);
    expect(byId.headers['content-type']).toBe('image/png');
    expect(byId.rawPayload).toEqual(PNG);

    // Same name replaces; a PDF is sniffed as such.
    const replaced = await upload(c.id, 'fotoDanni', 'paraurti.png', PDF);
    expect(replaced.json().data.items.filter((i: { nome: string }) => i.nome === 'paraurti.png')).toHaveLength(1);
    expect((await getFile(url(c.id, 'fotoDanni', 'paraurti.png'), 'buffer')).headers['content-type']).toBe('application/pdf');

    const deleted = await ctx.app.inject({ method: 'DELETE', url: url(c.id, 'fotoDanni', 'paraurti.png'), headers: { cookie } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: { ok: true, version: expect.any(Number) } });
    expect((await getFile(url(c.id, 'fotoDanni', 'paraurti.png'))).statusCode).toBe(404);
    expect((await load(c.id)).outputs.fotoDanni).toEqual(before.outputs.fotoDanni ?? []);
    expect((await ctx.app.inject({ method: 'DELETE', url: url(c.id, 'fotoDanni', 'paraurti.png'), headers: { cookie } })).statusCode).toBe(404);
  });

  it("refuses files whose bytes are not pdf, png or jpeg with 415 'FILE NON SUPPORTATO', whatever their name", async () => {
    const c = workable[1];
    for (const bytes of [Buffer.from('GIF89a....'), Buffer.from('<html>not a pdf</html>'), Buffer.alloc(0)]) {
      const response = await upload(c.id, 'fotoDanni', 'finto.pdf', bytes);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ message: 'FILE NON SUPPORTATO', errors: [{ field: 'fileContent', message: 'FILE NON SUPPORTATO' }] });
    }
    expect((await upload(c.id, 'fotoDanni', 'foto.jpg', JPEG)).json().data.contentType).toBe('image/jpeg');
    expect(await ctx.db.database.query('SELECT name FROM contact_files WHERE contact_id = $1', [c.id])).toEqual([{ name: 'foto.jpg' }]);
  });

  it('enforces attachmentConfigs.maxSize (413 with the limit in MB) and the default of 5,000,000 bytes', async () => {
    const c = workable[2];
    // sinistri-auto allows 8,000,000 bytes: 6 MB passes the 5 MB default upload limit of the app.
    const six = Buffer.concat([PNG, Buffer.alloc(6_000_000)]);
    expect((await upload(c.id, 'fotoDanni', 'grande.png', six)).statusCode).toBe(200);
    const over = await upload(c.id, 'fotoDanni', 'enorme.png', Buffer.concat([PNG, Buffer.alloc(8_000_000)]));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('IL FILE SUPERA LA DIMENSIONE LIMITE DI 8 MB');
    await ctx.db.database.query(`UPDATE workspaces SET version = version + 1, document = document #- '{attachmentConfigs}' WHERE id = 'sinistri-auto'`);
    const overDefault = await upload(c.id, 'fotoDanni', 'media.png', six);
    expect(overDefault.statusCode).toBe(413);
    expect(overDefault.json().message).toBe('IL FILE SUPERA LA DIMENSIONE LIMITE DI 5 MB');
    expect((await upload(c.id, 'fotoDanni', 'giusta.png', Buffer.concat([PNG, Buffer.alloc(5_000_000 - PNG.length)]))).statusCode).toBe(200);
  });

  it.each(malformedMultipartBodies())('refuses $label with 400 naming the body, and the contact keeps its files', async ({ payload, contentType }) => {
    const c = workable[5];
    const before = (await load(c.id)).outputs.fotoDanni ?? null;
    const response = await ctx.app.inject({ method: 'POST', url: url(c.id, 'fotoDanni', 'a.csv'), payload, headers: { 'content-type': contentType, cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('body');
    expect((await load(c.id)).outputs.fotoDanni ?? null).toEqual(before);
  });

  it('refuses other fields, other part names, closed contacts and lists at arrayMaxItems', async () => {
    const c = workable[3];
    expect((await upload(c.id, 'testimoni', 'a.png', PNG)).statusCode).toBe(404);
    expect((await upload(c.id, 'nonEsiste', 'a.png', PNG)).statusCode).toBe(404);
    expect((await upload(c.id, 'fotoDanni', 'a.png', PNG, 'file')).statusCode).toBe(400);
    const closed = SINISTRI.find((x) => x.closed) as FixtureContact;
    expect((await upload(closed.id, 'fotoDanni', 'a.png', PNG)).statusCode).toBe(422);
    const full = workable[4];
    const existing = Array.isArray(full.outputs.fotoDanni) ? full.outputs.fotoDanni.length : 0;
    for (let i = existing; i < 10; i++) expect((await upload(full.id, 'fotoDanni', `f${i}.png`, PNG)).statusCode).toBe(200);
    const eleventh = await upload(full.id, 'fotoDanni', 'troppe.png', PNG);
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json().errors[0].field).toBe('fotoDanni');
    const agent = await signedIn(ctx.app, 'statistic');
    expect((await ctx.app.inject({ method: 'GET', url: url(c.id, 'fotoDanni', 'a.png'), headers: { cookie: agent } })).statusCode).toBe(403);
  });

  it('answers 404 for a listed attachment whose bytes were never stored', async () => {
    const c = workable.find((x) => Array.isArray(x.outputs.fotoDanni) && x.outputs.fotoDanni.length > 0) as FixtureContact;
    const response = await getFile(url(c.id, 'fotoDanni', 'foto-1.jpg'));
    expect(response.statusCode).toBe(404);
  });
});

describe('documents', () => {
  it("generates a listed document as a PDF of the contact's data once, then serves the kept copy", async () => {
    const c = SINISTRI.find((x) => Array.isArray(x.outputs.documenti) && x.outputs.documenti.length > 0) as FixtureContact;
    const doc = (c.outputs.documenti as { nome: string; docId: string }[])[0];
    const first = await getFile(url(c.id, 'documenti', doc.nome, 'doc'), 'buffer');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const text = first.rawPayload.toString('latin1');
    expect(text).toMatch(/^%PDF-1\.4/);
    expect(text).toContain(`(${doc.nome}) Tj`);
    expect(text).toContain(`Contatto: ${c.id}`);
    const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const byId = await getFile(url(c.id, 'documenti', doc.docId, 'doc'));
    expect(byId.json().data).toEqual({ contentType: 'application/pdf', data: first.rawPayload.toString('base64') });
    expect((await getFile(url(c.id, 'documenti', 'altro.pdf', 'doc'))).statusCode).toBe(404);
    expect((await getFile(url(c.id, 'fotoDanni', 'foto-1.jpg', 'doc'))).statusCode).toBe(404);
  });
});
