import type { Migration } from './migration';

/**
 * 'Dashboard Contatti' at 10,000,000 events (issue 15): its started contacts (those that reached the first state in
 * the period) were a count of the period's arrivals in the state whose previous one is before the period
 * (state_arrivals, migration 017): ~235,000 index entries read on every call (70 to 145 ms under load).
 *
 * A contact that reached a state in the period is counted just as well by its last arrival of the period: the one
 * whose next arrival in the state is after the period, or has none. state_arrival_slots (migration 018) gains
 * last_arrivals: by workspace, state and 15-minute UTC slot, the arrivals that are their contact's last in their state
 * (no next one). The started contacts of a period are then, over its whole slots, the sum of last_arrivals plus the
 * arrivals of those slots whose next one is after the period (read from the arrivals after the period by their
 * previous_at: none when the period ends now, as the dashboard's does), and the arrivals of the partial slots at the
 * period's ends tested one by one.
 *
 * Kept with the other counts by the events' trigger, in the inserting transaction: an arrival written after the
 * contact's others in its state is the new last (+1 in its slot) and its previous one no longer is (-1 in that one's
 * slot); one written behind a later arrival (a clock behind) changes no last. Arrivals are deleted only with their
 * contact's events: the slots' statement trigger moves each contact's last in a state to the last of those left. The
 * flows import (019) writes new contacts' arrivals, each its contact's first and last: it adds them here too.
 *
 * A transaction that writes an arrival now holds two slot rows: its own (as it did for a lone arrival) and its
 * previous arrival's, until it commits.
 */
export const migration024StateArrivalLasts: Migration = {
  id: '024-state-arrival-lasts',
  sql: `
ALTER TABLE state_arrival_slots ADD COLUMN last_arrivals integer NOT NULL DEFAULT 0;
INSERT INTO state_arrival_slots AS s (workspace_id, state, slot, arrivals, last_arrivals)
  SELECT workspace_id, state, date_bin('15 minutes', at, timestamptz '1970-01-01 00:00:00+00'), 0, count(*)
  FROM (SELECT DISTINCT ON (workspace_id, contact_id, state) workspace_id, state, at FROM state_arrivals
        ORDER BY workspace_id, contact_id, state, at DESC, event_id DESC) AS lasts
  GROUP BY 1, 2, 3
  ON CONFLICT (workspace_id, state, slot) DO UPDATE SET last_arrivals = EXCLUDED.last_arrivals;
DO $analyze$ BEGIN
  IF EXISTS (SELECT 1 FROM state_arrival_slots) THEN ANALYZE state_arrival_slots; END IF;
END $analyze$;

CREATE OR REPLACE FUNCTION state_arrivals_on_event() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  previous timestamptz;
  later record;
  states text[];
  lone integer;
BEGIN
  SELECT a.at INTO previous FROM state_arrivals a
    WHERE a.workspace_id = NEW.workspace_id AND a.contact_id = NEW.contact_id AND a.state = NEW.state AND (a.at, a.event_id) < (NEW.at, NEW.id)
    ORDER BY a.at DESC, a.event_id DESC LIMIT 1;
  INSERT INTO state_arrivals (event_id, workspace_id, contact_id, state, at, previous_at)
    VALUES (NEW.id, NEW.workspace_id, NEW.contact_id, NEW.state, NEW.at, previous);
  SELECT a.event_id, a.at, a.previous_at INTO later FROM state_arrivals a
    WHERE a.workspace_id = NEW.workspace_id AND a.contact_id = NEW.contact_id AND a.state = NEW.state AND (a.at, a.event_id) > (NEW.at, NEW.id)
    ORDER BY a.at, a.event_id LIMIT 1;
  lone := CASE WHEN previous IS NULL OR NEW.at - previous > interval '2 days' THEN 1 ELSE 0 END;
  -- Its slot: +1 lone arrival when it is one (migration 018), +1 last arrival when none of the contact's in the state
  -- is after it; then its previous one is no longer the last.
  IF lone = 1 OR later.event_id IS NULL THEN
    INSERT INTO state_arrival_slots AS s (workspace_id, state, slot, arrivals, last_arrivals)
      VALUES (NEW.workspace_id, NEW.state, date_bin('15 minutes', NEW.at, timestamptz '1970-01-01 00:00:00+00'), lone, CASE WHEN later.event_id IS NULL THEN 1 ELSE 0 END)
      ON CONFLICT (workspace_id, state, slot) DO UPDATE SET arrivals = s.arrivals + EXCLUDED.arrivals, last_arrivals = s.last_arrivals + EXCLUDED.last_arrivals;
  END IF;
  IF later.event_id IS NULL AND previous IS NOT NULL THEN
    UPDATE state_arrival_slots SET last_arrivals = last_arrivals - 1
      WHERE workspace_id = NEW.workspace_id AND state = NEW.state AND slot = date_bin('15 minutes', previous, timestamptz '1970-01-01 00:00:00+00');
  END IF;
  -- The end of the contact's arrivals in other states since its previous one in this state; and when it was written
  -- behind later arrivals of the contact, its own ends among them (migration 023).
  IF later.event_id IS NOT NULL THEN
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

-- Arrivals go with their contact's events, one statement per event (ON DELETE CASCADE), in any order: the lone ones
-- leave their slots (018); a contact's last arrival in a state that goes hands that over to the last of those left.
CREATE OR REPLACE FUNCTION state_arrival_slots_on_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE state_arrival_slots s SET arrivals = s.arrivals - gone.n
    FROM (
      SELECT workspace_id, state, date_bin('15 minutes', at, timestamptz '1970-01-01 00:00:00+00') AS slot, count(*)::int AS n
      FROM old_arrivals WHERE previous_at IS NULL OR at - previous_at > interval '2 days'
      GROUP BY 1, 2, 3) AS gone
    WHERE s.workspace_id = gone.workspace_id AND s.state = gone.state AND s.slot = gone.slot;
  WITH gone AS (
    SELECT DISTINCT ON (workspace_id, contact_id, state) workspace_id, contact_id, state, at, event_id FROM old_arrivals
    ORDER BY workspace_id, contact_id, state, at DESC, event_id DESC),
  gone_lasts AS (
    SELECT g.workspace_id, g.state, g.at, kept.at AS left_at FROM gone g
    LEFT JOIN LATERAL (
      SELECT a.at, a.event_id FROM state_arrivals a WHERE a.workspace_id = g.workspace_id AND a.contact_id = g.contact_id AND a.state = g.state
      ORDER BY a.at DESC, a.event_id DESC LIMIT 1) AS kept ON true
    WHERE kept.event_id IS NULL OR (g.at, g.event_id) > (kept.at, kept.event_id))
  INSERT INTO state_arrival_slots AS s (workspace_id, state, slot, arrivals, last_arrivals)
    SELECT workspace_id, state, date_bin('15 minutes', at, timestamptz '1970-01-01 00:00:00+00'), 0, sum(n)::int
    FROM (
      SELECT g.workspace_id, g.state, g.at, -1 AS n FROM gone_lasts g
      UNION ALL
      SELECT g.workspace_id, g.state, g.left_at, 1 FROM gone_lasts g WHERE g.left_at IS NOT NULL) AS moves
    GROUP BY 1, 2, 3
    ON CONFLICT (workspace_id, state, slot) DO UPDATE SET last_arrivals = s.last_arrivals + EXCLUDED.last_arrivals;
  RETURN NULL;
END
$fn$;
`,
};
