import type { Migration } from './migration';

/**
 * 'Dashboard Contatti' at 10,000,000 events (issue 15): its daily counts and transitions each took the ~390,000
 * state arrivals of 15 days and deduplicated them by contact (a count DISTINCT per day; a hash of each contact's first
 * arrival, then a hash join and a grouping for its first end after it): 1.6 s and 2.8 s under load.
 *
 * state_arrivals is the events where a contact reached a state (previous_state IS DISTINCT FROM state), each with
 * the moment the same contact last reached the same state before it (previous_at; the order is at, then event id).
 * With it, "the first arrival of a contact in a range" is a row test, not a grouping: an arrival is the contact's
 * first of the period when previous_at is null or before the period, and its first of a local day when, besides,
 * previous_at is on an earlier day. So the daily counts are plain counts, the started contacts a count, and each
 * started contact's end is the one arrival in the end state at or after its start whose previous_at is before the
 * start (a join with at most one match per contact, no grouping).
 *
 * Kept by a trigger on contact_events in the inserting transaction. An arrival written after a later one of the same
 * contact and state (a clock behind) becomes that one's previous_at. Events are deleted only with their contact
 * (ON DELETE CASCADE), and its arrivals go with them; events' at and state are never updated.
 */
export const migration017StateArrivals: Migration = {
  id: '017-state-arrivals',
  sql: `
CREATE TABLE state_arrivals (
  event_id bigint PRIMARY KEY REFERENCES contact_events(id) ON DELETE CASCADE,
  workspace_id text NOT NULL,
  contact_id char(24) NOT NULL,
  state text NOT NULL,
  at timestamptz NOT NULL,
  previous_at timestamptz
);
INSERT INTO state_arrivals (event_id, workspace_id, contact_id, state, at, previous_at)
  SELECT id, workspace_id, contact_id, state, at, lag(at) OVER (PARTITION BY workspace_id, contact_id, state ORDER BY at, id)
  FROM contact_events WHERE previous_state IS DISTINCT FROM state AND state IS NOT NULL;
-- The period's arrivals in a state, read from the index alone ...
CREATE INDEX state_arrivals_reached ON state_arrivals (workspace_id, state, at) INCLUDE (contact_id, previous_at);
-- ... and a contact's arrivals in a state in order, for the trigger.
CREATE INDEX state_arrivals_contact ON state_arrivals (workspace_id, contact_id, state, at, event_id);
-- Statistics now when the backfill wrote rows, not at autovacuum's next pass: without them the planner takes the
-- backfilled table for empty and pairs the starts and the ends in a nested loop (hours at the bench's size). Never on
-- an empty table: statistics saying "empty" would stay (PGlite runs no autovacuum) and the trigger's lookups would
-- scan the whole table for each event as it grows (a 10,000-contact state change took minutes).
DO $analyze$ BEGIN
  IF EXISTS (SELECT 1 FROM state_arrivals) THEN ANALYZE state_arrivals; END IF;
END $analyze$;

CREATE FUNCTION state_arrivals_on_event() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO state_arrivals (event_id, workspace_id, contact_id, state, at, previous_at)
    VALUES (NEW.id, NEW.workspace_id, NEW.contact_id, NEW.state, NEW.at, (
      SELECT a.at FROM state_arrivals a
      WHERE a.workspace_id = NEW.workspace_id AND a.contact_id = NEW.contact_id AND a.state = NEW.state AND (a.at, a.event_id) < (NEW.at, NEW.id)
      ORDER BY a.at DESC, a.event_id DESC LIMIT 1));
  UPDATE state_arrivals SET previous_at = NEW.at WHERE event_id = (
    SELECT a.event_id FROM state_arrivals a
    WHERE a.workspace_id = NEW.workspace_id AND a.contact_id = NEW.contact_id AND a.state = NEW.state AND (a.at, a.event_id) > (NEW.at, NEW.id)
    ORDER BY a.at, a.event_id LIMIT 1);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER contact_events_state_arrivals AFTER INSERT ON contact_events FOR EACH ROW
  WHEN (NEW.previous_state IS DISTINCT FROM NEW.state AND NEW.state IS NOT NULL)
  EXECUTE FUNCTION state_arrivals_on_event();
`,
};
