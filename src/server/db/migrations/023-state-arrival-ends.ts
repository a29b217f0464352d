import type { Migration } from './migration';

/**
 * 'Dashboard Contatti' at 10,000,000 events (issue 15): its transitions hashed the period's ~195,000 first arrivals in
 * the first state and joined them with the arrivals in the end state (state_arrivals, migration 017): 270 to 290 ms.
 *
 * A contact's end for an arrival in one state is its first arrival in the end state at or after it, whatever the
 * period: the period only decides which arrivals start (those whose previous_at is before it) and which ends count
 * (those within it). state_arrival_ends keeps that pairing: one row per arrival and per other state the contact
 * reached at or after it, with the arrival's previous_at and the end's moment, so the dashboard reads one index range
 * (the period's arrivals in the first state, ending in the end state) and joins nothing. An arrival pairs with the
 * arrivals in other states after the previous arrival in its own state, up to it: (previous_at, at].
 *
 * Kept with state_arrivals by the events' trigger, in the inserting transaction, in rows of the contact's own arrivals
 * only (nothing shared between contacts, so concurrent bulk changes never wait for each other here):
 * - an arrival ends the pairs of the contact's arrivals in other states since its previous one in its state (usually
 *   the few arrivals since), or moves them earlier when it was written behind a later one (a clock behind);
 * - an arrival written behind later ones of the contact starts pairs with them, and becomes the previous_at of the
 *   next one in its state.
 * A new contact has no pair: the import (019), which writes only new contacts' first arrivals, writes none. Arrivals
 * go only with their contact's events; a statement trigger takes their pairs with them.
 *
 * At the insight bench's size: 3,250,000 arrivals, 8,400,000 pairs (1.5 GB with their index); the transitions read
 * ~124,000 pairs and count ~235,000 arrivals for the started contacts, without the join's hash of ~195,000 rows.
 */
