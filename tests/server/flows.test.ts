import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import Papa from 'papaparse';
import type { Flow, FlowImport, ReferenceRow, RejectedFile, RejectedFileContent } from '@domain/api/flows';
import type { DataModel } from '@domain/generated/data-model';
import { newImportId } from '@server/services/flows/flow-service';
import { runImport } from '@server/services/flows/import-runner';
import { ANALYZE_AFTER_ROWS } from '@server/db/statistics';
import { flowFixtureProblems, type FlowFixture } from '@server/services/flows/seed-flows';
import { FIXTURES_DIR, createTestApp, signedIn, type TestContext } from './support/test-app';
import { malformedMultipartBodies } from './support/malformed-multipart';

/**
 * File flows (spec 3 §2, §3, §5, §7; issue 16) on PGlite or PostgreSQL (TEST_DB=postgres): the demo flows, an import
 * mixing valid rows with rows breaking a regex, missing a required field, carrying unknown enum values and a duplicate
 * reference; idempotent re-imports; the rejected file (list, download, reload of a corrected file); search by
 * reference and by file name; a workspace change that changes what the next import accepts; the inbound folder
 * (a disabled flow ignores a dropped file, an unreadable file fails the flow); the upload rules by content.
 */

const SAMPLE = readFileSync(join(FIXTURES_DIR, 'flows/lead-energia/lead-energia-2026-11.csv'));
const CORRECTED = readFileSync(join(FIXTURES_DIR, 'flows/lead-energia/lead-energia-2026-11-corretto.csv'));
const MINIMO = readFileSync(join(FIXTURES_DIR, 'flows/contatti-minimo/contatti-minimo-2026-11.csv'));
const HEADER = 'RIFERIMENTO;NOME;COGNOME;TELEFONO;EMAIL;CODICE_FISCALE;FORNITURA;TIPO_OFFERTA;CONSUMO_ANNUO;PRIVACY;DATA_NASCITA';

let ctx: TestContext;
const cookies: Record<string, string> = {};

/** Signs `user` in and binds the session to `workspaceId` (the workspace the permission is checked in). */
async function session(user: string, workspaceId: string): Promise<string> {
  const cookie = await signedIn(ctx.app, user);
  const bound = await ctx.app.inject({ method: 'POST', url: '/api/cntmng/agent/signin', headers: { cookie }, payload: { agentId: `u-${user}`, workspaceId } });
  expect(bound.statusCode).toBe(200);
  return cookie;
}

beforeAll(async () => {
  ctx = await createTestApp();
  cookies.admin = await session('admin', 'energia-casa');
  cookies.statistic = await session('statistic', 'energia-casa');
  cookies.agentMinimo = await session('agent', 'minimo');
});
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, user = 'admin') =>
  ctx.app.inject({ method, url, headers: { cookie: cookies[user] }, ...(payload === undefined ? {} : { payload: payload as object }) });

