import type { Migration } from './migration';

/**
 * Contact list at a million contacts (issue 12): one btree per sortable column, in the list's order (the column, then
 * id as the tie-breaker, NULLS LAST both ways), so every sort of a broad filter reads just the page from the index
 * instead of sorting the workspace. Nullable columns need one index per direction (a backward scan of ASC NULLS LAST
 * is DESC NULLS FIRST). createdAt is served by contacts_workspace_created (002). The (workspace_id, state) and
 * (workspace_id, agent_id) indexes of 001 are prefixes of the new ones and go. Rare flags (suspended, not processable)
 * get small partial indexes so a filter on them, and its capped count, never walks the table.
 */
export const migration011ListIndexes: Migration = {
  id: '011-list-indexes',
  sql: `
DROP INDEX IF EXISTS contacts_workspace_state;
DROP INDEX IF EXISTS contacts_workspace_agent;
CREATE INDEX contacts_list_id ON contacts (workspace_id, id);
CREATE INDEX contacts_list_availability ON contacts (workspace_id, availability, id);
CREATE INDEX contacts_list_state ON contacts (workspace_id, state, id);
CREATE INDEX contacts_list_priority ON contacts (workspace_id, priority, id);
CREATE INDEX contacts_list_state_change_asc ON contacts (workspace_id, last_state_change_at ASC NULLS LAST, id ASC);
CREATE INDEX contacts_list_state_change_desc ON contacts (workspace_id, last_state_change_at DESC NULLS LAST, id DESC);
CREATE INDEX contacts_list_outcome_asc ON contacts (workspace_id, outcome ASC NULLS LAST, id ASC);
CREATE INDEX contacts_list_outcome_desc ON contacts (workspace_id, outcome DESC NULLS LAST, id DESC);
CREATE INDEX contacts_list_agent_asc ON contacts (workspace_id, agent_id ASC NULLS LAST, id ASC);
CREATE INDEX contacts_list_agent_desc ON contacts (workspace_id, agent_id DESC NULLS LAST, id DESC);
CREATE INDEX contacts_list_suspended ON contacts (workspace_id, created_at) WHERE suspended;
CREATE INDEX contacts_list_not_processable ON contacts (workspace_id, created_at) WHERE NOT processable;
`,
};
