import type { WorkspaceSummary } from '@domain/api/workspace';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import type { Database } from '../db/database';
import type { UserRecord } from './user-repository';

/**
 * A stored workspace: the configuration document (the generated type) with its id and the row's version. The JSONB
 * document is read as it was written and may hold keys the type does not name, hence the open record.
 */
export type WorkspaceDocument = Workspace & { id: string; version: number } & Record<string, unknown>;
/** A stored data model, read the same way. */
export type DataModelDocument = DataModel & { id: string; version: number } & Record<string, unknown>;

interface SummaryRow { id: string; name: string; data_model_id: string; enabled: boolean }

const toSummary = (row: SummaryRow): WorkspaceSummary => ({
  id: row.id,
  name: row.name,
  dataModelId: row.data_model_id,
  enabled: row.enabled,
});

/**
 * Which workspaces a non-admin may open: those enabled for one of the teams they reach through their most specific
 * link (their teams; else the teams of their sites; else the teams of their outsourcer), minus the workspaces
 * forbidden to them. $1 is the user id.
 */
const REACHABLE_IF_ENABLED = `
EXISTS (
  SELECT 1 FROM team_workspaces tw
  JOIN teams t ON t.id = tw.team_id
  JOIN sites s ON s.id = t.site_id
  WHERE tw.workspace_id = w.id AND tw.enabled AND (
    CASE
      WHEN EXISTS (SELECT 1 FROM user_teams WHERE user_id = $1)
        THEN t.id IN (SELECT team_id FROM user_teams WHERE user_id = $1)
      WHEN EXISTS (SELECT 1 FROM user_sites WHERE user_id = $1)
        THEN s.id IN (SELECT site_id FROM user_sites WHERE user_id = $1)
      ELSE s.outsourcer_id = (SELECT outsourcer_id FROM users WHERE id = $1)
    END))
AND NOT EXISTS (SELECT 1 FROM user_forbidden_workspaces f WHERE f.user_id = $1 AND f.workspace_id = w.id)`;
const REACHABLE = `w.enabled AND ${REACHABLE_IF_ENABLED}`;

export function workspaceRepository(db: Database) {
  return {
    /** Admins see every workspace (disabled ones too, to configure them); everyone else the enabled ones they reach. */
    async listFor(user: Pick<UserRecord, 'id' | 'role'>): Promise<WorkspaceSummary[]> {
      const rows =
        user.role === 'admin'
          ? await db.query<SummaryRow & Record<string, unknown>>('SELECT id, name, data_model_id, enabled FROM workspaces w ORDER BY name, id')
          : await db.query<SummaryRow & Record<string, unknown>>(
              `SELECT id, name, data_model_id, enabled FROM workspaces w WHERE ${REACHABLE} ORDER BY name, id`,
              [user.id],
            );
      return rows.map(toSummary);
    },
    async canOpen(user: Pick<UserRecord, 'id' | 'role'>, workspaceId: string): Promise<boolean> {
      if (user.role === 'admin') return true;
      const rows = await db.query(`SELECT 1 FROM workspaces w WHERE w.id = $2 AND ${REACHABLE}`, [user.id, workspaceId]);
      return rows.length > 0;
    },
    /** Whether the user could open the workspace were it enabled (who hears that it was disabled). */
    async canOpenIfEnabled(user: Pick<UserRecord, 'id' | 'role'>, workspaceId: string): Promise<boolean> {
      if (user.role === 'admin') return true;
      const rows = await db.query(`SELECT 1 FROM workspaces w WHERE w.id = $2 AND ${REACHABLE_IF_ENABLED}`, [user.id, workspaceId]);
      return rows.length > 0;
    },
    async canOpenDataModel(user: Pick<UserRecord, 'id' | 'role'>, dataModelId: string): Promise<boolean> {
      if (user.role === 'admin') return true;
      const rows = await db.query(`SELECT 1 FROM workspaces w WHERE w.data_model_id = $2 AND ${REACHABLE} LIMIT 1`, [user.id, dataModelId]);
      return rows.length > 0;
    },
    async findDocument(id: string): Promise<WorkspaceDocument | null> {
      const rows = await db.query<{ document: WorkspaceDocument; version: number }>(
        'SELECT document, version FROM workspaces WHERE id = $1',
        [id],
      );
      return rows.length ? { ...rows[0].document, id, version: rows[0].version } : null;
    },
    async findDataModel(id: string): Promise<DataModelDocument | null> {
      const rows = await db.query<{ document: DataModelDocument; version: number }>(
        'SELECT document, version FROM data_models WHERE id = $1',
        [id],
      );
      return rows.length ? { ...rows[0].document, id, version: rows[0].version } : null;
    },
  };
}
export type WorkspaceRepository = ReturnType<typeof workspaceRepository>;
