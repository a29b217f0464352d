import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FLOW_ID_PATTERN, RESERVED_FLOW_IDS } from '@domain/api/flows';
import type { DataModel } from '@domain/generated/data-model';
import type { Database } from '../../db/database';
import { flowRepository } from '../../repositories/flow-repository';
import { mappingTarget } from './row-values';

/** fixtures/flows/<id>/flow.json: a demo flow; its sample files sit beside it. */
export interface FlowFixture {
  id: string;
  name: string;
  workspaceId: string;
  enabled?: boolean;
  /** ';' or ','; empty: PapaParse guesses it from the file. */
  delimiter?: string;
  columns: string[];
  referenceColumn: string;
  mapping: Record<string, string>;
  /** Sample file name → what it shows. */
  samples?: Record<string, string>;
}

/** What is wrong with a flow fixture against its workspace's data model, one line per problem. */
export function flowFixtureProblems(flow: FlowFixture, model: DataModel | null): string[] {
  const problems: string[] = [];
  if (!new RegExp(FLOW_ID_PATTERN).test(flow.id) || (RESERVED_FLOW_IDS as readonly string[]).includes(flow.id)) problems.push(`id '${flow.id}' is not a flow id (${FLOW_ID_PATTERN}, not ${RESERVED_FLOW_IDS.join(', ')})`);
  if (!flow.columns.length || new Set(flow.columns.map((c) => c.toLowerCase())).size !== flow.columns.length) problems.push('columns must be a non-empty list of distinct names');
  if (!flow.columns.includes(flow.referenceColumn)) problems.push(`referenceColumn '${flow.referenceColumn}' is not one of the columns`);
  if (!model) problems.push(`workspace ${flow.workspaceId} has no data model`);
  for (const [column, target] of Object.entries(flow.mapping)) {
    if (!flow.columns.includes(column)) problems.push(`mapping: '${column}' is not one of the columns`);
    const { section, name } = mappingTarget(target);
    const fields = section === 'inputs' ? model?.model : model?.outputs;
    if (model && !Object.prototype.hasOwnProperty.call(fields ?? {}, name)) problems.push(`mapping: ${column} → ${target}: the data model has no ${section} field '${name}'`);
  }
  return problems;
}

/** Seeds every flow of fixtures/flows whose workspace exists and that is not there yet; a bad fixture stops the start, naming it. */
export async function seedFlows(database: Database, fixturesDir: string, at: Date): Promise<string[]> {
  const dir = join(fixturesDir, 'flows');
  if (!existsSync(dir)) return [];
  const seeded: string[] = [];
  const repo = flowRepository(database);
  for (const entry of (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = join(dir, entry.name, 'flow.json');
    if (!existsSync(file)) continue;
    const flow = JSON.parse(await readFile(file, 'utf8')) as FlowFixture;
    const [workspace] = await database.query<{ document: DataModel }>(
      'SELECT m.document FROM workspaces w JOIN data_models m ON m.id = w.data_model_id WHERE w.id = $1',
      [flow.workspaceId],
    );
    if (!workspace) continue;
    const problems = flowFixtureProblems(flow, workspace.document);
    if (problems.length) throw new Error(`Flow fixture '${entry.name}' is not valid, so it is not seeded:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    const inserted = await repo.insertIfMissing({
      id: flow.id, name: flow.name, workspaceId: flow.workspaceId, enabled: flow.enabled !== false, columns: flow.columns,
      mapping: flow.mapping, referenceColumn: flow.referenceColumn, delimiter: flow.delimiter ?? '', at,
    });
    if (inserted) seeded.push(flow.id);
  }
  return seeded;
}
