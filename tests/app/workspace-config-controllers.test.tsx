import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiRequestError } from '@api-client/api-error';
import type { WorkspaceConfigApi } from '@api-client/workspace-config-client';
import { createDraftStore, draftKey, NEW_WORKSPACE_DRAFT } from '@app/features/workspace-config/editor/draft-storage';
import { checkDraftLocally, useConfigEditorController, type EditorTarget } from '@app/features/workspace-config/editor/use-config-editor-controller';
import { refreshWorkspaceList } from '@app/features/workspace-config/workspaces-tab/refresh-workspace-list';
import { readImport, readImportFiles, useWorkspacesTabController } from '@app/features/workspace-config/workspaces-tab/use-workspaces-tab-controller';
import type { ConfigProblem, ConfigWorkspaceRow, Configuration, DraftBody } from '@domain/api/workspace-config';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';

/**
 * The Workspaces tab's controllers with the workspace-config API faked at its seam (WorkspaceConfigApi): no server,
 * no fetch, no CodeMirror. Drafts go to jsdom's localStorage.
 */

const row = (id: string, extra: Partial<ConfigWorkspaceRow> = {}): ConfigWorkspaceRow => ({
  id, name: `Workspace ${id}`, dataModelId: `dm-${id}`, enabled: true, version: 1, dataModelVersion: 1, publishedAt: null, publishedBy: null, ...extra,
});

const CONFIG: Configuration = {
  workspace: { id: 'minimo', name: 'Minimo', dataModelId: 'dm-minimo', enabled: true },
  dataModel: { id: 'dm-minimo', model: { nome: { label: 'Nome' } }, outputs: {}, modelContactProperty: 'nome' },
  version: 3,
  dataModelVersion: 2,
};
const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const apiError = (status: number, body: Record<string, unknown>) =>
  new ApiRequestError({ kind: 'errors', status, message: String(body.message ?? status), errors: [], requestText: 'PUT /x', handled: false, body });

const missingField: ConfigProblem = { document: 'workspace', pointer: '/groupsInputs/0/fields/0', rule: 'group-field-missing', message: 'manca is no field', severity: 'error' };

const fakeApi = () => ({
  list: jest.fn(async () => [row('minimo', { version: 3 }), row('energia-casa', { enabled: false })]),
  read: jest.fn(async (_id: string) => structuredClone(CONFIG)),
  validate: jest.fn(async (_id: string, draft: DraftBody) => {
    const groups = (draft.workspace.groupsInputs ?? []) as Array<{ fields: string[] }>;
    const problems = groups.some((group) => group.fields.includes('manca')) ? [missingField] : [];
    return { valid: problems.length === 0, problems };
  }),
  impact: jest.fn(async () => ({ checked: 40, failing: 2, examples: [{ contactId: 'c1', field: 'nome', message: 'required' }] })),
  publish: jest.fn(async () => ({ version: 4, dataModelVersion: 2 })),
  create: jest.fn(async () => ({ version: 1, dataModelVersion: 1 })),
  setEnabled: jest.fn(async (_id: string, body: { enabled: boolean }) => ({ enabled: body.enabled })),
  exportFile: jest.fn(async (id: string) => ({ blob: new Blob(['{}']), filename: `${id}.json`, bytes: 2 })),
}) satisfies Partial<WorkspaceConfigApi>;

beforeEach(() => localStorage.clear());

