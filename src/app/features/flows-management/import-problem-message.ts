import type { TFunction } from 'i18next';
import type { Flow, FlowImport } from '@domain/api/flows';

type Problem = NonNullable<FlowImport['problem']>;

/**
 * Why an import failed, in the user's language, from the problem the server keeps as data; `words` (the server's
 * English) stand in for a failure recorded before problems were kept.
 */
export function importProblemMessage(t: TFunction, problem: Problem | null, words: string | null): string {
  if (!problem) return words ?? '';
  return t(`flows.problem.${problem.code}`, {
    flowId: problem.flowId ?? '',
    workspaceId: problem.workspaceId ?? '',
    importId: problem.importId ?? '',
    detail: problem.detail ?? '',
    expected: (problem.expected ?? []).join(';'),
    found: (problem.found ?? []).join(';') || t('flows.problem.emptyLine'),
  });
}

/** A failed flow's reason: the file whose import failed it, then why. */
export function flowFailureMessage(t: TFunction, flow: Pick<Flow, 'failure' | 'failureProblem'>): string {
  const failure = flow.failureProblem;
  return failure ? `${failure.fileName}: ${importProblemMessage(t, failure, null)}` : flow.failure ?? '';
}
