import type { DataModel } from '@domain/generated/data-model';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Role } from '@domain/roles';
import { hashPassword } from '../auth/password';
import type { Clock } from '../clock';
import type { Database, Queryable } from './database';
import { seedEnumValues } from './seed-enums';
import { fixtureShiftMs, seedDemoEvents, shiftContact } from './seed-events';
import { APP_VALIDATION, draftProblems } from '@translator/problem-messages';
import { seedFixtureStreets } from '../repositories/address-repository';
import { seedFlows } from '../services/flows/seed-flows';
import { syncListSortIndexes } from '../repositories/list-sort-indexes';

/** fixtures/organisation.json */
export interface OrganisationFixture {
  passwordPolicy?: { maxAgeDays: number };
  outsourcers: { id: string; name: string }[];
  sites: { id: string; name: string; outsourcerId: string }[];
  teams: { id: string; name: string; siteId: string }[];
  groups: { id: string; name: string }[];
  users: {
    id: string;
    username: string;
    role: Role;
    password: string;
    status?: '' | 'tmp-psw' | 'disabled';
    lastPasswordChange?: string;
    outsourcerId?: string;
    siteIds?: string[];
    teamIds?: string[];
    groupIds?: string[];
    isSysadmin?: boolean;
  }[];
  teamWorkspaces: { teamId: string; workspaceId: string; enabled?: boolean }[];
  forbiddenWorkspaces?: { userId: string; workspaceId: string }[];
}

interface WorkspaceFixture { id: string; name: string; dataModelId: string; enabled?: boolean }

export interface SeedReport {
  organisation: boolean;
  workspaces: string[];
  contacts: number;
  /** Demo flows seeded this time (fixtures/flows), when any were. */
  flows?: string[];
}

const CONTACT_BATCH = 1_000;
const ORGANISATION_MARK = 'seed.organisation';

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, 'utf8')) as T;

/**
 * Seeds the demo organisation once, then every `fixtures/workspaces/<slug>/` not yet in the database, so folders
 * added later are seeded on the next start. Running it again changes nothing.
 */
