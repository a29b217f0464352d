import type { Readable } from 'node:stream';
import type { ContactRow } from '@domain/api/contacts';
import type { Workspace } from '@domain/generated/workspace';
import type { PermissionContext, PermissionName } from '@domain/permissions';
import type { Role } from '@domain/roles';
import { can } from '@translator/can';
import { ROLE_ONLY_RULES, translatePermissions } from '@translator/translate-permissions';
import { permissionContext } from '@server/plugins/auth';
import type { RouteAccess } from '@server/plugins/route-access';
import { visibilityFor } from '@server/repositories/contact-repository';
import type { UserRecord } from '@server/repositories/user-repository';
import type { WorkspaceDocument } from '@server/repositories/workspace-repository';
import { WORKSPACE_OFFERS } from '@server/services/contact-work/workspace-offers';
import { sees } from '@server/services/contact-work/contact-visibility';
import { createTestApp, sessionCookie, signin, type TestContext } from './support/test-app';
import { minimalOf, type JsonSchema, type OpenApiParameter } from './support/openapi-fuzz';

/**
 * The role × route matrix (issue 12, must have 2), generated from the OpenAPI document so a route is covered the
 * day it is added. Each operation publishes who may call it (`x-access`); for every operation, the six demo roles
 * and an anonymous caller, the expected outcome comes from that declaration and the translator's json-logic rules
 * (translatePermissions + can, the same the server and the browser evaluate), in the workspace the request names
 * (or the contact's, for a contact route) or else the user's session workspace:
 * - `{ public }`: never 401;
 * - `{ signedIn }`: 401 anonymous, never 401 signed in;
 * - `{ permission }`: 401 anonymous; 403 for a role whose rule is false (or that cannot open the workspace, or
 *   does not see the contact); neither 401 nor 403 for a role whose rule is true (200, 400, 404, 409... all fine);
 * - `rule`: the translator's role-only rule too (ROLE_ONLY_RULES), in the same workspace;
 * - `offer`: 403 without any of the offer's seenWith permissions, then 422 where the workspace does not offer the
 *   action, then the permission;
 * - `unlessSelf`: asked twice, naming nobody (signed in is enough) and naming another demo user (the permission).
 * A 2xx where 401 or 403 was due, any 5xx, and an operation without `x-access` fail the test. No route has a rule of
 * its own beyond its declaration: the expectations come from the declarations alone.
 *
 * Requests are minimal (an empty JSON object where a body is needed): authorization runs before validation
 * (plugins/route-access.ts), so a 400 only ever reaches a caller who is allowed. Event streams are not read: their
 * status is checked and the stream is closed.
 */

const USERS: Record<string, Role> = { admin: 'admin', manager: 'manager', sitemanager: 'site-manager', teamleader: 'team-leader', agent: 'basic', statistic: 'middle' };
/** The workspace and contact the requests name: energia-casa has a viewsConfig that differs per role and onlyAssignedContacts. */
const WORKSPACE = 'energia-casa';

interface Doc {
  paths: Record<string, Record<string, {
    parameters?: OpenApiParameter[];
    requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
    responses?: Record<string, { content?: Record<string, unknown> }>;
    'x-access'?: RouteAccess;
  }>>;
}
interface Op { key: string; method: string; path: string; parameters: OpenApiParameter[]; body: boolean; multipart: boolean; access?: RouteAccess; stream: boolean }
interface Caller { username: string; role: Role; user: UserRecord; cookie: string; sessionWorkspace: WorkspaceDocument | null }
/** How a request names the user it is about (an `unlessSelf` declaration): nobody, or another demo user. */
type Naming = 'nobody' | 'other';
type Expected = 'allowed' | 401 | 403 | 422;

let ctx: TestContext;
let ops: Op[];
const callers: Record<string, Caller> = {};
let contactId: string;

