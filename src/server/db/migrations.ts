import type { Database } from './database';

/**
 * The one migration set, run in order on PGlite and on PostgreSQL (nothing newer than PostgreSQL 15).
 * Append new migrations; never edit one that has shipped.
 */
export const MIGRATIONS: readonly { id: string; sql: string }[] = [
  {
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
  },
  {
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
  },
  {
    // Working a contact (spec 2 §2.3–2.9): history (written by a trigger on every state, outcome, assignment, close
    // and suspension change, whoever makes it), opens, files, the message outbox and the address reference data.
    id: '003-contact-work',
    sql: `
CREATE TABLE contact_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contact_id char(24) NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  type text NOT NULL,
  state text,
  outcome text,
  notes text,
  user_id text,
  agent_id text
);
CREATE INDEX contact_history_contact ON contact_history (contact_id, at, id);

CREATE FUNCTION contact_history_on_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor text := nullif(current_setting('contact_manager.user_id', true), '');
  happened timestamptz := coalesce(nullif(current_setting('contact_manager.at', true), '')::timestamptz, now());
BEGIN
  IF NEW.state IS DISTINCT FROM OLD.state THEN
    INSERT INTO contact_history (contact_id, at, type, state, notes, user_id) VALUES (NEW.id, happened, 'state', NEW.state, NEW.notes, actor);
  END IF;
  IF NEW.outcome IS DISTINCT FROM OLD.outcome THEN
    INSERT INTO contact_history (contact_id, at, type, outcome, notes, user_id) VALUES (NEW.id, happened, 'outcome', NEW.outcome, NEW.notes, actor);
  END IF;
  IF OLD.agent_id IS NULL AND NEW.agent_id IS NOT NULL THEN
    INSERT INTO contact_history (contact_id, at, type, state, user_id, agent_id) VALUES (NEW.id, happened, 'take', NEW.state, coalesce(actor, NEW.agent_id), NEW.agent_id);
  ELSIF OLD.agent_id IS NOT NULL AND NEW.agent_id IS NULL THEN
    INSERT INTO contact_history (contact_id, at, type, state, user_id, agent_id) VALUES (NEW.id, happened, 'release', NEW.state, actor, OLD.agent_id);
  ELSIF OLD.agent_id IS DISTINCT FROM NEW.agent_id THEN
    INSERT INTO contact_history (contact_id, at, type, state, user_id, agent_id) VALUES (NEW.id, happened, 'assign', NEW.state, actor, NEW.agent_id);
  END IF;
  IF NEW.closed AND NOT OLD.closed THEN
    INSERT INTO contact_history (contact_id, at, type, state, outcome, notes, user_id) VALUES (NEW.id, happened, 'close', NEW.state, NEW.outcome, NEW.notes, actor);
  END IF;
  IF NEW.suspended AND NOT OLD.suspended THEN
    INSERT INTO contact_history (contact_id, at, type, state, user_id) VALUES (NEW.id, happened, 'suspend', NEW.state, actor);
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER contacts_history AFTER UPDATE ON contacts FOR EACH ROW
  WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.outcome IS DISTINCT FROM NEW.outcome OR OLD.agent_id IS DISTINCT FROM NEW.agent_id
    OR OLD.closed IS DISTINCT FROM NEW.closed OR OLD.suspended IS DISTINCT FROM NEW.suspended)
  EXECUTE FUNCTION contact_history_on_update();

CREATE TABLE contact_opens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contact_id char(24) NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  user_id text,
  at timestamptz NOT NULL,
  agent_script_open boolean NOT NULL
);
CREATE INDEX contact_opens_contact ON contact_opens (contact_id, at);

CREATE TABLE contact_files (
  contact_id char(24) NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('attachment', 'doc')),
  field text NOT NULL,
  name text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL,
  created_by text,
  PRIMARY KEY (contact_id, kind, field, name)
);

CREATE TABLE sms_outbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'webapp')),
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  contact_id char(24) REFERENCES contacts(id) ON DELETE SET NULL,
  config_id text NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('state', 'action')),
  sender text,
  recipient text,
  body text NOT NULL,
  url text,
  status text NOT NULL CHECK (status IN ('queued', 'failed')),
  error text,
  created_at timestamptz NOT NULL,
  created_by text
);
CREATE INDEX sms_outbox_workspace ON sms_outbox (workspace_id, created_at DESC, id DESC);
CREATE INDEX sms_outbox_contact ON sms_outbox (contact_id);

CREATE TABLE address_provinces (
  acronym text PRIMARY KEY,
  name text NOT NULL,
  region text NOT NULL,
  search text NOT NULL
);
CREATE TABLE address_cities (
  istat_code text PRIMARY KEY,
  name text NOT NULL,
  province_acr text NOT NULL REFERENCES address_provinces(acronym),
  search text NOT NULL
);
CREATE INDEX address_cities_province ON address_cities (province_acr, search);
CREATE TABLE address_streets (
  province_acr text NOT NULL REFERENCES address_provinces(acronym),
  city text NOT NULL,
  street text NOT NULL,
  city_search text NOT NULL,
  search text NOT NULL,
  PRIMARY KEY (province_acr, city_search, search)
);
`,
  },
  {
    // Dispositions of embedded calls (spec 2 §2.7): what the agent chose at the end of a call, with the call's data.
    id: '004-dispositions',
    sql: `
CREATE TABLE dispositions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  contact_id char(24) REFERENCES contacts(id) ON DELETE SET NULL,
  campaign text NOT NULL,
  agent text NOT NULL,
  guid text NOT NULL,
  callerid text NOT NULL,
  l1 text NOT NULL,
  l2 text,
  l3 text,
  labels jsonb NOT NULL,
  comment text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX dispositions_contact ON dispositions (workspace_id, contact_id, created_at DESC);
CREATE INDEX dispositions_guid ON dispositions (workspace_id, guid, created_at DESC);
`,
  },
  {
    // Sign-in failures are counted per username and client address; a password being checked holds a row in
    // sign_in_checks so parallel guesses see each other without a correct password ever being written as a failure.
    id: '005-sign-in-throttle',
    sql: `
CREATE INDEX failed_logins_username_ip_at ON failed_logins (username, ip, attempted_at);
CREATE TABLE sign_in_checks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  ip text NOT NULL,
  started_at timestamptz NOT NULL
);
CREATE INDEX sign_in_checks_username_ip ON sign_in_checks (username, ip, started_at);
`,
  },
];

/** Serialises concurrent starts of several instances on one PostgreSQL. */
const MIGRATION_LOCK = 727_274_001;

export async function migrate(database: Database): Promise<string[]> {
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((row) => row.id));
    const applied: string[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}