function multipart(bytes: Buffer | string, filename = 'file.csv', declared = 'text/csv') {
  const boundary = `----flows${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fileContent"; filename="${filename}"\r\nContent-Type: ${declared}\r\n\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: cookies.admin } };
}

async function upload(flowId: string, bytes: Buffer | string, filename = 'file.csv', declared = 'text/csv') {
  return ctx.app.inject({ method: 'POST', url: `/api/cntmng/flow/${flowId}/upload`, ...multipart(bytes, filename, declared) });
}

/** Uploads, waits for the import and answers it as the progress call does. */
async function imported(flowId: string, bytes: Buffer | string, filename: string): Promise<FlowImport> {
  const response = await upload(flowId, bytes, filename);
  expect(response.statusCode).toBe(200);
  const queued: FlowImport = response.json().data;
  expect(queued).toMatchObject({ flowId, fileName: filename, status: 'queued', source: 'upload' });
  await ctx.app.flows.whenIdle();
  return progress(queued.id);
}

async function progress(importId: string): Promise<FlowImport> {
  const response = await call('GET', `/api/cntmng/flow/import/${importId}`);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const flows = async (user = 'admin'): Promise<Flow[]> => {
  const response = await call('GET', '/api/cntmng/flow/status', undefined, user);
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

const count = async (sql: string, params: Array<string | number> = []): Promise<number> => (await ctx.db.database.query<{ n: number }>(sql, params))[0].n;
const contactsIn = (workspace: string) => count('SELECT count(*)::int AS n FROM contacts WHERE workspace_id = $1', [workspace]);

async function rejectedFiles(flowId: string): Promise<RejectedFile[]> {
  const response = await call('GET', `/api/cntmng/file/discard/list/${flowId}`);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function download(id: string, language?: string): Promise<{ content: RejectedFileContent; rows: Record<string, string>[] }> {
  const response = await call('GET', `/api/cntmng/file/discard/download/${id}${language ? `?language=${language}` : ''}`);
  expect(response.statusCode).toBe(200);
  const content: RejectedFileContent = response.json().data;
  const text = Buffer.from(content.base64, 'base64').toString('utf8').replace(/^\uFEFF/, '');
  return { content, rows: Papa.parse<Record<string, string>>(text.trim(), { header: true, delimiter: ';' }).data };
}

describe('the demo flows', () => {
  it('GET /flow/status: the seeded flows with their header, reference column and mapping', async () => {
    // Both demo flows are seeded; the admin sees the one of energia-casa, whose viewsConfig shows flows management.
    expect((await ctx.db.database.query<{ id: string }>('SELECT id FROM flows ORDER BY id')).map((f) => f.id)).toEqual(['contatti-minimo', 'lead-energia']);
    const list = await flows();
    expect(list.map((f) => [f.id, f.workspaceId, f.enabled, f.failed])).toEqual([
      ['lead-energia', 'energia-casa', true, false],
    ]);
    const lead = list.find((f) => f.id === 'lead-energia')!;
    expect(lead.columns.join(';')).toBe(HEADER);
    expect(lead).toMatchObject({ name: 'Lead portale energia', workspaceName: 'Energia Casa - Vendita Luce e Gas', referenceColumn: 'RIFERIMENTO', lastImport: null, maxFileSize: 5_000_000 });
    expect(lead.mapping).toMatchObject({ NOME: 'nome', TELEFONO: 'telefono', RIFERIMENTO: 'clienteId' });
  });

  it("refuses a flow fixture named after a word of the flow paths: a flow 'upload' would be toggled by /flow/enable/upload, the upload route", () => {
    const fixture = JSON.parse(readFileSync(join(FIXTURES_DIR, 'flows/lead-energia/flow.json'), 'utf8')) as FlowFixture;
    const model = JSON.parse(readFileSync(join(FIXTURES_DIR, 'workspaces/energia-casa/data-model.json'), 'utf8')) as DataModel;
    expect(flowFixtureProblems(fixture, model)).toEqual([]);
    for (const id of ['upload', 'enable', 'disable', 'import', 'status']) {
      expect(flowFixtureProblems({ ...fixture, id }, model)).toEqual([`id '${id}' is not a flow id (^[a-z0-9][a-z0-9_-]{0,63}$, not enable, disable, import, status, upload)`]);
    }
  });

  it('needs flowsmanagement in the session workspace, and shows only the flows of workspaces where the user has it', async () => {
    expect((await call('GET', '/api/cntmng/flow/status', undefined, 'statistic')).statusCode).toBe(403);
    // "Permission 'flowsmanagement' and its view must be visible" (spec 3 §2): minimo has no viewsConfig, so no view
    // is visible there and nobody manages flows from it, not even an agent, who could otherwise load contact files.
    expect((await call('GET', '/api/cntmng/flow/status', undefined, 'agentMinimo')).statusCode).toBe(403);
    expect((await call('GET', '/api/cntmng/file/discard/list/lead-energia', undefined, 'agentMinimo')).statusCode).toBe(403);
    // Nor from a workspace that shows it: the minimo flow is not among the admin's, to toggle or to feed.
    expect((await call('POST', '/api/cntmng/flow/enable/contatti-minimo')).statusCode).toBe(404);
    expect((await upload('contatti-minimo', MINIMO)).statusCode).toBe(404);
    expect((await ctx.db.database.query<{ enabled: boolean }>("SELECT enabled FROM flows WHERE id = 'contatti-minimo'"))[0].enabled).toBe(false);
  });
});

describe('importing a file', () => {
  let first: FlowImport;

  it('loads the valid rows as contacts in the entry state and rejects the others with their line and reasons', async () => {
    const before = await contactsIn('energia-casa');
    first = await imported('lead-energia', SAMPLE, 'lead-energia-2026-11.csv');
    expect(first).toMatchObject({ status: 'done', rowsRead: 21, loaded: 14, rejected: 7, skipped: 0, error: null, stillMissing: null });
    expect(first.rejectedFileId).toMatch(/^[0-9a-f]{24}$/);
    expect(await contactsIn('energia-casa')).toBe(before + 14);

    const [contact] = await ctx.db.database.query<{ state: string; inputs: Record<string, unknown>; availability: string }>(
      "SELECT state, inputs, availability FROM contacts WHERE workspace_id = 'energia-casa' AND inputs->>'clienteId' = 'LE-2026-1001'",
    );
    expect(contact).toEqual({
      state: 'NUOVO', availability: 'toProcess',
      inputs: { clienteId: 'LE-2026-1001', nome: 'Giulia', cognome: 'Rossi', telefono: '+393472977987', email: 'giulia.rossi@example.it', codiceFiscale: 'ROSGIU80E36H557A', fornitura: 'gas', tipoOfferta: 'gas-indicizzato', consumoAnnuo: 4398.4, privacy: true, dataNascita: '1950-04-21' },
    });

    const [files] = [await rejectedFiles('lead-energia')];
    expect(files).toEqual([{ id: first.rejectedFileId, name: 'lead-energia-2026-11_scarti.csv', datetime: new Date(ctx.clock()).toISOString(), rows: 7, importId: first.id, handled: false, handledAt: null, handledByImport: null }]);
    const { content, rows } = await download(first.rejectedFileId!);
    expect(content).toMatchObject({ contentType: 'text/csv', fileName: 'lead-energia-2026-11_scarti.csv' });
    expect(Object.keys(rows[0])).toEqual([...HEADER.split(';'), 'LINEA', 'MOTIVO']);
    // The back office corrects this file: MOTIVO is in Italian (the product's language) when the call names none,
    // a format said as such with the field's placeholder as an example, never the regular expression.
    expect(rows.map((r) => [r.LINEA, r.RIFERIMENTO, r.MOTIVO])).toEqual([
      ['5', 'LE-2026-1004', 'TELEFONO: Telefono ha un formato non valido'],
      ['8', 'LE-2026-1007', 'COGNOME: Cognome è obbligatorio'],
      ['11', 'LE-2026-1010', 'FORNITURA: Tipo fornitura non è uno dei valori configurati (valori ammessi: luce, gas, dual)'],
      ['14', 'LE-2026-1013', "TIPO_OFFERTA: 'gas-fisso' non è uno dei valori di Tipo offerta per fornitura 'luce' (valori ammessi: luce-fissa, luce-indicizzata, luce-verde)"],
      ['17', 'LE-2026-1016', 'CODICE_FISCALE: Codice fiscale ha un formato non valido (esempio: RSSMRA80A01H501U)'],
      ['19', 'LE-2026-1018', 'PRIVACY: Consenso privacy deve essere un valore sì/no (true o false)'],
      ['21', 'LE-2026-1002', 'RIFERIMENTO: il riferimento LE-2026-1002 è già alla riga 3 di questo file'],
    ]);
    expect(rows[0].TELEFONO).toBe('33312');
  });

  it("writes MOTIVO in the reader's language when the download names one (the screen sends its own)", async () => {
    const italian = await download(first.rejectedFileId!, 'it-IT');
    expect(italian.rows).toEqual((await download(first.rejectedFileId!)).rows);
    const english = await download(first.rejectedFileId!, 'en-GB');
    // The file itself is the same: the flow's columns, then LINEA and MOTIVO, loadable again once corrected.
    expect(english.rows.map((r) => r.TELEFONO)).toEqual(italian.rows.map((r) => r.TELEFONO));
    expect(english.rows.map((r) => r.MOTIVO)).toEqual([
      'TELEFONO: Telefono has an invalid format',
      'COGNOME: Cognome is required',
      'FORNITURA: Tipo fornitura must be one of the configured values (allowed values: luce, gas, dual)',
      "TIPO_OFFERTA: 'gas-fisso' is not one of the values of Tipo offerta for fornitura 'luce' (allowed values: luce-fissa, luce-indicizzata, luce-verde)",
      'CODICE_FISCALE: Codice fiscale has an invalid format (example: RSSMRA80A01H501U)',
      'PRIVACY: Consenso privacy must be a yes/no value (true or false)',
      'RIFERIMENTO: reference LE-2026-1002 is already on line 3 of this file',
    ]);
    expect((await download(first.rejectedFileId!, 'en-US')).rows.map((r) => r.MOTIVO)).toEqual(english.rows.map((r) => r.MOTIVO));
    const unknown = await call('GET', `/api/cntmng/file/discard/download/${first.rejectedFileId}?language=fr-FR`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('language');
  });

  it('gives every imported contact an insert event naming the file', async () => {
    const events = await ctx.db.database.query<{ notes: string; extra: Record<string, unknown> }>(
      `SELECT e.notes, e.extra_data AS extra FROM contact_events e JOIN contacts c ON c.id = e.contact_id
       WHERE c.workspace_id = 'energia-casa' AND e.type = 'insert' AND e.extra_data->>'importId' = $1 ORDER BY (e.extra_data->>'line')::int`,
      [first.id],
    );
    expect(events).toHaveLength(14);
    expect(events.filter((e) => e.notes !== 'File: lead-energia-2026-11.csv')).toEqual([]);
    expect(events[0].extra).toEqual({ flowId: 'lead-energia', importId: first.id, fileName: 'lead-energia-2026-11.csv', line: 2, reference: 'LE-2026-1001' });
  });

  it('writes exactly one event per imported contact, the insert event the trigger writes for other inserts, with the file in it; the next insert gets its own from the trigger', async () => {
    const rows = await ctx.db.database.query<{ id: string; events: number; type: string; state: string; previous_state: string | null; user_id: string | null; show_detail: boolean; same_time: boolean; line: number }>(
      `SELECT c.id, count(*) OVER (PARTITION BY c.id)::int AS events, e.type, e.state, e.previous_state, e.user_id, e.show_detail, e.at = c.created_at AS same_time,
         (SELECT r.line FROM flow_rows r WHERE r.import_id = $1 AND r.contact_id = c.id) AS line
       FROM contacts c JOIN contact_events e ON e.contact_id = c.id
       WHERE c.id IN (SELECT contact_id FROM flow_rows WHERE import_id = $1 AND outcome = 'loaded') ORDER BY line`,
      [first.id],
    );
    expect(rows).toHaveLength(14);
    for (const row of rows) expect(row).toMatchObject({ events: 1, type: 'insert', state: 'NUOVO', previous_state: null, show_detail: true, same_time: true });
    // The import's contacts' ids ascend in file order (one id sequence per import).
    expect(rows.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort());

    // The import's 'insert events written' setting lasted its transactions only: an insert after it gets its event from the trigger.
    await ctx.db.database.query(
      `INSERT INTO contacts (id, workspace_id, state, priority, inputs, outputs, created_at, last_state_change_at, availability, version)
       VALUES ('0123456789abcdef01234567', 'energia-casa', 'NUOVO', 10, '{}', '{}', now(), now(), 'toProcess', 0)`,
    );
    const after = await ctx.db.database.query<{ type: string; notes: string | null }>("SELECT type, notes FROM contact_events WHERE contact_id = '0123456789abcdef01234567'");
    expect(after).toEqual([{ type: 'insert', notes: null }]);
    // ... and its arrival in the entry state from the state_arrivals trigger, which the import's setting silenced only in its own transactions.
    expect(await count("SELECT count(*)::int AS n FROM state_arrivals WHERE contact_id = '0123456789abcdef01234567' AND state = 'NUOVO' AND previous_at IS NULL")).toBe(1);
    await ctx.db.database.query("DELETE FROM contacts WHERE id = '0123456789abcdef01234567'");
  });

  it("writes each imported contact's arrival in the entry state, as the state_arrivals trigger writes it for other inserts: the table equals its recount from the events", async () => {
    const arrivals = `SELECT event_id::text AS event_id, workspace_id, contact_id, state, at, previous_at FROM state_arrivals`;
    // 017's definition: every event where a contact reached a state, with the moment the same contact last reached it before.
    const recount = `SELECT id::text AS event_id, workspace_id, contact_id, state, at, lag(at) OVER (PARTITION BY workspace_id, contact_id, state ORDER BY at, id) AS previous_at
      FROM contact_events WHERE previous_state IS DISTINCT FROM state AND state IS NOT NULL`;
    const order = ' ORDER BY event_id';
    const kept = await ctx.db.database.query(`SELECT * FROM (${arrivals}) a${order}`);
    expect(kept).toEqual(await ctx.db.database.query(`SELECT * FROM (${recount}) r${order}`));
    const imported = await count(
      `SELECT count(*)::int AS n FROM state_arrivals a JOIN flow_rows r ON r.contact_id = a.contact_id
       WHERE r.import_id = $1 AND r.outcome = 'loaded' AND a.state = 'NUOVO' AND a.previous_at IS NULL`,
      [first.id],
    );
    expect(imported).toBe(14);
    // ... and the lone arrivals' 15-minute slots (migration 018) equal their recount from the arrivals, the import's included.
    const slots = `SELECT workspace_id, state, slot, arrivals FROM state_arrival_slots WHERE arrivals <> 0 ORDER BY 1, 2, 3`;
    const slotRecount = `SELECT workspace_id, state, date_bin('15 minutes', at, timestamptz '1970-01-01 00:00:00+00') AS slot, count(*)::int AS arrivals
      FROM state_arrivals WHERE previous_at IS NULL OR at - previous_at > interval '2 days' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
    expect(await ctx.db.database.query(slots)).toEqual(await ctx.db.database.query(slotRecount));
    // ... and so do the contacts' last arrivals in each state by slot (migration 024).
    const lasts = `SELECT workspace_id, state, slot, last_arrivals AS n FROM state_arrival_slots WHERE last_arrivals <> 0 ORDER BY 1, 2, 3`;
    const lastRecount = `SELECT workspace_id, state, date_bin('15 minutes', at, timestamptz '1970-01-01 00:00:00+00') AS slot, count(*)::int AS n
      FROM (SELECT DISTINCT ON (workspace_id, contact_id, state) workspace_id, state, at FROM state_arrivals ORDER BY workspace_id, contact_id, state, at DESC, event_id DESC) AS l
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
    expect(await ctx.db.database.query(lasts)).toEqual(await ctx.db.database.query(lastRecount));
  });

  it('re-importing the file loads nothing twice: the references already loaded are skipped', async () => {
    const before = await contactsIn('energia-casa');
    const again = await imported('lead-energia', SAMPLE, 'lead-energia-2026-11-bis.csv');
    expect(again).toMatchObject({ status: 'done', rowsRead: 21, loaded: 0, skipped: 14, rejected: 7 });
    expect(await contactsIn('energia-casa')).toBe(before);
    expect((await flows()).find((f) => f.id === 'lead-energia')!.lastImport).toMatchObject({ id: again.id, skipped: 14 });
  });

  it('finds file rows by reference (RIFERIMENTO, NOME FILE, DATA/ORA, TIPO) and files by name', async () => {
    const response = await call('POST', '/api/cntmng/file/searchByRefs', { refs: ['LE-2026-1001', 'LE-2026-1004', 'NESSUNO'], format: 'DD/MM/YYYY HH:mm:ss', timezone: 'Europe/Rome', isCmpMng: false });
    expect(response.statusCode).toBe(200);
    const rows: ReferenceRow[] = response.json().data;
    const simple = rows.map((r) => [r.RIFERIMENTO, r['NOME FILE'], r['DATA/ORA'], r.TIPO]);
    expect(simple).toHaveLength(4);
    expect(simple).toEqual(expect.arrayContaining([
      ['LE-2026-1001', 'lead-energia-2026-11.csv', '21/11/2026 10:00:00', 'CARICATO'],
      ['LE-2026-1001', 'lead-energia-2026-11-bis.csv', '21/11/2026 10:00:00', 'GIÀ CARICATO'],
      ['LE-2026-1004', 'lead-energia-2026-11.csv', '21/11/2026 10:00:00', 'SCARTATO'],
      ['LE-2026-1004', 'lead-energia-2026-11-bis.csv', '21/11/2026 10:00:00', 'SCARTATO'],
    ]));
    expect(rows.find((r) => r.TIPO === 'CARICATO')!.contactId).toMatch(/^[0-9a-f]{24}$/);
    expect(rows.find((r) => r.TIPO === 'SCARTATO')!.reasons).toMatch(/TELEFONO/);
    const inItalian = await call('POST', '/api/cntmng/file/searchByRefs', { refs: ['LE-2026-1004'], language: 'it-IT' });
    expect(inItalian.json().data[0].reasons).toBe('TELEFONO: Telefono ha un formato non valido');
    // An API client that names no language gets the server's words.
    expect(rows.find((r) => r.TIPO === 'SCARTATO')!.reasons).toBe('TELEFONO: inputs.telefono (Telefono) does not match ^((\\+39)?[0-9]{9,10})?$');
    const utc = await call('POST', '/api/cntmng/file/searchByRefs', { refs: ['LE-2026-1001'], format: 'YYYY-MM-DD HH:mm', timezone: 'UTC' });
    expect(utc.json().data[0]['DATA/ORA']).toBe('2026-11-21 09:00');
    const badZone = await call('POST', '/api/cntmng/file/searchByRefs', { refs: ['x'], timezone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().errors[0].field).toBe('timezone');
    expect((await call('POST', '/api/cntmng/file/searchByRefs', { refs: [] })).statusCode).toBe(400);

    const byName = await call('POST', '/api/cntmng/file/search', { name: 'ENERGIA-2026-11-BIS' });
    expect(byName.json().data).toEqual([expect.objectContaining({ fileName: 'lead-energia-2026-11-bis.csv', status: 'done', dateTime: new Date(ctx.clock()).toISOString(), flowId: 'lead-energia', loaded: 0, skipped: 14 })]);
    expect((await call('POST', '/api/cntmng/file/search', { name: 'lead' })).json().data).toHaveLength(2);
    expect((await call('POST', '/api/cntmng/file/search', { name: '%' })).json().data).toEqual([]);
  });

  it('reload: a corrected file for the rejected file is imported like any file and marks it handled', async () => {
    const before = await contactsIn('energia-casa');
    const boundary = multipart(CORRECTED, 'lead-energia-2026-11-corretto.csv');
    const response = await ctx.app.inject({ method: 'POST', url: `/api/cntmng/file/reload/${first.rejectedFileId}`, ...boundary });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ source: 'reload', reloadOf: first.rejectedFileId, status: 'queued' });
    await ctx.app.flows.whenIdle();
    const reloaded = await progress(response.json().data.id);
    // The seventh rejected row repeated a reference loaded on line 3: every row of the rejected file is loaded now.
    expect(reloaded).toMatchObject({ status: 'done', rowsRead: 6, loaded: 6, rejected: 0, skipped: 0, rejectedFileId: null, stillMissing: 0 });
    expect(await contactsIn('energia-casa')).toBe(before + 6);
    const file = (await rejectedFiles('lead-energia')).find((f) => f.id === first.rejectedFileId)!;
    expect(file).toMatchObject({ handled: true, handledByImport: reloaded.id });
    const twice = await ctx.app.inject({ method: 'POST', url: `/api/cntmng/file/reload/${first.rejectedFileId}`, ...multipart(CORRECTED, 'again.csv') });
    expect(twice.statusCode).toBe(409);
  });

  it('a downloaded rejected file, corrected, loads as it is (its LINEA and MOTIVO columns are ignored)', async () => {
    const files = await rejectedFiles('lead-energia');
    const open = files.find((f) => !f.handled)!;
    const { content } = await download(open.id);
    const text = Buffer.from(content.base64, 'base64').toString('utf8').replace('33312', '+393331234567');
    const response = await ctx.app.inject({ method: 'POST', url: `/api/cntmng/file/reload/${open.id}`, ...multipart(text, content.fileName) });
    expect(response.statusCode).toBe(200);
    await ctx.app.flows.whenIdle();
    // The corrected file loaded every one of these references since: each row is skipped, none rejected again,
    // whether or not it was corrected here (only LE-2026-1004 was).
    expect(await progress(response.json().data.id)).toMatchObject({ status: 'done', rowsRead: 7, loaded: 0, skipped: 7, rejected: 0 });
  });
});

describe("a row's line is its line in the file (LINEA, the reference search)", () => {
  // Header on line 1; a quoted field holding line breaks spans lines, and the rows after it are that much further on.
  it.each([['LF', '\n', '61'], ['CRLF', '\r\n', '62'], ['CR', '\r', '63']])('counts the line breaks inside quoted fields: %s', async (_name, nl, prefix) => {
    const ref = (n: number) => `LE-2026-${prefix}0${n}`;
    const text = [
      HEADER,
      `${ref(1)};Maria;Valida;+393401110001;;;gas;;;no;`, // 2
      `${ref(2)};"Maria${nl}Teresa";Verdi;+393401110002;;;gas;;;no;`, // 3-4
      `${ref(3)};Anna;Neri;33312;;;gas;;;no;`, // 5: a bad phone
      '', // 6: a blank line
      `${ref(4)};"Luca${nl}${nl}Pio";Bassi;12345;;;gas;;;no;`, // 7-9: a bad phone
      `${ref(5)};"Uno\rDue";Rossi;+393401110005;;;gas;;;no;`, // 10-11: a lone CR is a line break too
      `${ref(2)};Doppio;Verdi;+393401110006;;;gas;;;no;`, // 12: line 3's reference again
    ].join(nl) + nl;
    const done = await imported('lead-energia', text, `righe-${prefix}.csv`);
    expect(done).toMatchObject({ status: 'done', rowsRead: 6, loaded: 3, rejected: 3 });
    const rows = await ctx.db.database.query<{ reference: string; line: number; outcome: string }>('SELECT reference, line, outcome FROM flow_rows WHERE import_id = $1 ORDER BY line', [done.id]);
    expect(rows.map((r) => [r.reference, r.line, r.outcome])).toEqual([
      [ref(1), 2, 'loaded'], [ref(2), 3, 'loaded'], [ref(3), 5, 'rejected'], [ref(4), 7, 'rejected'], [ref(5), 10, 'loaded'], [ref(2), 12, 'rejected'],
    ]);
    const { rows: rejected } = await download(done.rejectedFileId!);
    expect(rejected.map((r) => [r.RIFERIMENTO, r.LINEA])).toEqual([[ref(3), '5'], [ref(4), '7'], [ref(2), '12']]);
    expect(rejected[2].MOTIVO).toBe(`RIFERIMENTO: il riferimento ${ref(2)} è già alla riga 3 di questo file`);
    const found = await call('POST', '/api/cntmng/file/searchByRefs', { refs: [ref(3), ref(5)] });
    expect((found.json().data as ReferenceRow[]).map((r) => [r.RIFERIMENTO, r.line]).sort()).toEqual([[ref(3), 5], [ref(5), 10]]);
  });
});

describe('a reload handles its rejected file only once every row that file rejected is loaded', () => {
  it('a reload that corrects none or some of the rows leaves the file open and says how many are missing; the one that loads the last handles it', async () => {
    const rows = [
      'LE-2026-6001;Anna;Valida;+393401116001;;;gas;;;no;', // 2: loads
      'LE-2026-6002;Bruno;Telefono;12345;;;gas;;;no;', // 3: a bad phone
      'LE-2026-6003;Carla;;+393401116003;;;gas;;;no;', // 4: no surname
      ';Dario;Senza;+393401116004;;;gas;;;no;', // 5: no reference
    ];
    const first = await imported('lead-energia', `${HEADER}\n${rows.join('\n')}\n`, 'da-correggere.csv');
    expect(first).toMatchObject({ status: 'done', loaded: 1, rejected: 3, stillMissing: null });
    const id = first.rejectedFileId!;
    const reload = async (bytes: string, name: string): Promise<FlowImport> => {
      const response = await ctx.app.inject({ method: 'POST', url: `/api/cntmng/file/reload/${id}`, ...multipart(bytes, name) });
      expect(response.statusCode).toBe(200);
      await ctx.app.flows.whenIdle();
      return progress(response.json().data.id);
    };
    const file = async () => (await rejectedFiles('lead-energia')).find((f) => f.id === id)!;

    // A header-only file, and a file of other rows, correct none of its rows: it stays open, for another reload.
    expect(await reload(`${HEADER}\n`, 'solo-intestazione.csv')).toMatchObject({ status: 'done', rowsRead: 0, loaded: 0, reloadOf: id, stillMissing: 3 });
    expect(await reload(`${HEADER}\nLE-2026-6010;Altro;File;+393401116010;;;gas;;;no;\n`, 'altro-file.csv')).toMatchObject({ status: 'done', loaded: 1, stillMissing: 3 });
    expect(await file()).toMatchObject({ handled: false, handledAt: null, handledByImport: null });
    // One row corrected: two still missing.
    expect(await reload(`${HEADER}\n${rows[1].replace('12345', '+393401116002')}\n`, 'una-riga.csv')).toMatchObject({ loaded: 1, stillMissing: 2 });
    expect((await file()).handled).toBe(false);
    // The downloaded rejected file, corrected: the surname written, and the row with no reference given one (its
    // LINEA says which row it corrects); the row loaded meanwhile is skipped.
    const { content } = await download(id);
    const corrected = Buffer.from(content.base64, 'base64').toString('utf8').replace('Carla;;', 'Carla;Bianchi;').replace(';Dario;', 'LE-2026-6004;Dario;');
    const last = await reload(corrected, content.fileName);
    expect(last).toMatchObject({ status: 'done', rowsRead: 3, loaded: 2, skipped: 1, rejected: 0, stillMissing: 0 });
    expect(await file()).toMatchObject({ handled: true, handledByImport: last.id });
    const again = await ctx.app.inject({ method: 'POST', url: `/api/cntmng/file/reload/${id}`, ...multipart(`${HEADER}\n`, 'ancora.csv') });
    expect(again.statusCode).toBe(409);
  });
});

describe('the reasons of a rejected row name what the file should hold', () => {
  it("a date not read as a date names the form the import reads (DD/MM/YYYY, or YYYY-MM-DD); a list's value names the values", async () => {
    const text = [
      HEADER,
      'LE-2026-6401;Data;Italiana;+393401116401;;;gas;;;no;5.4.1980',
      'LE-2026-6402;Data;Iso;+393401116402;;;gas;;;no;1980-04-21',
      'LE-2026-6403;Data;Rovescia;+393401116403;;;gas;;;no;1980/04/21',
      'LE-2026-6404;Data;Inesistente;+393401116404;;;gas;;;no;31/02/1990',
      'LE-2026-6405;Lista;Maiuscola;+393401116405;;;LUCE;;;no;',
    ].join('\n');
    const done = await imported('lead-energia', `${text}\n`, 'date-e-liste.csv');
    expect(done).toMatchObject({ loaded: 2, rejected: 3 });
    const italian = (await download(done.rejectedFileId!)).rows.map((r) => r.MOTIVO);
    expect(italian).toEqual([
      'DATA_NASCITA: Data di nascita deve essere una data valida GG/MM/AAAA (o AAAA-MM-GG)',
      'DATA_NASCITA: Data di nascita deve essere una data valida GG/MM/AAAA (o AAAA-MM-GG)',
      'FORNITURA: Tipo fornitura non è uno dei valori configurati (valori ammessi: luce, gas, dual)',
    ]);
    const english = (await download(done.rejectedFileId!, 'en-GB')).rows.map((r) => r.MOTIVO);
    expect(english).toEqual([
      'DATA_NASCITA: Data di nascita must be a valid date DD/MM/YYYY (or YYYY-MM-DD)',
      'DATA_NASCITA: Data di nascita must be a valid date DD/MM/YYYY (or YYYY-MM-DD)',
      'FORNITURA: Tipo fornitura must be one of the configured values (allowed values: luce, gas, dual)',
    ]);
  });
});

describe('a workspace change changes what the next import accepts, with no code', () => {
  const CONFIG = '/api/cntmng/workspaceconfig/workspaces/energia-casa';
  type Configuration = { workspace: Record<string, unknown> & { groupsInputs: Array<{ fields: string[] }> }; dataModel: Record<string, unknown> & { model: Record<string, unknown> }; version: number; dataModelVersion: number };
  const live = async (): Promise<Configuration> => (await call('GET', CONFIG)).json().data;
  const publish = async (from: Configuration, workspace: Configuration['workspace'], dataModel: Configuration['dataModel'], comment: string) => {
    const response = await ctx.app.inject({ method: 'PUT', url: CONFIG, headers: { cookie: cookies.admin }, payload: { baseVersion: from.version, baseDataModelVersion: from.dataModelVersion, workspace, dataModel, comment } });
    expect(response.statusCode).toBe(200);
  };

  it('a new required field, published through the workspace configuration, rejects the next rows without it', async () => {
    const rows = ['LE-2026-2001;Nuova;Cliente;+393401112223;nuova@example.it;NUOCLI80A01F205X;luce;luce-fissa;1200;si;01/01/1980'];
    const accepted = await imported('lead-energia', `${HEADER}\n${rows[0]}\n`, 'prima.csv');
    expect(accepted).toMatchObject({ loaded: 1, rejected: 0 });

    // An editor's publish: a new field, required, in the Fornitura group; the flow's columns do not carry it.
    const before = await live();
    const dataModel = structuredClone(before.dataModel);
    dataModel.model.codiceContratto = { label: 'Codice contratto', dataType: 'string', required: true };
    const workspace = structuredClone(before.workspace);
    workspace.groupsInputs[1].fields.push('codiceContratto');
    await publish(before, workspace, dataModel, 'codice contratto obbligatorio');
    try {
      const refused = await imported('lead-energia', `${HEADER}\n${rows[0].replace('2001', '2002')}\n`, 'dopo.csv');
      expect(refused).toMatchObject({ loaded: 0, rejected: 1 });
      const { rows: rejected } = await download(refused.rejectedFileId!);
      expect(rejected[0].MOTIVO).toBe('Codice contratto è obbligatorio');
    } finally {
      await publish(await live(), before.workspace, before.dataModel, 'ripristino');
    }
    // Published back without it, the same row loads.
    expect(await imported('lead-energia', `${HEADER}\n${rows[0].replace('2001', '2002')}\n`, 'ripristino.csv')).toMatchObject({ loaded: 1, rejected: 0 });
  });
});

describe('the inbound folder', () => {
  const inbound = (flowId: string) => join(ctx.app.flows.root, flowId, 'inbound');
  const drop = async (flowId: string, name: string, bytes: Buffer | string) => {
    await mkdir(inbound(flowId), { recursive: true });
    await writeFile(join(inbound(flowId), name), bytes);
  };

  it('a disabled flow ignores a dropped file until it is enabled', async () => {
    const before = await contactsIn('energia-casa');
    expect((await call('POST', '/api/cntmng/flow/disable/lead-energia')).json().data.enabled).toBe(false);
    const name = 'lead-energia-in-attesa.csv';
    await drop('lead-energia', name, `${HEADER}\nLE-2026-8001;Attesa;Flusso;+393401112277;;;gas;;;no;\nLE-2026-8002;Attesa;Flusso;+393401112278;;;luce;;;no;\n`);
    expect(await ctx.app.flows.scan({ settled: false })).toEqual([]);
    await ctx.app.flows.whenIdle();
    expect(await readdir(inbound('lead-energia'))).toContain(name);
    expect(await contactsIn('energia-casa')).toBe(before);
    expect((await upload('lead-energia', SAMPLE)).statusCode).toBe(409);

    const enabled = await call('POST', '/api/cntmng/flow/enable/lead-energia');
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data).toMatchObject({ id: 'lead-energia', enabled: true });
    const [queued] = await ctx.app.flows.scan({ settled: false });
    expect(queued).toMatchObject({ flowId: 'lead-energia', source: 'folder', fileName: name });
    await ctx.app.flows.whenIdle();
    expect(await progress(queued.id)).toMatchObject({ status: 'done', rowsRead: 2, loaded: 2, rejected: 0 });
    expect(await contactsIn('energia-casa')).toBe(before + 2);
    expect(await readdir(inbound('lead-energia'))).toEqual([]);
    expect(await readdir(join(ctx.app.flows.root, 'lead-energia', 'done'))).toEqual(expect.arrayContaining([expect.stringMatching(/lead-energia-in-attesa\.csv$/)]));
  });

  it('a file that cannot be read fails its import and marks the flow failed with the reason; enabling clears it', async () => {
    await drop('lead-energia', 'export.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    const [queued] = await ctx.app.flows.scan({ settled: false });
    await ctx.app.flows.whenIdle();
    expect(await progress(queued.id)).toMatchObject({ status: 'failed', error: 'the file is not text: a flow reads CSV files', problem: { code: 'notCsv' }, loaded: 0 });
    const failed = (await flows()).find((f) => f.id === 'lead-energia')!;
    // The words for API clients, and the problem as data for the screen to say in the user's language.
    expect(failed).toMatchObject({ failed: true, failure: 'export.csv: the file is not text: a flow reads CSV files', failureProblem: { code: 'notCsv', fileName: 'export.csv' }, enabled: true });

    await drop('lead-energia', 'altro-tracciato.csv', 'ID;NOME\n1;Mario\n');
    const [wrongHeader] = await ctx.app.flows.scan({ settled: false });
    await ctx.app.flows.whenIdle();
    expect(await progress(wrongHeader.id)).toMatchObject({
      error: `the header is not the flow's: expected ${HEADER}, found ID;NOME`,
      problem: { code: 'header', expected: HEADER.split(';'), found: ['ID', 'NOME'] },
    });
    expect((await flows()).find((f) => f.id === 'lead-energia')!.failureProblem).toEqual({ code: 'header', expected: HEADER.split(';'), found: ['ID', 'NOME'], fileName: 'altro-tracciato.csv' });

    const cleared = await call('POST', '/api/cntmng/flow/enable/lead-energia');
    expect(cleared.json().data).toMatchObject({ failed: false, failure: null, failureProblem: null });
  });

  it('an empty file fails its import as empty (not as a file that is not text), and the flow with that reason', async () => {
    await drop('lead-energia', 'vuoto.csv', Buffer.alloc(0));
    const [queued] = await ctx.app.flows.scan({ settled: false });
    await ctx.app.flows.whenIdle();
    expect(await progress(queued.id)).toMatchObject({ status: 'failed', error: 'the file is empty: a flow file starts with its header line', problem: { code: 'empty' }, rowsRead: 0 });
    expect((await flows()).find((f) => f.id === 'lead-energia')).toMatchObject({
      failed: true, failure: 'vuoto.csv: the file is empty: a flow file starts with its header line', failureProblem: { code: 'empty', fileName: 'vuoto.csv' },
    });
    expect(await readdir(join(ctx.app.flows.root, 'lead-energia', 'failed'))).toContain(`${queued.id}-vuoto.csv`);
    expect((await call('POST', '/api/cntmng/flow/enable/lead-energia')).json().data).toMatchObject({ failed: false });
  });
});

