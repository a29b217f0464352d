import type { Migration } from './migration';

export const migration010WorkspaceConfig: Migration = {
  // Configuration is versioned data (issue 13): each workspace version records the data model version it was
  // published with, what made it (seed, create, publish, rollback), the version it came from and a comment.
  // Every create, publish, rollback, enable and disable is recorded in workspace_config_changes.
  id: '010-workspace-config',
  sql: `
ALTER TABLE workspace_versions
  ADD COLUMN data_model_version integer,
  ADD COLUMN comment text,
  ADD COLUMN action text NOT NULL DEFAULT 'seed',
  ADD COLUMN from_version integer;
UPDATE workspace_versions v SET data_model_version = coalesce(
  (SELECT max(dv.version) FROM data_model_versions dv JOIN workspaces w ON w.data_model_id = dv.data_model_id WHERE w.id = v.workspace_id),
  1);
ALTER TABLE workspace_versions ALTER COLUMN data_model_version SET NOT NULL;
ALTER TABLE workspace_versions ALTER COLUMN action DROP DEFAULT;
ALTER TABLE workspace_versions ADD CONSTRAINT workspace_versions_action_check CHECK (action IN ('seed', 'create', 'publish', 'rollback'));

CREATE TABLE workspace_config_changes (
  id bigserial PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('create', 'publish', 'rollback', 'enable', 'disable')),
  from_version integer,
  to_version integer,
  at timestamptz NOT NULL,
  by text,
  comment text
);
CREATE INDEX workspace_config_changes_workspace ON workspace_config_changes (workspace_id, id DESC);
`,
};
