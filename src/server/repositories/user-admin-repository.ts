import type { UserSort } from '@domain/api/users';
import type { TeamRow, TeamWorkspaceRow } from '@domain/api/teams';
import { ROLE_TABLE_NAMES, type Role } from '@domain/roles';
import type { Database, Queryable, SqlParam } from '../db/database';
import type { OrganisationScope } from './organisation-repository';
import type { UserStatus } from './user-repository';

/**
 * SQL of user administration (spec 1 §2–§7): the user table, creating users, temporary passwords, locking,
 * per-workspace and per-report rights, and the team-workspace association. PostgreSQL 15 dialect (PGlite and `pg`).
 */

export interface AdminUserRecord {
  id: string;
  username: string;
  role: Role;
  status: UserStatus;
  lastPasswordChange: Date;
  outsourcerId: string | null;
  outsourcerName: string | null;
  isSysadmin: boolean;
  sites: { id: string; name: string }[];
  teams: { id: string; name: string }[];
  /** With a workspace asked for: the workspace is forbidden to the user. */
  workspaceForbidden?: boolean;
  /** With a report asked for: the report is forbidden to the user. */
  reportForbidden?: boolean;
}

interface AdminUserRow {
  id: string;
  username: string;
  role: Role;
  status: UserStatus;
  last_password_change: Date | string;
  outsourcer_id: string | null;
  outsourcer_name: string | null;
  is_sysadmin: boolean;
  sites: { id: string; name: string }[] | null;
  teams: { id: string; name: string }[] | null;
  workspace_forbidden?: boolean | null;
  report_forbidden?: boolean | null;
}

const SELECT_ADMIN_USER = `
SELECT u.id, u.username, u.role, u.status, u.last_password_change, u.outsourcer_id, u.is_sysadmin,
  (SELECT o.name FROM outsourcers o WHERE o.id = u.outsourcer_id) AS outsourcer_name,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) ORDER BY s.name, s.id), '[]'::jsonb)
     FROM user_sites us JOIN sites s ON s.id = us.site_id WHERE us.user_id = u.id) AS sites,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name) ORDER BY t.name, t.id), '[]'::jsonb)
     FROM user_teams ut JOIN teams t ON t.id = ut.team_id WHERE ut.user_id = u.id) AS teams`;

const toRecord = (row: AdminUserRow): AdminUserRecord => ({
  id: row.id,
  username: row.username,
  role: row.role,
  status: row.status,
  lastPasswordChange: new Date(row.last_password_change),
  outsourcerId: row.outsourcer_id,
  outsourcerName: row.outsourcer_name,
  isSysadmin: row.is_sysadmin,
  sites: row.sites ?? [],
  teams: row.teams ?? [],
  ...(row.workspace_forbidden === undefined || row.workspace_forbidden === null ? {} : { workspaceForbidden: row.workspace_forbidden }),
  ...(row.report_forbidden === undefined || row.report_forbidden === null ? {} : { reportForbidden: row.report_forbidden }),
});