describe('an import queued before its flow was disabled', () => {
  it('does not run when its turn comes: nothing read or loaded, the import says why, the flow is not failed', async () => {
    const before = await contactsIn('energia-casa');
    const at = new Date(ctx.clock());
    const id = newImportId(at);
    const work = join(ctx.app.flows.root, 'lead-energia', 'work', `${id}-in-coda.csv`);
    await mkdir(dirname(work), { recursive: true });
    await writeFile(work, `${HEADER}\nLE-2026-4001;In;Coda;+393401112244;;;gas;;;no;\n`);
    // Queued while enabled (as the upload route does), then disabled before the runner reaches it.
    await ctx.app.repos.flows.createImport({ id, flowId: 'lead-energia', fileName: 'in-coda.csv', source: 'upload', reloadOf: null, createdBy: 'u-admin', at });
    expect((await call('POST', '/api/cntmng/flow/disable/lead-energia')).statusCode).toBe(200);
    try {
      const result = await runImport({ db: ctx.db.database, clock: ctx.clock, workspaces: ctx.app.repos.workspaces, flows: ctx.app.repos.flows, batchSize: 100 }, id, work, 'u-admin');
      expect(result).toMatchObject({ status: 'failed', error: 'Flow lead-energia is disabled: enable it to load files', rowsRead: 0, loaded: 0, startedAt: null });
      expect(await contactsIn('energia-casa')).toBe(before);
      expect((await flows()).find((f) => f.id === 'lead-energia')).toMatchObject({ enabled: false, failed: false });
    } finally {
      // The service moves a file out of work/ after its run; this test ran the runner alone.
      await rm(work, { force: true });
      expect((await call('POST', '/api/cntmng/flow/enable/lead-energia')).statusCode).toBe(200);
    }
  });
});

