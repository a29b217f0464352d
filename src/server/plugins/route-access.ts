import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { PermissionContext, PermissionName } from '@domain/permissions';
import { can } from '@translator/can';
import { ROLE_ONLY_RULES, type RoleOnlyRuleName } from '@translator/translate-permissions';
import { forbidden } from '../http-error';
import { say } from '../server-messages';
import type { WorkspaceOfferName } from '../services/contact-work/workspace-offers';
import { permissionContext, requireAuth, requirePermission } from './auth';

/**
 * Who may call a route, declared on the route itself (`config: { access }`) so that no handler can forget it and no
 * handler checks it again. The access hooks (before validation, see accessHooks) are built from the declaration when
 * the route is registered, the declaration is published in the OpenAPI document as `x-access` (the role × route
 * test reads it there), and an /api route that declares nothing is refused at start-up.
 *
 * - `{ public: '<why>' }`: no session needed (sign-in, public assets); the reason is part of the contract.
 * - `{ signedIn: true }`: any live session; the handler's rules (if any) are data-dependent and its own.
 * - `{ permission }`: the translator's json-logic rule for that permission (or any of several), evaluated for the
 *   signed-in user in the session's workspace — the same rule the browser evaluates.
 * - `{ permission, unlessSelf: 'query.userId' }`: as `{ permission }`, except that a request naming the caller
 *   (or naming nobody) needs only a session.
 * - `{ permission, workspace: 'params.workspaceId' }`: the rule in the workspace the request names (where in the
 *   request is given as `params.x`, `query.x` or `body.x`); the workspace must exist and be open to the user.
 *   The checked access is left on `request.workspaceAccess` for the handler (services/contact-work declaredAccess).
 * - `{ permission, contact: 'params.id' }`: the rule in the contact's workspace with the contact in the rule's
 *   context; the contact must exist (404) and be among those the user sees (403). Sets `request.workspaceAccess`
 *   and `request.contact`.
 * - `offer: '<name>'` (with workspace or contact): an action the workspace may not offer at all
 *   (services/contact-work/workspace-offers.ts): a caller holding one of the offer's `seenWith` permissions gets
 *   422 when the workspace does not offer it, before `permission` is asked.
 * - `rule: '<name>'` (with signedIn or permission): also the translator's role-only rule of that name
 *   (ROLE_ONLY_RULES: no workspace can widen it), evaluated in the same workspace as the permission.
 */
export type RouteAccess = { public: string } | { signedIn: true; rule?: RoleOnlyRuleName } | PermissionAccess;

export interface PermissionAccess {
  permission: PermissionName | readonly PermissionName[];
  workspace?: RequestRef;
  contact?: RequestRef;
  offer?: WorkspaceOfferName;
  rule?: RoleOnlyRuleName;
  unlessSelf?: RequestRef;
}

/** A declaration that names its workspace or contact. */
export type ScopedAccess = PermissionAccess & ({ workspace: RequestRef } | { contact: RequestRef });

/** Where a value sits in the request: `params.id`, `query.workspaceId`, `body.workspaceId`. */
export type RequestRef = `${'params' | 'query' | 'body'}.${string}`;

/** Checks the workspace or contact a declaration names and leaves what it checked on the request. */
export interface ScopedAccessResolver {
  workspace(request: FastifyRequest, workspaceId: string, access: ScopedAccess): Promise<void>;
  contact(request: FastifyRequest, contactId: string, access: ScopedAccess): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** What a `{ permission, workspace | contact }` route checked: see services/contact-work/workspace-access.ts WorkspaceAccess. */
    workspaceAccess: unknown;
    /** The contact a `{ permission, contact }` route checked. */
    contact: unknown;
  }
}

export const ACCESS_EXTENSION = 'x-access';

export function readRequestRef(request: FastifyRequest, ref: RequestRef): unknown {
  const [part, key] = ref.split('.', 2) as ['params' | 'query' | 'body', string];
  const source = request[part] as Record<string, unknown> | undefined;
  return source && Object.hasOwn(source, key) ? source[key] : undefined;
}

export function permissionsOf(access: PermissionAccess): readonly PermissionName[] {
  return typeof access.permission === 'string' ? [access.permission] : access.permission;
}

type AccessHook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A validator of the one value a `{ workspace | contact }` declaration reads, from the route's own schema; null when the schema says nothing of it. */
const refAjv = new Ajv({ strict: false, allErrors: false });
addFormats(refAjv);
function refValidator(schema: RouteOptions['schema'], ref: RequestRef): ((value: unknown) => boolean) | null {
  const [part, key] = ref.split('.', 2) as ['params' | 'query' | 'body', string];
  const partSchema = (schema as Record<string, unknown> | undefined)?.[part === 'query' ? 'querystring' : part] as { properties?: Record<string, object> } | undefined;
  const property = partSchema?.properties?.[key];
  if (!property) return null;
  const validate = refAjv.compile(property);
  return (value) => validate(value) === true;
}

