import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '@server/db/database';
import { seedDemo } from '@server/db/seed';
import { isHiddenReport } from '@domain/report-templates';
import type { CustomReport } from '@domain/generated/workspace';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { FIXTURES_DIR, testClock } from './support/test-app';

/**
 * The demo history the seed writes (issue 15 must-have 4): deterministic, present in every fixture workspace that
 * has reports, and its messages already sent, so that a gateway configured later never delivers weeks-old demo SMS.
 */

const events = (database: Database) =>
  database.query<Record<string, unknown>>(
    `SELECT workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id, agent_id, show_detail, extra_data - 'outboxId' AS extra_data
     FROM contact_events ORDER BY workspace_id, contact_id, at, type, state, previous_state`,
  );

describe('the seeded demo events', () => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    first = await createTestDatabase();
    second = await createTestDatabase();
    await seedDemo(first.database, { fixturesDir: FIXTURES_DIR, clock: testClock() });
    await seedDemo(second.database, { fixturesDir: FIXTURES_DIR, clock: testClock() });
  });
  afterAll(async () => {
    await first?.drop();
    await second?.drop();
  });

  it('are the same events when the seed runs twice on the same day', async () => {
    const once = await events(first.database);
    expect(once.length).toBeGreaterThan(100);
    expect(await events(second.database)).toEqual(once);
  });

  it('give every fixture workspace with reports takes, state changes and closes', async () => {
    const withReports = readdirSync(join(FIXTURES_DIR, 'workspaces')).flatMap((slug) => {
      const workspace = JSON.parse(readFileSync(join(FIXTURES_DIR, 'workspaces', slug, 'workspace.json'), 'utf8')) as { id: string; customReportConfig?: CustomReport[] };
      return (workspace.customReportConfig ?? []).some((r) => !isHiddenReport(r)) ? [workspace.id] : [];
    });
    expect(withReports.length).toBeGreaterThanOrEqual(2);
    const rows = await first.database.query<{ workspace_id: string; type: string; n: number }>(
      `SELECT workspace_id, type, count(*)::int AS n FROM contact_events WHERE workspace_id = ANY($1::text[]) GROUP BY 1, 2`,
      [withReports],
    );
    for (const id of withReports) {
      const types = new Set(rows.filter((r) => r.workspace_id === id && r.n > 0).map((r) => r.type));
      expect({ id, take: types.has('take'), state: types.has('state'), close: types.has('close') }).toEqual({ id, take: true, state: true, close: true });
    }
  });

  it("tell each contact's story as one chain of states from its arrival, so the dashboards count the moves from the entry state", async () => {
    // Each event that reached a state left the state the contact was in: the one its arrival or previous move gave it.
    const broken = await first.database.query<{ contact_id: string; type: string; state: string; previous_state: string; was: string }>(
      `SELECT contact_id, type, state, previous_state, was FROM (
         SELECT contact_id, type, state, previous_state, at,
           lag(state) OVER (PARTITION BY contact_id ORDER BY at, id) AS was
         FROM contact_events WHERE previous_state IS DISTINCT FROM state) reached
       WHERE type = 'state' AND previous_state IS DISTINCT FROM was LIMIT 5`,
    );
    expect(broken).toEqual([]);
    // The state-change figures' default pair (entry state to last closing state) has completed moves in the demo.
    const moves = await first.database.query<{ workspace_id: string; n: number }>(
      `SELECT w.id AS workspace_id, count(e.first_event_id)::int AS n FROM workspaces w
       LEFT JOIN state_arrival_ends e ON e.workspace_id = w.id AND e.first_state = w.document->>'entryState'
         AND e.end_state = w.document->'closingStates'->>(jsonb_array_length(w.document->'closingStates') - 1)
       WHERE w.id IN ('energia-casa', 'sinistri-auto', 'minimo') GROUP BY w.id ORDER BY w.id`,
    );
    expect(moves.map((m) => m.workspace_id)).toEqual(['energia-casa', 'minimo', 'sinistri-auto']);
    for (const m of moves) expect(m.n).toBeGreaterThan(0);
  });

  it('leave no demo message queued for the dispatcher: they are already sent', async () => {
    const statuses = await first.database.query<{ status: string; sent: boolean; n: number }>(
      `SELECT status, sent_at IS NOT NULL AS sent, count(*)::int AS n FROM sms_outbox GROUP BY 1, 2`,
    );
    expect(statuses.reduce((n, s) => n + s.n, 0)).toBeGreaterThan(0);
    expect(statuses.map(({ status, sent }) => ({ status, sent }))).toEqual([{ status: 'sent', sent: true }]);
  });

  it('word their messages as the app does: dates DD/MM/YYYY, shops by their labels', async () => {
    const bodies = (await first.database.query<{ body: string }>("SELECT body FROM sms_outbox WHERE workspace_id = 'sms-promo' AND channel = 'sms'")).map((row) => row.body);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((body) => /\d{4}-\d{2}-\d{2}/.test(body))).toEqual([]);
    expect(bodies.some((body) => /scade il \d{2}\/\d{2}\/\d{4}!$/.test(body))).toBe(true);
    expect(bodies.filter((body) => /da [a-z]+-[a-z]+ fino/.test(body))).toEqual([]);
  });
});
