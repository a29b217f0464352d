import type { AuditEntry, ConfigDocument, ConfigWorkspaceRow, VersionEntry } from '@domain/api/workspace-config';
import type { Database, Queryable } from '../db/database';

/**
 * Workspaces and data models as versioned documents (DESIGN.md "Configuration is versioned data"): `workspaces` and
 * `data_models` hold the live document and its version; `workspace_versions` and `data_model_versions` every version
 * ever published (never updated); `workspace_config_changes` who changed what. Each workspace version records the
 * data model version it was published with. Plain SQL over a Queryable: the service runs the writes in one
 * transaction, after locking the workspace row (`lockWorkspace`).
 */

export type VersionAction = VersionEntry['action'];
export type ChangeAction = AuditEntry['action'];

/** The live state of one workspace, as a publish needs it. */
export interface LiveWorkspace {
  id: string;
  name: string;
  dataModelId: string;
  enabled: boolean;
  version: number;
  document: ConfigDocument;
}

export interface LiveDataModel {
  id: string;
  version: number;
  document: ConfigDocument;
}

/** A whole configuration at one workspace version. */
export interface StoredConfiguration {
  workspace: ConfigDocument;
  dataModel: ConfigDocument;
  version: number;
  dataModelVersion: number;
}

interface ListRow {
  id: string;
  name: string;
  data_model_id: string;
  enabled: boolean;
  version: number;
  data_model_version: number | null;
  published_at: Date | string | null;
  published_by: string | null;
  [key: string]: unknown;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const LIST = `
SELECT w.id, w.name, w.data_model_id, w.enabled, w.version,
  coalesce(v.data_model_version, m.version) AS data_model_version,
  CASE WHEN v.action = 'seed' THEN NULL ELSE v.saved_at END AS published_at,
  CASE WHEN v.action = 'seed' THEN NULL ELSE v.saved_by END AS published_by
FROM workspaces w
JOIN data_models m ON m.id = w.data_model_id
LEFT JOIN workspace_versions v ON v.workspace_id = w.id AND v.version = w.version`;

export function workspaceConfigRepository(db: Database) {
  return {
    /** Every workspace, or only those in `ids`, by name. */
    async list(ids?: readonly string[]): Promise<ConfigWorkspaceRow[]> {
      const rows = ids
        ? await db.query<ListRow>(`${LIST} WHERE w.id = ANY($1::text[]) ORDER BY w.name, w.id`, [ids])
        : await db.query<ListRow>(`${LIST} ORDER BY w.name, w.id`);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        dataModelId: row.data_model_id,
        enabled: row.enabled,
        version: row.version,
        dataModelVersion: row.data_model_version ?? 1,
        publishedAt: iso(row.published_at),
        publishedBy: row.published_by,
      }));
    },

    async exists(q: Queryable, id: string): Promise<boolean> {
      return (await q.query('SELECT 1 FROM workspaces WHERE id = $1', [id])).length > 0;
    },

    /** The live workspace, its row locked until the transaction ends (a publish's first step); null when unknown. */
    async lockWorkspace(q: Queryable, id: string): Promise<LiveWorkspace | null> {
      const rows = await q.query<{ id: string; name: string; data_model_id: string; enabled: boolean; version: number; document: ConfigDocument }>(
        'SELECT id, name, data_model_id, enabled, version, document FROM workspaces WHERE id = $1 FOR UPDATE',
        [id],
      );
      const row = rows[0];
      return row ? { id: row.id, name: row.name, dataModelId: row.data_model_id, enabled: row.enabled, version: row.version, document: row.document } : null;
    },

    /** The live data model, its row locked (several workspaces may share it); null when unknown. */
    async lockDataModel(q: Queryable, id: string): Promise<LiveDataModel | null> {
      const rows = await q.query<{ id: string; version: number; document: ConfigDocument }>('SELECT id, version, document FROM data_models WHERE id = $1 FOR UPDATE', [id]);
      return rows[0] ?? null;
    },

    /** The live configuration of a workspace. */
    async current(id: string): Promise<StoredConfiguration | null> {
      const rows = await db.query<{ workspace: ConfigDocument; data_model: ConfigDocument; version: number; data_model_version: number }>(
        `SELECT w.document AS workspace, m.document AS data_model, w.version, m.version AS data_model_version
         FROM workspaces w JOIN data_models m ON m.id = w.data_model_id WHERE w.id = $1`,
        [id],
      );
      const row = rows[0];
      return row ? { workspace: row.workspace, dataModel: row.data_model, version: row.version, dataModelVersion: row.data_model_version } : null;
    },

    /** The configuration of one past (or the live) version: the workspace document and the data model it was published with. */
    async version(q: Queryable, id: string, version: number): Promise<StoredConfiguration | null> {
      const rows = await q.query<{ workspace: ConfigDocument; data_model: ConfigDocument; version: number; data_model_version: number }>(
        `SELECT v.document AS workspace, dv.document AS data_model, v.version, v.data_model_version
         FROM workspace_versions v
         JOIN workspaces w ON w.id = v.workspace_id
         JOIN data_model_versions dv ON dv.data_model_id = coalesce(v.document->>'dataModelId', w.data_model_id) AND dv.version = v.data_model_version
         WHERE v.workspace_id = $1 AND v.version = $2`,
        [id, version],
      );
      const row = rows[0];
      return row ? { workspace: row.workspace, dataModel: row.data_model, version: row.version, dataModelVersion: row.data_model_version } : null;
    },

    async versions(id: string): Promise<VersionEntry[]> {
      const rows = await db.query<{ version: number; data_model_version: number; saved_at: Date | string; saved_by: string | null; comment: string | null; action: VersionAction; from_version: number | null }>(
        `SELECT version, data_model_version, saved_at, saved_by, comment, action, from_version
         FROM workspace_versions WHERE workspace_id = $1 ORDER BY version DESC`,
        [id],
      );
      return rows.map((row) => ({
        version: row.version,
        dataModelVersion: row.data_model_version,
        at: new Date(row.saved_at).toISOString(),
        by: row.saved_by,
        comment: row.comment,
        action: row.action,
        fromVersion: row.from_version,
      }));
    },

    async audit(id: string): Promise<AuditEntry[]> {
      const rows = await db.query<{ id: string; workspace_id: string; action: ChangeAction; from_version: number | null; to_version: number | null; at: Date | string; by: string | null; comment: string | null }>(
        `SELECT id::text AS id, workspace_id, action, from_version, to_version, at, by, comment
         FROM workspace_config_changes WHERE workspace_id = $1 ORDER BY id DESC`,
        [id],
      );
      return rows.map((row) => ({
        id: row.id,
        workspaceId: row.workspace_id,
        action: row.action,
        fromVersion: row.from_version,
        toVersion: row.to_version,
        at: new Date(row.at).toISOString(),
        by: row.by,
        comment: row.comment,
      }));
    },

    /** A new data model at version 1. */
    async insertDataModel(q: Queryable, document: ConfigDocument, at: Date, by: string): Promise<void> {
      await q.query('INSERT INTO data_models (id, document, version, updated_at, updated_by) VALUES ($1, $2::jsonb, 1, $3, $4)', [document.id, JSON.stringify(document), at, by]);
      await q.query('INSERT INTO data_model_versions (data_model_id, version, document, saved_at, saved_by) VALUES ($1, 1, $2::jsonb, $3, $4)', [document.id, JSON.stringify(document), at, by]);
    },

    /** A new version of a data model, made the live one. */
    async publishDataModel(q: Queryable, document: ConfigDocument, version: number, at: Date, by: string): Promise<void> {
      await q.query('INSERT INTO data_model_versions (data_model_id, version, document, saved_at, saved_by) VALUES ($1, $2, $3::jsonb, $4, $5)', [document.id, version, JSON.stringify(document), at, by]);
      await q.query('UPDATE data_models SET document = $2::jsonb, version = $3, updated_at = $4, updated_by = $5 WHERE id = $1', [document.id, JSON.stringify(document), version, at, by]);
    },

    /** A new workspace at version 1 (linked to no team: admins see every workspace, the others once a team gets it). */
    async insertWorkspace(q: Queryable, input: { document: ConfigDocument; name: string; dataModelId: string; dataModelVersion: number; enabled: boolean; at: Date; by: string; comment: string | null }): Promise<void> {
      const { document, name, dataModelId, dataModelVersion, enabled, at, by, comment } = input;
      await q.query(
        'INSERT INTO workspaces (id, name, data_model_id, enabled, document, version, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5::jsonb, 1, $6, $7)',
        [document.id, name, dataModelId, enabled, JSON.stringify(document), at, by],
      );
      await q.query(
        `INSERT INTO workspace_versions (workspace_id, version, document, saved_at, saved_by, data_model_version, comment, action, from_version)
         VALUES ($1, 1, $2::jsonb, $3, $4, $5, $6, 'create', NULL)`,
        [document.id, JSON.stringify(document), at, by, dataModelVersion, comment],
      );
    },

    /** A new version of a workspace, made the live one (its name and data model follow the document). */
    async publishWorkspace(
      q: Queryable,
      input: { document: ConfigDocument; name: string; dataModelId: string; version: number; dataModelVersion: number; action: 'publish' | 'rollback'; fromVersion: number; at: Date; by: string; comment: string | null },
    ): Promise<void> {
      const { document, name, dataModelId, version, dataModelVersion, action, fromVersion, at, by, comment } = input;
      await q.query(
        `INSERT INTO workspace_versions (workspace_id, version, document, saved_at, saved_by, data_model_version, comment, action, from_version)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9)`,
        [document.id, version, JSON.stringify(document), at, by, dataModelVersion, comment, action, fromVersion],
      );
      await q.query(
        'UPDATE workspaces SET document = $2::jsonb, version = $3, name = $4, data_model_id = $5, updated_at = $6, updated_by = $7 WHERE id = $1',
        [document.id, JSON.stringify(document), version, name, dataModelId, at, by],
      );
    },

    /** The other workspaces built on a data model, with what a change notice needs. */
    async workspacesUsing(q: Queryable, dataModelId: string, except: string): Promise<Array<{ id: string; version: number; enabled: boolean }>> {
      return q.query<{ id: string; version: number; enabled: boolean }>('SELECT id, version, enabled FROM workspaces WHERE data_model_id = $1 AND id <> $2 ORDER BY id', [dataModelId, except]);
    },

    async setEnabled(q: Queryable, id: string, enabled: boolean, at: Date, by: string): Promise<void> {
      await q.query('UPDATE workspaces SET enabled = $2, updated_at = $3, updated_by = $4 WHERE id = $1', [id, enabled, at, by]);
    },

    async recordChange(q: Queryable, change: { workspaceId: string; action: ChangeAction; fromVersion: number | null; toVersion: number | null; at: Date; by: string; comment: string | null }): Promise<void> {
      await q.query(
        'INSERT INTO workspace_config_changes (workspace_id, action, from_version, to_version, at, by, comment) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [change.workspaceId, change.action, change.fromVersion, change.toVersion, change.at, change.by, change.comment],
      );
    },
  };
}
export type WorkspaceConfigRepository = ReturnType<typeof workspaceConfigRepository>;
