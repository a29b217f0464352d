/**
 * The configuration editor's worker: the check of a draft and the translation of the preview's forms
 * (checkDraftTexts), off the page's main thread so that typing and painting do not wait for them.
 */
import { answerDraftRequest, type DraftWorkerAnswer, type DraftWorkerRequest } from './draft-check';

const scope = globalThis as unknown as { addEventListener(type: 'message', listener: (event: MessageEvent<DraftWorkerRequest>) => void): void; postMessage(message: DraftWorkerAnswer): void };

scope.addEventListener('message', (event) => scope.postMessage(answerDraftRequest(event.data)));
