/**
 * @jest-environment node
 */
import { createCaller, fillPath, type TransportRequest } from '@api-client/call';
import { contactWorkRoutes } from '@domain/api/contact-work';
import { contactRoutes } from '@domain/api/contacts';
import { authRoutes, type SigninResult } from '@domain/api/auth';
import { workspaceRoutes } from '@domain/api/workspace';
import type { Workspace } from '@domain/generated/workspace';

/**
 * The route contract types every call: tsc (npm run typecheck) fails when one of the `@ts-expect-error` lines
 * below stops being an error, so a wrong param name, a missing param or a body field the contract lacks cannot
 * compile. The run-time part checks what the caller hands the transport.
 */

const sent: Array<{ method: string; path: string; options: TransportRequest }> = [];
const { call } = createCaller({
  request: async <T>(method: string, path: string, options: TransportRequest): Promise<T> => {
    sent.push({ method, path, options });
    return undefined as T;
  },
});

/** Type-only: never run, only compiled. */
export function contractErrors(): void {
  // @ts-expect-error the contract names the insert's param `workspace`, not `id`
  void call(contactWorkRoutes.insert, { params: { id: 'w1' }, body: { rawData: {} } });
  // @ts-expect-error `rawdata` is not a field of the insert body
  void call(contactWorkRoutes.insert, { params: { workspace: 'w1' }, body: { rawdata: {} } });
  // @ts-expect-error the save body requires `version`
  void call(contactWorkRoutes.save, { params: { id: 'c1' }, body: { notes: 'x' } });
  // @ts-expect-error the widget's `n` is missing
  void call(contactWorkRoutes.widgetData, { params: { id: 'c1' } });
  // @ts-expect-error a route with params cannot be called without them
  void call(contactWorkRoutes.getContact);
  // @ts-expect-error `kind` is 'inputs' or 'outputs'
  void call(contactRoutes.enumValues, { params: { id: 'w1', kind: 'middle', field: 'f' }, body: {} });
  // @ts-expect-error the sign-out takes no body
  void call(authRoutes.signout, { body: { all: true } });
  // The declared answers (DeclaredAnswers, keyed by descriptor) replace what FromSchema would give.
  const workspace: Promise<Workspace> = call(workspaceRoutes.userWorkspace, { params: { id: 'w1' } });
  const signin: Promise<SigninResult> = call(authRoutes.signin, { body: { username: 'u', password: 'p' } });
  // @ts-expect-error the workspace document is not a string
  const notAWorkspace: Promise<string> = call(workspaceRoutes.userWorkspace, { params: { id: 'w1' } });
  void [workspace, signin, notAWorkspace];
}

/** The answer types come from the contract's 200 schema, without the `{ data }` envelope unless `whole`. */
export async function contractAnswers(): Promise<void> {
  const saved = await call(contactWorkRoutes.save, { params: { id: 'c1' }, body: { version: 3, notes: 'x' } });
  const version: number = saved.version;
  const found = await call(contactRoutes.search, { params: { workspace: 'w1' }, body: { start: 0, length: 10 }, whole: true });
  const total: number = found.total;
  // @ts-expect-error the save answers a contact row, which has no `total`
  void saved.total;
  void version;
  void total;
}

describe('call: one route contract', () => {
  beforeEach(() => { sent.length = 0; });

  it('fills the path from the descriptor, encodes params and sends the body', async () => {
    await call(contactWorkRoutes.insert, { params: { workspace: 'w 1' }, body: { rawData: { nome: 'Anna' } }, quiet: true });
    expect(sent).toEqual([
      { method: 'POST', path: '/api/cntmng/contact/insert/w%201', options: { body: { rawData: { nome: 'Anna' } }, quiet: true, query: undefined } },
    ]);
  });

  it('writes query values as text and leaves undefined ones out to the transport', async () => {
    await call(contactWorkRoutes.outbox, { query: { workspace: 'w1', limit: 20, status: undefined } });
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/cntmng/outbox', options: { query: { workspace: 'w1', limit: '20', status: undefined } } });
  });

  it('refuses a path whose param has no value', () => {
    expect(() => fillPath('/api/cntmng/contact/:id/widget/:n', { id: 'c1' })).toThrow('/api/cntmng/contact/:id/widget/:n: no value for :n');
  });
});
