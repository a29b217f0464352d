import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { applyPatch, deepClone } from 'fast-json-patch';
import type { LightMyRequestResponse } from 'fastify';
import type { ConfigDocument, Configuration } from '@domain/api/workspace-config';
import { workspaceConfigRoutes } from '@domain/api/workspace-config';
import { createTestApp, signedIn, type TestContext } from './support/test-app';
import { signedInTo } from './support/users-fixture';

/**
 * The Workspaces tab's API (issue 13): workspaces and data models as versioned documents, on PGlite or PostgreSQL
 * (TEST_DB=postgres). Who may call each route; invalid drafts refused with every problem and nothing written;
 * stale publishes refused with the live version; rollback, diff, impact, export → import; and the contact routes
 * validating against the version just published.
 */

let ctx: TestContext;
const USERS = ['admin', 'teamleader', 'manager', 'sitemanager', 'agent', 'statistic'] as const;
/** The team leader again, signed in to energia-casa: the one demo workspace whose viewsConfig shows them workspaceconfig. */
const TEAM_LEADER_ENERGIA = 'teamleader@energia-casa';
type User = (typeof USERS)[number] | typeof TEAM_LEADER_ENERGIA;
const ACTORS: readonly User[] = [...USERS, TEAM_LEADER_ENERGIA];
const cookies = {} as Record<User, string>;
const BASE = '/api/cntmng/workspaceconfig/workspaces';

beforeAll(async () => {
  ctx = await createTestApp();
  for (const user of USERS) cookies[user] = await signedIn(ctx.app, user);
  cookies[TEAM_LEADER_ENERGIA] = await signedInTo(ctx, 'teamleader', 'u-teamleader', 'energia-casa');
});
afterAll(async () => {
  await ctx?.close();
});

