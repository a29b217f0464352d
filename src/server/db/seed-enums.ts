import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database';

/**
 * Remote enum values (fixtures/workspaces/<slug>/enums.json: `{ inputs|outputs: { field: [{ value, label, parents }] } }`)
 * go to `enum_values`, which the workspace enum call reads. A workspace that already has values keeps them, so an
 * admin's changes survive restarts; a workspace seeded before the table existed gets its values on the next start.
 */
const INSERT_ENUM_VALUES = `
INSERT INTO enum_values (workspace_id, kind, field, value, label, parents, position)
SELECT $1, k.key, f.key, v.item->>'value', coalesce(v.item->>'label', v.item->>'value'), coalesce(v.item->'parents', '{}'::jsonb), v.ord
FROM jsonb_each($2::jsonb) AS k, jsonb_each(k.value) AS f, jsonb_array_elements(f.value) WITH ORDINALITY AS v(item, ord)
WHERE k.key IN ('inputs', 'outputs') AND jsonb_typeof(v.item->'value') = 'string'
  AND EXISTS (SELECT 1 FROM workspaces WHERE id = $1)
  AND NOT EXISTS (SELECT 1 FROM enum_values WHERE workspace_id = $1)
ON CONFLICT DO NOTHING`;

export async function seedEnumValues(database: Database, workspacesDir: string): Promise<number> {
  if (!existsSync(workspacesDir)) return 0;
  let inserted = 0;
  for (const entry of await readdir(workspacesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(workspacesDir, entry.name);
    if (!existsSync(join(dir, 'enums.json')) || !existsSync(join(dir, 'workspace.json'))) continue;
    const { id } = JSON.parse(await readFile(join(dir, 'workspace.json'), 'utf8')) as { id: string };
    const enums = await readFile(join(dir, 'enums.json'), 'utf8');
    const rows = await database.query(`${INSERT_ENUM_VALUES} RETURNING 1`, [id, enums]);
    inserted += rows.length;
  }
  return inserted;
}