describe('imports a stopped server left unfinished (their lease ran out: migration 029)', () => {
  const workFile = (id: string, name: string) => join(ctx.app.flows.root, 'lead-energia', 'work', `${id}-${name}`);
  const status = async (id: string) => (await ctx.db.database.query<{ status: string; error: string | null; loaded: number; lease_owner: string | null }>('SELECT status, error, loaded, lease_owner FROM flow_imports WHERE id = $1', [id]))[0];

  it('fails each as interrupted and imports its file again as a new import, which skips the rows the first one loaded; a file gone fails it; a live lease is left alone', async () => {
    const at = new Date(ctx.clock());
    const name = 'interrotto.csv';
    const rows = `${HEADER}\nLE-2026-7101;Inter;Rotto;+393401117101;;;gas;;;no;\nLE-2026-7102;Inter;Rotto;+393401117102;;;luce;;;no;\nLE-2026-7103;Inter;Rotto;+393401117103;;;gas;;;no;\n`;
    // A process loaded the whole file and stopped before it could record the end: its import stays running, its file
    // in the work folder, its lease (a minute, renewed while it ran) now over.
    const left = newImportId(at);
    await mkdir(dirname(workFile(left, name)), { recursive: true });
    await writeFile(workFile(left, name), rows);
    await ctx.app.repos.flows.createImport({ id: left, flowId: 'lead-energia', fileName: name, source: 'upload', reloadOf: null, createdBy: 'u-admin', at, lease: { owner: 'a-stopped-process', until: new Date(at.getTime() + 60_000) } });
    await runImport({ db: ctx.db.database, clock: ctx.clock, workspaces: ctx.app.repos.workspaces, flows: ctx.app.repos.flows, batchSize: 100 }, left, workFile(left, name), 'u-admin');
    await ctx.db.database.query("UPDATE flow_imports SET status = 'running', finished_at = NULL WHERE id = $1", [left]);
    const afterFirstRun = await contactsIn('energia-casa');
    // Another left without its file, and one whose process is alive (its lease runs on).
    const gone = newImportId(at);
    await ctx.app.repos.flows.createImport({ id: gone, flowId: 'lead-energia', fileName: 'sparito.csv', source: 'folder', reloadOf: null, createdBy: null, at, lease: { owner: 'a-stopped-process', until: new Date(at.getTime() + 60_000) } });
    const alive = newImportId(at);
    await ctx.app.repos.flows.createImport({ id: alive, flowId: 'lead-energia', fileName: 'vivo.csv', source: 'folder', reloadOf: null, createdBy: null, at, lease: { owner: 'a-live-process', until: new Date(at.getTime() + 600_000) } });

    try {
      // Within their leases, nothing is taken over.
      expect(await ctx.app.flows.scan({ settled: false })).toEqual([]);
      expect(await status(left)).toMatchObject({ status: 'running', lease_owner: 'a-stopped-process' });

      ctx.clock.advance(61_000);
      const [again, ...more] = await ctx.app.flows.scan({ settled: false });
      expect(more).toEqual([]);
      expect(again).toMatchObject({ flowId: 'lead-energia', fileName: name, source: 'upload', status: 'queued' });
      await ctx.app.flows.whenIdle();
      expect(await progress(again.id)).toMatchObject({ status: 'done', rowsRead: 3, loaded: 0, skipped: 3, rejected: 0 });
      expect(await contactsIn('energia-casa')).toBe(afterFirstRun);
      expect(await status(left)).toMatchObject({ status: 'failed', loaded: 3, error: `interrupted: the server stopped during the import; its file is imported again as import ${again.id} (rows already loaded are skipped)` });
      expect(await status(gone)).toMatchObject({ status: 'failed', error: "interrupted: the server stopped during the import, and its file is no longer in the flow's work folder: drop the file again (rows already loaded are skipped)" });
      expect(await status(alive)).toMatchObject({ status: 'queued', lease_owner: 'a-live-process' });
      expect(await readdir(join(ctx.app.flows.root, 'lead-energia', 'done'))).toContain(`${again.id}-${name}`);
      // Taken over once: the next look finds nothing more to take.
      expect(await ctx.app.flows.scan({ settled: false })).toEqual([]);
    } finally {
      await ctx.app.repos.flows.abandonImport(alive, { code: 'stopped', detail: 'test: the live process ended' }, new Date(ctx.clock()));
    }
  });
});