const call = (user: User | null, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(user ? { cookie: cookies[user] } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const read = async (id: string): Promise<Configuration> => {
  const response = await call('admin', 'GET', `${BASE}/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

const counts = async () => {
  const [row] = await ctx.db.database.query<{ w: number; m: number; a: number }>(
    `SELECT (SELECT count(*)::int FROM workspace_versions) AS w, (SELECT count(*)::int FROM data_model_versions) AS m,
            (SELECT count(*)::int FROM workspace_config_changes) AS a`,
  );
  return row;
};

const clone = <T>(value: T): T => deepClone(value) as T;

describe('who may call the configuration routes', () => {
  const minimo = () => read('minimo');
  const requests: Array<[string, () => Promise<{ method: string; url: string; payload?: unknown }>]> = [
    ['list', async () => ({ method: 'GET', url: BASE })],
    ['create', async () => ({ method: 'POST', url: BASE, payload: { workspace: { id: 'nuovo' }, dataModel: { id: 'dm-nuovo' } } })],
    ['read', async () => ({ method: 'GET', url: `${BASE}/minimo` })],
    ['publish', async () => { const c = await minimo(); return { method: 'PUT', url: `${BASE}/minimo`, payload: { baseVersion: 999, workspace: c.workspace, dataModel: c.dataModel } }; }],
    ['validate', async () => { const c = await minimo(); return { method: 'POST', url: `${BASE}/minimo/validate`, payload: { workspace: c.workspace, dataModel: c.dataModel } }; }],
    ['impact', async () => { const c = await minimo(); return { method: 'POST', url: `${BASE}/minimo/impact`, payload: { workspace: c.workspace, dataModel: c.dataModel } }; }],
    ['versions', async () => ({ method: 'GET', url: `${BASE}/minimo/versions` })],
    ['version', async () => ({ method: 'GET', url: `${BASE}/minimo/versions/1` })],
    ['diff', async () => ({ method: 'GET', url: `${BASE}/minimo/diff?from=1&to=1` })],
    ['rollback', async () => ({ method: 'POST', url: `${BASE}/minimo/rollback`, payload: { baseVersion: 999, toVersion: 1 } })],
    ['enabled', async () => ({ method: 'POST', url: `${BASE}/minimo/enabled`, payload: { enabled: true } })],
    ['export', async () => ({ method: 'GET', url: `${BASE}/minimo/export` })],
    ['audit', async () => ({ method: 'GET', url: `${BASE}/minimo/audit` })],
  ];

  it('covers every route of the contract but the push channel (tested over HTTP in workspace-config-push)', () => {
    expect(requests.map(([name]) => name).sort()).toEqual(Object.keys(workspaceConfigRoutes).filter((name) => name !== 'changes').sort());
  });

  // workspaceconfig is admin's and team-leader's by default (translatePermissions), and a workspace's viewsConfig
  // narrows it: the team leader holds it in energia-casa, not in campagna-grande (where they sign in first).
  const allowed: Record<User, boolean> = { admin: true, teamleader: false, [TEAM_LEADER_ENERGIA]: true, manager: false, sitemanager: false, agent: false, statistic: false };

  it.each(requests)('%s: signed out 401, only roles with workspaceconfig get past access, the others 403', async (_name, make) => {
    const request = await make();
    expect((await call(null, request.method, request.url, request.payload)).statusCode).toBe(401);
    for (const user of ACTORS) {
      const response = await call(user, request.method, request.url, request.payload);
      if (allowed[user]) expect({ user, status: response.statusCode, ok: ![401, 403].includes(response.statusCode) }).toEqual({ user, status: response.statusCode, ok: true });
      else expect({ user, status: response.statusCode }).toEqual({ user, status: 403 });
    }
  });

  it('a configuration change is checked in the workspace it names: the team leader holding workspaceconfig in energia-casa cannot configure sms-promo, whose viewsConfig does not give it', async () => {
    const before = await counts();
    const promo = await read('sms-promo');
    const refused = [
      await call(TEAM_LEADER_ENERGIA, 'GET', `${BASE}/sms-promo`),
      await call(TEAM_LEADER_ENERGIA, 'POST', `${BASE}/sms-promo/enabled`, { enabled: false }),
      await call(TEAM_LEADER_ENERGIA, 'PUT', `${BASE}/sms-promo`, { baseVersion: promo.version, baseDataModelVersion: promo.dataModelVersion, workspace: promo.workspace, dataModel: promo.dataModel }),
      await call(TEAM_LEADER_ENERGIA, 'GET', `${BASE}/sms-promo/versions`),
    ];
    for (const response of refused) expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 403, message: 'Workspace sms-promo does not give you the workspaceconfig permission' });
    expect(await counts()).toEqual(before);
    expect(((await call('admin', 'GET', BASE)).json().data as Array<{ id: string; enabled: boolean }>).find((w) => w.id === 'sms-promo')?.enabled).toBe(true);
    // The list offers only the workspaces the team leader may configure: energia-casa (its viewsConfig) and minimo (none: the default).
    const listed = ((await call(TEAM_LEADER_ENERGIA, 'GET', BASE)).json().data as Array<{ id: string }>).map((w) => w.id);
    expect(listed).toEqual(expect.arrayContaining(['energia-casa', 'minimo']));
    expect(listed).not.toContain('sms-promo');
    expect(listed).not.toContain('campagna-grande');
    expect((await call(TEAM_LEADER_ENERGIA, 'GET', `${BASE}/energia-casa`)).statusCode).toBe(200);
  });

  it('the permission is declared on every route (x-access), the push channel is for every signed-in user', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json();
    for (const route of Object.values(workspaceConfigRoutes)) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const access = doc.paths[path][route.method.toLowerCase()]['x-access'];
      expect(access).toEqual(route === workspaceConfigRoutes.changes ? { signedIn: true } : { permission: 'workspaceconfig' });
    }
  });
});

describe('list and read', () => {
  it('lists every workspace with its data model, enabled flag and versions; seeded ones were published by nobody', async () => {
    const response = await call('admin', 'GET', BASE);
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(['campagna-grande', 'energia-casa', 'minimo', 'sinistri-auto', 'sms-promo']));
    expect(rows.find((r) => r.id === 'energia-casa')).toEqual(
      expect.objectContaining({ dataModelId: expect.any(String), enabled: true, version: 1, dataModelVersion: 1, publishedBy: null, publishedAt: null }),
    );
  });

  it('reads the live documents, version 1 and a missing one 404', async () => {
    const live = await read('energia-casa');
    expect(live).toEqual(expect.objectContaining({ version: 1, dataModelVersion: 1 }));
    expect(live.workspace.id).toBe('energia-casa');
    expect(live.dataModel.id).toBe(live.workspace.dataModelId);
    expect((await call('admin', 'GET', `${BASE}/energia-casa/versions/1`)).json().data).toEqual(live);
    expect((await call('admin', 'GET', `${BASE}/energia-casa/versions/7`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `${BASE}/nessuno`)).statusCode).toBe(404);
  });
});

describe('invalid drafts', () => {
  type Break = (draft: { workspace: ConfigDocument; dataModel: ConfigDocument }) => void;
  const cases: Array<[string, string, Break, 'workspace' | 'dataModel', string, string]> = [
    ['a group naming a missing field', 'minimo', (d) => { d.workspace.groupsInputs = [{ label: 'G', fields: ['nome', 'manca'] }]; }, 'workspace', '/groupsInputs/0/fields/1', 'group-field-missing'],
    ['a dependency naming a missing field', 'minimo', (d) => {
      d.workspace.enumConfig = { inputs: { nome: { remoteValues: true } } };
      d.workspace.inputDependencies = { nome: ['manca'] };
    }, 'workspace', '/inputDependencies/nome/0', 'dependency-child-missing'],
    ['a dependency cycle', 'minimo', (d) => {
      d.workspace.enumConfig = { inputs: { nome: { remoteValues: true }, cognome: { remoteValues: true } } };
      d.workspace.inputDependencies = { nome: ['cognome'], cognome: ['nome'] };
    }, 'workspace', '/inputDependencies/nome/0', 'dependency-cycle'],
    ['arrayMinItems above arrayMaxItems', 'minimo', (d) => {
      (d.dataModel.outputs as Record<string, unknown>).foto = { label: 'Foto', dataType: 'array', arrayMinItems: 4, arrayMaxItems: 2, arrayItemsModel: { n: { label: 'N' } } };
    }, 'dataModel', '/outputs/foto/arrayMinItems', 'array-min-above-max'],
    ['a regex that does not compile', 'minimo', (d) => { (d.dataModel.model as Record<string, Record<string, unknown>>).telefono.dataRegex = '([0-9]'; }, 'dataModel', '/model/telefono/dataRegex', 'regex-invalid'],
    ['an enum source that does not exist', 'energia-casa', (d) => {
      const inputs = (d.workspace.enumConfig as Record<string, Record<string, Record<string, unknown>>>).inputs;
      inputs.offerta.url = '/api/cntmng/workspace/altro/enum/inputs/offerta';
    }, 'workspace', '/enumConfig/inputs/offerta/url', 'enum-source-unknown'],
    ['a home path that is not a route', 'energia-casa', (d) => {
      (d.workspace.viewsConfig as Record<string, { _home: { path: string } }>).admin._home.path = '/contatti/lista';
    }, 'workspace', '/viewsConfig/admin/_home/path', 'home-path-not-a-route'],
    ['a schema error', 'minimo', (d) => { d.workspace.colore = 'blu'; }, 'workspace', '/colore', 'schema:additionalProperties'],
    ['a data model that is not the workspace one', 'minimo', (d) => { d.workspace.dataModelId = 'dm-altro'; }, 'workspace', '/dataModelId', 'data-model-mismatch'],
    ['a workspace id that is not the one in the path', 'minimo', (d) => { d.workspace.id = 'altro'; }, 'workspace', '/id', 'workspace-id-mismatch'],
  ];

  it.each(cases)('%s: validate lists it, publish answers 400 with its pointer and rule, the live version stays', async (_name, id, breakIt, document, pointer, rule) => {
    const live = await read(id);
    const draft = { workspace: clone(live.workspace), dataModel: clone(live.dataModel) };
    breakIt(draft);
    const validated = await call('admin', 'POST', `${BASE}/${id}/validate`, draft);
    expect(validated.statusCode).toBe(200);
    expect(validated.json().data.valid).toBe(false);
    expect(validated.json().data.problems).toContainEqual(expect.objectContaining({ document, pointer, rule, severity: 'error' }));

    const before = await counts();
    const published = await call('admin', 'PUT', `${BASE}/${id}`, { baseVersion: live.version, ...draft });
    expect(published.statusCode).toBe(400);
    expect(published.json().errors).toContainEqual(expect.objectContaining({ document, pointer, rule, message: expect.any(String) }));
    expect(await counts()).toEqual(before);
    expect(await read(id)).toEqual(live);
  });

  it("speaks the user's language: Italian for the app's it-IT (and any other), English for en-US, en-GB and a call that names none", async () => {
    const live = await read('minimo');
    const draft = { workspace: { ...clone(live.workspace), groupsInputs: [{ label: 'G', fields: ['manca'] }] }, dataModel: live.dataModel };
    const problem = async (language?: string) =>
      (await call('admin', 'POST', `${BASE}/minimo/validate`, draft, language ? { 'accept-language': language } : {})).json().data.problems[0].message as string;
    expect(await problem()).toBe("Group 'G' names field 'manca' that the data model's inputs lack");
    expect(await problem('fr-FR')).toMatch(/Il gruppo/);
    expect(await problem('it-IT,it;q=0.9')).toBe("Il gruppo 'G' nomina il campo 'manca', che il modello dati non ha tra gli inputs");
    expect(await problem('en-US,en;q=0.9')).toBe("Group 'G' names field 'manca' that the data model's inputs lack");
    expect(await problem('en-GB')).toBe("Group 'G' names field 'manca' that the data model's inputs lack");
  });

  it('a valid draft validates with no problems', async () => {
    const live = await read('sinistri-auto');
    const response = await call('admin', 'POST', `${BASE}/sinistri-auto/validate`, { workspace: live.workspace, dataModel: live.dataModel });
    expect(response.json().data).toEqual({ valid: true, problems: [] });
  });
});

describe('publish, versions, diff, rollback', () => {
  it('publishes a new workspace version (and a data model version only when the model changed), recorded with who and the comment', async () => {
    const live = await read('sinistri-auto');
    const renamed = { ...clone(live.workspace), name: 'Sinistri auto 2027' };
    const first = await call('admin', 'PUT', `${BASE}/sinistri-auto`, { baseVersion: 1, baseDataModelVersion: 1, workspace: renamed, dataModel: live.dataModel, comment: 'nuovo nome' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ version: 2, dataModelVersion: 1 });

    const model = clone(live.dataModel);
    const [firstField] = Object.keys(model.model as object);
    (model.model as Record<string, Record<string, unknown>>)[firstField].label = 'Etichetta nuova';
    const second = await call('admin', 'PUT', `${BASE}/sinistri-auto`, { baseVersion: 2, workspace: renamed, dataModel: model });
    expect(second.json().data).toEqual({ version: 3, dataModelVersion: 2 });

    const now = await read('sinistri-auto');
    // each document says the version it is stored as
    expect(now).toEqual({ workspace: { ...renamed, version: 3 }, dataModel: { ...model, version: 2 }, version: 3, dataModelVersion: 2 });
    const row = (await call('admin', 'GET', BASE)).json().data.find((r: { id: string }) => r.id === 'sinistri-auto');
    expect(row).toEqual(expect.objectContaining({ name: 'Sinistri auto 2027', version: 3, dataModelVersion: 2, publishedBy: 'admin', publishedAt: expect.any(String) }));

    const versions = (await call('admin', 'GET', `${BASE}/sinistri-auto/versions`)).json().data;
    expect(versions.map((v: { version: number; action: string; fromVersion: number | null; dataModelVersion: number }) => [v.version, v.action, v.fromVersion, v.dataModelVersion])).toEqual([
      [3, 'publish', 2, 2],
      [2, 'publish', 1, 1],
      [1, 'seed', null, 1],
    ]);
    expect(versions[1]).toEqual(expect.objectContaining({ by: 'admin', comment: 'nuovo nome' }));
    const audit = (await call('admin', 'GET', `${BASE}/sinistri-auto/audit`)).json().data;
    expect(audit.map((a: { action: string; fromVersion: number; toVersion: number; by: string }) => [a.action, a.fromVersion, a.toVersion, a.by])).toEqual([
      ['publish', 2, 3, 'admin'],
      ['publish', 1, 2, 'admin'],
    ]);

    // The agent's workspace document follows.
    const document = await call('admin', 'GET', '/api/cntmng/user/workspace/sinistri-auto');
    expect(document.json().data).toEqual(expect.objectContaining({ name: 'Sinistri auto 2027', version: 3 }));
  });

  it('a stale publish answers 409 with the live versions and writes nothing', async () => {
    const live = await read('sinistri-auto');
    const before = await counts();
    const stale = await call('admin', 'PUT', `${BASE}/sinistri-auto`, { baseVersion: live.version - 1, workspace: live.workspace, dataModel: live.dataModel });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual(expect.objectContaining({ statusCode: 409, currentVersion: live.version, currentDataModelVersion: live.dataModelVersion, message: expect.stringMatching(/version/) }));
    const staleModel = await call('admin', 'PUT', `${BASE}/sinistri-auto`, { baseVersion: live.version, baseDataModelVersion: live.dataModelVersion - 1, workspace: live.workspace, dataModel: live.dataModel });
    expect(staleModel.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    expect(await read('sinistri-auto')).toEqual(live);
  });

  it('two publishes from the same base: one wins, the other is a 409', async () => {
    const live = await read('campagna-grande');
    const edit = (name: string) => call('admin', 'PUT', `${BASE}/campagna-grande`, { baseVersion: live.version, workspace: { ...live.workspace, name }, dataModel: live.dataModel });
    const answers = await Promise.all([edit('A'), edit('B')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await read('campagna-grande')).version).toBe(live.version + 1);
  });

  it('diff: the patch of version A applied to A gives B, for the workspace and the data model', async () => {
    const response = await call('admin', 'GET', `${BASE}/sinistri-auto/diff?from=1&to=3`);
    expect(response.statusCode).toBe(200);
    const diff = response.json().data;
    expect(diff.workspace.length).toBeGreaterThan(0);
    expect(diff.dataModel.length).toBeGreaterThan(0);
    const v1 = (await call('admin', 'GET', `${BASE}/sinistri-auto/versions/1`)).json().data as Configuration;
    const v3 = (await call('admin', 'GET', `${BASE}/sinistri-auto/versions/3`)).json().data as Configuration;
    expect(applyPatch(clone(v1.workspace), diff.workspace).newDocument).toEqual(v3.workspace);
    expect(applyPatch(clone(v1.dataModel), diff.dataModel).newDocument).toEqual(v3.dataModel);
    expect((await call('admin', 'GET', `${BASE}/sinistri-auto/diff?from=1&to=99`)).statusCode).toBe(404);
  });

  it('rollback publishes the old documents as a new version, deep-equal to them; a stale one is 409; it can be rolled back itself', async () => {
    const v1 = (await call('admin', 'GET', `${BASE}/sinistri-auto/versions/1`)).json().data as Configuration;
    const live = await read('sinistri-auto');
    const before = await counts();
    expect((await call('admin', 'POST', `${BASE}/sinistri-auto/rollback`, { baseVersion: live.version - 1, toVersion: 1 })).statusCode).toBe(409);
    expect(await counts()).toEqual(before);

    const back = await call('admin', 'POST', `${BASE}/sinistri-auto/rollback`, { baseVersion: live.version, toVersion: 1, comment: 'indietro' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toEqual({ version: live.version + 1, dataModelVersion: live.dataModelVersion + 1 });
    const now = await read('sinistri-auto');
    expect(now.workspace).toEqual({ ...v1.workspace, version: now.version });
    expect(now.dataModel).toEqual({ ...v1.dataModel, version: now.dataModelVersion });
    const [entry] = (await call('admin', 'GET', `${BASE}/sinistri-auto/versions`)).json().data;
    expect(entry).toEqual(expect.objectContaining({ version: live.version + 1, action: 'rollback', fromVersion: 1, comment: 'indietro' }));

    const again = await call('admin', 'POST', `${BASE}/sinistri-auto/rollback`, { baseVersion: now.version, toVersion: live.version });
    expect(again.statusCode).toBe(200);
    const restored = await read('sinistri-auto');
    expect(restored.workspace).toEqual({ ...live.workspace, version: restored.version });
    expect(restored.dataModel).toEqual({ ...live.dataModel, version: restored.dataModelVersion });
    expect((await call('admin', 'POST', `${BASE}/sinistri-auto/rollback`, { baseVersion: restored.version, toVersion: 99 })).statusCode).toBe(404);
  });
});

describe('impact', () => {
  it('counts the contacts a required field would refuse, with examples naming the field', async () => {
    const live = await read('minimo');
    const model = clone(live.dataModel);
    (model.model as Record<string, Record<string, unknown>>).telefono.required = true;
    const response = await call('admin', 'POST', `${BASE}/minimo/impact`, { workspace: live.workspace, dataModel: model });
    expect(response.statusCode).toBe(200);
    const impact = response.json().data;
    const [{ lacking, total }] = await ctx.db.database.query<{ lacking: number; total: number }>(
      "SELECT count(*) FILTER (WHERE coalesce(inputs->>'telefono', '') = '')::int AS lacking, count(*)::int AS total FROM contacts WHERE workspace_id = 'minimo'",
    );
    expect(lacking).toBeGreaterThan(0);
    expect(impact).toEqual({ checked: total, failing: lacking, examples: expect.any(Array) });
    expect(impact.examples).toHaveLength(Math.min(lacking, 20));
    for (const example of impact.examples) expect(example).toEqual({ contactId: expect.any(String), field: 'inputs.telefono', message: expect.any(String) });

    const unchanged = await call('admin', 'POST', `${BASE}/minimo/impact`, { workspace: live.workspace, dataModel: live.dataModel });
    expect(unchanged.json().data).toEqual({ checked: total, failing: 0, examples: [] });
    const invalid = await call('admin', 'POST', `${BASE}/minimo/impact`, { workspace: { ...live.workspace, entryState: 'X' }, dataModel: live.dataModel });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('export, import, enable', () => {
  it('exports a file that imports as a new workspace on the same data model, which admins then see in their selector', async () => {
    const exported = await call('admin', 'GET', `${BASE}/minimo/export`);
    expect(exported.statusCode).toBe(200);
    const live = await read('minimo');
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="minimo-v${live.version}.json"`);
    const file = exported.json() as { workspace: ConfigDocument; dataModel: ConfigDocument };
    expect(file).toEqual({ workspace: live.workspace, dataModel: live.dataModel });

    const before = await counts();
    const copy = { workspace: { ...file.workspace, id: 'minimo-copia', name: 'Minimo (copia)' }, dataModel: file.dataModel, comment: 'importato' };
    const created = await call('admin', 'POST', BASE, copy);
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toEqual({ version: 1, dataModelVersion: live.dataModelVersion });
    expect(await counts()).toEqual({ w: before.w + 1, m: before.m, a: before.a + 1 });
    expect(await read('minimo-copia')).toEqual({ workspace: copy.workspace, dataModel: file.dataModel, version: 1, dataModelVersion: live.dataModelVersion });
    const [entry] = (await call('admin', 'GET', `${BASE}/minimo-copia/versions`)).json().data;
    expect(entry).toEqual(expect.objectContaining({ version: 1, action: 'create', by: 'admin', comment: 'importato', fromVersion: null }));

    const selector = (await call('admin', 'GET', '/api/cntmng/user/workspace')).json().data as Array<{ id: string }>;
    expect(selector.map((w) => w.id)).toContain('minimo-copia');
    // Linked to no team: the agents do not get it until an admin links a team.
    const agents = (await call('agent', 'GET', '/api/cntmng/user/workspace')).json().data as Array<{ id: string }>;
    expect(agents.map((w) => w.id)).not.toContain('minimo-copia');

    const again = await call('admin', 'POST', BASE, copy);
    expect(again.statusCode).toBe(409);
    expect(await counts()).toEqual({ w: before.w + 1, m: before.m, a: before.a + 1 });
  });

  it('imports a workspace with a brand-new data model, and one whose existing data model changed publishes that model anew', async () => {
    const live = await read('minimo');
    const model = { ...clone(live.dataModel), id: 'dm-nuovo' };
    const created = await call('admin', 'POST', BASE, { workspace: { ...live.workspace, id: 'nuovo', name: 'Nuovo', dataModelId: 'dm-nuovo' }, dataModel: model });
    expect(created.json().data).toEqual({ version: 1, dataModelVersion: 1 });

    const changed = { ...clone(model), outputs: { esito: { label: 'Esito finale' } } };
    const second = await call('admin', 'POST', BASE, { workspace: { ...live.workspace, id: 'nuovo-2', name: 'Nuovo 2', dataModelId: 'dm-nuovo' }, dataModel: changed });
    expect(second.json().data).toEqual({ version: 1, dataModelVersion: 2 });
    expect((await read('nuovo')).dataModel).toEqual({ ...changed, version: 2 });
  });

  it('an invalid import answers 400 with its problems and writes nothing', async () => {
    const before = await counts();
    const response = await call('admin', 'POST', BASE, { workspace: { id: 'rotto', name: 'Rotto', dataModelId: 'dm-rotto', enabled: true, entryState: 'X' }, dataModel: { id: 'dm-rotto', model: {} } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.length).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
    expect((await call('admin', 'GET', `${BASE}/rotto`)).statusCode).toBe(404);
  });

  it('disables and enables a workspace, each recorded', async () => {
    const off = await call('admin', 'POST', `${BASE}/energia-casa/enabled`, { enabled: false, comment: 'pausa' });
    expect(off.json().data).toEqual({ enabled: false });
    expect((await call('admin', 'GET', BASE)).json().data.find((r: { id: string }) => r.id === 'energia-casa').enabled).toBe(false);
    expect((await call('agent', 'GET', '/api/cntmng/user/workspace')).json().data.map((w: { id: string }) => w.id)).not.toContain('energia-casa');
    await call('admin', 'POST', `${BASE}/energia-casa/enabled`, { enabled: true });
    const audit = (await call('admin', 'GET', `${BASE}/energia-casa/audit`)).json().data;
    expect(audit.slice(0, 2).map((a: { action: string; comment: string | null }) => [a.action, a.comment])).toEqual([['enable', null], ['disable', 'pausa']]);
  });
});

