import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { runStoredRead, storedRead } from '../db/stored-read';
import { toUser, USER_COLUMNS, type UserRecord, type UserRow } from './user-repository';
import { deepFreeze, stampColumns, toStamp, type StampRow, type WorkspaceStamp } from './workspace-repository';

export interface SessionRecord {
  id: string;
  userId: string;
  groupId: string | null;
  workspaceId: string | null;
  startedAt: Date;
  renewedAt: Date;
  timeoutMs: number;
  endedAt: Date | null;
}

interface SessionRow {
  id: string;
  user_id: string;
  group_id: string | null;
  workspace_id: string | null;
  started_at: Date | string;
  renewed_at: Date | string;
  timeout_ms: number;
  ended_at: Date | string | null;
}

type LiveRow = UserRow & StampRow & Record<string, unknown> & {
  [K in keyof SessionRow as `session_${K}`]: SessionRow[K];
} & { user_found: boolean };

const toSession = (row: SessionRow): SessionRecord => ({
  id: row.id,
  userId: row.user_id,
  groupId: row.group_id,
  workspaceId: row.workspace_id,
  startedAt: new Date(row.started_at),
  renewedAt: new Date(row.renewed_at),
  timeoutMs: Number(row.timeout_ms),
  endedAt: row.ended_at === null ? null : new Date(row.ended_at),
});

/** A session ends when idle for its timeout, counted from sign-in or the last renew (heartbeats do not count). */
export const sessionExpiresAt = (session: SessionRecord): number => session.renewedAt.getTime() + session.timeoutMs;

const SESSION_COLUMNS = `s.id AS session_id, s.user_id AS session_user_id, s.group_id AS session_group_id, s.workspace_id AS session_workspace_id,
     s.started_at AS session_started_at, s.renewed_at AS session_renewed_at, s.timeout_ms AS session_timeout_ms, s.ended_at AS session_ended_at,
     (SELECT epoch FROM auth_epoch) AS epoch`;

/**
 * What every authenticated request reads first: the session, live, and the epoch of what the request knows of its user
 * and workspace (migrations/028-auth-epoch.ts). A stored read (stored-read.ts): planned once per connection, on PGlite too.
 */
const SESSION = storedRead('session', 1, `SELECT ${SESSION_COLUMNS} FROM sessions s WHERE s.id = $1`);

/**
 * The session with its user (null when the user is gone), the user's sites, teams and groups, and the stamp of the
 * workspace the session is bound to, with the epoch they were read under: read when the kept ones are of another epoch.
 */
const LIVE_SESSION = storedRead('live_session', 1, `SELECT ${SESSION_COLUMNS},
     u.id IS NOT NULL AS user_found, ${USER_COLUMNS}, ${stampColumns('u.id', 'u.role')}
   FROM sessions s LEFT JOIN users u ON u.id = s.user_id LEFT JOIN workspaces w ON w.id = s.workspace_id
   WHERE s.id = $1`);

/** A session's user and workspace stamp as one epoch saw them; shared by the requests of that epoch, never changed. */
interface KnownAccess { user: UserRecord | null; workspace: WorkspaceStamp | null }

/** The most user and workspace pairs kept at once: past it they are all read again (a new epoch does the same). */
const MAX_KNOWN = 10_000;

const readSession = (row: Record<string, unknown>): SessionRecord => toSession({
  id: row.session_id as string, user_id: row.session_user_id as string, group_id: row.session_group_id as string | null,
  workspace_id: row.session_workspace_id as string | null, started_at: row.session_started_at as string, renewed_at: row.session_renewed_at as string,
  timeout_ms: row.session_timeout_ms as number, ended_at: row.session_ended_at as string | null,
});

const knownKey = (session: SessionRecord) => `${session.userId}\u0000${session.workspaceId ?? ''}`;

export function sessionRepository(db: Database) {
  /** What the requests of `epoch` know, by user and workspace: read under that epoch, forgotten when it moves on. */
  let epoch: string | null = null;
  let known = new Map<string, KnownAccess>();
  return {
    async create(
      tx: Queryable,
      input: { userId: string; groupId: string | null; workspaceId: string | null; at: Date; timeoutMs: number },
    ): Promise<SessionRecord> {
      const rows = await tx.query<SessionRow & Record<string, unknown>>(
        `INSERT INTO sessions (id, user_id, group_id, workspace_id, started_at, renewed_at, timeout_ms)
         VALUES ($1, $2, $3, $4, $5, $5, $6) RETURNING *`,
        [randomBytes(24).toString('base64url'), input.userId, input.groupId, input.workspaceId, input.at, input.timeoutMs],
      );
      return toSession(rows[0]);
    },
    /** The session with its user and workspace stamp (LIVE_SESSION): null user when gone, null stamp when unbound or gone. */
    async findLive(id: string): Promise<{ session: SessionRecord; user: UserRecord | null; workspace: WorkspaceStamp | null } | null> {
      const [current] = await runStoredRead<Record<string, unknown>>(db, SESSION, [id]);
      if (!current) return null;
      const session = readSession(current);
      const kept = current.epoch != null && String(current.epoch) === epoch ? known.get(knownKey(session)) : undefined;
      if (kept) return { session, ...kept };
      const [row] = await runStoredRead<LiveRow>(db, LIVE_SESSION, [id]);
      if (!row) return null;
      const fresh = readSession(row);
      const access: KnownAccess = { user: row.user_found ? toUser(row) : null, workspace: toStamp(row) };
      // Without an epoch (its row gone) nothing is kept: every request reads it all, as before the epoch.
      if (row.epoch == null) return { session: fresh, ...access };
      deepFreeze(access);
      // Kept under the epoch read in the same statement as the rows: a change committed since shows a newer epoch.
      if (String(row.epoch) !== epoch || known.size >= MAX_KNOWN) {
        epoch = String(row.epoch);
        known = new Map();
      }
      known.set(knownKey(fresh), access);
      return { session: fresh, ...access };
    },
    async renew(id: string, at: Date): Promise<SessionRecord | null> {
      const rows = await db.query<SessionRow & Record<string, unknown>>(
        'UPDATE sessions SET renewed_at = $2 WHERE id = $1 AND ended_at IS NULL RETURNING *',
        [id, at],
      );
      return rows.length ? toSession(rows[0]) : null;
    },
    /**
     * The session enters a workspace, with that workspace's timeout. Choosing it is the user's action, so the idle
     * clock starts again there: a switch into a workspace with a shorter timeout never ends a session on the spot.
     */
    async bindWorkspace(id: string, workspaceId: string, timeoutMs: number, at: Date): Promise<SessionRecord | null> {
      const rows = await db.query<SessionRow & Record<string, unknown>>(
        'UPDATE sessions SET workspace_id = $2, timeout_ms = $3, renewed_at = $4 WHERE id = $1 AND ended_at IS NULL RETURNING *',
        [id, workspaceId, timeoutMs, at],
      );
      return rows.length ? toSession(rows[0]) : null;
    },
    async end(id: string, at: Date, reason: 'signout' | 'timeout' | 'disabled'): Promise<void> {
      await db.query('UPDATE sessions SET ended_at = $2, end_reason = $3 WHERE id = $1 AND ended_at IS NULL', [id, at, reason]);
    },
  };
}
export type SessionRepository = ReturnType<typeof sessionRepository>;
