import type { Migration } from './migration';

/**
 * The events table (spec 3 §2 Events log, §3 Event). contact_history becomes it: one table is the contact's history,
 * the events log, the dashboards' state-change figures and the reports' source, so they can never disagree.
 *
 * Every change writes its event in the transaction that makes it, from triggers, whoever makes the change (a route,
 * a bulk action, a file import): on contacts (insert, clone, field changes, state, outcome, take, release, assign,
 * close, suspend, bulk), on contact_files (attachments), on sms_outbox (actions and messages) and on dispositions.
 * (One exception, added by migration 015: a file import writes its contacts' insert events itself, in the same
 * statement as the contacts, and tells the insert trigger to stand aside through a transaction-local setting.)
 * A rolled-back change leaves no event. The request says who acts and when with transaction-local settings
 * (repositories/contact-work-repository.ts actAs):
 *   contact_manager.user_id   the user making the change
 *   contact_manager.at        the app's clock
 *   contact_manager.action    'save' or 'edit' names the field-change event; 'attachment' leaves the array change to
 *                             the file's own event
 *   contact_manager.run_id    a bulk action run: each changed contact gets one 'bulk' event carrying the run
 *   contact_manager.run_action  the bulk action's key
 *
 * `previous_state` is the state before the event; it differs from `state` only on the events where the contact
 * reached a state (insert, clone, state, bulk), which is what the state-change figures read.
 */