export async function seedDemo(database: Database, options: { fixturesDir: string; clock: Clock }): Promise<SeedReport> {
  const organisation = await readJson<OrganisationFixture>(join(options.fixturesDir, 'organisation.json'));
  const report: SeedReport = { organisation: false, workspaces: [], contacts: 0 };
  const marked = await database.query('SELECT 1 FROM app_settings WHERE key = $1', [ORGANISATION_MARK]);
  if (marked.length === 0) {
    await seedOrganisation(database, organisation, options.clock);
    report.organisation = true;
  }
  const workspacesDir = join(options.fixturesDir, 'workspaces');
  if (!existsSync(workspacesDir)) return report;
  const slugs = (await readdir(workspacesDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const existing = new Set((await database.query<{ id: string }>('SELECT id FROM workspaces')).map((row) => row.id));
  for (const slug of slugs) {
    const dir = join(workspacesDir, slug);
    // A folder still being written (no workspace or data model yet) is seeded on a later start.
    if (!existsSync(join(dir, 'workspace.json')) || !existsSync(join(dir, 'data-model.json'))) continue;
    const workspace = await readJson<WorkspaceFixture & Record<string, unknown>>(join(dir, 'workspace.json'));
    if (existing.has(workspace.id)) continue;
    const dataModel = await readJson<{ id: string } & Record<string, unknown>>(join(dir, 'data-model.json'));
    refuseInvalidFixture(slug, workspace, dataModel);
    const now = new Date(options.clock());
    // The fixtures describe one moment (FIXTURE_EPOCH): their dates move by whole days to today, so the dashboards'
    // last days always hold the demo's activity.
    const shift = fixtureShiftMs(now);
    const contacts = (existsSync(join(dir, 'contacts.json')) ? await readJson<Record<string, unknown>[]>(join(dir, 'contacts.json')) : []).map((c) => shiftContact(c, shift));
    report.contacts += await seedWorkspace(database, { workspace, dataModel, contacts, organisation, now });
    report.workspaces.push(workspace.id);
    existing.add(workspace.id);
  }
  // The list's sort indexes of the seeded workspaces, as a publish makes them.
  if (report.workspaces.length) await syncListSortIndexes(database);
  await seedEnumValues(database, workspacesDir);
  await seedFixtureStreets(database);
  const flows = await seedFlows(database, options.fixturesDir, new Date(options.clock()));
  if (flows.length) report.flows = flows;
  return report;
}

/** A fixture the translator's validator refuses is never served: the start fails and says why. */
function refuseInvalidFixture(slug: string, workspace: unknown, dataModel: unknown): void {
  const errors = draftProblems(workspace, dataModel, undefined, APP_VALIDATION).filter((problem) => problem.severity === 'error');
  if (errors.length === 0) return;
  const lines = errors.map((problem) => `  ${problem.document}${problem.pointer}: ${problem.message}`);
  throw new Error(`Fixture '${slug}' is not a valid workspace, so it is not seeded:\n${lines.join('\n')}`);
}

async function seedOrganisation(database: Database, org: OrganisationFixture, clock: Clock): Promise<void> {
  const now = new Date(clock());
  const hashes = await Promise.all(org.users.map((user) => hashPassword(user.password)));
  await database.transaction(async (tx) => {
    for (const o of org.outsourcers) await tx.query('INSERT INTO outsourcers (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [o.id, o.name]);
    for (const s of org.sites) {
      await tx.query('INSERT INTO sites (id, name, outsourcer_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [s.id, s.name, s.outsourcerId]);
    }
    for (const t of org.teams) await tx.query('INSERT INTO teams (id, name, site_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [t.id, t.name, t.siteId]);
    for (const g of org.groups) await tx.query('INSERT INTO groups (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [g.id, g.name]);
    for (const [index, u] of org.users.entries()) {
      await tx.query(
        `INSERT INTO users (id, username, password_hash, role, status, last_password_change, outsourcer_id, is_sysadmin)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
        [u.id, u.username, hashes[index], u.role, u.status ?? '', u.lastPasswordChange ? new Date(u.lastPasswordChange) : now, u.outsourcerId ?? null, u.isSysadmin ?? false],
      );
      for (const siteId of u.siteIds ?? []) await tx.query('INSERT INTO user_sites VALUES ($1, $2) ON CONFLICT DO NOTHING', [u.id, siteId]);
      for (const teamId of u.teamIds ?? []) await tx.query('INSERT INTO user_teams VALUES ($1, $2) ON CONFLICT DO NOTHING', [u.id, teamId]);
      for (const groupId of u.groupIds ?? []) await tx.query('INSERT INTO user_groups VALUES ($1, $2) ON CONFLICT DO NOTHING', [u.id, groupId]);
    }
    if (org.passwordPolicy) {
      await tx.query(
        `INSERT INTO app_settings (key, value) VALUES ('password.policy', $1::jsonb) ON CONFLICT (key) DO NOTHING`,
        [JSON.stringify(org.passwordPolicy)],
      );
    }
    await tx.query('INSERT INTO app_settings (key, value) VALUES ($1, $2::jsonb)', [ORGANISATION_MARK, JSON.stringify({ at: now.toISOString() })]);
  });
}

const INSERT_CONTACTS = `
INSERT INTO contacts (id, workspace_id, state, outcome, notes, closed, processable, suspended, availability, agent_id,
  original_contact_id, priority, created_at, last_state_change_at, inputs, outputs, version)
SELECT e->>'id', $1, e->>'state', e->>'outcome', e->>'notes',
  coalesce((e->>'closed')::boolean, false), coalesce((e->>'processable')::boolean, true),
  coalesce((e->>'suspended')::boolean, false), coalesce(e->>'availability', 'toProcess'), e->>'agentId',
  e->>'originalContactId', coalesce((e->>'priority')::int, 10), coalesce((e->>'createdAt')::timestamptz, $3),
  (e->>'lastStateChangeAt')::timestamptz, coalesce(e->'inputs', '{}'::jsonb), coalesce(e->'outputs', '{}'::jsonb),
  coalesce((e->>'version')::int, 0)
FROM jsonb_array_elements($2::jsonb) AS e
ON CONFLICT (id) DO NOTHING`;

async function seedWorkspace(
  database: Database,
  input: {
    workspace: WorkspaceFixture & Record<string, unknown>;
    dataModel: { id: string } & Record<string, unknown>;
    contacts: Record<string, unknown>[];
    organisation: OrganisationFixture;
    now: Date;
  },
): Promise<number> {
  const { workspace, dataModel, contacts, organisation, now } = input;
  return database.transaction(async (tx: Queryable) => {
    const model = await tx.query(
      `INSERT INTO data_models (id, document, version, updated_at, updated_by) VALUES ($1, $2::jsonb, 1, $3, 'seed')
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [dataModel.id, JSON.stringify(dataModel), now],
    );
    if (model.length) {
      await tx.query(
        `INSERT INTO data_model_versions (data_model_id, version, document, saved_at, saved_by) VALUES ($1, 1, $2::jsonb, $3, 'seed')`,
        [dataModel.id, JSON.stringify(dataModel), now],
      );
    }
    await tx.query(
      `INSERT INTO workspaces (id, name, data_model_id, enabled, document, version, updated_at, updated_by)
       VALUES ($1, $2, $3, $4, $5::jsonb, 1, $6, 'seed')`,
      [workspace.id, workspace.name, workspace.dataModelId, workspace.enabled !== false, JSON.stringify(workspace), now],
    );
    await tx.query(
      `INSERT INTO workspace_versions (workspace_id, version, document, saved_at, saved_by, data_model_version, action)
       VALUES ($1, 1, $2::jsonb, $3, 'seed', (SELECT version FROM data_models WHERE id = $4), 'seed')`,
      [workspace.id, JSON.stringify(workspace), now, workspace.dataModelId],
    );
    for (const link of organisation.teamWorkspaces.filter((l) => l.workspaceId === workspace.id)) {
      await tx.query(
        `INSERT INTO team_workspaces (team_id, workspace_id, enabled)
         SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM teams WHERE id = $1) ON CONFLICT DO NOTHING`,
        [link.teamId, link.workspaceId, link.enabled !== false],
      );
    }
    for (const rule of (organisation.forbiddenWorkspaces ?? []).filter((f) => f.workspaceId === workspace.id)) {
      await tx.query(
        `INSERT INTO user_forbidden_workspaces (user_id, workspace_id)
         SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM users WHERE id = $1) ON CONFLICT DO NOTHING`,
        [rule.userId, rule.workspaceId],
      );
    }
    // Each contact's insert event is written with its demo story (seed-events.ts), not by the contacts' trigger.
    await tx.query("SELECT set_config('contact_manager.insert_events', 'written', true)");
    let inserted = 0;
    for (let start = 0; start < contacts.length; start += CONTACT_BATCH) {
      const rows = await tx.query(`${INSERT_CONTACTS} RETURNING 1`, [workspace.id, JSON.stringify(contacts.slice(start, start + CONTACT_BATCH)), now]);
      inserted += rows.length;
    }
    // Their insert events and the rest of their story: the demo's.
    await seedDemoEvents(tx, workspace, dataModel as unknown as DataModel, contacts as unknown as Parameters<typeof seedDemoEvents>[3], now);
    return inserted;
  });
}
