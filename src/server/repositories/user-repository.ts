import type { Role } from '@domain/roles';
import type { Database, Queryable } from '../db/database';

export type UserStatus = '' | 'tmp-psw' | 'disabled';

export interface UserRecord {
  id: string;
  username: string;
  passwordHash: string;
  role: Role;
  status: UserStatus;
  lastPasswordChange: Date;
  outsourcerId: string | null;
  isSysadmin: boolean;
  siteIds: string[];
  teamIds: string[];
  groups: { id: string; name: string }[];
}

export interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  role: Role;
  status: UserStatus;
  last_password_change: Date | string;
  outsourcer_id: string | null;
  is_sysadmin: boolean;
  site_ids: string[] | null;
  team_ids: string[] | null;
  groups: { id: string; name: string }[] | null;
}

/** A user's columns, with their sites, teams and groups, from `users u` (also read with the session: sessionRepository.findLive). */
export const USER_COLUMNS = `u.id, u.username, u.password_hash, u.role, u.status, u.last_password_change, u.outsourcer_id, u.is_sysadmin,
  (SELECT coalesce(array_agg(site_id ORDER BY site_id), '{}') FROM user_sites WHERE user_id = u.id) AS site_ids,
  (SELECT coalesce(array_agg(team_id ORDER BY team_id), '{}') FROM user_teams WHERE user_id = u.id) AS team_ids,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('id', g.id, 'name', g.name) ORDER BY g.name), '[]'::jsonb)
     FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = u.id) AS groups`;

const SELECT_USER = `SELECT ${USER_COLUMNS} FROM users u`;

export const toUser = (row: UserRow): UserRecord => ({
  id: row.id,
  username: row.username,
  passwordHash: row.password_hash,
  role: row.role,
  status: row.status,
  lastPasswordChange: new Date(row.last_password_change),
  outsourcerId: row.outsourcer_id,
  isSysadmin: row.is_sysadmin,
  siteIds: row.site_ids ?? [],
  teamIds: row.team_ids ?? [],
  groups: row.groups ?? [],
});

export function userRepository(db: Database) {
  return {
    async findByUsername(username: string): Promise<UserRecord | null> {
      const rows = await db.query<UserRow & Record<string, unknown>>(`${SELECT_USER} WHERE u.username = $1`, [username]);
      return rows.length ? toUser(rows[0]) : null;
    },
    async findById(id: string, tx: Queryable = db): Promise<UserRecord | null> {
      const rows = await tx.query<UserRow & Record<string, unknown>>(`${SELECT_USER} WHERE u.id = $1`, [id]);
      return rows.length ? toUser(rows[0]) : null;
    },
    /** Users a list-of-agents caller may see: everyone for admin, else the users sharing one of the caller's teams. */
    async listVisibleTo(user: UserRecord): Promise<{ id: string; username: string; role: Role }[]> {
      if (user.role === 'admin') return db.query('SELECT id, username, role FROM users ORDER BY username');
      return db.query(
        `SELECT DISTINCT u.id, u.username, u.role FROM users u JOIN user_teams ut ON ut.user_id = u.id
         WHERE ut.team_id IN (SELECT team_id FROM user_teams WHERE user_id = $1) ORDER BY u.username`,
        [user.id],
      );
    },
    async setPassword(tx: Queryable, userId: string, passwordHash: string, at: Date): Promise<void> {
      await tx.query(
        `UPDATE users SET password_hash = $2, last_password_change = $3,
           status = CASE WHEN status = 'tmp-psw' THEN '' ELSE status END
         WHERE id = $1`,
        [userId, passwordHash, at],
      );
    },
  };
}
export type UserRepository = ReturnType<typeof userRepository>;
