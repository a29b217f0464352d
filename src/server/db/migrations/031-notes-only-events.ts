import type { Migration } from './migration';

/**
 * A save that changes only a contact's notes wrote no event (DESIGN: each change to a contact writes an event row in
 * the same transaction): the events trigger of migration 007 fires on the state, outcome, agent, closed, suspended,
 * priority and fields, and the events of a state, outcome or close carry the notes with them. This trigger fires when
 * the notes are all that changed, and writes a save (or edit) event with the notes, its `changed` naming them; in a
 * bulk run, the run's event.
 */
export const migration031NotesOnlyEvents: Migration = {
  id: '031-notes-only-events',
  sql: `
CREATE FUNCTION contact_events_on_notes() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor text := nullif(current_setting('contact_manager.user_id', true), '');
  happened timestamptz := coalesce(nullif(current_setting('contact_manager.at', true), '')::timestamptz, now());
  acting text := coalesce(nullif(current_setting('contact_manager.action', true), ''), 'edit');
  run bigint := nullif(current_setting('contact_manager.run_id', true), '')::bigint;
  changed jsonb := jsonb_build_object('notes', jsonb_build_object('from', OLD.notes, 'to', NEW.notes));
BEGIN
  IF run IS NOT NULL THEN
    INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id, agent_id, run_id, show_detail, extra_data)
    VALUES (NEW.workspace_id, NEW.id, happened, 'bulk', NEW.state, OLD.state, NEW.outcome, NEW.notes, actor, NEW.agent_id, run, true,
      jsonb_build_object('runId', run, 'action', nullif(current_setting('contact_manager.run_action', true), ''), 'changes', changed));
  ELSE
    INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id, show_detail, extra_data)
    VALUES (NEW.workspace_id, NEW.id, happened, CASE WHEN acting = 'save' THEN 'save' ELSE 'edit' END, NEW.state, NEW.state, NEW.outcome,
      NEW.notes, actor, true, jsonb_build_object('changed', changed));
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER contacts_events_on_notes AFTER UPDATE ON contacts FOR EACH ROW
  WHEN (OLD.notes IS DISTINCT FROM NEW.notes AND NOT (OLD.state IS DISTINCT FROM NEW.state OR OLD.outcome IS DISTINCT FROM NEW.outcome
    OR OLD.agent_id IS DISTINCT FROM NEW.agent_id OR OLD.closed IS DISTINCT FROM NEW.closed OR OLD.suspended IS DISTINCT FROM NEW.suspended
    OR OLD.priority IS DISTINCT FROM NEW.priority OR OLD.inputs IS DISTINCT FROM NEW.inputs OR OLD.outputs IS DISTINCT FROM NEW.outputs))
  EXECUTE FUNCTION contact_events_on_notes();
`,
};
