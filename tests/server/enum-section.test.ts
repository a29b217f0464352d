import { createTestApp, signedIn, type TestContext } from './support/test-app';
import type { EnumSection } from '@domain/api/contacts';

/** GET /api/cntmng/workspace/{id}/enum/{kind}: every enum of a form section in one answer (issue 17, item 8). */

let ctx: TestContext;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const user of ['admin', 'agent']) cookies[user] = await signedIn(ctx.app, user);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const section = async (workspace: string, kind: string, user = 'agent') => ctx.app.inject({ method: 'GET', url: `/api/cntmng/workspace/${workspace}/enum/${kind}`, headers: { cookie: cookies[user] } });
const perField = async (workspace: string, kind: string, field: string, parents: Record<string, string>) =>
  (await ctx.app.inject({ method: 'POST', url: `/api/cntmng/workspace/${workspace}/enum/${kind}/${field}`, payload: parents, headers: { cookie: cookies.agent } })).json().data as Array<{ value: string; label: string }>;
const pick = (rows: EnumSection['values'][string], parents: Record<string, string>) =>
  rows.filter((r) => Object.entries(parents).every(([k, v]) => r.parents[k] === v)).map(({ value, label }) => ({ value, label }));

describe('GET /api/cntmng/workspace/{id}/enum/{kind}', () => {
  it('answers every enum of the section, static and remote with their parents, and the workspace version', async () => {
    const response = await section('energia-casa', 'inputs');
    expect(response.statusCode).toBe(200);
    const answer = response.json().data as EnumSection;
    expect(answer.version).toBeGreaterThanOrEqual(1);
    expect(answer.values.fornitura).toEqual([
      { value: 'luce', label: 'Luce', parents: {} },
      { value: 'gas', label: 'Gas', parents: {} },
      { value: 'dual', label: 'Luce e Gas', parents: {} },
    ]);
    expect(answer.values.tipoOfferta).toHaveLength(7);
  });

  it("gives for any parents' values what the per-field call gives", async () => {
    for (const [workspace, kind] of [['energia-casa', 'inputs'], ['energia-casa', 'outputs'], ['campagna-grande', 'inputs'], ['campagna-grande', 'outputs']] as const) {
      const answer = (await section(workspace, kind)).json().data as EnumSection;
      const fields = Object.entries(answer.values).filter(([, rows]) => rows.some((r) => Object.keys(r.parents).length));
      expect(fields.length).toBeGreaterThan(0);
      for (const [field, rows] of fields.slice(0, 6)) {
        const parents = rows.find((r) => Object.keys(r.parents).length)!.parents;
        expect(pick(rows, parents)).toEqual(await perField(workspace, kind, field, parents));
      }
    }
  });

  it('answers 400 for a bad kind, 401 signed out, 404 for an unknown workspace', async () => {
    expect((await section('energia-casa', 'middles')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/cntmng/workspace/energia-casa/enum/inputs' })).statusCode).toBe(401);
    expect((await section('nowhere', 'inputs', 'admin')).statusCode).toBe(404);
  });
});
