import type { Database } from '../db/database';

/** Agent sign-in and heartbeat times, one row per user. */
export function presenceRepository(db: Database) {
  return {
    async signin(userId: string, agentId: string, workspaceId: string, at: Date): Promise<void> {
      await db.query(
        `INSERT INTO agent_presence (user_id, agent_id, workspace_id, last_signin, last_heartbeat) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (user_id) DO UPDATE SET agent_id = EXCLUDED.agent_id, workspace_id = EXCLUDED.workspace_id,
           last_signin = EXCLUDED.last_signin, last_heartbeat = EXCLUDED.last_heartbeat`,
        [userId, agentId, workspaceId, at],
      );
    },
    async heartbeat(userId: string, workspaceId: string | null, at: Date): Promise<void> {
      await db.query(
        `INSERT INTO agent_presence (user_id, agent_id, workspace_id, last_heartbeat) VALUES ($1, $1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET last_heartbeat = EXCLUDED.last_heartbeat`,
        [userId, workspaceId, at],
      );
    },
    async find(userId: string): Promise<{ agentId: string; workspaceId: string | null; lastSignin: Date | null; lastHeartbeat: Date | null } | null> {
      const rows = await db.query<{ agent_id: string; workspace_id: string | null; last_signin: Date | null; last_heartbeat: Date | null }>(
        'SELECT agent_id, workspace_id, last_signin, last_heartbeat FROM agent_presence WHERE user_id = $1',
        [userId],
      );
      if (!rows.length) return null;
      const row = rows[0];
      return {
        agentId: row.agent_id,
        workspaceId: row.workspace_id,
        lastSignin: row.last_signin && new Date(row.last_signin),
        lastHeartbeat: row.last_heartbeat && new Date(row.last_heartbeat),
      };
    },
  };
}
export type PresenceRepository = ReturnType<typeof presenceRepository>;
