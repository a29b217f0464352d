import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { APP_VALIDATION, localizedDraftProblems, type ProblemLanguage } from '@translator/problem-messages';
import { translateValidForm } from '@translator/translate-form';
import { translatePermissions } from '@translator/translate-permissions';
import { formKey, type PreparedForms, type PreviewFormKey } from '../../../ui/config-preview/preview-form-keys';
import type { EditorProblem } from './config-problems';

/** A draft as parsed JSON: the workspace and its data model. */
export interface DraftDocuments { workspace: Record<string, unknown>; dataModel: Record<string, unknown> }

/** The server's rules, run in the browser: the same draftProblems and catalogue as the validate route. */
export const checkDraftLocally = (draft: DraftDocuments, workspaceId: string | undefined, language: ProblemLanguage): EditorProblem[] =>
  localizedDraftProblems(draft.workspace, draft.dataModel, workspaceId, language, APP_VALIDATION);

export interface DraftCheckRequest {
  /** The draft's texts, as typed (they parse: the editor checked that first). */
  texts: { workspace: string; dataModel: string };
  workspaceId: string | undefined;
  language: ProblemLanguage;
  /** The forms to translate when the draft has no error (the preview's). */
  forms: readonly PreviewFormKey[];
}

export interface DraftCheckResult {
  problems: EditorProblem[];
  /** The asked forms, when the draft has no error and the translator took it (else the preview translates itself). */
  forms?: PreparedForms;
}

/**
 * The work behind one keystroke, in one pure function so that it runs alike in the draft worker and in the page:
 * parse the texts, run the server's rules, and translate the preview's forms of a clean draft.
 */
export function checkDraftTexts({ texts, workspaceId, language, forms }: DraftCheckRequest): DraftCheckResult {
  const draft: DraftDocuments = { workspace: JSON.parse(texts.workspace) as Record<string, unknown>, dataModel: JSON.parse(texts.dataModel) as Record<string, unknown> };
  const problems = checkDraftLocally(draft, workspaceId, language);
  if (!forms.length || problems.some((problem) => problem.severity === 'error')) return { problems };
  try {
    const ws = draft.workspace as unknown as Workspace;
    const model = draft.dataModel as unknown as DataModel;
    const rules = translatePermissions(ws);
    const prepared: PreparedForms = {};
    for (const key of forms) prepared[formKey(key)] ??= translateValidForm(model, ws, key, rules);
    return { problems, forms: prepared };
  } catch {
    // a draft shape the translator did not foresee: the preview translates it itself and shows why it failed
    return { problems };
  }
}

/** Checks drafts: in a worker (off the main thread) or in the page. */
export interface DraftChecker {
  /** The result, or null when a newer request replaced this one before it ran. */
  check(request: DraftCheckRequest): Promise<DraftCheckResult | null>;
  /** Whether the work runs off the main thread (then a keystroke needs no pause before it is checked). */
  readonly offThread: boolean;
  dispose(): void;
}

/** The check in the page itself: where there is no Worker (jsdom), or the worker failed. */
export const inThreadChecker = (): DraftChecker => ({
  check: (request) => new Promise((resolve) => resolve(checkDraftTexts(request))),
  offThread: false,
  dispose: () => undefined,
});

/** What goes to the worker and comes back. */
export interface DraftWorkerRequest { id: number; request: DraftCheckRequest }
export type DraftWorkerAnswer = { id: number; result: DraftCheckResult } | { id: number; error: string };

/** The worker's answer to one request (its whole work: the worker module only wires this to its messages). */
export const answerDraftRequest = ({ id, request }: DraftWorkerRequest): DraftWorkerAnswer => {
  try {
    return { id, result: checkDraftTexts(request) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
};

/** The part of a Worker the checker uses. */
export interface DraftWorkerPort {
  postMessage(message: DraftWorkerRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<DraftWorkerAnswer>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/**
 * The check in a worker: one request at a time; while one runs, only the newest waiting request is kept (a faster
 * typist gets the check of their latest text, not of every keystroke in turn; the replaced ones answer null). A worker
 * that fails hands its work to the page.
 */
export function workerChecker(create: () => DraftWorkerPort): DraftChecker {
  let worker: DraftWorkerPort | null = null;
  let fallback: DraftChecker | null = null;
  let nextId = 0;
  interface Job { request: DraftCheckRequest; resolve(result: DraftCheckResult | null): void; reject(error: unknown): void }
  let running: (Job & { id: number }) | null = null;
  let waiting: Job | null = null;

  const runInPage = (job: Job) => {
    fallback ??= inThreadChecker();
    fallback.check(job.request).then(job.resolve, job.reject);
  };
  const send = () => {
    if (running || !waiting) return;
    const job = waiting;
    waiting = null;
    if (!worker) {
      runInPage(job);
      return;
    }
    running = { id: ++nextId, ...job };
    worker.postMessage({ id: running.id, request: job.request });
  };
  const fail = () => {
    worker?.terminate();
    worker = null;
    const job = running;
    running = null;
    if (job) runInPage(job);
    send();
  };
  try {
    worker = create();
    worker.addEventListener('message', (event) => {
      const answer = event.data;
      if (!running || answer.id !== running.id) return;
      const job = running;
      running = null;
      if ('result' in answer) job.resolve(answer.result);
      else runInPage(job);
      send();
    });
    worker.addEventListener('error', fail);
  } catch {
    worker = null;
  }

  return {
    check: (request) => new Promise((resolve, reject) => {
      waiting?.resolve(null);
      waiting = { request, resolve, reject };
      send();
    }),
    get offThread() { return worker !== null; },
    dispose: () => {
      worker?.terminate();
      worker = null;
      running?.resolve(null);
      waiting?.resolve(null);
      running = null;
      waiting = null;
    },
  };
}