describe('an import written by several writers at once', () => {
  it('loads every valid row once, and its counts add up to the rows it wrote, however the batches interleave', async () => {
    const before = await contactsIn('energia-casa');
    const lines = [HEADER];
    for (let i = 1; i <= 60; i++) {
      // every 7th phone breaks the flow's pattern; line 50 repeats line 10's reference
      const reference = i === 50 ? 'LE-2026-7010' : `LE-2026-7${String(i).padStart(3, '0')}`;
      lines.push(`${reference};Nome${i};Cognome${i};${i % 7 === 0 ? '12345' : `+3934011${String(i).padStart(5, '0')}`};;;gas;;;no;`);
    }
    const at = new Date(ctx.clock());
    const id = newImportId(at);
    const work = join(ctx.app.flows.root, 'lead-energia', 'work', `${id}-scrittori.csv`);
    await mkdir(dirname(work), { recursive: true });
    await writeFile(work, `${lines.join('\n')}\n`);
    await ctx.app.repos.flows.createImport({ id, flowId: 'lead-energia', fileName: 'scrittori.csv', source: 'upload', reloadOf: null, createdBy: 'u-admin', at });
    try {
      const result = await runImport({ db: ctx.db.database, clock: ctx.clock, workspaces: ctx.app.repos.workspaces, flows: ctx.app.repos.flows, batchSize: 4, writers: 3 }, id, work, 'u-admin');
      // 60 rows: 8 with a bad phone (7, 14, ..., 56) and line 50's repeated reference
      expect(result).toMatchObject({ status: 'done', rowsRead: 60, loaded: 51, rejected: 9, skipped: 0 });
      expect(await contactsIn('energia-casa')).toBe(before + 51);
      const outcomes = await ctx.db.database.query<{ outcome: string; n: number }>('SELECT outcome, count(*)::int AS n FROM flow_rows WHERE import_id = $1 GROUP BY outcome ORDER BY outcome', [id]);
      expect(outcomes).toEqual([{ outcome: 'loaded', n: 51 }, { outcome: 'rejected', n: 9 }]);
      expect(await count("SELECT count(*)::int AS n FROM contact_events WHERE type = 'insert' AND extra_data->>'importId' = $1", [id])).toBe(51);
      expect(await count("SELECT count(*)::int AS n FROM (SELECT inputs->>'clienteId' FROM contacts WHERE workspace_id = 'energia-casa' AND inputs->>'clienteId' LIKE 'LE-2026-7%' GROUP BY 1 HAVING count(*) > 1) twice")).toBe(0);
    } finally {
      await rm(work, { force: true });
    }
  });
});

