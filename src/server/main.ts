import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { roleDisplayName } from '@domain/roles';
import { build } from './app';
import { systemClock } from './clock';
import { openDatabase } from './db/open-database';
import { seedDemo, type OrganisationFixture } from './db/seed';
import { analyzeNeverAnalyzed } from './db/statistics';
import { parseEmbedHosts } from './plugins/security';
import { smsDeliveryFromEnv } from './services/sms/delivery-config';

/**
 * Starts the product: PORT (3000), DATA_DIR (./data, PGlite's folder), PGLITE_THREAD (worker, or inline: where PGlite
 * runs), DATABASE_URL (a PostgreSQL server instead),
 * SEED_DEMO=1 (demo data into PostgreSQL; the embedded default always gets it), JWT_SECRET (required when
 * NODE_ENV=production, else kept in the database), PUBLIC_ORIGIN, TRUST_PROXY, EMBED_ALLOWED_HOSTS, COOKIE_SECURE=1,
 * WEB_ROOT (./dist/web), FIXTURES_DIR (./fixtures), SMS_GATEWAY_URL and the other SMS_* variables (SMS delivery),
 * FLOW_SCAN_INTERVAL_MS (how often the flows' inbound folders under DATA_DIR/flows are looked at).
 * README, "Configuration", says what each does.
 */
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const fixturesDir = resolve(process.env.FIXTURES_DIR ?? './fixtures');
const webRoot = resolve(process.env.WEB_ROOT ?? './dist/web');
const production = process.env.NODE_ENV === 'production';
const JWT_SECRET_MIN_LENGTH = 32;

/** Every token is signed with it: in production it comes from the environment, never from a row anyone with the database can read. */
function jwtSecret(): string | undefined {
  const secret = process.env.JWT_SECRET || undefined;
  if (secret !== undefined && secret.length < JWT_SECRET_MIN_LENGTH) throw new Error(`JWT_SECRET must be at least ${JWT_SECRET_MIN_LENGTH} characters long`);
  if (secret === undefined && production) throw new Error('JWT_SECRET must be set when NODE_ENV=production (at least 32 random characters)');
  return secret;
}

function publicOrigin(): string | undefined {
  const value = process.env.PUBLIC_ORIGIN || undefined;
  if (value === undefined) return undefined;
  const origin = new URL(value).origin;
  if (origin !== value.replace(/\/+$/, '')) throw new Error(`PUBLIC_ORIGIN must be an origin like https://contacts.example.com, not ${value}`);
  return origin;
}

/** TRUST_PROXY: 1/true (whatever proxy connects), or the proxies' addresses or CIDR ranges, comma-separated. */
function trustProxy(): boolean | string {
  const value = process.env.TRUST_PROXY?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  return value === '1' || value === 'true' ? true : value;
}

async function main(): Promise<void> {
  // Configuration mistakes stop the start before the database is touched.
  const security = {
    jwtSecret: jwtSecret(),
    publicOrigin: publicOrigin(),
    trustProxy: trustProxy(),
    embedHosts: process.env.EMBED_ALLOWED_HOSTS ? parseEmbedHosts(process.env.EMBED_ALLOWED_HOSTS) : undefined,
  };
  const sms = smsDeliveryFromEnv(process.env);
  const { database, migrations, embedded } = await openDatabase({ databaseUrl, dataDir });
  if (migrations.length) console.log(`migrations applied: ${migrations.join(', ')}`);
  // Demo data goes into the embedded database, or into a PostgreSQL server only when asked.
  const seedWanted = embedded || process.env.SEED_DEMO === '1';
  if (seedWanted) {
    const report = await seedDemo(database, { fixturesDir, clock: systemClock });
    if (report.organisation || report.workspaces.length) {
      console.log(`seeded: ${report.organisation ? 'organisation, ' : ''}${report.workspaces.length} workspaces, ${report.contacts} contacts${report.flows?.length ? `, flows ${report.flows.join(', ')}` : ''}`);
    }
  }
  const analyzed = await analyzeNeverAnalyzed(database);
  if (analyzed.length) console.log(`statistics gathered: ${analyzed.length} tables`);
  const app = await build({
    database,
    webRoot,
    fixturesDir,
    closeDatabase: true,
    ...security,
    secureCookie: process.env.COOKIE_SECURE === '1' || security.publicOrigin?.startsWith('https://'),
    logger: process.env.LOG_LEVEL ? { level: process.env.LOG_LEVEL } : false,
    sms,
    // Files dropped in DATA_DIR/flows/<flowId>/inbound/ are imported while the server runs.
    flows: { root: resolve(dataDir, 'flows'), watch: true, scanIntervalMs: Number(process.env.FLOW_SCAN_INTERVAL_MS) || undefined },
  });
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port, host });
  const shownHost = host === '0.0.0.0' ? 'localhost' : host;
  console.log(`Contact Manager on http://${shownHost}:${port} (${embedded ? `PGlite in ${dataDir}` : 'PostgreSQL'})`);
  console.log(sms.delivery ? `SMS delivered through ${sms.delivery.target}` : 'SMS: no gateway configured (SMS_GATEWAY_URL), messages stay queued');
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
