import type { Migration } from './migration';

/**
 * What a request knows of its user and workspace, read once per change instead of once per request (issue 12 item 8).
 * Every authenticated request read its session with the user's sites, teams and groups and the stamp of the session's
 * workspace (whether the user may open it, which versions hold its documents): eleven tables and eleven subplans, the
 * costliest statement of an agent's work (a third of PostgreSQL's time under load). Those tables change only by an
 * administrator's hand (users, memberships, teams, workspaces and data models), so the session repository keeps what
 * it read of them and reads it again only after a change.
 *
 * A change is seen by its epoch: one counter, raised in the same transaction by every statement that writes one of
 * those tables (a statement-level trigger, whatever the writer, this process or another, the app or a hand in psql).
 * Each request reads its session row (always live: ended, renewed, bound) and the epoch in one statement; what was read
 * under another epoch is read again. The counter is transactional: a reader sees the new epoch only with the change
 * that raised it, never before (a sequence would be seen before its writer commits, and what was read meanwhile would
 * be kept as new). Writers of those tables wait for each other on the counter's row until they commit: those are
 * administrators' writes, never an agent's. A transaction raises it once, at its first such statement (a
 * transaction-local setting says it did; a rollback to a savepoint undoes both): a user created with its sites, teams
 * and group is one raise, not four.
 */
const WATCHED = [
  'users', 'user_sites', 'user_teams', 'user_groups', 'groups', 'teams', 'sites', 'team_workspaces',
  'user_forbidden_workspaces', 'workspaces', 'data_models',
];

export const migration028AuthEpoch: Migration = {
  id: '028-auth-epoch',
  sql: `
CREATE TABLE auth_epoch (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  epoch bigint NOT NULL
);
INSERT INTO auth_epoch (only_row, epoch) VALUES (true, 1);

CREATE FUNCTION auth_epoch_raise() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF current_setting('contact_manager.auth_epoch_raised', true) IS DISTINCT FROM 'yes' THEN
    UPDATE auth_epoch SET epoch = epoch + 1;
    PERFORM set_config('contact_manager.auth_epoch_raised', 'yes', true);
  END IF;
  RETURN NULL;
END
$fn$;
${WATCHED.map((table) => `CREATE TRIGGER ${table}_auth_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION auth_epoch_raise();`).join('\n')}
`,
};