describe('useWorkspacesTabController', () => {
  const setup = (api = fakeApi()) => {
    const refreshWorkspaceList = jest.fn(async () => undefined);
    const saveFile = jest.fn();
    const hook = renderHook(() => useWorkspacesTabController({ api, refreshWorkspaceList, saveFile }));
    return { api, refreshWorkspaceList, saveFile, ...hook };
  };

  it('loads the workspaces, then says when the list fails', async () => {
    const { result, api } = setup();
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.rows.map((r) => r.id)).toEqual(['minimo', 'energia-casa']);
    expect(result.current.error).toBeNull();
    api.list.mockRejectedValueOnce(new Error('down'));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.error).toBe('down'));
  });

  it('toggles enabled, updates the row and reloads the navigation list', async () => {
    const { result, api, refreshWorkspaceList } = setup();
    await waitFor(() => expect(result.current.loading).toBe(false));
    await act(() => result.current.setEnabled('energia-casa', true));
    expect(api.setEnabled).toHaveBeenCalledWith('energia-casa', { enabled: true });
    expect(result.current.rows.find((r) => r.id === 'energia-casa')?.enabled).toBe(true);
    expect(refreshWorkspaceList).toHaveBeenCalled();
    expect(result.current.busyIds).toEqual([]);
  });

  it('exports through the file saver', async () => {
    const { result, saveFile } = setup();
    await act(() => result.current.exportWorkspace('minimo'));
    expect(saveFile).toHaveBeenCalledWith(expect.objectContaining({ filename: 'minimo.json' }));
  });

  it('imports a { workspace, dataModel } file: create, table and navigation reloaded', async () => {
    const { result, api, refreshWorkspaceList } = setup();
    await waitFor(() => expect(result.current.loading).toBe(false));
    const file = new Blob([JSON.stringify({ workspace: { id: 'nuovo', name: 'Nuovo' }, dataModel: { id: 'dm-nuovo' } })]);
    let outcome: Awaited<ReturnType<typeof result.current.importFiles>> | undefined;
    await act(async () => {
      outcome = await result.current.importFiles([file]);
    });
    expect(outcome).toEqual({ type: 'created', workspaceId: 'nuovo', version: 1 });
    expect(api.create).toHaveBeenCalledWith({ workspace: { id: 'nuovo', name: 'Nuovo' }, dataModel: { id: 'dm-nuovo' } }, { quiet: true });
    expect(api.list).toHaveBeenCalledTimes(2);
    expect(refreshWorkspaceList).toHaveBeenCalled();
  });

  it('imports a workspace.json and a data-model.json picked together, in either order', async () => {
    const { result, api, refreshWorkspaceList } = setup();
    await waitFor(() => expect(result.current.loading).toBe(false));
    const workspace = { id: 'nuovo', name: 'Nuovo', dataModelId: 'dm-nuovo' };
    const dataModel = { id: 'dm-nuovo', model: {} };
    const files = [new File([JSON.stringify(dataModel)], 'data-model.json'), new File([JSON.stringify(workspace)], 'workspace.json')];
    let outcome: Awaited<ReturnType<typeof result.current.importFiles>> | undefined;
    await act(async () => {
      outcome = await result.current.importFiles(files);
    });
    expect(outcome).toEqual({ type: 'created', workspaceId: 'nuovo', version: 1 });
    expect(api.create).toHaveBeenCalledWith({ workspace, dataModel }, { quiet: true });
    expect(refreshWorkspaceList).toHaveBeenCalled();
  });

  it.each([
    [[{ name: 'workspace.json', text: '{"id": "a", "dataModelId": "dm"}' }, { name: 'data-model.json', text: '{"id": ' }], { problem: 'notJson', file: 'data-model.json', line: 1, column: 8 }],
    [[{ text: '{"id": "a", "dataModelId": "dm"}' }, { text: '{"id": "b", "dataModelId": "dm"}' }], { problem: 'notAPair' }],
    [[{ text: '{"id": "dm"}' }, { text: '{"id": "dm2"}' }], { problem: 'notAPair' }],
    [[{ text: '{}' }, { text: '{}' }, { text: '{}' }], { problem: 'fileCount' }],
    [[{ text: '{"workspace": {"id": "a"}}' }], { problem: 'notCombined' }],
  ])('refuses files that are not a workspace and its data model, saying why (%#)', (files, problem) => {
    expect(readImportFiles(files)).toEqual(problem);
  });

  it('an invalid import answers its problems and documents; an unreadable one says why', async () => {
    const api = fakeApi();
    api.create.mockRejectedValueOnce(apiError(400, { statusCode: 400, error: 'Bad Request', message: 'invalid', errors: [{ ...missingField }] }));
    const { result } = setup(api);
    const file = new Blob([JSON.stringify({ workspace: { id: 'nuovo' }, dataModel: { id: 'dm-nuovo' } })]);
    let outcome: Awaited<ReturnType<typeof result.current.importFiles>> | undefined;
    await act(async () => {
      outcome = await result.current.importFiles([file]);
    });
    expect(outcome).toMatchObject({ type: 'invalid', problems: [missingField], workspace: { id: 'nuovo' } });
    await act(async () => {
      outcome = await result.current.importFiles([new Blob(['{"workspace": 1}'])]);
    });
    expect(outcome).toEqual({ type: 'unreadable', problem: { problem: 'notCombined' } });
    // where the file stops being JSON, for the view to say in the user's language (never the parser's English)
    expect(readImport('not json')).toEqual({ problem: 'notJson', line: 1, column: expect.any(Number) });
    expect(readImport('{\n  "workspace": {},\n  oops\n}')).toEqual({ problem: 'notJson', line: 3, column: 3 });
    // a file the browser cannot read at all is not called 'not JSON'
    const broken = new Blob(['{}']);
    broken.text = () => Promise.reject(new Error('NotReadableError'));
    await act(async () => {
      outcome = await result.current.importFiles([broken]);
    });
    expect(outcome).toEqual({ type: 'unreadable', problem: { problem: 'readFailed' } });
  });

  it('refreshWorkspaceList puts the enabled workspaces in the session store', async () => {
    const save = jest.fn();
    await refreshWorkspaceList({ workspaces: { list: async () => [{ id: 'a', name: 'A', dataModelId: 'dm', enabled: true }, { id: 'b', name: 'B', dataModelId: 'dm', enabled: false }], get: jest.fn() } }, { save });
    expect(save).toHaveBeenCalledWith({ workspaces: [{ id: 'a', name: 'A', dataModelId: 'dm', enabled: true }] });
  });
});

