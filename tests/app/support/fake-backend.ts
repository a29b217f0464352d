/**
 * A test double for fetch in jsdom (which has no fetch): answers by "METHOD /path" from a table the test sets, and
 * records every call. Like react-admin's testDataProvider, it stubs only what a test needs.
 */
export type Handler = (body: unknown) => [number, unknown] | Promise<[number, unknown]>;

export interface FakeBackend {
  fetch: typeof fetch;
  calls: Array<{ method: string; path: string; body: unknown; credentials?: RequestCredentials }>;
  on(route: string, handler: Handler | [number, unknown]): void;
  called(route: string): number;
}

export const createFakeBackend = (table: Record<string, Handler | [number, unknown]> = {}): FakeBackend => {
  const handlers = new Map(Object.entries(table));
  const calls: FakeBackend['calls'] = [];
  const fetchDouble = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body, credentials: init?.credentials });
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const handler = handlers.get(`${method} ${url.pathname}`);
    const [status, payload] = handler === undefined
      ? [404, { statusCode: 404, error: 'Not Found', message: `no handler for ${method} ${url.pathname}`, errors: [] }]
      : typeof handler === 'function' ? await handler(body) : handler;
    const text = payload === undefined ? '' : JSON.stringify(payload);
    return { ok: status >= 200 && status < 300, status, text: async () => text } as unknown as Response;
  };
  return {
    fetch: fetchDouble as typeof fetch,
    calls,
    on: (route, handler) => { handlers.set(route, handler); },
    called: (route) => calls.filter((call) => `${call.method} ${call.path}` === route).length,
  };
};

export const apiError = (statusCode: number, message: string, errors: Array<{ message: string; field?: string }> = []): [number, unknown] =>
  [statusCode, { statusCode, error: 'Error', message, errors }];

export const workspace = (id = 'w1', extra: Record<string, unknown> = {}) => ({ id, name: `Workspace ${id}`, dataModelId: `dm-${id}`, enabled: true, ...extra });

export const loggedUser = (role: string, username = role, extra: Record<string, unknown> = {}) =>
  ({ id: `id-${username}`, username, role, groupId: null, isSysadmin: false, groups: [], ...extra });

/** The calls a successful sign-in makes (spec 1 §4), for a user with the given role. */
export const signedInBackend = (role: string, username = role, workspaces = [workspace('w1'), workspace('w2')]) => {
  const now = Date.now();
  return createFakeBackend({
    'POST /api/auth/signin': [200, { data: { user: loggedUser(role, username), sessionStart: now, sessionTimeout: 1_800_000, workspaceId: workspaces[0]?.id ?? null } }],
    'GET /api/auth/session': [200, { data: { id: `id-${username}`, username, role, sessionStart: now, sessionTimeout: 1_800_000 } }],
    'GET /api/cntmng/user/workspace': [200, { data: workspaces }],
    ...Object.fromEntries(workspaces.map((item) => [`GET /api/cntmng/user/workspace/${item.id}`, [200, { data: item }] as [number, unknown]])),
    ...Object.fromEntries(workspaces.map((item) => [`GET /api/dmll/data-model/${item.dataModelId}`, [200, { data: { id: item.dataModelId, fields: {} } }] as [number, unknown]])),
    'POST /api/cntmng/agent/signin': (body) => [200, { data: { ...(body as object), signedInAt: now, sessionStart: now, sessionTimeout: 1_800_000 } }],
    'POST /api/cntmng/agent/heartbeat': [200, { data: { at: now, sessionStart: now, sessionTimeout: 1_800_000 } }],
    'GET /api/auth/user': [200, { data: [{ id: 'id-agent', username: 'agent' }] }],
    'GET /api/cntmng/assets': [200, { data: { logoLogin: 'data:image/svg+xml,login', logoNav: 'data:image/svg+xml,nav' } }],
    'POST /api/auth/signout': [200, { data: { ok: true } }],
  });
};
