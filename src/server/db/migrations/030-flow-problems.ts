import type { Migration } from './migration';

/**
 * Why an import failed, and its flow with it, kept as data beside the server's English words (`error`, `failure`):
 * the flows screen says it in the user's language from the problem's code (ImportProblem in domain/api/flows.ts).
 * Rows written before this migration have no problem: the screen shows their words as they are.
 */
export const migration030FlowProblems: Migration = {
  id: '030-flow-problems',
  sql: `
ALTER TABLE flow_imports ADD COLUMN problem jsonb;
ALTER TABLE flows ADD COLUMN failure_problem jsonb;
`,
};