describe('useConfigEditorController', () => {
  const template = () => ({ workspace: { id: 'nuovo', name: 'Nuovo', dataModelId: 'dm-nuovo', enabled: true }, dataModel: { id: 'dm-nuovo', model: {}, outputs: {}, modelContactProperty: 'x' } });
  const setup = (api = fakeApi(), target: EditorTarget = { mode: 'edit', workspaceId: 'minimo' }, debounceMs = 5, language?: 'it' | 'en') => {
    const onPublished = jest.fn();
    const drafts = createDraftStore(localStorage);
    // the check as you type runs in the browser (the server's draftProblems); this one answers like the fake server
    const check = jest.fn((draft: { workspace: Record<string, unknown> }, _id: string | undefined, _language: string) => {
      const groups = (draft.workspace.groupsInputs ?? []) as Array<{ fields: string[] }>;
      return groups.some((group) => group.fields.includes('manca')) ? [missingField] : [];
    });
    // the editor's texts, in the language its problems are said in
    localStorage.setItem(STORAGE_KEYS.language, language === 'en' ? 'en-US' : 'it-IT');
    const i18n = createI18nWithScreens(localStorage);
    const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
    const hook = renderHook(() => useConfigEditorController({ api, target, drafts, template, onPublished, debounceMs, check, ...(language ? { language } : {}) }), { wrapper });
    return { api, check, onPublished, drafts, ...hook };
  };
  const withGroup = (fields: string[]) => pretty({ ...CONFIG.workspace, groupsInputs: [{ label: 'Anagrafica', fields }] });

  it('a failed load says why and can be asked again', async () => {
    const api = fakeApi();
    api.read.mockRejectedValueOnce(new Error('offline'));
    const { result } = setup(api);
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.loadError).toBe('offline');
    act(() => result.current.retryLoad());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.loadError).toBeNull();
    expect(api.read).toHaveBeenCalledTimes(2);
    expect(result.current.texts.workspace).toBe(pretty(CONFIG.workspace));
  });

  it('opens the live version, clean: nothing to publish', async () => {
    const { result, api } = setup();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(api.read).toHaveBeenCalledWith('minimo');
    expect(result.current.texts.workspace).toBe(pretty(CONFIG.workspace));
    expect(result.current.base).toEqual({ version: 3, dataModelVersion: 2 });
    expect(result.current.dirty).toBe(false);
    expect(result.current.canPublish).toBe(false);
    await waitFor(() => expect(result.current.lastValid).toEqual({ workspace: CONFIG.workspace, dataModel: CONFIG.dataModel }));
  });

  it('checks as you type, in the browser without asking the server: problems block Publish and the last valid draft stays', async () => {
    const { result, api, check } = setup();
    await waitFor(() => expect(result.current.lastValid).not.toBeNull());
    act(() => result.current.setText('workspace', withGroup(['nome', 'manca'])));
    // with the line of the text its pointer points at: the first of "fields" is on line 10 of the workspace's text
    await waitFor(() => expect(result.current.problems).toEqual([{ ...missingField, line: 10 }]));
    expect(result.current.texts.workspace.split('\n')[9]).toContain('"nome"');
    expect(check).toHaveBeenLastCalledWith(expect.objectContaining({ workspace: expect.objectContaining({ groupsInputs: [{ label: 'Anagrafica', fields: ['nome', 'manca'] }] }) }), 'minimo', 'it');
    expect(api.validate).not.toHaveBeenCalled();
    expect(result.current.problemsRevision).toBe(result.current.revision);
    expect(result.current.canPublish).toBe(false);
    expect(result.current.lastValid?.workspace).toEqual(CONFIG.workspace);

    act(() => result.current.setText('workspace', withGroup(['nome', 'cognome'])));
    await waitFor(() => expect(result.current.problems).toEqual([]));
    expect(result.current.canPublish).toBe(true);
    expect(result.current.lastValid?.workspace.groupsInputs).toEqual([{ label: 'Anagrafica', fields: ['nome', 'cognome'] }]);
  });

  it('a text that does not parse is a local problem with line and column, and the rules are not run', async () => {
    const { result, api, check } = setup();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await waitFor(() => expect(check).toHaveBeenCalledTimes(1));
    act(() => result.current.setText('dataModel', '{\n  "id": "dm-minimo",\n  "model" {}\n}'));
    expect(result.current.problems).toEqual([expect.objectContaining({ document: 'dataModel', rule: 'json-parse', severity: 'error', line: 3 })]);
    expect(result.current.parses).toBe(false);
    expect(result.current.canPublish).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(check).toHaveBeenCalledTimes(1);
    expect(api.validate).not.toHaveBeenCalled();
  });

  it.each([
    ['it' as const, 'JSON non valido: era atteso un nome di proprietà tra virgolette doppie', 'JSON non valido'],
    ['en' as const, 'Invalid JSON: a property name in double quotes was expected', 'Invalid JSON'],
  ])("a syntax error is said in the editor's language (%s), its line and column beside it, never in the engine's English", async (language, message, plain) => {
    const { result } = setup(fakeApi(), { mode: 'edit', workspaceId: 'minimo' }, 5, language);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setText('workspace', '{\n  "id": "minimo",\n  name: "x"\n}'));
    expect(result.current.problems).toEqual([{ document: 'workspace', pointer: '', rule: 'json-parse', severity: 'error', message, offset: 22, line: 3, column: 3 }]);
    // a wording no hint is known for still says it in the user's language
    const realParse = JSON.parse;
    JSON.parse = (text: string, ...rest) => {
      if (text === '{?}') throw new SyntaxError('JSON Parse error: Unrecognized token \'?\'');
      return realParse(text, ...rest) as unknown;
    };
    try {
      act(() => result.current.setText('workspace', '{?}'));
    } finally {
      JSON.parse = realParse;
    }
    expect(result.current.problems.map((problem) => problem.message)).toEqual([plain]);
  });

  it('a document that parses but is not an object is a local problem, said in the editor\'s language', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setText('workspace', '[]'));
    expect(result.current.problems).toEqual([expect.objectContaining({ document: 'workspace', rule: 'json-object', severity: 'error', message: 'Il documento deve essere un oggetto JSON' })]);
    expect(result.current.canPublish).toBe(false);
  });

  it('a problem click switches to its document and asks the editor to jump', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.focusProblem({ ...missingField, document: 'dataModel', pointer: '/model/nome' }));
    expect(result.current.active).toBe('dataModel');
    expect(result.current.jump).toEqual({ document: 'dataModel', pointer: '/model/nome', offset: undefined, seq: 1 });
    act(() => result.current.focusProblem(missingField));
    expect(result.current.jump?.seq).toBe(2);
  });

  it('keeps the draft in local storage and restores it on the next open, with a notice', async () => {
    const first = setup();
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    act(() => first.result.current.setText('workspace', withGroup(['nome'])));
    await waitFor(() => expect(localStorage.getItem(draftKey('minimo'))).not.toBeNull());
    expect(draftKey('minimo')).toBe('contact-manager.workspaceConfigDraft.minimo');
    expect(JSON.parse(localStorage.getItem(draftKey('minimo')) ?? '{}')).toMatchObject({ baseVersion: 3, baseDataModelVersion: 2, workspace: withGroup(['nome']), dataModel: pretty(CONFIG.dataModel) });
    first.unmount();

    const second = setup();
    await waitFor(() => expect(second.result.current.status).toBe('ready'));
    expect(second.result.current.texts.workspace).toBe(withGroup(['nome']));
    expect(second.result.current.restored).toEqual({ savedAt: expect.any(String), staleBase: false });
    expect(second.result.current.dirty).toBe(true);

    act(() => second.result.current.discard());
    expect(second.result.current.texts.workspace).toBe(pretty(CONFIG.workspace));
    expect(second.result.current.restored).toBeNull();
    await waitFor(() => expect(localStorage.getItem(draftKey('minimo'))).toBeNull());
  });

  it('Discard draft asks first when the draft differs from the published version; keeping on editing keeps the draft', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setText('workspace', withGroup(['nome'])));
    act(() => result.current.requestDiscard());
    expect(result.current.discardAsked).toBe(true);
    expect(result.current.texts.workspace).toBe(withGroup(['nome']));
    act(() => result.current.cancelDiscard());
    expect(result.current.discardAsked).toBe(false);
    expect(result.current.texts.workspace).toBe(withGroup(['nome']));
    expect(result.current.dirty).toBe(true);

    act(() => result.current.requestDiscard());
    act(() => result.current.discard());
    expect(result.current.discardAsked).toBe(false);
    expect(result.current.texts.workspace).toBe(pretty(CONFIG.workspace));
    expect(result.current.dirty).toBe(false);
    // nothing to lose: nothing to ask
    act(() => result.current.requestDiscard());
    expect(result.current.discardAsked).toBe(false);
  });

  it('publishes after the impact confirmation, with the base version and the comment', async () => {
    const { result, api, onPublished } = setup();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setText('workspace', withGroup(['nome'])));
    await waitFor(() => expect(result.current.canPublish).toBe(true));
    await act(() => result.current.requestPublish());
    expect(result.current.publish.open).toBe(true);
    await waitFor(() => expect(result.current.publish.impact).toEqual({ checked: 40, failing: 2, examples: [{ contactId: 'c1', field: 'nome', message: 'required' }] }));
    expect(api.impact).toHaveBeenCalledWith('minimo', expect.objectContaining({ dataModel: CONFIG.dataModel }), { quiet: true });
    act(() => result.current.setComment('  gruppo anagrafica '));
    await act(() => result.current.confirmPublish());
    expect(api.publish).toHaveBeenCalledWith('minimo', {
      baseVersion: 3, baseDataModelVersion: 2, workspace: { ...CONFIG.workspace, groupsInputs: [{ label: 'Anagrafica', fields: ['nome'] }] }, dataModel: CONFIG.dataModel, comment: 'gruppo anagrafica',
    }, { quiet: true });
    expect(onPublished).toHaveBeenCalledWith('minimo', 4);
    expect(result.current.publish.open).toBe(false);
    expect(result.current.base).toEqual({ version: 4, dataModelVersion: 2 });
    expect(result.current.dirty).toBe(false);
    expect(result.current.published).toBe(4);
    await waitFor(() => expect(localStorage.getItem(draftKey('minimo'))).toBeNull());
  });

  it('Publish does not open while the draft has error problems', async () => {
    const { result, api } = setup();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setText('workspace', withGroup(['manca'])));
    await act(() => result.current.requestPublish());
    expect(result.current.publish.open).toBe(false);
    expect(api.impact).not.toHaveBeenCalled();
  });

  it('409: names the live version; reload current version keeps the draft on the new base', async () => {
    const api = fakeApi();
    api.publish.mockRejectedValueOnce(apiError(409, { statusCode: 409, error: 'Conflict', message: 'stale', errors: [{ message: 'stale' }], currentVersion: 5 }));
    const { result } = setup(api);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setText('workspace', withGroup(['nome'])));
    await act(() => result.current.requestPublish());
    act(() => result.current.setComment('gruppo anagrafica'));
    await act(() => result.current.confirmPublish());
    expect(result.current.conflict).toEqual({ currentVersion: 5, currentDataModelVersion: null });
    expect(result.current.publish.open).toBe(false);
    expect(result.current.texts.workspace).toBe(withGroup(['nome']));
    // The comment typed is offered again on the next publish.
    expect(result.current.publish.comment).toBe('gruppo anagrafica');

    api.read.mockResolvedValueOnce({ ...structuredClone(CONFIG), version: 5, dataModelVersion: 3 });
    await act(() => result.current.reloadCurrent());
    expect(result.current.conflict).toBeNull();
    expect(result.current.base).toEqual({ version: 5, dataModelVersion: 3 });
    expect(result.current.rebasedOn).toBe(5);
    expect(result.current.texts.workspace).toBe(withGroup(['nome']));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(draftKey('minimo')) ?? '{}').baseVersion).toBe(5));
    await act(() => result.current.requestPublish());
    expect(result.current.publish).toMatchObject({ open: true, comment: 'gruppo anagrafica' });
  });

  it('400 on publish: the problems of the answer are listed', async () => {
    const api = fakeApi();
    api.publish.mockRejectedValueOnce(apiError(400, { statusCode: 400, error: 'Bad Request', message: 'invalid', errors: [{ ...missingField, document: 'dataModel', pointer: '/model' }] }));
    // the check as you type waits 200 ms: it finishes after the publish answered, and must not hide the answer
    const { result, check } = setup(api, { mode: 'edit', workspaceId: 'minimo' }, 200);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setText('workspace', withGroup(['nome'])));
    const checksBefore = check.mock.calls.length;
    await act(() => result.current.requestPublish());
    act(() => result.current.setComment('gruppo anagrafica'));
    await act(() => result.current.confirmPublish());
    expect(result.current.problems).toEqual([{ ...missingField, document: 'dataModel', pointer: '/model', line: 3 }]);
    await waitFor(() => expect(check.mock.calls.length).toBeGreaterThan(checksBefore));
    expect(result.current.problems).toEqual([{ ...missingField, document: 'dataModel', pointer: '/model', line: 3 }]);
    expect(result.current.canPublish).toBe(false);
    expect(result.current.publish.open).toBe(false);
    expect(result.current.publish.comment).toBe('gruppo anagrafica');
  });

  it('creates a new workspace from the template, without impact, and forgets the new draft', async () => {
    const { result, api, check, onPublished } = setup(fakeApi(), { mode: 'create' });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(JSON.parse(result.current.texts.workspace)).toEqual(template().workspace);
    act(() => result.current.setText('workspace', pretty({ ...template().workspace, name: 'Nuovissimo' })));
    await waitFor(() => expect(localStorage.getItem(draftKey(NEW_WORKSPACE_DRAFT))).not.toBeNull());
    await waitFor(() => expect(check).toHaveBeenCalledWith(expect.objectContaining({ workspace: expect.objectContaining({ name: 'Nuovissimo' }) }), undefined, 'it'));
    await act(() => result.current.requestPublish());
    // the server stays the authority: it checks the draft again before the confirmation opens
    expect(api.validate).toHaveBeenCalledWith('nuovo', expect.anything(), { quiet: true });
    expect(result.current.publish.open).toBe(true);
    expect(api.impact).not.toHaveBeenCalled();
    await act(() => result.current.confirmPublish());
    expect(api.create).toHaveBeenCalledWith({ workspace: { ...template().workspace, name: 'Nuovissimo' }, dataModel: template().dataModel, comment: undefined }, { quiet: true });
    expect(onPublished).toHaveBeenCalledWith('nuovo', 1);
    expect(localStorage.getItem(draftKey(NEW_WORKSPACE_DRAFT))).toBeNull();
  });
});

describe('checkDraftLocally', () => {
  it("runs the server's rules and catalogue in the browser: pointer, rule and the message in the user's language", () => {
    const draft = { workspace: { ...CONFIG.workspace, groupsInputs: [{ label: 'Anagrafica', fields: ['nome', 'manca'] }] }, dataModel: CONFIG.dataModel };
    const italian = checkDraftLocally(draft, 'minimo', 'it');
    expect(italian).toContainEqual(expect.objectContaining({ document: 'workspace', pointer: '/groupsInputs/0/fields/1', rule: 'group-field-missing', severity: 'error', message: "Il gruppo 'Anagrafica' nomina il campo 'manca', che il modello dati non ha tra gli inputs" }));
    expect(checkDraftLocally(draft, 'minimo', 'en').find((p) => p.rule === 'group-field-missing')?.message).toMatch(/manca/);
    expect(checkDraftLocally(draft, 'altro', 'it')).toContainEqual(expect.objectContaining({ pointer: '/id', rule: 'workspace-id-mismatch' }));
  });
});