async function signInAs(username: string): Promise<Caller> {
  const response = await signin(ctx.app, username);
  if (response.statusCode !== 200) throw new Error(`signin ${username}: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookie(response);
  const session = (await ctx.app.inject({ url: '/api/auth/session', headers: { cookie } })).json().data as { id: string; workspaceId: string | null };
  const user = await ctx.app.repos.users.findById(session.id);
  if (!user) throw new Error(`no user ${username}`);
  const sessionWorkspace = session.workspaceId ? await ctx.app.repos.workspaces.findDocument(session.workspaceId) : null;
  return { username, role: USERS[username], user, cookie, sessionWorkspace };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json() as Doc;
  ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => {
    const content = op.requestBody?.content ?? {};
    const produces = Object.values(op.responses ?? {}).flatMap((r) => Object.keys(r.content ?? {}));
    return {
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: Object.keys(content).length > 0,
      multipart: 'multipart/form-data' in content,
      access: op['x-access'],
      stream: produces.includes('text/event-stream'),
    };
  }));
  for (const username of Object.keys(USERS)) callers[username] = await signInAs(username);
  // One of the agent's own open contacts: every role's rules meet a real contact (the write rule looks at its assignee).
  const [contact] = await ctx.db.database.query<{ id: string }>(
    "SELECT trim(id) AS id FROM contacts WHERE workspace_id = $1 AND agent_id = 'u-agent' AND NOT closed AND processable AND NOT suspended ORDER BY id LIMIT 1", [WORKSPACE]);
  contactId = contact.id;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const refKey = (ref: string | undefined, part: 'params' | 'query' | 'body'): string | undefined => (ref?.startsWith(`${part}.`) ? ref.slice(part.length + 1) : undefined);

/** The value of a path or query parameter: the declared workspace or contact, else a plausible example. */
function exampleOf(op: Op, param: OpenApiParameter, part: 'params' | 'query', other?: Caller): unknown {
  const access = op.access && 'permission' in op.access ? op.access : undefined;
  if (access && other && refKey(access.unlessSelf, part) === param.name) return other.user.id;
  if (access && refKey(access.contact, part) === param.name) return contactId;
  if (access && refKey(access.workspace, part) === param.name) return WORKSPACE;
  if (param.schema?.enum?.length) return param.schema.enum[0];
  if (/workspace/i.test(param.name)) return WORKSPACE;
  if (param.name === 'id' && /\/contact\/(\{id\}|take\/|release\/)/.test(op.path)) return contactId;
  if (param.name === 'id' && /\/workspace\//.test(op.path)) return WORKSPACE;
  if (param.name === 'kind') return 'inputs';
  if (param.name === 'field') return 'fornitura';
  if (param.name === 'action') return 'assign';
  if (part === 'params') return '0123456789abcdef01234567';
  return minimalOf(param.schema);
}

function requestOf(op: Op, other?: Caller): { url: string; payload?: string; headers: Record<string, string> } {
  let url = op.path;
  const access = op.access && 'permission' in op.access ? op.access : undefined;
  for (const p of op.parameters.filter((x) => x.in === 'path')) url = url.replace(`{${p.name}}`, encodeURIComponent(String(exampleOf(op, p, 'params', other))));
  const named = (p: OpenApiParameter) => refKey(access?.workspace, 'query') === p.name || (other !== undefined && refKey(access?.unlessSelf, 'query') === p.name);
  const query = op.parameters.filter((p) => p.in === 'query' && (p.required || named(p)));
  const search = query.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(exampleOf(op, p, 'query', other)))}`).join('&');
  if (search) url += `?${search}`;
  if (!op.body) return { url, headers: {} };
  if (op.multipart) {
    // An empty multipart body: the handler (for an allowed caller) answers 400 for the missing file.
    const boundary = '----rolematrix';
    return { url, payload: `--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const body: Record<string, unknown> = {};
  const bodyRef = op.access && 'permission' in op.access ? refKey(op.access.workspace, 'body') ?? refKey(op.access.contact, 'body') : undefined;
  if (bodyRef && op.access && 'permission' in op.access) body[bodyRef] = op.access.contact ? contactId : WORKSPACE;
  return { url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

/** Sends the request and answers its status (and body for a report): an event stream is not read, only closed. */
async function send(op: Op, caller: Caller | null, other?: Caller): Promise<{ status: number; body: string }> {
  const request = requestOf(op, other);
  const response = await ctx.app.inject({
    method: op.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...(caller ? { cookie: caller.cookie } : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    payloadAsStream: true,
  });
  const stream = response.stream() as Readable;
  if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    stream.destroy();
    return { status: response.statusCode, body: '(event stream, not read)' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8').slice(0, 200) };
}

const ruleContext = (caller: Caller, workspace: WorkspaceDocument | null, contact: ContactRow | null): PermissionContext =>
  permissionContext({ user: caller.user, workspace, session: null as never }, { contact: contact as unknown as Record<string, unknown> | null, embed: false });

/** Another demo user than the caller, for a request about someone else. */
const otherThan = (caller: Caller): Caller => (caller.username === 'admin' ? callers.agent : callers.admin);

/** What the caller may expect from the operation's declaration, from the json-logic rules alone. */
async function expectation(op: Op, caller: Caller, naming: Naming): Promise<Expected> {
  const access = op.access as RouteAccess;
  if ('public' in access) return 'allowed';
  if ('signedIn' in access) {
    return !access.rule || can(ROLE_ONLY_RULES[access.rule], ruleContext(caller, caller.sessionWorkspace, null)) ? 'allowed' : 403;
  }
  if (access.unlessSelf && naming === 'nobody') return 'allowed';
  const permissions: readonly PermissionName[] = typeof access.permission === 'string' ? [access.permission] : access.permission;
  let workspace = caller.sessionWorkspace;
  let contact: ContactRow | null = null;
  if (access.contact) {
    contact = await ctx.app.repos.contacts.findById(contactId);
    workspace = contact ? await ctx.app.repos.workspaces.findDocument(contact.workspaceId) : null;
  } else if (access.workspace) {
    workspace = await ctx.app.repos.workspaces.findDocument(WORKSPACE);
  }
  if (access.contact || access.workspace) {
    // The named workspace must be open to the user, and a contact among those they see.
    if (!workspace || !(await ctx.app.repos.workspaces.canOpen(caller.user, workspace.id))) return 403;
    if (contact && !sees(await visibilityFor(ctx.app.repos.contacts, caller.user, workspace), contact)) return 403;
  }
  const context = ruleContext(caller, workspace, contact);
  const rules = translatePermissions(workspace as unknown as Workspace);
  const holds = (names: readonly PermissionName[]) => names.some((p) => can(rules[p], context));
  if (access.offer) {
    const offer = WORKSPACE_OFFERS[access.offer];
    if (!holds(offer.seenWith)) return 403;
    if (workspace && offer.refusal(workspace)) return 422;
  }
  if (!holds(permissions)) return 403;
  if (access.rule && !can(ROLE_ONLY_RULES[access.rule], context)) return 403;
  return 'allowed';
}

describe('role × route matrix, from the OpenAPI document', () => {
  it('finds the routes, and every one declares who may call it (x-access)', () => {
    expect(ops.length).toBeGreaterThan(40);
    expect(ops.filter((op) => !op.access).map((op) => op.key)).toEqual([]);
  });

  it('publishes the real rule of the routes whose handler used to refuse more than their declaration', () => {
    const accessOf = (key: string) => ops.find((op) => op.key === key)?.access;
    expect(accessOf('POST /api/auth/unlock')).toEqual({ signedIn: true, rule: 'unlockSignins' });
    expect(accessOf('GET /api/cntmng/outbox')).toEqual({ permission: ['list', 'show', 'edit'], workspace: 'query.workspace', rule: 'readOutbox' });
    expect(accessOf('POST /api/cntmng/contact/insert/{workspace}')).toEqual({ permission: 'insert', workspace: 'params.workspace', offer: 'manualEntry' });
    expect(accessOf('POST /api/cntmng/contact/{id}/clone')).toEqual({ permission: 'clone', contact: 'params.id', offer: 'clone' });
    expect(accessOf('GET /api/cntmng/user/workspace')).toEqual({ permission: 'setting', unlessSelf: 'query.userId' });
  });

  it('answers each role and anonymous callers as the declaration and the permission rules say', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      if (!op.access) continue;
      const access = op.access;
      const anonymous = await send(op, null);
      if (anonymous.status >= 500) failures.push(`${op.key} anonymous: ${anonymous.status} ${anonymous.body}`);
      if ('public' in access) {
        if (anonymous.status === 401) failures.push(`${op.key} is public but answered 401 to an anonymous caller`);
      } else if (anonymous.status !== 401) {
        failures.push(`${op.key} anonymous: expected 401, got ${anonymous.status} ${anonymous.body}`);
      }
      const namings: Naming[] = 'permission' in access && access.unlessSelf ? ['nobody', 'other'] : ['nobody'];
      for (const username of Object.keys(USERS)) {
        for (const naming of namings) {
          const caller = callers[username];
          const response = await send(op, caller, naming === 'other' ? otherThan(caller) : undefined);
          const where = `${op.key} as ${username} (${caller.role})${naming === 'other' ? ' about another user' : ''}`;
          const expected = await expectation(op, caller, naming);
          if (response.status >= 500) failures.push(`${where}: ${response.status} ${response.body}`);
          if (expected === 'allowed' && (response.status === 401 || response.status === 403)) failures.push(`${where}: allowed by the declaration, got ${response.status} ${response.body}`);
          if (expected !== 'allowed' && response.status !== expected) failures.push(`${where}: expected ${expected}, got ${response.status} ${response.body}`);
          // A signed-out, renewed or rebound session is replaced before the next request.
          if (/\/signout$|\/agent\/signin$|\/renew$/.test(op.path) || response.status === 401) callers[username] = await signInAs(username);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
