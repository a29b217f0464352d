import type { Migration } from './migration';

/**
 * The kept counts of contacts (021) also by `closed` and `priority` (issue 12 item 1): with them, every filter of the
 * list on fixed columns alone (states, assigned agents, teams, closed, processable, suspended, priority, the user's
 * visibility) has its exact number of matches in the counts table, summed in a millisecond however many contacts
 * match, and so has each value of the list's low-cardinality sorts (state, availability, agent, priority) among them:
 * the list answers exact totals for those filters instead of "10.000+", and starts a page's walk of the sort's index
 * at the value its first row has (contact-repository.ts). `closed` is a column of its own, set with availability
 * 'closed' by the app but not tied to it by the schema, so it is counted as it is. Priorities run 1..10 (10 the
 * default): the table grows by at most that factor, from one row per key to one per key and priority.
 * The table is recounted from the contacts and the functions replaced; the triggers of 021 call them unchanged.
 */
const KEY = 'workspace_id, agent_id, state, availability, suspended, processable, closed, priority';

export const migration027KpiCountsClosedPriority: Migration = {
  id: '027-kpi-counts-closed-priority',
  sql: `
ALTER TABLE contact_kpi_counts ADD COLUMN closed boolean, ADD COLUMN priority integer;
DELETE FROM contact_kpi_counts;
INSERT INTO contact_kpi_counts (${KEY}, n) SELECT ${KEY}, count(*) FROM contacts GROUP BY ${KEY};
ALTER TABLE contact_kpi_counts ALTER COLUMN closed SET NOT NULL, ALTER COLUMN priority SET NOT NULL;

CREATE OR REPLACE FUNCTION contact_kpi_counts_compact(ws text) RETURNS void LANGUAGE sql AS $fn$
  WITH folded AS (
    DELETE FROM contact_kpi_counts WHERE ctid IN (SELECT ctid FROM contact_kpi_counts WHERE workspace_id = ws FOR UPDATE SKIP LOCKED)
    RETURNING ${KEY}, n)
  INSERT INTO contact_kpi_counts (${KEY}, n)
    SELECT ${KEY}, sum(n) FROM folded GROUP BY ${KEY} HAVING sum(n) <> 0
$fn$;

CREATE OR REPLACE FUNCTION contact_kpi_counts_on_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ws text;
  compact boolean := random() < 0.005;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contact_kpi_counts (${KEY}, n) SELECT ${KEY}, count(*) FROM new_contacts GROUP BY ${KEY};
    IF compact THEN
      FOR ws IN SELECT DISTINCT workspace_id FROM new_contacts LOOP PERFORM contact_kpi_counts_compact(ws); END LOOP;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO contact_kpi_counts (${KEY}, n) SELECT ${KEY}, -count(*) FROM old_contacts GROUP BY ${KEY};
    IF compact THEN
      FOR ws IN SELECT DISTINCT workspace_id FROM old_contacts LOOP PERFORM contact_kpi_counts_compact(ws); END LOOP;
    END IF;
  ELSE
    INSERT INTO contact_kpi_counts (${KEY}, n)
      SELECT ${KEY}, sum(delta) FROM (
        SELECT ${KEY}, 1 AS delta FROM new_contacts
        UNION ALL
        SELECT ${KEY}, -1 FROM old_contacts) AS changes
      GROUP BY ${KEY} HAVING sum(delta) <> 0;
    IF compact THEN
      FOR ws IN SELECT workspace_id FROM new_contacts UNION SELECT workspace_id FROM old_contacts LOOP PERFORM contact_kpi_counts_compact(ws); END LOOP;
    END IF;
  END IF;
  RETURN NULL;
END
$fn$;
`,
};
