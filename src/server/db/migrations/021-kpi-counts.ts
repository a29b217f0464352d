import type { Migration } from './migration';

/**
 * The KPI strip's counts (issue 12 item 1 and 8): every supervisor's poll counted the whole workspace's contacts
 * (total, suspended, not processable, by availability, by state), and on PGlite's single connection the agents waited
 * behind it. The counts become a table kept by the statements that change contacts, in their transactions, like
 * workspace_open_contacts (014): statement-level triggers over the transition tables.
 *
 * - A row counts the contacts of one workspace with one agent (NULL: unassigned), state, availability, suspended and
 *   processable: what the KPI call groups by, and what its visibility filters on (all contacts, or those of some
 *   agents, with or without the unassigned ones). The call sums the rows its visibility keeps.
 * - The triggers only append deltas (one row per key the statement changed, -1s and +1s netted; a save that changes
 *   none of those columns writes nothing). They never update a shared row: a take-next moves a contact from the
 *   unassigned queue's key, which every agent's take would otherwise update and hold until its commit, queueing all
 *   the takers of a workspace behind each other. So nothing here waits for a lock.
 * - Compaction keeps the table small: about one statement in 200 also folds its workspace's rows into one row per key
 *   (the rows it can lock at once, SKIP LOCKED: another compaction's rows are left for later, so it never waits either;
 *   rows of transactions not yet committed are not seen, and are folded by a later compaction). A compaction that
 *   rolls back with its transaction leaves the rows as they were: the sums are the same either way.
 * - 'Chiusi Oggi' depends on the hour: it stays a count, over the contacts closed since the start of the day, which a
 *   partial index of the closed contacts by their last change reads directly.
 * - No foreign key: the contacts of a deleted workspace bring its counts to 0 (the rows go at the next compaction).
 */
export const migration021KpiCounts: Migration = {
  id: '021-kpi-counts',
  sql: `
CREATE TABLE contact_kpi_counts (
  workspace_id text NOT NULL,
  agent_id text,
  state text NOT NULL,
  availability text NOT NULL,
  suspended boolean NOT NULL,
  processable boolean NOT NULL,
  n bigint NOT NULL
);
CREATE INDEX contact_kpi_counts_workspace ON contact_kpi_counts (workspace_id);
INSERT INTO contact_kpi_counts (workspace_id, agent_id, state, availability, suspended, processable, n)
  SELECT workspace_id, agent_id, state, availability, suspended, processable, count(*)
  FROM contacts GROUP BY workspace_id, agent_id, state, availability, suspended, processable;

CREATE INDEX contacts_closed_changed ON contacts (workspace_id, last_state_change_at) WHERE closed;

-- Folds a workspace's count rows into one per key, leaving rows another compaction holds.
CREATE FUNCTION contact_kpi_counts_compact(ws text) RETURNS void LANGUAGE sql AS $fn$
  WITH folded AS (
    DELETE FROM contact_kpi_counts WHERE ctid IN (SELECT ctid FROM contact_kpi_counts WHERE workspace_id = ws FOR UPDATE SKIP LOCKED)
    RETURNING workspace_id, agent_id, state, availability, suspended, processable, n)
  INSERT INTO contact_kpi_counts (workspace_id, agent_id, state, availability, suspended, processable, n)
    SELECT workspace_id, agent_id, state, availability, suspended, processable, sum(n) FROM folded
    GROUP BY workspace_id, agent_id, state, availability, suspended, processable HAVING sum(n) <> 0
$fn$;

CREATE FUNCTION contact_kpi_counts_on_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ws text;
  compact boolean := random() < 0.005;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contact_kpi_counts (workspace_id, agent_id, state, availability, suspended, processable, n)
      SELECT workspace_id, agent_id, state, availability, suspended, processable, count(*) FROM new_contacts
      GROUP BY workspace_id, agent_id, state, availability, suspended, processable;
    IF compact THEN
      FOR ws IN SELECT DISTINCT workspace_id FROM new_contacts LOOP PERFORM contact_kpi_counts_compact(ws); END LOOP;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO contact_kpi_counts (workspace_id, agent_id, state, availability, suspended, processable, n)
      SELECT workspace_id, agent_id, state, availability, suspended, processable, -count(*) FROM old_contacts
      GROUP BY workspace_id, agent_id, state, availability, suspended, processable;
    IF compact THEN
      FOR ws IN SELECT DISTINCT workspace_id FROM old_contacts LOOP PERFORM contact_kpi_counts_compact(ws); END LOOP;
    END IF;
  ELSE
    INSERT INTO contact_kpi_counts (workspace_id, agent_id, state, availability, suspended, processable, n)
      SELECT workspace_id, agent_id, state, availability, suspended, processable, sum(delta) FROM (
        SELECT workspace_id, agent_id, state, availability, suspended, processable, 1 AS delta FROM new_contacts
        UNION ALL
        SELECT workspace_id, agent_id, state, availability, suspended, processable, -1 FROM old_contacts) AS changes
      GROUP BY workspace_id, agent_id, state, availability, suspended, processable HAVING sum(delta) <> 0;
    IF compact THEN
      FOR ws IN SELECT workspace_id FROM new_contacts UNION SELECT workspace_id FROM old_contacts LOOP PERFORM contact_kpi_counts_compact(ws); END LOOP;
    END IF;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER contacts_kpi_on_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION contact_kpi_counts_on_change();
CREATE TRIGGER contacts_kpi_on_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_contacts NEW TABLE AS new_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION contact_kpi_counts_on_change();
CREATE TRIGGER contacts_kpi_on_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION contact_kpi_counts_on_change();
`,
};
