import type { Migration } from './migration';

/**
 * User administration (spec 1 §2–§7): indexes for the user table's organisation filters and the case-insensitive
 * username check, and per-report rights. A report right is kept like a workspace right: what is forbidden to a user
 * (admins always have every report, basic users none; see services/users/user-rules.ts).
 */
export const migration008UserAdmin: Migration = {
  id: '008-user-admin',
  sql: `
CREATE INDEX IF NOT EXISTS user_sites_site ON user_sites (site_id);
CREATE INDEX IF NOT EXISTS user_teams_team ON user_teams (team_id);
CREATE INDEX IF NOT EXISTS users_outsourcer ON users (outsourcer_id);
CREATE INDEX IF NOT EXISTS users_username_lower ON users (lower(username));
CREATE INDEX IF NOT EXISTS user_forbidden_workspaces_workspace ON user_forbidden_workspaces (workspace_id);
-- The table may already come from 007-events (the insight work needs the same rights).
CREATE TABLE IF NOT EXISTS user_forbidden_reports (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  report_id text NOT NULL,
  PRIMARY KEY (user_id, workspace_id, report_id)
);
CREATE INDEX IF NOT EXISTS user_forbidden_reports_report ON user_forbidden_reports (workspace_id, report_id);
`,
};
