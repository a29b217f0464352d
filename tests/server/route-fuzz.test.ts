import { STATUS_CODES } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { AUTH_MESSAGES } from '@domain/errors';
import { FIXTURES_DIR, createTestApp, signedIn, type TestContext } from './support/test-app';
import { multipartFile, signedInTo } from './support/users-fixture';
import { catalogueRequests, hostileRequest, operationsOf, type FuzzRequest, type Operation } from './support/openapi-fuzz';

/**
 * Every route of the OpenAPI document, fed malformed requests, signed in as admin (the widest rights) and
 * anonymous: no answer is a 5xx, every 4xx names the problem, and a rejected request leaves the database as it
 * was. A new route is fuzzed the day it is added. Fixed seed and bounded runs here; `npm run fuzz` runs longer
 * (FUZZ_RUNS, FUZZ_SEED).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/**
 * Streaming routes (Server-Sent Events) answer a signed-in caller with a stream that stays open until the client goes
 * away, which `inject` never does: only their anonymous requests (401) are fuzzed here; workspace-config-push.test.ts
 * opens the stream over real HTTP.
 */
const STREAMING_PATHS = new Set(['/api/cntmng/workspaceconfig/changes']);
const isOpenStream = (request: FuzzRequest): boolean => !request.anonymous && STREAMING_PATHS.has(request.url.split('?')[0]);
/** Written by any request that passes authentication, or by design on a failed sign-in: not what a rejection may change. */
const VOLATILE_TABLES = new Set(['sessions', 'failed_logins', 'sign_in_checks', 'agent_presence']);

/** HTTP's own names of the statuses, which say which status but not what is wrong with the request. */
const REASON_PHRASES = new Set(Object.values(STATUS_CODES).filter((phrase): phrase is string => typeof phrase === 'string'));

let ctx: TestContext;
let operations: Operation[];
let cookie: string;
let tables: string[];
let contactId: string;
/** A contact of sinistri-auto, whose fotoDanni output holds attachments. */
let attachmentContactId: string;
/** A rejected file of the demo flow (aRejectedFile). */
let rejectedFileId: string;
/**
 * Admin again, signed in to energia-casa: the flows and files routes answer only where the workspace's viewsConfig
 * shows flows management (spec 3 §2), and admin's default workspace does not.
 */
let flowsCookie: string;
const isFlowsPath = (url: string) => /^\/api\/cntmng\/(flow|file)\//.test(url);

/** Real names for path segments: a workspace, one of its contacts, an enum field, a bulk action, a flow, a rejected file, an attachment. */
const example = (op: Operation, param: string): string | undefined => {
  const attachment = /\/(attachment|doc)\//.test(op.path);
  if (param === 'kind') return 'inputs';
  if (param === 'field') return attachment ? 'fotoDanni' : 'fornitura';
  if (param === 'name' && attachment) return 'foto.png';
  // sinistri-auto is the demo workspace with bulk actions: its 'assegna' runs, where energia-casa's answer is 403.
  if (op.path.includes('/massiveAction/')) return param === 'action' ? 'assegna' : 'sinistri-auto';
  if (param === 'action') return 'assign';
  if (param === 'flowId' || param === 'b') return 'lead-energia';
  if (/workspace/i.test(param)) return 'energia-casa';
  if (param === 'id' && op.path.startsWith('/api/cntmng/file/')) return rejectedFileId;
  if (param === 'id' && attachment) return attachmentContactId;
  if (param === 'id') return /\/contact\/(\{id\}|take|release)|\/contact\/\{id\}/.test(op.path) ? contactId : 'energia-casa';
  return undefined;
};

