import { inThreadChecker, workerChecker, type DraftChecker, type DraftWorkerPort } from './draft-check';

/**
 * The editor's draft checker: in a module worker where the browser has Worker (Vite bundles the worker from this
 * URL; the CSP's worker-src allows the app's own origin), otherwise in the page. Only the view imports this module:
 * the headless controller takes any DraftChecker (the tests give it one that runs in the page).
 */
export const createDraftChecker = (): DraftChecker =>
  typeof Worker === 'undefined'
    ? inThreadChecker()
    : workerChecker(() => new Worker(new URL('./draft-check.worker.ts', import.meta.url), { type: 'module', name: 'config-draft-check' }) as unknown as DraftWorkerPort);
