import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { roleDisplayName } from '../domain/roles';
import { build } from './app';
import { systemClock } from './clock';
import { openDatabase } from './db/open-database';
import { seedDemo, type OrganisationFixture } from './db/seed';

/**
 * Starts the product: PORT (3000), DATA_DIR (./data, PGlite's folder), DATABASE_URL (a PostgreSQL server instead),
 * SEED_DEMO=1 (demo data into PostgreSQL; the embedded default always gets it), JWT_SECRET (else kept in the
 * database), COOKIE_SECURE=1 (behind HTTPS), WEB_ROOT (./dist/web), FIXTURES_DIR (./fixtures).
 */
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const fixturesDir = resolve(process.env.FIXTURES_DIR ?? './fixtures');
const webRoot = resolve(process.env.WEB_ROOT ?? './dist/web');

async function main(): Promise<void> {
  const { database, migrations, embedded } = await openDatabase({ databaseUrl, dataDir });
  if (migrations.length) console.log(`migrations applied: ${migrations.join(', ')}`);
  // Demo data goes into the embedded database, or into a PostgreSQL server only when asked.
  const seedWanted = embedded || process.env.SEED_DEMO === '1';
  if (seedWanted) {
    const report = await seedDemo(database, { fixturesDir, clock: systemClock });
    if (report.organisation || report.workspaces.length) {
      console.log(`seeded: ${report.organisation ? 'organisation, ' : ''}${report.workspaces.length} workspaces, ${report.contacts} contacts`);
    }
  }
  const app = await build({ database, webRoot, closeDatabase: true, secureCookie: process.env.COOKIE_SECURE === '1', logger: process.env.LOG_LEVEL ? { level: process.env.LOG_LEVEL } : false });
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port, host });
  const shownHost = host === '0.0.0.0' ? 'localhost' : host;
  console.log(`Contact Manager on http://${shownHost}:${port} (${embedded ? `PGlite in ${dataDir}` : 'PostgreSQL'})`);
  if (seedWanted) {
    const organisation = JSON.parse(await readFile(resolve(fixturesDir, 'organisation.json'), 'utf8')) as OrganisationFixture;
    console.log('demo users:');
    for (const user of organisation.users) {
      const notes = [user.isSysadmin ? 'system administrator: choose a group' : '', user.status === 'tmp-psw' ? 'temporary password' : '', user.lastPasswordChange ? 'expired password' : '']
        .filter(Boolean)
        .join(', ');
      console.log(`  ${user.username.padEnd(12)} ${roleDisplayName(user.role).padEnd(13)} ${user.password}${notes ? `  (${notes})` : ''}`);
    }
  }
  // performance.now() counts from process start, so this includes loading the code.
  console.log(`ready in ${Math.round(performance.now())} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
