import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '@server/app';
import type { Database } from '@server/db/database';
import { migrate } from '@server/db/migrate';
import { seedDemo } from '@server/db/seed';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { FIXTURES_DIR, sessionCookie, signin, testClock } from './support/test-app';

const counts = async (database: Database) => {
  const result: Record<string, number> = {};
  for (const table of ['users', 'user_teams', 'user_groups', 'teams', 'workspaces', 'data_models', 'team_workspaces', 'contacts', 'workspace_versions']) {
    const [row] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    result[table] = row.n;
  }
  return result;
};

describe('seeding and restarts', () => {
  let work: string;
  let db: TestDatabase;
  const clock = testClock();
  const slugs = readdirSync(join(FIXTURES_DIR, 'workspaces')).sort();

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'cm-seed-'));
    // A fixtures folder that starts with the organisation and the first workspace only.
    mkdirSync(join(work, 'fixtures', 'workspaces'), { recursive: true });
    cpSync(join(FIXTURES_DIR, 'organisation.json'), join(work, 'fixtures', 'organisation.json'));
    cpSync(join(FIXTURES_DIR, 'workspaces', slugs[0]), join(work, 'fixtures', 'workspaces', slugs[0]), { recursive: true });
    db = await createTestDatabase({ dataDir: join(work, 'data') });
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('seeds the organisation and the workspaces present, with their contacts', async () => {
    const report = await seedDemo(db.database, { fixturesDir: join(work, 'fixtures'), clock });
    expect(report.organisation).toBe(true);
    expect(report.workspaces).toHaveLength(1);
    expect(report.contacts).toBeGreaterThan(0);
    const seeded = await counts(db.database);
    expect(seeded.users).toBe(9);
    expect(seeded.teams).toBe(4);
    expect(seeded.contacts).toBe(report.contacts);
    expect(seeded.workspace_versions).toBe(1);
    const [contact] = await db.database.query<{ id: string; inputs: unknown; n: number }>(
      `SELECT id, inputs FROM contacts ORDER BY id LIMIT 1`,
    );
    expect(contact.id).toMatch(/^[0-9a-f]{24}$/i);
    expect(typeof contact.inputs).toBe('object');
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await counts(db.database);
    const report = await seedDemo(db.database, { fixturesDir: join(work, 'fixtures'), clock });
    expect(report).toEqual({ organisation: false, workspaces: [], contacts: 0 });
    expect(await counts(db.database)).toEqual(before);
  });

  it('seeds workspace folders that appear later and skips half-written ones', async () => {
    for (const slug of slugs.slice(1)) cpSync(join(FIXTURES_DIR, 'workspaces', slug), join(work, 'fixtures', 'workspaces', slug), { recursive: true });
    mkdirSync(join(work, 'fixtures', 'workspaces', 'zz-half-written'));
    writeFileSync(join(work, 'fixtures', 'workspaces', 'zz-half-written', 'workspace.json'), '{"id":"zz","name":"ZZ","dataModelId":"dm-zz","enabled":true}');
    const report = await seedDemo(db.database, { fixturesDir: join(work, 'fixtures'), clock });
    expect(report.workspaces).toHaveLength(slugs.length - 1);
    const after = await counts(db.database);
    expect(after.workspaces).toBe(slugs.length);
    // Every fixture workspace is associated to at least one team.
    const [row] = await db.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM workspaces w WHERE NOT EXISTS (SELECT 1 FROM team_workspaces tw WHERE tw.workspace_id = w.id)`,
    );
    expect(row.n).toBe(0);
  });

  it('keeps data, the signing secret and live sessions across a restart', async () => {
    const first = await build({ database: db.database, clock });
    const signedIn = await signin(first, 'admin');
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookie(signedIn);
    await first.close();
    const before = await counts(db.database);

    const database = await db.reopen();
    expect(await migrate(database)).toEqual([]);
    expect(await counts(database)).toEqual(before);
    const second = await build({ database, clock });
    const session = await second.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().data.username).toBe('admin');
    await second.close();
  });
});

describe('seeding an invalid fixture', () => {
  it('refuses it, naming the fixture and each problem, and serves nothing of it', async () => {
    const work = mkdtempSync(join(tmpdir(), 'cm-seed-bad-'));
    const db = await createTestDatabase({ dataDir: join(work, 'data') });
    try {
      mkdirSync(join(work, 'fixtures', 'workspaces'), { recursive: true });
      cpSync(join(FIXTURES_DIR, 'organisation.json'), join(work, 'fixtures', 'organisation.json'));
      const bad = join(work, 'fixtures', 'workspaces', 'broken');
      cpSync(join(FIXTURES_DIR, 'workspaces', 'minimo'), bad, { recursive: true });
      const workspace = JSON.parse(readFileSync(join(bad, 'workspace.json'), 'utf8'));
      workspace.groupsInputs = [{ label: 'Rotto', fields: ['campoCheNonEsiste'] }];
      // The app's own checks too, as the publish route makes them: a home path that is no screen.
      workspace.viewsConfig = { admin: { _home: { path: '/nowhere' } } };
      writeFileSync(join(bad, 'workspace.json'), JSON.stringify(workspace));
      await expect(seedDemo(db.database, { fixturesDir: join(work, 'fixtures'), clock: testClock() })).rejects.toThrow(
        /Fixture 'broken' is not a valid workspace[\s\S]*workspace\/groupsInputs\/0\/fields\/0: Group 'Rotto' names field 'campoCheNonEsiste'[\s\S]*workspace\/viewsConfig\/admin\/_home\/path: The home path '\/nowhere'/,
      );
      const rows = await db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM workspaces WHERE id = $1', [workspace.id]);
      expect(rows[0].n).toBe(0);
    } finally {
      await db.drop();
      rmSync(work, { recursive: true, force: true });
    }
  });
});
