import type { Migration } from './migration';

/**
 * 'Dashboard Contatti' at a million contacts (issue 15): its backlog read the whole workspace twice.
 *
 * - The contacts closed in each hour of the period: closed contacts by their last change. No index served it (the
 *   planner took every closed contact of the workspace from contacts_list_availability and read each one's row from
 *   the heap: 52,658 heap blocks, 850 ms on the bench's 1,000,000 contacts). A partial index of the closed contacts
 *   on that expression reads just the period's.
 * - The open contacts now, the end the backlog counts back from: a count over every open contact of the workspace
 *   (900,000 index entries, 480 ms per worker). It becomes a counter kept by the statements that change contacts,
 *   in their transactions (statement-level triggers over their transition tables: one row written per statement and
 *   workspace, and only when the statement changes how many are open, so a bulk action or an import of many
 *   contacts writes it once, and a save that closes nothing never writes it). A statement that opens or closes
 *   contacts holds its workspace's row until it commits: another one in the same workspace waits for it, as it would
 *   for any row both change. The counter has no foreign key: the contacts of a deleted workspace bring it to 0.
 *   contacts_workspace_open (007), which served only that count, goes.
 */
export const migration014DashboardBacklog: Migration = {
  id: '014-dashboard-backlog',
  sql: `
DROP INDEX IF EXISTS contacts_workspace_open;
CREATE INDEX contacts_closed_touched ON contacts (workspace_id, (coalesce(last_state_change_at, created_at))) WHERE availability = 'closed';

CREATE TABLE workspace_open_contacts (
  workspace_id text PRIMARY KEY,
  open bigint NOT NULL
);
INSERT INTO workspace_open_contacts (workspace_id, open)
  SELECT workspace_id, count(*) FROM contacts WHERE availability <> 'closed' GROUP BY workspace_id;

CREATE FUNCTION workspace_open_contacts_on_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO workspace_open_contacts AS w (workspace_id, open)
      SELECT workspace_id, count(*) FROM new_contacts WHERE availability <> 'closed' GROUP BY workspace_id
      ON CONFLICT (workspace_id) DO UPDATE SET open = w.open + EXCLUDED.open;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO workspace_open_contacts AS w (workspace_id, open)
      SELECT workspace_id, -count(*) FROM old_contacts WHERE availability <> 'closed' GROUP BY workspace_id
      ON CONFLICT (workspace_id) DO UPDATE SET open = w.open + EXCLUDED.open;
  ELSE
    INSERT INTO workspace_open_contacts AS w (workspace_id, open)
      SELECT workspace_id, sum(delta) FROM (
        SELECT workspace_id, 1 AS delta FROM new_contacts WHERE availability <> 'closed'
        UNION ALL
        SELECT workspace_id, -1 FROM old_contacts WHERE availability <> 'closed') AS changes
      GROUP BY workspace_id HAVING sum(delta) <> 0
      ON CONFLICT (workspace_id) DO UPDATE SET open = w.open + EXCLUDED.open;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER contacts_open_on_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION workspace_open_contacts_on_change();
CREATE TRIGGER contacts_open_on_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_contacts NEW TABLE AS new_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION workspace_open_contacts_on_change();
CREATE TRIGGER contacts_open_on_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION workspace_open_contacts_on_change();
`,
};