export const migration007Events: Migration = {
  id: '007-events',
  sql: `
ALTER TABLE contact_history RENAME TO contact_events;
ALTER INDEX contact_history_contact RENAME TO contact_events_contact;
ALTER TABLE contact_events
  ADD COLUMN workspace_id text,
  ADD COLUMN previous_state text,
  ADD COLUMN run_id bigint,
  ADD COLUMN show_detail boolean NOT NULL DEFAULT false,
  ADD COLUMN extra_data jsonb;
UPDATE contact_events e SET workspace_id = c.workspace_id,
  previous_state = CASE WHEN e.type IN ('insert', 'clone') THEN NULL WHEN e.type = 'state' THEN '' ELSE e.state END
  FROM contacts c WHERE c.id = e.contact_id;
ALTER TABLE contact_events ALTER COLUMN workspace_id SET NOT NULL;

-- The dashboards: events of one kind over a period (agents' takes and releases, backlog in and out) ...
CREATE INDEX contact_events_workspace_type_at ON contact_events (workspace_id, type, at) INCLUDE (user_id, agent_id);
-- ... the moments contacts reached a state over a period ...
CREATE INDEX contact_events_state_reached ON contact_events (workspace_id, state, at) INCLUDE (contact_id)
  WHERE previous_state IS DISTINCT FROM state;
-- ... the open contacts (the backlog now) ...
CREATE INDEX contacts_workspace_open ON contacts (workspace_id) WHERE availability <> 'closed';
-- ... and the availability panel: contacts by their last change.
CREATE INDEX contacts_workspace_touched ON contacts (workspace_id, (coalesce(last_state_change_at, created_at)) DESC, id)
  INCLUDE (availability, state);
-- Per-user report rights (spec 1 §2 Reports tab, §3): a report is open to everyone the reports permission lets in,
-- except the users it has been disabled for.
CREATE TABLE user_forbidden_reports (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  report_id text NOT NULL,
  PRIMARY KEY (user_id, workspace_id, report_id)
);

DROP TRIGGER contacts_history ON contacts;
DROP FUNCTION contact_history_on_update();

CREATE FUNCTION contact_events_on_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor text := nullif(current_setting('contact_manager.user_id', true), '');
  happened timestamptz := coalesce(nullif(current_setting('contact_manager.at', true), '')::timestamptz, now());
  acting text := coalesce(nullif(current_setting('contact_manager.action', true), ''), 'edit');
  run bigint := nullif(current_setting('contact_manager.run_id', true), '')::bigint;
  changed jsonb := '{}'::jsonb;
  fields text[] := '{}';
  section text;
  old_map jsonb;
  new_map jsonb;
  field text;
BEGIN
  IF run IS NOT NULL THEN
    IF NEW.state IS DISTINCT FROM OLD.state THEN changed := changed || jsonb_build_object('state', jsonb_build_object('from', OLD.state, 'to', NEW.state)); END IF;
    IF NEW.agent_id IS DISTINCT FROM OLD.agent_id THEN changed := changed || jsonb_build_object('agentId', jsonb_build_object('from', OLD.agent_id, 'to', NEW.agent_id)); END IF;
    IF NEW.closed IS DISTINCT FROM OLD.closed THEN changed := changed || jsonb_build_object('closed', jsonb_build_object('from', OLD.closed, 'to', NEW.closed)); END IF;
    IF NEW.suspended IS DISTINCT FROM OLD.suspended THEN changed := changed || jsonb_build_object('suspended', jsonb_build_object('from', OLD.suspended, 'to', NEW.suspended)); END IF;
    IF NEW.priority IS DISTINCT FROM OLD.priority THEN changed := changed || jsonb_build_object('priority', jsonb_build_object('from', OLD.priority, 'to', NEW.priority)); END IF;
    IF NEW.availability IS DISTINCT FROM OLD.availability THEN changed := changed || jsonb_build_object('availability', jsonb_build_object('from', OLD.availability, 'to', NEW.availability)); END IF;
    IF NEW.notes IS DISTINCT FROM OLD.notes THEN changed := changed || jsonb_build_object('notes', jsonb_build_object('from', OLD.notes, 'to', NEW.notes)); END IF;
    INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id, agent_id, run_id, show_detail, extra_data)
    VALUES (NEW.workspace_id, NEW.id, happened, 'bulk', NEW.state, OLD.state, NEW.outcome, NEW.notes, actor, NEW.agent_id, run, true,
      jsonb_build_object('runId', run, 'action', nullif(current_setting('contact_manager.run_action', true), ''), 'changes', changed));
    RETURN NULL;
  END IF;

  -- The fields a save or an edit changed, first: what the agent wrote, then the state it led to.
  IF acting <> 'attachment' AND (NEW.inputs IS DISTINCT FROM OLD.inputs OR NEW.outputs IS DISTINCT FROM OLD.outputs OR NEW.priority IS DISTINCT FROM OLD.priority) THEN
    FOREACH section IN ARRAY ARRAY['inputs', 'outputs'] LOOP
      IF section = 'inputs' THEN old_map := OLD.inputs; new_map := NEW.inputs; ELSE old_map := OLD.outputs; new_map := NEW.outputs; END IF;
      IF old_map IS DISTINCT FROM new_map THEN
        FOR field IN
          SELECT k FROM (SELECT jsonb_object_keys(old_map) AS k UNION SELECT jsonb_object_keys(new_map)) AS names
          WHERE old_map -> k IS DISTINCT FROM new_map -> k ORDER BY k
        LOOP
          changed := jsonb_set(changed, ARRAY[section], coalesce(changed -> section, '{}'::jsonb) || jsonb_build_object(field, jsonb_build_object('from', old_map -> field, 'to', new_map -> field)));
          fields := fields || (section || '.' || field);
        END LOOP;
      END IF;
    END LOOP;
    IF NEW.priority IS DISTINCT FROM OLD.priority THEN
      changed := changed || jsonb_build_object('priority', jsonb_build_object('from', OLD.priority, 'to', NEW.priority));
      fields := fields || ('priority ' || NEW.priority);
    END IF;
    IF cardinality(fields) > 0 THEN
      INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, notes, user_id, show_detail, extra_data)
      VALUES (NEW.workspace_id, NEW.id, happened, CASE WHEN acting = 'save' THEN 'save' ELSE 'edit' END, NEW.state, NEW.state,
        left(array_to_string(fields, ', '), 255), actor, true, jsonb_build_object('changed', changed));
    END IF;
  END IF;

  IF NEW.state IS DISTINCT FROM OLD.state THEN
    INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id, show_detail, extra_data)
    VALUES (NEW.workspace_id, NEW.id, happened, 'state', NEW.state, OLD.state, NEW.outcome, NEW.notes, actor, true, jsonb_build_object('from', OLD.state, 'to', NEW.state));
  END IF;
  IF NEW.outcome IS DISTINCT FROM OLD.outcome THEN
    INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id)
    VALUES (NEW.workspace_id, NEW.id, happened, 'outcome', NEW.state, NEW.state, NEW.outcome, NEW.notes, actor);
  END IF;
  IF OLD.agent_id IS NULL AND NEW.agent_id IS NOT NULL THEN
    -- Taken by the agent themselves, or given to them by someone else.
    INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, user_id, agent_id)
    VALUES (NEW.workspace_id, NEW.id, happened, CASE WHEN actor IS NULL OR actor = NEW.agent_id THEN 'take' ELSE 'assign' END,
      NEW.state, NEW.state, coalesce(actor, NEW.agent_id), NEW.agent_id);
  ELSIF OLD.agent_id IS NOT NULL AND NEW.agent_id IS NULL THEN
    INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, user_id, agent_id)
    VALUES (NEW.workspace_id, NEW.id, happened, 'release', NEW.state, NEW.state, actor, OLD.agent_id);
  ELSIF OLD.agent_id IS DISTINCT FROM NEW.agent_id THEN
    INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, user_id, agent_id, show_detail, extra_data)
    VALUES (NEW.workspace_id, NEW.id, happened, 'assign', NEW.state, NEW.state, actor, NEW.agent_id, true, jsonb_build_object('from', OLD.agent_id, 'to', NEW.agent_id));
  END IF;
  IF NEW.closed AND NOT OLD.closed THEN
    INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id)
    VALUES (NEW.workspace_id, NEW.id, happened, 'close', NEW.state, NEW.state, NEW.outcome, NEW.notes, actor);
  END IF;
  IF NEW.suspended AND NOT OLD.suspended THEN
    INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, user_id)
    VALUES (NEW.workspace_id, NEW.id, happened, 'suspend', NEW.state, NEW.state, actor);
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER contacts_events_on_update AFTER UPDATE ON contacts FOR EACH ROW
  WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.outcome IS DISTINCT FROM NEW.outcome OR OLD.agent_id IS DISTINCT FROM NEW.agent_id
    OR OLD.closed IS DISTINCT FROM NEW.closed OR OLD.suspended IS DISTINCT FROM NEW.suspended OR OLD.priority IS DISTINCT FROM NEW.priority
    OR OLD.inputs IS DISTINCT FROM NEW.inputs OR OLD.outputs IS DISTINCT FROM NEW.outputs)
  EXECUTE FUNCTION contact_events_on_update();

-- A new contact: created, or cloned from another (its time is the contact's own when the writer gave none).
CREATE FUNCTION contact_events_on_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor text := nullif(current_setting('contact_manager.user_id', true), '');
  happened timestamptz := coalesce(nullif(current_setting('contact_manager.at', true), '')::timestamptz, NEW.created_at);
  run bigint := nullif(current_setting('contact_manager.run_id', true), '')::bigint;
  original text := rtrim(NEW.original_contact_id);
BEGIN
  INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id, agent_id, run_id, show_detail, extra_data)
  VALUES (NEW.workspace_id, NEW.id, happened, CASE WHEN original IS NULL THEN 'insert' ELSE 'clone' END, NEW.state, NULL, NEW.outcome,
    CASE WHEN original IS NOT NULL THEN 'Clone of ' || original END, actor, NEW.agent_id, run,
    original IS NOT NULL, CASE WHEN original IS NOT NULL THEN jsonb_build_object('originalContactId', original) END);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER contacts_events_on_insert AFTER INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION contact_events_on_insert();

-- A contact's attachments (generated documents are not changes the user made).
CREATE FUNCTION contact_events_on_file() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor text := nullif(current_setting('contact_manager.user_id', true), '');
  happened timestamptz := coalesce(nullif(current_setting('contact_manager.at', true), '')::timestamptz, now());
  file contact_files%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN file := OLD; ELSE file := NEW; END IF;
  IF file.kind <> 'attachment' THEN RETURN NULL; END IF;
  -- A contact being deleted takes its files with it: no event for a contact that no longer exists.
  INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id, show_detail, extra_data)
  SELECT c.workspace_id, c.id, happened, CASE WHEN TG_OP = 'DELETE' THEN 'attachment-removed' ELSE 'attachment-added' END, c.state, c.state, c.outcome,
    left(file.field || '/' || file.name, 255), coalesce(actor, CASE WHEN TG_OP <> 'DELETE' THEN file.created_by END), true,
    jsonb_build_object('field', file.field, 'name', file.name, 'contentType', file.content_type, 'size', file.size)
  FROM contacts c WHERE c.id = file.contact_id;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER contact_files_events AFTER INSERT OR UPDATE OR DELETE ON contact_files FOR EACH ROW EXECUTE FUNCTION contact_events_on_file();

-- Messages for a contact: a contact action the user ran, or the SMS / webapp message a reached state sends.
CREATE FUNCTION contact_events_on_outbox() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor text := nullif(current_setting('contact_manager.user_id', true), '');
  happened timestamptz := coalesce(nullif(current_setting('contact_manager.at', true), '')::timestamptz, NEW.created_at);
BEGIN
  INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id, show_detail, extra_data)
  SELECT c.workspace_id, c.id, happened, CASE WHEN NEW.trigger = 'action' THEN 'action-queued' ELSE 'message-queued' END, c.state, c.state, c.outcome,
    left(NEW.channel || ' ' || NEW.config_id || coalesce(' → ' || NEW.recipient, ''), 255), coalesce(actor, NEW.created_by), true,
    jsonb_strip_nulls(jsonb_build_object('outboxId', NEW.id, 'channel', NEW.channel, 'configId', NEW.config_id, 'sender', NEW.sender,
      'recipient', NEW.recipient, 'body', NEW.body, 'url', NEW.url, 'status', NEW.status, 'error', NEW.error))
  FROM contacts c WHERE c.id = NEW.contact_id;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER sms_outbox_events AFTER INSERT ON sms_outbox FOR EACH ROW WHEN (NEW.contact_id IS NOT NULL)
  EXECUTE FUNCTION contact_events_on_outbox();

-- The disposition an agent set at the end of an embedded call.
CREATE FUNCTION contact_events_on_disposition() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor text := nullif(current_setting('contact_manager.user_id', true), '');
BEGIN
  INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id, show_detail, extra_data)
  SELECT c.workspace_id, c.id, NEW.created_at, 'disposition', c.state, c.state, c.outcome,
    left(concat_ws(' / ', NEW.l1, NEW.l2, NEW.l3), 255), coalesce(actor, NEW.created_by), true,
    jsonb_strip_nulls(jsonb_build_object('dispositionId', NEW.id, 'campaign', NEW.campaign, 'agent', NEW.agent, 'guid', NEW.guid,
      'callerid', NEW.callerid, 'levels', jsonb_build_array(NEW.l1, NEW.l2, NEW.l3), 'labels', NEW.labels, 'comment', NEW.comment))
  FROM contacts c WHERE c.id = NEW.contact_id;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER dispositions_events AFTER INSERT ON dispositions FOR EACH ROW WHEN (NEW.contact_id IS NOT NULL)
  EXECUTE FUNCTION contact_events_on_disposition();
`,
};