describe('the documents say the version they are stored as', () => {
  it('after two publishes, read, a version, export and diff say version 3 (and the data model its own version)', async () => {
    const first = await read('energia-casa');
    expect([first.workspace.version, first.dataModel.version]).toEqual([first.version, first.dataModelVersion]);
    const renamed = await call('admin', 'PUT', `${BASE}/energia-casa`, { baseVersion: first.version, baseDataModelVersion: first.dataModelVersion, workspace: { ...first.workspace, name: 'Energia casa bis' }, dataModel: first.dataModel });
    expect(renamed.json().data).toEqual({ version: first.version + 1, dataModelVersion: first.dataModelVersion });
    const second = await read('energia-casa');
    const model = clone(second.dataModel);
    const [field] = Object.keys(model.model as object);
    (model.model as Record<string, Record<string, unknown>>)[field].label = 'Etichetta nuova';
    const relabelled = await call('admin', 'PUT', `${BASE}/energia-casa`, { baseVersion: second.version, workspace: { ...second.workspace, name: 'Energia casa ter' }, dataModel: model });
    expect(relabelled.json().data).toEqual({ version: 3, dataModelVersion: first.dataModelVersion + 1 });

    const now = await read('energia-casa');
    expect([now.workspace.version, now.dataModel.version]).toEqual([3, first.dataModelVersion + 1]);
    const exported = await call('admin', 'GET', `${BASE}/energia-casa/export`);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="energia-casa-v3.json"');
    const file = exported.json() as { workspace: ConfigDocument; dataModel: ConfigDocument };
    expect([file.workspace.version, file.dataModel.version]).toEqual([3, first.dataModelVersion + 1]);
    const middle = (await call('admin', 'GET', `${BASE}/energia-casa/versions/2`)).json().data as Configuration;
    expect([middle.workspace.version, middle.dataModel.version]).toEqual([2, first.dataModelVersion]);
    const diff = (await call('admin', 'GET', `${BASE}/energia-casa/diff?from=1&to=3`)).json().data;
    expect(diff.workspace).toContainEqual({ op: 'replace', path: '/version', value: 3 });
    expect(diff.dataModel).toContainEqual({ op: 'replace', path: '/version', value: first.dataModelVersion + 1 });
    // the agents' copy says it too
    expect((await call('admin', 'GET', '/api/cntmng/user/workspace/energia-casa')).json().data.version).toBe(3);
  });

  it('a row stored with the version its draft said (a seeded fixture) is read as the version it is', async () => {
    const fixture = JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/workspaces/campagna-grande/workspace.json'), 'utf8')) as { version: number };
    expect(fixture.version).not.toBe(1);
    const seeded = (await call('admin', 'GET', `${BASE}/campagna-grande/versions/1`)).json().data as Configuration;
    expect([seeded.workspace.version, seeded.dataModel.version]).toEqual([1, 1]);
  });

  it('publishing an unchanged data model that says another version (or none) makes no data model version', async () => {
    const live = await read('energia-casa');
    for (const [name, dataModel] of [['a', { ...live.dataModel, version: 1 }], ['b', Object.fromEntries(Object.entries(live.dataModel).filter(([key]) => key !== 'version'))]] as const) {
      const current = await read('energia-casa');
      const before = await counts();
      const published = await call('admin', 'PUT', `${BASE}/energia-casa`, { baseVersion: current.version, workspace: { ...current.workspace, name: `Energia casa ${name}` }, dataModel });
      expect(published.json().data).toEqual({ version: current.version + 1, dataModelVersion: live.dataModelVersion });
      expect(await counts()).toEqual({ w: before.w + 1, m: before.m, a: before.a + 1 });
      expect((await read('energia-casa')).dataModel).toEqual(live.dataModel);
    }
  });

  it('an imported file says version 1 once created, whatever version it said', async () => {
    const live = await read('minimo');
    const created = await call('admin', 'POST', BASE, { workspace: { ...live.workspace, id: 'minimo-v8', name: 'Minimo v8', dataModelId: 'dm-minimo-v8', version: 8 }, dataModel: { ...live.dataModel, id: 'dm-minimo-v8', version: 5 } });
    expect(created.json().data).toEqual({ version: 1, dataModelVersion: 1 });
    const copy = await read('minimo-v8');
    expect([copy.workspace.version, copy.dataModel.version]).toEqual([1, 1]);
  });
});

describe('the contact routes validate against the version just published', () => {
  it('a new required input refuses an insert without it (400 naming it), and accepts one with it', async () => {
    const live = await read('minimo');
    const model = clone(live.dataModel);
    (model.model as Record<string, unknown>).codice = { label: 'Codice cliente', required: true };
    const published = await call('admin', 'PUT', `${BASE}/minimo`, { baseVersion: live.version, workspace: live.workspace, dataModel: model });
    expect(published.statusCode).toBe(200);
    const refused = await call('admin', 'POST', '/api/cntmng/contact/insert/minimo', { rawData: { nome: 'A', cognome: 'B' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { field: string }) => e.field)).toContain('/inputs/codice');
    expect((await call('admin', 'POST', '/api/cntmng/contact/insert/minimo', { rawData: { nome: 'A', cognome: 'B', codice: 'C1' } })).statusCode).toBe(200);
  });
});
