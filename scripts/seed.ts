/**
 * Migrates and seeds the demo data into the configured database without starting the server:
 * `DATABASE_URL=postgres://... npx tsx scripts/seed.ts` (or DATA_DIR for PGlite). Safe to run again.
 */
import { resolve } from 'node:path';
import { systemClock } from '@server/clock';
import { openDatabase } from '@server/db/open-database';
import { seedDemo } from '@server/db/seed';

const { database, migrations } = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: resolve(process.env.DATA_DIR ?? './data'),
});
try {
  console.log(`migrations applied: ${migrations.length ? migrations.join(', ') : 'none (up to date)'}`);
  const report = await seedDemo(database, { fixturesDir: resolve(process.env.FIXTURES_DIR ?? './fixtures'), clock: systemClock });
  console.log(`organisation ${report.organisation ? 'seeded' : 'already present'}; workspaces seeded: ${report.workspaces.join(', ') || 'none new'}; contacts: ${report.contacts}`);
} finally {
  await database.close();
}
