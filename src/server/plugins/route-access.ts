import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { PermissionName } from '../../domain/permissions';
import { requirePermission } from './auth';

/**
 * Who may call a route, declared on the route itself (`config: { access }`) so that no handler can forget it.
 * The preHandler is built from the declaration when the route is registered, the declaration is published in the
 * OpenAPI document as `x-access` (the role × route test reads it there), and an /api route that declares nothing
 * is refused at start-up.
 *
 * - `{ public: '<why>' }`: no session needed (sign-in, public assets); the reason is part of the contract.
 * - `{ signedIn: true }`: any live session; the handler's rules (if any) are data-dependent and its own.
 * - `{ permission }`: the translator's json-logic rule for that permission (or any of several), evaluated for the
 *   signed-in user in the session's workspace — the same rule the browser evaluates.
 * - `{ permission, workspace: 'params.workspaceId' }`: the rule in the workspace the request names (where in the
 *   request is given as `params.x`, `query.x` or `body.x`); the workspace must exist and be open to the user.
 *   The checked access is left on `request.workspaceAccess` for the handler.
 * - `{ permission, contact: 'params.id' }`: the rule in the contact's workspace with the contact in the rule's
 *   context; the contact must exist (404) and be among those the user sees (403). Sets `request.workspaceAccess`
 *   and `request.contact`.
 */
export type RouteAccess =
  | { public: string }
  | { signedIn: true }
  | { permission: PermissionName | readonly PermissionName[]; workspace?: RequestRef; contact?: RequestRef };

/** Where a value sits in the request: `params.id`, `query.workspaceId`, `body.workspaceId`. */
export type RequestRef = `${'params' | 'query' | 'body'}.${string}`;

/** Checks the workspace or contact a declaration names and leaves what it checked on the request. */
export interface ScopedAccessResolver {
  workspace(request: FastifyRequest, workspaceId: string, permissions: readonly PermissionName[]): Promise<void>;
  contact(request: FastifyRequest, contactId: string, permissions: readonly PermissionName[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** What a `{ permission, workspace | contact }` route checked: see routes/contact-access.ts WorkspaceAccess. */
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

function permissionsOf(access: Extract<RouteAccess, { permission: unknown }>): readonly PermissionName[] {
  return typeof access.permission === 'string' ? [access.permission] : access.permission;
}

/** The preHandlers a declaration stands for, run before any the route adds itself. */
export function accessPreHandlers(app: FastifyInstance, access: RouteAccess, scoped: ScopedAccessResolver): preHandlerAsyncHookHandler[] {
  if ('public' in access) return [];
  if ('signedIn' in access) return [app.authenticate];
  const permissions = permissionsOf(access);
  const text = (value: unknown) => (typeof value === 'string' ? value : String(value ?? ''));
  const { workspace, contact } = access;
  if (contact) return [app.authenticate, async (request) => scoped.contact(request, text(readRequestRef(request, contact)), permissions)];
  if (workspace) return [app.authenticate, async (request) => scoped.workspace(request, text(readRequestRef(request, workspace)), permissions)];
  return [app.authenticate, anyPermission(permissions)];
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
    const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [...accessPreHandlers(app, access, scoped), ...own];
    route.schema = { ...(route.schema ?? {}), [ACCESS_EXTENSION]: access } as RouteOptions['schema'];
  });
}