/** Collects parameters as `$n` placeholders while a query is put together. */
class Params {
  readonly values: SqlParam[] = [];
  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The scope as a condition on the user row `u`: shares the outsourcer, a site or a team (see services/users/user-rules). */
function userScopeCondition(scope: OrganisationScope, p: Params): string {
  if (scope.all) return 'true';
  const ids = p.add(scope.ids);
  if (scope.level === 'outsourcer') return `u.outsourcer_id = ANY(${ids}::text[])`;
  if (scope.level === 'site') return `EXISTS (SELECT 1 FROM user_sites us WHERE us.user_id = u.id AND us.site_id = ANY(${ids}::text[]))`;
  return `EXISTS (SELECT 1 FROM user_teams ut WHERE ut.user_id = u.id AND ut.team_id = ANY(${ids}::text[]))`;
}

/**
 * Whether the workspace is one of the user `u`'s through their organisation (ignoring what is forbidden to them):
 * an enabled team link reached by their most specific level, as in workspace-repository's REACHABLE. Admins: all.
 */
const candidateCondition = (workspace: string, user = 'u') => `(${user}.role = 'admin' OR EXISTS (
  SELECT 1 FROM team_workspaces tw
  JOIN teams t ON t.id = tw.team_id
  JOIN sites s ON s.id = t.site_id
  JOIN workspaces cw ON cw.id = tw.workspace_id AND cw.enabled
  WHERE tw.workspace_id = ${workspace} AND tw.enabled AND (
    CASE
      WHEN EXISTS (SELECT 1 FROM user_teams WHERE user_id = ${user}.id)
        THEN t.id IN (SELECT team_id FROM user_teams WHERE user_id = ${user}.id)
      WHEN EXISTS (SELECT 1 FROM user_sites WHERE user_id = ${user}.id)
        THEN s.id IN (SELECT site_id FROM user_sites WHERE user_id = ${user}.id)
      ELSE s.outsourcer_id = ${user}.outsourcer_id
    END)))`;

const SORT_COLUMNS: Record<UserSort, string> = {
  username: 'u.username',
  role: "CASE WHEN u.role = 'middle' THEN 'statistic' ELSE u.role END",
  status: 'u.status',
  lastPasswordChange: 'u.last_password_change',
};

/** The role as the user table names it (ROLE_TABLE_NAMES): the text filter finds 'Outsourcer Manager' as the table shows it. */
const ROLE_SHOWN = `CASE u.role ${Object.entries(ROLE_TABLE_NAMES).map(([role, name]) => `WHEN '${role}' THEN '${name.replace(/'/g, "''")}'`).join(' ')} ELSE u.role END`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface UserSearch {
  scope: OrganisationScope;
  page: number;
  length: number;
  sort: UserSort;
  order: 'asc' | 'desc';
  text?: string;
  outsourcerIds?: readonly string[];
  siteIds?: readonly string[];
  teamIds?: readonly string[];
  /** Only users the workspace is one of (plus admins), annotated with workspaceForbidden. */
  workspaceId?: string;
  /** With workspaceId: annotated with reportForbidden. */
  reportId?: string;
}

export interface NewUserRecord {
  id: string;
  username: string;
  passwordHash: string;
  role: Role;
  outsourcerId: string | null;
  siteIds: readonly string[];
  teamIds: readonly string[];
  groupId: string | null;
  at: Date;
}

interface TeamRowSql {
  team_id: string;
  team_name: string;
  site_id: string;
  site_name: string;
  outsourcer_id: string;
  outsourcer_name: string;
  enabled: boolean;
}

/** The team scope as a condition on `t` (team), `s` (site). */
function teamScopeCondition(scope: OrganisationScope, p: Params): string {
  if (scope.all) return 'true';
  const ids = p.add(scope.ids);
  if (scope.level === 'outsourcer') return `s.outsourcer_id = ANY(${ids}::text[])`;
  if (scope.level === 'site') return `s.id = ANY(${ids}::text[])`;
  return `t.id = ANY(${ids}::text[])`;
}

