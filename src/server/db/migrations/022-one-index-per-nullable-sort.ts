import type { Migration } from './migration';

/**
 * A file import's rate (issue 16): every new contact writes an entry in each index of contacts. The list's nullable
 * fixed columns (last state change, outcome, agent) had one index per direction (migration 011); the descending sort
 * now reads the ascending index backwards, its non-null part and then its null part (contact-repository walkPage),
 * as the data-model columns' sorts do (list-sort-indexes.ts), so the descending ones go.
 */
export const migration022OneIndexPerNullableSort: Migration = {
  id: '022-one-index-per-nullable-sort',
  sql: `
DROP INDEX IF EXISTS contacts_list_state_change_desc;
DROP INDEX IF EXISTS contacts_list_outcome_desc;
DROP INDEX IF EXISTS contacts_list_agent_desc;
`,
};
