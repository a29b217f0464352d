import type { Migration } from './migration';

export const migration001OrganisationUsersSessions: Migration = {
  id: '001-organisation-users-sessions',
  sql: `
CREATE TABLE outsourcers (
  id text PRIMARY KEY,
  name text NOT NULL
);
CREATE TABLE sites (
  id text PRIMARY KEY,
  name text NOT NULL,
  outsourcer_id text NOT NULL REFERENCES outsourcers(id)
);
CREATE TABLE teams (
  id text PRIMARY KEY,
  name text NOT NULL,
  site_id text NOT NULL REFERENCES sites(id)
);
CREATE TABLE groups (
  id text PRIMARY KEY,
  name text NOT NULL
);
CREATE TABLE users (
  id text PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'manager', 'site-manager', 'team-leader', 'basic', 'middle')),
  status text NOT NULL DEFAULT '' CHECK (status IN ('', 'tmp-psw', 'disabled')),
  last_password_change timestamptz NOT NULL,
  outsourcer_id text REFERENCES outsourcers(id),
  is_sysadmin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE user_sites (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, site_id)
);
CREATE TABLE user_teams (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, team_id)
);
CREATE TABLE user_groups (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id text NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, group_id)
);

CREATE TABLE data_models (
  id text PRIMARY KEY,
  document jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE TABLE data_model_versions (
  data_model_id text NOT NULL REFERENCES data_models(id) ON DELETE CASCADE,
  version integer NOT NULL,
  document jsonb NOT NULL,
  saved_at timestamptz NOT NULL,
  saved_by text,
  PRIMARY KEY (data_model_id, version)
);
CREATE TABLE workspaces (
  id text PRIMARY KEY,
  name text NOT NULL,
  data_model_id text NOT NULL REFERENCES data_models(id),
  enabled boolean NOT NULL DEFAULT true,
  document jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE TABLE workspace_versions (
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  version integer NOT NULL,
  document jsonb NOT NULL,
  saved_at timestamptz NOT NULL,
  saved_by text,
  PRIMARY KEY (workspace_id, version)
);
CREATE TABLE team_workspaces (
  team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT true,
  PRIMARY KEY (team_id, workspace_id)
);
CREATE INDEX team_workspaces_workspace ON team_workspaces (workspace_id);
CREATE TABLE user_forbidden_workspaces (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, workspace_id)
);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id text REFERENCES groups(id),
  workspace_id text REFERENCES workspaces(id) ON DELETE SET NULL,
  started_at timestamptz NOT NULL,
  renewed_at timestamptz NOT NULL,
  timeout_ms integer NOT NULL,
  ended_at timestamptz,
  end_reason text
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE TABLE failed_logins (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  attempted_at timestamptz NOT NULL,
  ip text
);
CREATE INDEX failed_logins_username_at ON failed_logins (username, attempted_at);
CREATE TABLE agent_presence (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  agent_id text NOT NULL,
  workspace_id text REFERENCES workspaces(id) ON DELETE SET NULL,
  last_signin timestamptz,
  last_heartbeat timestamptz
);

CREATE TABLE contacts (
  id char(24) PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  state text NOT NULL,
  outcome text,
  notes text,
  closed boolean NOT NULL DEFAULT false,
  processable boolean NOT NULL DEFAULT true,
  suspended boolean NOT NULL DEFAULT false,
  availability text NOT NULL DEFAULT 'toProcess'
    CHECK (availability IN ('toProcess', 'waiting', 'processing', 'closed')),
  agent_id text,
  original_contact_id char(24),
  priority integer NOT NULL DEFAULT 10,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_state_change_at timestamptz,
  inputs jsonb NOT NULL DEFAULT '{}'::jsonb,
  outputs jsonb NOT NULL DEFAULT '{}'::jsonb,
  version integer NOT NULL DEFAULT 0
);
CREATE INDEX contacts_workspace_state ON contacts (workspace_id, state);
CREATE INDEX contacts_workspace_agent ON contacts (workspace_id, agent_id);
CREATE INDEX contacts_inputs ON contacts USING gin (inputs jsonb_path_ops);
CREATE INDEX contacts_outputs ON contacts USING gin (outputs jsonb_path_ops);

CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
};