beforeAll(async () => {
  ctx = await createTestApp();
  const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json();
  operations = operationsOf(doc);
  cookie = await signedIn(ctx.app, 'admin');
  const rows = await ctx.db.database.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  tables = rows.map((r) => r.name).filter((name) => !VOLATILE_TABLES.has(name));
  const [contact] = await ctx.db.database.query<{ id: string }>("SELECT trim(id) AS id FROM contacts WHERE workspace_id = 'energia-casa' ORDER BY id LIMIT 1");
  contactId = contact.id;
  const [withFiles] = await ctx.db.database.query<{ id: string }>(
    "SELECT trim(id) AS id FROM contacts WHERE workspace_id = 'sinistri-auto' AND NOT closed AND processable AND NOT suspended ORDER BY id LIMIT 1",
  );
  attachmentContactId = withFiles.id;
  flowsCookie = await signedInTo(ctx, 'admin', 'u-admin', 'energia-casa');
  rejectedFileId = await aRejectedFile();
  await watchWrites();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

/** A rejected file to reload: the sample file of the demo flow, whose invalid rows make one. */
async function aRejectedFile(): Promise<string> {
  const sample = readFileSync(join(FIXTURES_DIR, 'flows/lead-energia/lead-energia-2026-11.csv'));
  const { payload, contentType } = await multipartFile(sample, 'lead-energia-fuzz.csv');
  const upload = await ctx.app.inject({ method: 'POST', url: '/api/cntmng/flow/lead-energia/upload', payload, headers: { cookie: flowsCookie, 'content-type': contentType } });
  if (upload.statusCode !== 200) throw new Error(`sample upload: ${upload.statusCode} ${upload.body}`);
  await ctx.app.flows.whenIdle();
  const [rejected] = await ctx.db.database.query<{ id: string }>('SELECT trim(id) AS id FROM flow_rejected_files ORDER BY id LIMIT 1');
  if (!rejected) throw new Error('the sample file left no rejected file');
  return rejected.id;
}

/**
 * Every row written to a watched table bumps one counter, in the writing transaction: a request whose transaction
 * rolled back leaves it as it was, a request that wrote anything moves it.
 */
async function watchWrites(): Promise<void> {
  await ctx.db.database.exec(`
    CREATE TABLE fuzz_writes (n bigint NOT NULL);
    INSERT INTO fuzz_writes VALUES (0);
    CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE fuzz_writes SET n = n + 1; RETURN NULL; END $$;
    ${tables.map((table) => `CREATE TRIGGER fuzz_watch AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION fuzz_count_write();`).join('\n')}
  `);
}

async function takeSnapshot(): Promise<string> {
  const [row] = await ctx.db.database.query<{ n: string }>('SELECT n::text AS n FROM fuzz_writes');
  return row.n;
}

/** The snapshot after the last accepted request; rejected ones are compared with it. */
let current: string | null = null;

/** Sends one request and says what is wrong with its answer, or null. */
async function check(request: FuzzRequest): Promise<string | null> {
  if (isOpenStream(request)) return null;
  current ??= await takeSnapshot();
  const response = await send(request);
  // A session the request ended (sign-out) or lost is renewed for the next one.
  if (!request.anonymous && (response.statusCode === 401 || /signout/.test(request.url))) {
    if (isFlowsPath(request.url)) flowsCookie = await signedInTo(ctx, 'admin', 'u-admin', 'energia-casa');
    else cookie = await signedIn(ctx.app, 'admin');
  }
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400) {
    current = null;
    return null;
  }
  let body: { message?: unknown };
  try {
    body = response.json();
  } catch {
    return `answered ${response.statusCode} with a body that is not JSON: ${response.body.slice(0, 200)}`;
  }
  if (typeof body.message !== 'string' || body.message.trim() === '') return `answered ${response.statusCode} without a message: ${response.body.slice(0, 200)}`;
  // A reason phrase alone ("Forbidden", "Not Found") names no problem: the message or an item of errors must say more.
  // 401 keeps the spec's own 'Unauthorized' (spec 1 §8), which the browser acts on: it says what is wrong, no session.
  if (response.statusCode === 401 && body.message === AUTH_MESSAGES.unauthorized) return unchangedOrProblem(response.statusCode);
  const items = Array.isArray((body as { errors?: unknown }).errors) ? ((body as { errors: Array<{ message?: unknown }> }).errors) : [];
  const said = [body.message, ...items.map((item) => item?.message)].filter((m): m is string => typeof m === 'string' && m.trim() !== '' && !REASON_PHRASES.has(m.trim()));
  if (said.length === 0) return `answered ${response.statusCode} with only its reason phrase: ${response.body.slice(0, 200)}`;
  return unchangedOrProblem(response.statusCode);
}

/** After a rejection: the database as it was, or the problem. */
async function unchangedOrProblem(status: number): Promise<string | null> {
  const after = await takeSnapshot();
  if (after !== current) {
    current = after;
    return `a rejected request (${status}) changed the database`;
  }
  return null;
}

async function send(request: FuzzRequest) {
  const headers: Record<string, string> = { ...request.headers, ...(request.anonymous ? {} : { cookie: isFlowsPath(request.url) ? flowsCookie : cookie }) };
  if (request.multipart) {
    return ctx.app.inject({ method: request.method as 'POST', url: request.url, headers: { ...headers, 'content-type': request.multipart.contentType }, payload: request.multipart.body });
  }
  if (request.raw) {
    return ctx.app.inject({ method: request.method as 'POST', url: request.url, headers: { ...headers, 'content-type': 'application/json' }, payload: request.raw });
  }
  return ctx.app.inject({
    method: request.method as 'POST',
    url: request.url,
    headers,
    ...(request.payload === undefined || request.method === 'GET' || request.method === 'DELETE' ? {} : { payload: JSON.stringify(request.payload), headers: { ...headers, 'content-type': 'application/json' } }),
  });
}

const describeRequest = (r: FuzzRequest) =>
  `${r.method} ${r.url.slice(0, 200)} ${r.anonymous ? '(anonymous)' : '(admin)'} ${r.multipart ? `multipart (${r.multipart.contentType}) ${JSON.stringify(r.multipart.body.toString('latin1').slice(0, 160))}` : r.raw ? `raw ${r.raw.toString('hex').slice(0, 80)}` : JSON.stringify(r.payload)?.slice(0, 200) ?? ''}`;

describe('every route of the OpenAPI document, fuzzed', () => {
  it('finds the routes in the document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('answers no 5xx, names the problem of every 4xx, and writes nothing on a rejection: each value made hostile in turn', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      for (const request of catalogueRequests(operation, example)) {
        const problem = await check(request);
        if (problem) failures.push(`${operation.method} ${operation.path}: ${problem}\n  request: ${describeRequest(request)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers no 5xx, names the problem of every 4xx, and writes nothing on a rejection: random breakages (fast-check)', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      let firstProblem = '';
      await fc.assert(
        fc.asyncProperty(hostileRequest(operation), async (request) => {
          const problem = await check(request);
          if (problem) firstProblem = `${problem}\n  request: ${describeRequest(request)}`;
          return problem === null;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      ).catch((error: Error) => {
        failures.push(`${operation.method} ${operation.path}: ${firstProblem || error.message}`);
      });
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
