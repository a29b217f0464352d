import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { translateValidForm } from '@translator/translate-form';
import {
  answerDraftRequest,
  checkDraftLocally,
  inThreadChecker,
  workerChecker,
  type DraftCheckRequest,
  type DraftWorkerAnswer,
  type DraftWorkerPort,
  type DraftWorkerRequest,
} from '@app/features/workspace-config/editor/draft-check';
import { previewFormKeys } from '@app/ui/config-preview/preview-form-keys';

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/workspaces/campagna-grande', name), 'utf8');
const WORKSPACE = fixture('workspace.json');
const DATA_MODEL = fixture('data-model.json');

const request = (texts: DraftCheckRequest['texts'], forms = previewFormKeys('edit', 'basic')): DraftCheckRequest => ({ texts, workspaceId: 'campagna-grande', language: 'en', forms });
const withUnknownType = () => {
  const model = JSON.parse(DATA_MODEL) as { model: Record<string, Record<string, unknown>> };
  model.model.cognome.dataType = 'stringx';
  return JSON.stringify(model);
};

/**
 * A worker in this process: what the page posts and what the worker answers cross a structured clone, as between
 * a page and its worker, and the answer comes in a later task. `fail` makes it raise an error event instead.
 */
function fakeWorker(options: { fail?: boolean } = {}) {
  const listeners: { message: Array<(event: MessageEvent<DraftWorkerAnswer>) => void>; error: Array<(event: Event) => void> } = { message: [], error: [] };
  const received: number[] = [];
  const port: DraftWorkerPort & { received: number[]; terminated: boolean } = {
    received,
    terminated: false,
    postMessage(message: DraftWorkerRequest) {
      const copy = structuredClone(message);
      received.push(copy.id);
      setTimeout(() => {
        if (options.fail) listeners.error.forEach((listener) => listener(new Event('error')));
        else listeners.message.forEach((listener) => listener({ data: structuredClone(answerDraftRequest(copy)) } as MessageEvent<DraftWorkerAnswer>));
      }, 1);
    },
    addEventListener(type: 'message' | 'error', listener: never) {
      (listeners[type] as unknown[]).push(listener);
    },
    terminate() {
      port.terminated = true;
    },
  };
  return port;
}

describe('the configuration editor draft check, in the worker and in the page', () => {
  it('the worker path answers what the page computes: problems and the preview forms of the 565-field fixture', async () => {
    const clean = request({ workspace: WORKSPACE, dataModel: DATA_MODEL });
    const inPage = await inThreadChecker().check(clean);
    const inWorker = await workerChecker(() => fakeWorker()).check(clean);
    expect(inWorker).toEqual(inPage);

    // and what the page computes is the server's rules and the translator's forms, not something of its own
    const draft = { workspace: JSON.parse(WORKSPACE) as Record<string, unknown>, dataModel: JSON.parse(DATA_MODEL) as Record<string, unknown> };
    expect(inPage?.problems).toEqual(checkDraftLocally(draft, 'campagna-grande', 'en'));
    expect(inPage?.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(Object.keys(inPage?.forms ?? {}).sort()).toEqual(['create/inputs/admin', 'create/outputs/admin', 'edit/inputs/basic', 'edit/outputs/basic']);
    const edit = translateValidForm(draft.dataModel as unknown as DataModel, draft.workspace as unknown as Workspace, { view: 'edit', section: 'inputs', role: 'basic' });
    expect(inWorker?.forms?.['edit/inputs/basic']).toEqual(edit);
    expect(Object.keys(edit.schema.properties ?? {}).length).toBeGreaterThan(100);
  });

  it('a draft with an error: the same problem list both ways, and no forms (the preview keeps the last valid draft)', async () => {
    const broken = request({ workspace: WORKSPACE, dataModel: withUnknownType() });
    const inPage = await inThreadChecker().check(broken);
    const inWorker = await workerChecker(() => fakeWorker()).check(broken);
    expect(inWorker).toEqual(inPage);
    expect(inWorker?.problems).toContainEqual(expect.objectContaining({ document: 'dataModel', pointer: '/model/cognome/dataType', rule: 'schema:enum', severity: 'error' }));
    expect(inWorker?.forms).toBeUndefined();
  });

  it('one draft at a time: a request waiting behind a running one is replaced by a newer one (it answers null)', async () => {
    const port = fakeWorker();
    const checker = workerChecker(() => port);
    expect(checker.offThread).toBe(true);
    const first = checker.check(request({ workspace: WORKSPACE, dataModel: withUnknownType() }, []));
    const replaced = checker.check(request({ workspace: WORKSPACE, dataModel: DATA_MODEL }, []));
    const newest = checker.check(request({ workspace: WORKSPACE, dataModel: DATA_MODEL }, []));
    expect(await replaced).toBeNull();
    expect((await first)?.problems.some((problem) => problem.severity === 'error')).toBe(true);
    expect((await newest)?.problems.some((problem) => problem.severity === 'error')).toBe(false);
    expect(port.received).toHaveLength(2);
  });

  it('a worker that fails hands the draft to the page, which answers it', async () => {
    const port = fakeWorker({ fail: true });
    const checker = workerChecker(() => port);
    const broken = request({ workspace: WORKSPACE, dataModel: withUnknownType() }, []);
    expect(await checker.check(broken)).toEqual(await inThreadChecker().check(broken));
    expect(port.terminated).toBe(true);
    expect(checker.offThread).toBe(false);
    const noWorker = workerChecker(() => { throw new Error('Worker is not defined'); });
    expect(noWorker.offThread).toBe(false);
    expect(await noWorker.check(broken)).toEqual(await inThreadChecker().check(broken));
  });
});
