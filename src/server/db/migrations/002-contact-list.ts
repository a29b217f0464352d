import type { Migration } from './migration';

export const migration002ContactList: Migration = {
  // Contact list (spec 2 §2.2, §7): the default list order, the take queue, remote enum values and bulk-action runs.
  id: '002-contact-list',
  sql: `
CREATE INDEX contacts_workspace_created ON contacts (workspace_id, created_at DESC, id DESC);
CREATE INDEX contacts_take_queue ON contacts (workspace_id, priority, created_at, id)
  WHERE agent_id IS NULL AND NOT suspended AND processable AND NOT closed;
CREATE TABLE enum_values (
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('inputs', 'outputs')),
  field text NOT NULL,
  value text NOT NULL,
  label text NOT NULL,
  parents jsonb NOT NULL DEFAULT '{}'::jsonb,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (workspace_id, kind, field, value)
);
CREATE INDEX enum_values_parents ON enum_values USING gin (parents jsonb_path_ops);
CREATE TABLE massive_action_runs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  action text NOT NULL,
  user_id text REFERENCES users(id) ON DELETE SET NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  agents text[] NOT NULL DEFAULT '{}',
  requested integer NOT NULL,
  worked integer NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX massive_action_runs_workspace ON massive_action_runs (workspace_id, at);
`,
};
