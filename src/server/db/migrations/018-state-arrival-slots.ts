import type { Migration } from './migration';

/**
 * 'Dashboard Contatti' at 10,000,000 events (issue 15): its daily counts read each of the period's ~390,000 arrivals
 * in the two states (state_arrivals, migration 017) and put each one in its local day (about 110 ms of scanning plus
 * the time-zone conversions, on every call).
 *
 * An arrival counts on its local day unless the contact reached the same state earlier that day. When the contact's
 * previous arrival in the state is more than 2 days before it (or there is none), the two are on different days in
 * any time zone, so the arrival counts whatever the period and the zone: call it a lone arrival. The others (near
 * repeats) depend on the period and the zone and are read row by row, through a partial index of their own, which
 * holds few rows (a contact back in the same state within 2 days).
 *
 * state_arrival_slots counts the lone arrivals by workspace, state and 15-minute slot of UTC (date_bin from the
 * epoch). Every time zone in use today is a whole number of quarter hours from UTC, so a slot lies within one local
 * day and the slots of a period give its days' counts; the query checks that for the period and zone it is asked
 * about, and reads the rows instead where it does not hold, and for the partial slots at the ends of the period.
 *
 * Kept with state_arrivals by the events' trigger, in the inserting transaction: +1 for a lone arrival; an arrival
 * written after a later one of the same contact and state (a clock behind) becomes that one's previous, and -1 when
 * the later one was lone and no longer is. Arrivals are deleted only with their contact's events (ON DELETE CASCADE):
 * a statement trigger takes the lone ones among them off their slots. A transaction that writes an arrival holds its
 * slot's row until it commits: another one writing an arrival in the same workspace, state and quarter hour waits
 * for it, as it would for the open contacts' counter (migration 014).
 *
 * The same tab's backlog counts the contacts closed in each hour through contacts_closed_touched (migration 014), an
 * index on an expression: PostgreSQL reads the columns of an expression from the heap, so each of the period's ~10,000
 * closed contacts was a heap fetch (104 ms of the backlog's 161 ms under load). With the expression's two columns
 * included it is an index-only scan (23 ms). Those columns are already in the index's expression, so the contacts'
 * updates that can stay HOT stay so.
 */
export const migration018StateArrivalSlots: Migration = {
  id: '018-state-arrival-slots',
  sql: `
CREATE TABLE state_arrival_slots (
  workspace_id text NOT NULL,
  state text NOT NULL,
  slot timestamptz NOT NULL,
  arrivals integer NOT NULL,
  PRIMARY KEY (workspace_id, state, slot)
);
INSERT INTO state_arrival_slots (workspace_id, state, slot, arrivals)
  SELECT workspace_id, state, date_bin('15 minutes', at, timestamptz '1970-01-01 00:00:00+00'), count(*)
  FROM state_arrivals WHERE previous_at IS NULL OR at - previous_at > interval '2 days'
  GROUP BY 1, 2, 3;
-- The near repeats: the arrivals that are not lone, read one by one.
CREATE INDEX state_arrivals_near_repeats ON state_arrivals (workspace_id, state, at) INCLUDE (previous_at)
  WHERE at - previous_at <= interval '2 days';
DROP INDEX contacts_closed_touched;
CREATE INDEX contacts_closed_touched ON contacts (workspace_id, (coalesce(last_state_change_at, created_at)))
  INCLUDE (last_state_change_at, created_at) WHERE availability = 'closed';
DO $analyze$ BEGIN
  IF EXISTS (SELECT 1 FROM state_arrival_slots) THEN ANALYZE state_arrival_slots; ANALYZE state_arrivals; END IF;
END $analyze$;

CREATE OR REPLACE FUNCTION state_arrivals_on_event() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  previous timestamptz;
  later record;
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
  SELECT a.event_id, a.at, a.previous_at INTO later FROM state_arrivals a
    WHERE a.workspace_id = NEW.workspace_id AND a.contact_id = NEW.contact_id AND a.state = NEW.state AND (a.at, a.event_id) > (NEW.at, NEW.id)
    ORDER BY a.at, a.event_id LIMIT 1;
  IF FOUND THEN
    UPDATE state_arrivals SET previous_at = NEW.at WHERE event_id = later.event_id;
    IF (later.previous_at IS NULL OR later.at - later.previous_at > interval '2 days') AND later.at - NEW.at <= interval '2 days' THEN
      UPDATE state_arrival_slots SET arrivals = arrivals - 1
        WHERE workspace_id = NEW.workspace_id AND state = NEW.state AND slot = date_bin('15 minutes', later.at, timestamptz '1970-01-01 00:00:00+00');
    END IF;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE FUNCTION state_arrival_slots_on_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE state_arrival_slots s SET arrivals = s.arrivals - gone.n
    FROM (
      SELECT workspace_id, state, date_bin('15 minutes', at, timestamptz '1970-01-01 00:00:00+00') AS slot, count(*)::int AS n
      FROM old_arrivals WHERE previous_at IS NULL OR at - previous_at > interval '2 days'
      GROUP BY 1, 2, 3) AS gone
    WHERE s.workspace_id = gone.workspace_id AND s.state = gone.state AND s.slot = gone.slot;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER state_arrivals_slots_on_delete AFTER DELETE ON state_arrivals REFERENCING OLD TABLE AS old_arrivals
  FOR EACH STATEMENT EXECUTE FUNCTION state_arrival_slots_on_delete();
`,
};
