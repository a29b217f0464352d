import type { WorkspaceSummary } from '@domain/api/workspace';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import type { Database } from '../db/database';
import { runStoredRead, storedRead } from '../db/stored-read';
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
 * forbidden to them. `user` is the SQL of the user id ($1 in this repository's statements); the workspace is `w`.
 */
const reachableIfEnabled = (user: string) => `
EXISTS (
  SELECT 1 FROM team_workspaces tw
  JOIN teams t ON t.id = tw.team_id
  JOIN sites s ON s.id = t.site_id
  WHERE tw.workspace_id = w.id AND tw.enabled AND (
    CASE
      WHEN EXISTS (SELECT 1 FROM user_teams WHERE user_id = ${user})
        THEN t.id IN (SELECT team_id FROM user_teams WHERE user_id = ${user})
      WHEN EXISTS (SELECT 1 FROM user_sites WHERE user_id = ${user})
        THEN s.id IN (SELECT site_id FROM user_sites WHERE user_id = ${user})
      ELSE s.outsourcer_id = (SELECT outsourcer_id FROM users WHERE id = ${user})
    END))
AND NOT EXISTS (SELECT 1 FROM user_forbidden_workspaces f WHERE f.user_id = ${user} AND f.workspace_id = w.id)`;
const REACHABLE_IF_ENABLED = reachableIfEnabled('$1');
const REACHABLE = `w.enabled AND ${REACHABLE_IF_ENABLED}`;

/**
 * What a request needs to know of a workspace before working in it, read in one statement with no document: which
 * row version holds its document and its data model's (the documents themselves come from the repository's cache,
 * keyed by those versions), and whether the user may open it (canOpen).
 */
export interface WorkspaceStamp {
  id: string;
  /** The row's version and xmin: any write to the row, the app's or anyone's, changes xmin. */
  key: string;
  /**
   * The row's data_model_id column (not the document's dataModelId: reading inside the document would unpack the
   * whole JSONB value on every request) and that data model row's version and xmin (null when it does not exist).
   */
  dataModelId: string;
  dataModelKey: string | null;
  open: boolean;
}

/**
 * The stamp's columns, for the workspace `w` and the user whose id and role are the SQL `user` and `role` (a
 * session's lookup reads them with its own join: sessionRepository.findLive).
 */
export const stampColumns = (user: string, role: string) => `w.id AS w_id, w.version || ':' || w.xmin::text AS w_key,
  w.data_model_id AS w_data_model_id,
  (SELECT d.version || ':' || d.xmin::text FROM data_models d WHERE d.id = w.data_model_id) AS w_data_model_key,
  (${role} = 'admin' OR (w.enabled AND ${reachableIfEnabled(user)})) AS w_open`;

export interface StampRow { w_id: string | null; w_key: string | null; w_data_model_id: string | null; w_data_model_key: string | null; w_open: boolean | null }

export const toStamp = (row: StampRow): WorkspaceStamp | null =>
  row.w_id === null || row.w_key === null
    ? null
    : { id: row.w_id, key: row.w_key, dataModelId: row.w_data_model_id ?? '', dataModelKey: row.w_data_model_key, open: row.w_open === true };

/** Documents read at a stamp's versions: one entry per id, replaced when the row changes. Never changed once read. */
class DocumentCache<T> {
  private readonly entries = new Map<string, { key: string; document: T }>();
  async get(id: string, key: string, read: () => Promise<{ key: string; document: T } | null>): Promise<T | null> {
    const hit = this.entries.get(id);
    if (hit && hit.key === key) return hit.document;
    const fresh = await read();
    if (!fresh) return null;
    deepFreeze(fresh.document);
    this.entries.set(id, fresh);
    return fresh.document;
  }
}

/** Shared by every request that reads it: frozen, so that no handler can change what the next request sees. */
export function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/** A workspace's stamp for a user ($1 the user, $2 the workspace, $3 the user's role): a stored read, planned once per connection. */
const WORKSPACE_STAMP = storedRead('workspace_stamp', 3, `SELECT ${stampColumns('$1', '$3')} FROM workspaces w WHERE w.id = $2`);

export function workspaceRepository(db: Database) {
  const documents = new DocumentCache<WorkspaceDocument>();
  const dataModels = new DocumentCache<DataModelDocument>();
  return {
    /** The workspace's stamp for the user, or null when it does not exist. */
    async stamp(user: Pick<UserRecord, 'id' | 'role'>, id: string): Promise<WorkspaceStamp | null> {
      const rows = await runStoredRead<StampRow & Record<string, unknown>>(db, WORKSPACE_STAMP, [user.id, id, user.role]);
      return rows.length ? toStamp(rows[0]) : null;
    },
    /** The workspace document as the stamp saw it (or newer, if it changed since): read once per row version. */
    async documentAt(stamp: WorkspaceStamp): Promise<WorkspaceDocument | null> {
      return documents.get(stamp.id, stamp.key, async () => {
        const rows = await db.query<{ document: WorkspaceDocument; version: number; key: string }>(
          "SELECT document, version, version || ':' || xmin::text AS key FROM workspaces WHERE id = $1",
          [stamp.id],
        );
        return rows.length ? { key: rows[0].key, document: { ...rows[0].document, id: stamp.id, version: rows[0].version } } : null;
      });
    },
    /**
     * The data model `id` (the workspace document's dataModelId), read once per row version: at the stamp's
     * version when the stamp names the same data model, else after a look at its version. Null when it does not exist.
     */
    async dataModelAt(stamp: WorkspaceStamp, id: string): Promise<DataModelDocument | null> {
      let key = stamp.dataModelId === id ? stamp.dataModelKey : null;
      if (stamp.dataModelId !== id) {
        const rows = await db.query<{ key: string }>("SELECT version || ':' || xmin::text AS key FROM data_models WHERE id = $1", [id]);
        key = rows.length ? rows[0].key : null;
      }
      if (key === null) return null;
      return dataModels.get(id, key, async () => {
        const rows = await db.query<{ document: DataModelDocument; version: number; key: string }>(
          "SELECT document, version, version || ':' || xmin::text AS key FROM data_models WHERE id = $1",
          [id],
        );
        return rows.length ? { key: rows[0].key, document: { ...rows[0].document, id, version: rows[0].version } } : null;
      });
    },
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