export const migration023StateArrivalEnds: Migration = {
  id: '023-state-arrival-ends',
  sql: `
CREATE TABLE state_arrival_ends (
  first_event_id bigint NOT NULL,
  end_state text NOT NULL,
  workspace_id text NOT NULL,
  first_state text NOT NULL,
  first_at timestamptz NOT NULL,
  first_previous_at timestamptz,
  end_at timestamptz NOT NULL
);
INSERT INTO state_arrival_ends (first_event_id, end_state, workspace_id, first_state, first_at, first_previous_at, end_at)
  SELECT f.event_id, e.state, f.workspace_id, f.state, f.at, f.previous_at, e.at
  FROM state_arrivals e JOIN state_arrivals f ON f.workspace_id = e.workspace_id AND f.contact_id = e.contact_id
    AND f.state <> e.state AND f.at <= e.at AND (e.previous_at IS NULL OR f.at > e.previous_at);
-- The period's arrivals in a state, by end state, read from the index alone; the only index, so a pair is found by
-- its arrival and end state (the trigger knows the arrival's workspace, state and moment, and the contact's states).
ALTER TABLE state_arrival_ends ADD CONSTRAINT state_arrival_ends_pkey
  PRIMARY KEY (workspace_id, first_state, end_state, first_at, first_event_id) INCLUDE (first_previous_at, end_at);
DO $analyze$ BEGIN
  IF EXISTS (SELECT 1 FROM state_arrival_ends) THEN ANALYZE state_arrival_ends; END IF;
END $analyze$;

CREATE OR REPLACE FUNCTION state_arrivals_on_event() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  previous timestamptz;
  later record;
  states text[];
BEGIN
  SELECT a.at INTO previous FROM state_arrivals a
    WHERE a.workspace_id = NEW.workspace_id AND a.contact_id = NEW.contact_id AND a.state = NEW.state AND (a.at, a.event_id) < (NEW.at, NEW.id)
    ORDER BY a.at DESC, a.event_id DESC LIMIT 1;
  INSERT INTO state_arrivals (event_id, workspace_id, contact_id, state, at, previous_at)
    VALUES (NEW.id, NEW.workspace_id, NEW.contact_id, NEW.state, NEW.at, previous);
  IF previous IS NULL OR NEW.at - previous > interval '2 days' THEN
    INSERT INTO state_arrival_slots AS s (workspace_id, state, slot, arrivals)
      VALUES (NEW.workspace_id, NEW.state, date_bin('15 minutes', NEW.at, timestamptz '1970-01-01 00:00:00+00'), 1)
      ON CONFLICT (workspace_id, state, slot) DO UPDATE SET arrivals = s.arrivals + 1;
  END IF;
  -- The end of the contact's arrivals in other states since its previous one in this state; and when it was written
  -- behind later arrivals of the contact, its own ends among them. Those arrivals already have an end in this state
  -- only when a later arrival in it was written before this one (a clock behind): then this one, earlier, is their end.
  SELECT a.event_id, a.at, a.previous_at INTO later FROM state_arrivals a
    WHERE a.workspace_id = NEW.workspace_id AND a.contact_id = NEW.contact_id AND a.state = NEW.state AND (a.at, a.event_id) > (NEW.at, NEW.id)
    ORDER BY a.at, a.event_id LIMIT 1;
  IF FOUND THEN
    INSERT INTO state_arrival_ends AS p (first_event_id, end_state, workspace_id, first_state, first_at, first_previous_at, end_at)
      SELECT a.event_id, NEW.state, NEW.workspace_id, a.state, a.at, a.previous_at, NEW.at FROM state_arrivals a
      WHERE a.workspace_id = NEW.workspace_id AND a.contact_id = NEW.contact_id AND a.state <> NEW.state AND a.at <= NEW.at
        AND (previous IS NULL OR a.at > previous)
      ON CONFLICT (workspace_id, first_state, end_state, first_at, first_event_id) DO UPDATE SET end_at = EXCLUDED.end_at WHERE EXCLUDED.end_at < p.end_at;
  ELSE
    INSERT INTO state_arrival_ends (first_event_id, end_state, workspace_id, first_state, first_at, first_previous_at, end_at)
      SELECT a.event_id, NEW.state, NEW.workspace_id, a.state, a.at, a.previous_at, NEW.at FROM state_arrivals a
      WHERE a.workspace_id = NEW.workspace_id AND a.contact_id = NEW.contact_id AND a.state <> NEW.state AND a.at <= NEW.at
        AND (previous IS NULL OR a.at > previous);
  END IF;
  INSERT INTO state_arrival_ends (first_event_id, end_state, workspace_id, first_state, first_at, first_previous_at, end_at)
    SELECT NEW.id, a.state, NEW.workspace_id, NEW.state, NEW.at, previous, min(a.at) FROM state_arrivals a
    WHERE a.workspace_id = NEW.workspace_id AND a.contact_id = NEW.contact_id AND a.state <> NEW.state AND a.at >= NEW.at
    GROUP BY a.state;
  IF later.event_id IS NOT NULL THEN
    UPDATE state_arrivals SET previous_at = NEW.at WHERE event_id = later.event_id;
    states := ARRAY(SELECT DISTINCT a.state FROM state_arrivals a WHERE a.workspace_id = NEW.workspace_id AND a.contact_id = NEW.contact_id);
    UPDATE state_arrival_ends SET first_previous_at = NEW.at
      WHERE workspace_id = NEW.workspace_id AND first_state = NEW.state AND end_state = ANY(states) AND first_at = later.at AND first_event_id = later.event_id;
    IF (later.previous_at IS NULL OR later.at - later.previous_at > interval '2 days') AND later.at - NEW.at <= interval '2 days' THEN
      UPDATE state_arrival_slots SET arrivals = arrivals - 1
        WHERE workspace_id = NEW.workspace_id AND state = NEW.state AND slot = date_bin('15 minutes', later.at, timestamptz '1970-01-01 00:00:00+00');
    END IF;
  END IF;
  RETURN NULL;
END
$fn$;

-- A contact's arrivals go with its events, one statement per event (ON DELETE CASCADE), in any order: a pair goes
-- with whichever of its two arrivals goes first. Its arrival's: the end states are among the contact's states, of the
-- arrivals left and those going. Its end's: the arrivals left that it ends.
CREATE FUNCTION state_arrival_ends_on_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  o record;
  states text[];
BEGIN
  FOR o IN SELECT * FROM old_arrivals LOOP
    states := ARRAY(
      SELECT a.state FROM state_arrivals a WHERE a.workspace_id = o.workspace_id AND a.contact_id = o.contact_id
      UNION SELECT g.state FROM old_arrivals g WHERE g.workspace_id = o.workspace_id AND g.contact_id = o.contact_id);
    DELETE FROM state_arrival_ends
      WHERE workspace_id = o.workspace_id AND first_state = o.state AND end_state = ANY(states) AND first_at = o.at AND first_event_id = o.event_id;
    DELETE FROM state_arrival_ends p USING state_arrivals f
      WHERE f.workspace_id = o.workspace_id AND f.contact_id = o.contact_id AND f.state <> o.state AND f.at <= o.at
        AND (o.previous_at IS NULL OR f.at > o.previous_at)
        AND p.workspace_id = f.workspace_id AND p.first_state = f.state AND p.end_state = o.state AND p.first_at = f.at AND p.first_event_id = f.event_id;
  END LOOP;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER state_arrivals_ends_on_delete AFTER DELETE ON state_arrivals REFERENCING OLD TABLE AS old_arrivals
  FOR EACH STATEMENT EXECUTE FUNCTION state_arrival_ends_on_delete();
`,
};
