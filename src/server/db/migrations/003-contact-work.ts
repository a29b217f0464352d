import type { Migration } from './migration';

export const migration003ContactWork: Migration = {
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
};