describe('the planner statistics after a large import (db/statistics.ts)', () => {
  it('gathers them once an import has loaded ANALYZE_AFTER_ROWS rows, so the dashboards are planned for the rows it wrote', async () => {
    const arrivals = async () => (await ctx.db.database.query<{ estimated: number; actual: number }>(
      "SELECT (SELECT reltuples FROM pg_class WHERE oid = 'state_arrivals'::regclass)::int AS estimated, (SELECT count(*) FROM state_arrivals)::int AS actual"))[0];
    const lines = [HEADER];
    for (let i = 1; i <= ANALYZE_AFTER_ROWS; i++) lines.push(`LE-2026-8${String(i).padStart(4, '0')};Nome${i};Cognome${i};+3934012${String(i).padStart(5, '0')};;;gas;;;no;`);
    const done = await imported('lead-energia', `${lines.join('\n')}\n`, 'statistiche.csv');
    expect(done).toMatchObject({ status: 'done', loaded: ANALYZE_AFTER_ROWS });
    const { estimated, actual } = await arrivals();
    expect(estimated).toBe(actual);
  });
});

describe("a file row's flow and import (one foreign key since migration 026)", () => {
  const db = () => ctx.db.database;
  const row = (flowId: string, importId: string) => db().query(
    "INSERT INTO flow_rows (flow_id, import_id, reference, line, outcome, at) VALUES ($1, $2, 'FK-1', 2, 'rejected', now())", [flowId, importId]);
  let importId: string;
  beforeAll(async () => {
    const at = new Date(ctx.clock());
    importId = newImportId(at);
    await ctx.app.repos.flows.createImport({ id: importId, flowId: 'lead-energia', fileName: 'chiavi.csv', source: 'upload', reloadOf: null, createdBy: 'u-admin', at });
  });

  it('refuses a row naming an import that does not exist, an import of another flow, or a flow that does not exist', async () => {
    await expect(row('lead-energia', 'f'.repeat(24))).rejects.toThrow(/foreign key/);
    await expect(row('contatti-minimo', importId)).rejects.toThrow(/foreign key/);
    await expect(row('no-such-flow', importId)).rejects.toThrow(/foreign key/);
    await row('lead-energia', importId);
    expect(await count('SELECT count(*)::int AS n FROM flow_rows WHERE import_id = $1', [importId])).toBe(1);
  });

  it("deleting a flow deletes its imports' rows", async () => {
    await db().transaction(async (tx) => {
      const rows = async () => (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM flow_rows WHERE flow_id = 'lead-energia'"))[0].n;
      expect(await rows()).toBeGreaterThan(0);
      await tx.query("DELETE FROM flows WHERE id = 'lead-energia'");
      expect(await rows()).toBe(0);
      throw new Error('rolled back');
    }).catch((error: Error) => { if (error.message !== 'rolled back') throw error; });
    expect(await count("SELECT count(*)::int AS n FROM flow_rows WHERE flow_id = 'lead-energia'")).toBeGreaterThan(0);
  });
});

describe('upload rules (checked by content)', () => {
  const imports = () => count('SELECT count(*)::int AS n FROM flow_imports');

  it("refuses a file whose bytes are not pdf, png, jpeg or text: 'FILE NON SUPPORTATO', nothing written", async () => {
    const before = await imports();
    const zip = await upload('lead-energia', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]), 'leads.csv', 'text/csv');
    expect(zip.statusCode).toBe(415);
    expect(zip.json().errors).toEqual([{ field: 'fileContent', message: 'FILE NON SUPPORTATO' }]);
    expect(await imports()).toBe(before);
    expect(await readdir(join(ctx.app.flows.root, 'lead-energia', 'work'))).toEqual([]);
  });

  it('refuses an empty file, uploaded or reloaded, with 400 saying so in the caller\'s language; nothing written', async () => {
    const before = await imports();
    const english = await upload('lead-energia', Buffer.alloc(0), 'vuoto.csv');
    expect(english.statusCode).toBe(400);
    expect(english.json().errors).toEqual([{ field: 'fileContent', message: 'The file vuoto.csv is empty: a flow file starts with its header line' }]);
    const request = multipart(Buffer.alloc(0), 'vuoto.csv');
    const italian = await ctx.app.inject({ method: 'POST', url: '/api/cntmng/flow/lead-energia/upload', payload: request.payload, headers: { ...request.headers, 'accept-language': 'it-IT' } });
    expect(italian.statusCode).toBe(400);
    expect(italian.json().errors).toEqual([{ field: 'fileContent', message: 'Il file vuoto.csv è vuoto: un file del flusso inizia con la riga di intestazione' }]);
    const bad = await imported('lead-energia', `${HEADER}
LE-2026-5101;Senza;;+393401115101;;;gas;;;no;
`, 'da-ricaricare-vuoto.csv');
    const importsBefore = await imports();
    const reload = await ctx.app.inject({ method: 'POST', url: `/api/cntmng/file/reload/${bad.rejectedFileId}`, ...multipart(Buffer.alloc(0), 'corretto.csv') });
    expect(reload.statusCode).toBe(400);
    expect(reload.json().errors[0]).toEqual({ field: 'fileContent', message: 'The file corretto.csv is empty: a flow file starts with its header line' });
    expect(await imports()).toBe(importsBefore);
    expect(importsBefore).toBe(before + 1);
    expect(await readdir(join(ctx.app.flows.root, 'lead-energia', 'work'))).toEqual([]);
  });

  it("refuses a file over the size limit (5,000,000 bytes by default): 'IL FILE SUPERA LA DIMENSIONE LIMITE DI 5 MB'", async () => {
    const before = await imports();
    const big = await upload('lead-energia', Buffer.alloc(5_000_001, 'a'), 'grande.csv');
    expect(big.statusCode).toBe(413);
    expect(big.json().errors).toEqual([{ field: 'fileContent', message: 'IL FILE SUPERA LA DIMENSIONE LIMITE DI 5 MB' }]);
    expect(await imports()).toBe(before);
  });

  it("holds a file to the workspace's attachmentConfigs.maxSize when it sets one", async () => {
    const CONFIG = '/api/cntmng/workspaceconfig/workspaces/energia-casa';
    const before = (await call('GET', CONFIG)).json().data;
    const publish = async (from: { version: number; dataModelVersion: number }, workspace: unknown) =>
      expect((await ctx.app.inject({ method: 'PUT', url: CONFIG, headers: { cookie: cookies.admin }, payload: { baseVersion: from.version, baseDataModelVersion: from.dataModelVersion, workspace, dataModel: before.dataModel } })).statusCode).toBe(200);
    await publish(before, { ...before.workspace, attachmentConfigs: { ...(before.workspace.attachmentConfigs ?? {}), maxSize: 1_500_000 } });
    try {
      const importsBefore = await imports();
      const over = await upload('lead-energia', Buffer.alloc(1_500_001, 'a'), 'grande.csv');
      expect(over.statusCode).toBe(413);
      expect(over.json().errors).toEqual([{ field: 'fileContent', message: 'IL FILE SUPERA LA DIMENSIONE LIMITE DI 1.5 MB' }]);
      expect(await imports()).toBe(importsBefore);
      // The flow list says the limit, so the screen refuses such a file before sending it.
      expect((await flows()).find((f) => f.id === 'lead-energia')!.maxFileSize).toBe(1_500_000);
    } finally {
      await publish((await call('GET', CONFIG)).json().data, before.workspace);
    }
  });

  it('holds a corrected file reloaded for a rejected file to the same rules: type by content, size; nothing written', async () => {
    const bad = await imported('lead-energia', `${HEADER}\nLE-2026-5001;Senza;;+393401112255;;;gas;;;no;\n`, 'regole-reload.csv');
    expect(bad).toMatchObject({ rejected: 1 });
    const importsBefore = await imports();
    const reload = (bytes: Buffer | string, name: string) => ctx.app.inject({ method: 'POST', url: `/api/cntmng/file/reload/${bad.rejectedFileId}`, ...multipart(bytes, name) });
    const zip = await reload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]), 'corretto.csv');
    expect(zip.statusCode).toBe(415);
    expect(zip.json().errors).toEqual([{ field: 'fileContent', message: 'FILE NON SUPPORTATO' }]);
    const big = await reload(Buffer.alloc(5_000_001, 'a'), 'corretto.csv');
    expect(big.statusCode).toBe(413);
    expect(big.json().errors).toEqual([{ field: 'fileContent', message: 'IL FILE SUPERA LA DIMENSIONE LIMITE DI 5 MB' }]);
    expect(await imports()).toBe(importsBefore);
    for (const { payload, contentType } of malformedMultipartBodies()) {
      for (const url of [`/api/cntmng/file/reload/${bad.rejectedFileId}`, '/api/cntmng/flow/lead-energia/upload']) {
        const unreadable = await ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: cookies.admin, 'content-type': contentType } });
        expect(unreadable.statusCode).toBe(400);
        expect(unreadable.json().errors[0].field).toBe('body');
      }
    }
    expect(await imports()).toBe(importsBefore);
    expect((await rejectedFiles('lead-energia')).find((f) => f.id === bad.rejectedFileId)).toMatchObject({ handled: false, handledByImport: null });
  });

  it('reads a UTF-16 file (a spreadsheet\'s "Unicode text" export) by its byte order mark, little- and big-endian', async () => {
    const text = (reference: string) => `\uFEFF${HEADER}\r\n${reference};Niccolò;Città;+393401112201;;;gas;;;no;\r\n`;
    const little = (reference: string) => Buffer.from(text(reference), 'utf16le');
    for (const [file, name, reference] of [
      [little('LE-2026-9001'), 'unicode-le.txt', 'LE-2026-9001'],
      [little('LE-2026-9002').swap16(), 'unicode-be.txt', 'LE-2026-9002'],
    ] as const) {
      const done = await imported('lead-energia', file, name);
      expect(done).toMatchObject({ status: 'done', rowsRead: 1, loaded: 1, rejected: 0 });
      const [row] = await ctx.db.database.query<{ nome: string; cognome: string }>(
        "SELECT c.inputs->>'nome' AS nome, c.inputs->>'cognome' AS cognome FROM flow_rows r JOIN contacts c ON c.id = r.contact_id WHERE r.reference = $1",
        [reference],
      );
      expect(row).toEqual({ nome: 'Niccolò', cognome: 'Città' });
    }
  });

  it('takes a text file whatever its declared type, and a file sent as a data URL', async () => {
    const declaredPdf = await upload('lead-energia', `${HEADER}\n`, 'vuoto.csv', 'application/pdf');
    expect(declaredPdf.statusCode).toBe(200);
    const boundary = '----dataurl';
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    // The file's name comes before its data URL (as the app's client sends it) or after it.
    for (const [reference, fileName, nameFirst] of [['LE-2026-3001', 'da-url.csv', true], ['LE-2026-3002', 'da-url-nome-dopo.csv', false]] as const) {
      const dataUrl = `data:text/csv;base64,${Buffer.from(`${HEADER}\n${reference};Dato;Url;+393401112299;;;gas;;;no;\n`).toString('base64')}`;
      const parts = nameFirst ? [field('fileName', fileName), field('fileContent', dataUrl)] : [field('fileContent', dataUrl), field('fileName', fileName)];
      const payload = Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
      const response = await ctx.app.inject({ method: 'POST', url: '/api/cntmng/flow/lead-energia/upload', payload, headers: { cookie: cookies.admin, 'content-type': `multipart/form-data; boundary=${boundary}` } });
      expect(response.statusCode).toBe(200);
      await ctx.app.flows.whenIdle();
      expect(await progress(response.json().data.id)).toMatchObject({ fileName, status: 'done', loaded: 1 });
    }
    const garbled = Buffer.from(`${field('fileContent', 'data:text/csv,%ZZ')}--${boundary}--\r\n`);
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/cntmng/flow/lead-energia/upload', payload: garbled, headers: { cookie: cookies.admin, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('fileContent');
  });

  it('names the problem of a request without a file, and of unknown flows and imports', async () => {
    const json = await call('POST', '/api/cntmng/flow/lead-energia/upload', { fileContent: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors[0].field).toBe('fileContent');
    expect((await upload('nessuno', SAMPLE)).statusCode).toBe(404);
    expect((await call('GET', '/api/cntmng/flow/import/ffffffffffffffffffffffff')).statusCode).toBe(404);
    expect((await call('GET', '/api/cntmng/flow/import/nope')).statusCode).toBe(400);
    expect((await call('POST', '/api/cntmng/flow/pause/lead-energia')).statusCode).toBe(400);
  });
});