/**
 * The hooks a declaration stands for. Authorization comes before validation (preValidation): an anonymous caller
 * gets 401 and a caller without the permission 403 whatever the body holds, so a refusal says nothing about the
 * route's schema. A `{ workspace | contact }` check reads the named value from the request: when that value itself
 * breaks the route's schema (a path segment that is not an id), the check waits for validation (400 naming it)
 * and runs in preHandler instead, so no malformed id reaches a query.
 */
export function accessHooks(app: FastifyInstance, access: RouteAccess, scoped: ScopedAccessResolver, schema?: RouteOptions['schema']): { preValidation: AccessHook[]; preHandler: AccessHook[] } {
  const authenticate = app.authenticate as unknown as AccessHook;
  if ('public' in access) return { preValidation: [], preHandler: [] };
  const rule = access.rule ? sessionRule(access.rule) : [];
  if ('signedIn' in access) return { preValidation: [authenticate, ...rule], preHandler: [] };
  const permissions = permissionsOf(access);
  const { workspace, contact } = access;
  const ref = contact ?? workspace;
  if (!ref) {
    const check = anyPermission(permissions) as unknown as AccessHook;
    const { unlessSelf } = access;
    const permission: AccessHook = unlessSelf
      ? async function (request, reply) {
        const named = readRequestRef(request, unlessSelf);
        if (named === undefined || named === '' || named === requireAuth(request).user.id) return;
        await check.call(this, request, reply);
      }
      : check;
    return { preValidation: [authenticate, permission, ...rule], preHandler: [] };
  }
  const scopedAccess = access as ScopedAccess;
  const text = (value: unknown) => (typeof value === 'string' ? value : String(value ?? ''));
  const valid = refValidator(schema, ref);
  const checked = new WeakSet<FastifyRequest>();
  const run = async (request: FastifyRequest) => {
    const value = text(readRequestRef(request, ref));
    if (contact) await scoped.contact(request, value, scopedAccess);
    else await scoped.workspace(request, value, scopedAccess);
    checked.add(request);
  };
  return {
    preValidation: [authenticate, async (request) => {
      if (!valid || valid(readRequestRef(request, ref))) await run(request);
    }],
    preHandler: [async (request) => {
      if (!checked.has(request)) await run(request);
    }],
  };
}

/** A declared role-only rule (ROLE_ONLY_RULES), for the caller in a workspace: 403 when it does not hold. */
export function requireRoleRule(name: RoleOnlyRuleName, context: PermissionContext): void {
  if (!can(ROLE_ONLY_RULES[name], context)) throw forbidden(say('roleRuleRefused', { rule: name }));
}

/** The declared role-only rule, in the session's workspace. */
function sessionRule(name: RoleOnlyRuleName): AccessHook[] {
  return [async (request) => requireRoleRule(name, permissionContext(requireAuth(request)))];
}

function anyPermission(permissions: readonly PermissionName[]): preHandlerAsyncHookHandler {
  if (permissions.length === 1) return requirePermission(permissions[0]);
  const checks = permissions.map((p) => requirePermission(p));
  return async function (this: FastifyInstance, request, reply) {
    let refusal: unknown;
    for (const check of checks) {
      try {
        await check.call(this, request, reply);
        return;
      } catch (error) {
        refusal = error;
      }
    }
    throw refusal;
  };
}

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * The onRoute hook: prepends the declared access to the route's preHandlers and publishes it as `x-access`.
 * With `refuseUndeclared`, an /api route without a declaration stops the server from starting.
 */
export function declareRouteAccess(app: FastifyInstance, scoped: ScopedAccessResolver, { refuseUndeclared }: { refuseUndeclared: boolean }): void {
  app.decorateRequest('workspaceAccess', null);
  app.decorateRequest('contact', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (!access) {
      if (refuseUndeclared && isApiRoute(route.url) && route.method !== 'HEAD') {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no access: add config.access ({ public }, { signedIn } or { permission })`);
      }
      return;
    }
    const hooks = accessHooks(app, access, scoped, route.schema);
    const listed = <T>(hook: T | T[] | undefined): T[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]);
    route.preValidation = [...hooks.preValidation, ...listed(route.preValidation)] as RouteOptions['preValidation'];
    route.preHandler = [...hooks.preHandler, ...listed(route.preHandler)] as RouteOptions['preHandler'];
    route.schema = { ...(route.schema ?? {}), [ACCESS_EXTENSION]: access } as RouteOptions['schema'];
  });
}