export function userAdminRepository(db: Database) {
  return {
    /** One page of the user table and the total matching. */
    async search(search: UserSearch): Promise<{ rows: AdminUserRecord[]; total: number }> {
      const p = new Params();
      const where = [userScopeCondition(search.scope, p)];
      const text = search.text?.trim();
      if (text) {
        const pattern = p.add(likePattern(text));
        where.push(`(u.username ILIKE ${pattern} OR ${SORT_COLUMNS.role} ILIKE ${pattern} OR ${ROLE_SHOWN} ILIKE ${pattern})`);
      }
      if (search.outsourcerIds?.length) where.push(`u.outsourcer_id = ANY(${p.add(search.outsourcerIds)}::text[])`);
      if (search.siteIds?.length) {
        where.push(`EXISTS (SELECT 1 FROM user_sites fs WHERE fs.user_id = u.id AND fs.site_id = ANY(${p.add(search.siteIds)}::text[]))`);
      }
      if (search.teamIds?.length) {
        where.push(`EXISTS (SELECT 1 FROM user_teams ft WHERE ft.user_id = u.id AND ft.team_id = ANY(${p.add(search.teamIds)}::text[]))`);
      }
      let extra = '';
      let workspace = '';
      if (search.workspaceId) {
        workspace = p.add(search.workspaceId);
        where.push(candidateCondition(workspace));
        extra += `, EXISTS (SELECT 1 FROM user_forbidden_workspaces f WHERE f.user_id = u.id AND f.workspace_id = ${workspace}) AS workspace_forbidden`;
      }
      const condition = where.join(' AND ');
      // the count takes the parameters of the condition only
      const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u WHERE ${condition}`, [...p.values]);
      if (search.workspaceId && search.reportId) {
        extra += `, EXISTS (SELECT 1 FROM user_forbidden_reports fr WHERE fr.user_id = u.id AND fr.workspace_id = ${workspace} AND fr.report_id = ${p.add(search.reportId)}) AS report_forbidden`;
      }
      const direction = search.order === 'desc' ? 'DESC' : 'ASC';
      const limit = p.add(search.length);
      const offset = p.add(search.page * search.length);
      const rows = await db.query<AdminUserRow & Record<string, unknown>>(
        `${SELECT_ADMIN_USER}${extra} FROM users u WHERE ${condition}
         ORDER BY ${SORT_COLUMNS[search.sort]} ${direction}, u.id ${direction} LIMIT ${limit} OFFSET ${offset}`,
        p.values,
      );
      return { rows: rows.map(toRecord), total: Number(total) };
    },

    async findByIds(ids: readonly string[], tx: Queryable = db): Promise<AdminUserRecord[]> {
      const rows = await tx.query<AdminUserRow & Record<string, unknown>>(`${SELECT_ADMIN_USER} FROM users u WHERE u.id = ANY($1::text[])`, [ids]);
      return rows.map(toRecord);
    },

    async findByUsername(username: string): Promise<AdminUserRecord | null> {
      const rows = await db.query<AdminUserRow & Record<string, unknown>>(`${SELECT_ADMIN_USER} FROM users u WHERE u.username = $1`, [username]);
      return rows.length ? toRecord(rows[0]) : null;
    },

    /** Case-insensitive, so 'Mario' and 'mario' cannot both exist and be mistaken for each other. */
    async usernameTaken(username: string, tx: Queryable = db): Promise<boolean> {
      const rows = await tx.query('SELECT 1 FROM users WHERE lower(username) = lower($1) LIMIT 1', [username]);
      return rows.length > 0;
    },

    /** Of these usernames, those already taken (lower-cased). */
    async takenUsernames(usernames: readonly string[]): Promise<Set<string>> {
      if (usernames.length === 0) return new Set();
      const rows = await db.query<{ name: string }>('SELECT lower(username) AS name FROM users WHERE lower(username) = ANY($1::text[])', [
        usernames.map((u) => u.toLowerCase()),
      ]);
      return new Set(rows.map((row) => row.name));
    },

    async organisation(): Promise<{ outsourcers: { id: string; name: string }[]; sites: { id: string; name: string; outsourcer_id: string }[]; teams: { id: string; name: string; site_id: string }[] }> {
      const [outsourcers, sites, teams] = [
        await db.query<{ id: string; name: string }>('SELECT id, name FROM outsourcers ORDER BY name, id'),
        await db.query<{ id: string; name: string; outsourcer_id: string }>('SELECT id, name, outsourcer_id FROM sites ORDER BY name, id'),
        await db.query<{ id: string; name: string; site_id: string }>('SELECT id, name, site_id FROM teams ORDER BY name, id'),
      ];
      return { outsourcers, sites, teams };
    },

    async groupExists(groupId: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM groups WHERE id = $1', [groupId])).length > 0;
    },

    /** Inserts the user with their place; false (and nothing written) when the username is taken, in any case. */
    async create(tx: Queryable, user: NewUserRecord): Promise<boolean> {
      const inserted = await tx.query(
        `INSERT INTO users (id, username, password_hash, role, status, last_password_change, outsourcer_id, created_at)
         SELECT $1, $2, $3, $4, 'tmp-psw', $5, $6, $5
         WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($2))
         ON CONFLICT DO NOTHING RETURNING id`,
        [user.id, user.username, user.passwordHash, user.role, user.at, user.outsourcerId],
      );
      if (inserted.length === 0) return false;
      if (user.siteIds.length) await tx.query('INSERT INTO user_sites (user_id, site_id) SELECT $1, unnest($2::text[])', [user.id, user.siteIds]);
      if (user.teamIds.length) await tx.query('INSERT INTO user_teams (user_id, team_id) SELECT $1, unnest($2::text[])', [user.id, user.teamIds]);
      if (user.groupId) await tx.query('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [user.id, user.groupId]);
      return true;
    },

    /** A new temporary password: status tmp-psw (which also unlocks a disabled user). */
    async setTemporaryPassword(tx: Queryable, userId: string, passwordHash: string, at: Date): Promise<void> {
      await tx.query(`UPDATE users SET password_hash = $2, last_password_change = $3, status = 'tmp-psw' WHERE id = $1`, [userId, passwordHash, at]);
    },

    async disable(tx: Queryable, userIds: readonly string[]): Promise<void> {
      await tx.query(`UPDATE users SET status = 'disabled' WHERE id = ANY($1::text[])`, [userIds]);
    },

    /** Ends the users' open sessions; answers how many ended. */
    async endSessions(tx: Queryable, userIds: readonly string[], at: Date, reason: 'disabled' | 'reset'): Promise<number> {
      const rows = await tx.query(
        'UPDATE sessions SET ended_at = $2, end_reason = $3 WHERE user_id = ANY($1::text[]) AND ended_at IS NULL RETURNING id',
        [userIds, at, reason],
      );
      return rows.length;
    },

    /** Enable: forget the forbidden pairs; disable: add them. Answers the pairs that changed. */
    async setWorkspaceRights(tx: Queryable, userIds: readonly string[], workspaceIds: readonly string[], enable: boolean): Promise<number> {
      const rows = enable
        ? await tx.query('DELETE FROM user_forbidden_workspaces WHERE user_id = ANY($1::text[]) AND workspace_id = ANY($2::text[]) RETURNING 1', [userIds, workspaceIds])
        : await tx.query(
            `INSERT INTO user_forbidden_workspaces (user_id, workspace_id)
             SELECT u, w FROM unnest($1::text[]) AS u CROSS JOIN unnest($2::text[]) AS w ON CONFLICT DO NOTHING RETURNING 1`,
            [userIds, workspaceIds],
          );
      return rows.length;
    },

    async setReportRights(tx: Queryable, userIds: readonly string[], workspaceId: string, reportIds: readonly string[], enable: boolean): Promise<number> {
      const rows = enable
        ? await tx.query(
            'DELETE FROM user_forbidden_reports WHERE user_id = ANY($1::text[]) AND workspace_id = $2 AND report_id = ANY($3::text[]) RETURNING 1',
            [userIds, workspaceId, reportIds],
          )
        : await tx.query(
            `INSERT INTO user_forbidden_reports (user_id, workspace_id, report_id)
             SELECT u, $2, r FROM unnest($1::text[]) AS u CROSS JOIN unnest($3::text[]) AS r ON CONFLICT DO NOTHING RETURNING 1`,
            [userIds, workspaceId, reportIds],
          );
      return rows.length;
    },

    /** Users who may open the workspace (admins, and users it is one of and not forbidden to), in the scope. */
    async workspaceAllowedUsers(workspaceId: string, scope: OrganisationScope): Promise<{ id: string; username: string; role: Role }[]> {
      const p = new Params();
      const workspace = p.add(workspaceId);
      return db.query(
        `SELECT u.id, u.username, u.role FROM users u
         WHERE ${userScopeCondition(scope, p)} AND ${candidateCondition(workspace)}
           AND (u.role = 'admin' OR NOT EXISTS (SELECT 1 FROM user_forbidden_workspaces f WHERE f.user_id = u.id AND f.workspace_id = ${workspace}))
         ORDER BY u.username, u.id`,
        p.values,
      );
    },

    /** Users the report is enabled for: admins, and users of the workspace other than basic it is not forbidden to. */
    async reportAllowedUsers(workspaceId: string, reportId: string, scope: OrganisationScope): Promise<{ id: string; username: string; role: Role }[]> {
      const p = new Params();
      const workspace = p.add(workspaceId);
      const report = p.add(reportId);
      return db.query(
        `SELECT u.id, u.username, u.role FROM users u
         WHERE ${userScopeCondition(scope, p)} AND ${candidateCondition(workspace)} AND u.status <> 'disabled'
           AND (u.role = 'admin' OR (u.role <> 'basic'
             AND NOT EXISTS (SELECT 1 FROM user_forbidden_workspaces f WHERE f.user_id = u.id AND f.workspace_id = ${workspace})
             AND NOT EXISTS (SELECT 1 FROM user_forbidden_reports fr WHERE fr.user_id = u.id AND fr.workspace_id = ${workspace} AND fr.report_id = ${report})))
         ORDER BY u.username, u.id`,
        p.values,
      );
    },

    /**
     * The workspaces a user may be given (their team's, site's or outsourcer's, by their most specific level; every
     * workspace for an admin), each with whether it is forbidden to them.
     */
    async candidateWorkspaces(userId: string): Promise<{ id: string; name: string; dataModelId: string; enabled: boolean; forbidden: boolean; profilingDisabled: boolean }[]> {
      const rows = await db.query<{ id: string; name: string; data_model_id: string; enabled: boolean; forbidden: boolean; profiling_disabled: boolean | null }>(
        `SELECT w.id, w.name, w.data_model_id, w.enabled,
           EXISTS (SELECT 1 FROM user_forbidden_workspaces f WHERE f.user_id = u.id AND f.workspace_id = w.id) AS forbidden,
           (w.document->>'profilingDisabled')::boolean AS profiling_disabled
         FROM users u CROSS JOIN workspaces w
         WHERE u.id = $1 AND ${candidateCondition('w.id')}
         ORDER BY w.name, w.id`,
        [userId],
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        dataModelId: row.data_model_id,
        enabled: row.enabled,
        forbidden: row.forbidden,
        profilingDisabled: row.profiling_disabled === true,
      }));
    },

    /** Teams in the scope, with whether the workspace is enabled for each. */
    async teamsByWorkspace(workspaceId: string, scope: OrganisationScope): Promise<TeamRow[]> {
      const p = new Params();
      const workspace = p.add(workspaceId);
      const rows = await db.query<TeamRowSql & Record<string, unknown>>(
        `SELECT t.id AS team_id, t.name AS team_name, s.id AS site_id, s.name AS site_name, o.id AS outsourcer_id, o.name AS outsourcer_name,
           coalesce((SELECT tw.enabled FROM team_workspaces tw WHERE tw.team_id = t.id AND tw.workspace_id = ${workspace}), false) AS enabled
         FROM teams t JOIN sites s ON s.id = t.site_id JOIN outsourcers o ON o.id = s.outsourcer_id
         WHERE ${teamScopeCondition(scope, p)}
         ORDER BY o.name, s.name, t.name, t.id`,
        p.values,
      );
      return rows.map((row) => ({
        teamId: row.team_id,
        teamName: row.team_name,
        siteId: row.site_id,
        siteName: row.site_name,
        outsourcerId: row.outsourcer_id,
        outsourcerName: row.outsourcer_name,
        enabled: row.enabled,
      }));
    },

    /**
     * Workspaces with whether they are enabled for the team (or for at least one team of the site or outsourcer).
     * `workspaceIds` limits them to those the caller may open (null: all).
     */
    async workspacesBy(level: 'team' | 'site' | 'outsourcer', id: string, onlyEnabled: boolean, workspaceIds: readonly string[] | null): Promise<TeamWorkspaceRow[]> {
      const teamsOf = level === 'team' ? 't.id = $1' : level === 'site' ? 't.site_id = $1' : 's.outsourcer_id = $1';
      const rows = await db.query<{ id: string; name: string; enabled: boolean; profiling_disabled: boolean | null }>(
        `SELECT w.id, w.name, (w.document->>'profilingDisabled')::boolean AS profiling_disabled,
           EXISTS (SELECT 1 FROM team_workspaces tw JOIN teams t ON t.id = tw.team_id JOIN sites s ON s.id = t.site_id
                   WHERE tw.workspace_id = w.id AND tw.enabled AND ${teamsOf}) AS enabled
         FROM workspaces w
         WHERE ($2::text[] IS NULL OR w.id = ANY($2::text[]))
         ORDER BY w.name, w.id`,
        [id, workspaceIds === null ? null : [...workspaceIds]],
      );
      return rows
        .filter((row) => !onlyEnabled || row.enabled)
        .map((row) => ({ workspaceId: row.id, workspaceName: row.name, enabled: row.enabled, profilingDisabled: row.profiling_disabled === true }));
    },

    /** Enables or disables the workspaces for the teams; answers the pairs that changed. */
    async associate(tx: Queryable, teamIds: readonly string[], workspaceIds: readonly string[], enable: boolean): Promise<number> {
      if (!enable) {
        // No row means not enabled: disabling only turns existing links off.
        const off = await tx.query(
          'UPDATE team_workspaces SET enabled = false WHERE team_id = ANY($1::text[]) AND workspace_id = ANY($2::text[]) AND enabled RETURNING 1',
          [teamIds, workspaceIds],
        );
        return off.length;
      }
      const rows = await tx.query(
        `INSERT INTO team_workspaces (team_id, workspace_id, enabled)
         SELECT t, w, true FROM unnest($1::text[]) AS t CROSS JOIN unnest($2::text[]) AS w
         ON CONFLICT (team_id, workspace_id) DO UPDATE SET enabled = true WHERE NOT team_workspaces.enabled
         RETURNING 1`,
        [teamIds, workspaceIds],
      );
      return rows.length;
    },

    async existingIds(table: 'teams' | 'sites' | 'outsourcers' | 'workspaces', ids: readonly string[]): Promise<Set<string>> {
      const rows = await db.query<{ id: string }>(`SELECT id FROM ${table} WHERE id = ANY($1::text[])`, [ids]);
      return new Set(rows.map((row) => row.id));
    },
  };
}
export type UserAdminRepository = ReturnType<typeof userAdminRepository>;
