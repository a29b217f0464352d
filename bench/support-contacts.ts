/**
 * Shared set-up of the contact benchmarks: a fresh database (PGlite in memory, or a PostgreSQL schema of its own),
 * migrated and seeded with the demo fixtures, then N synthetic contacts in `energia-casa` generated in SQL
 * (generate_series + jsonb_build_object) in batches, with the indexes built after the load.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { build } from '@server/app';
import type { Database } from '@server/db/database';
import { migrate } from '@server/db/migrate';
import { createPgliteDatabase } from '@server/db/pglite-database';
import { createPostgresDatabase, withDefaultUser } from '@server/db/postgres-database';
import { seedDemo } from '@server/db/seed';
import { syncListSortIndexes } from '@server/repositories/list-sort-indexes';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_WORKSPACE = 'energia-casa';
export const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';

/** `--name value` or `NAME=value`. */
export function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  if (at >= 0 && process.argv[at + 1]) return process.argv[at + 1];
  return process.env[name.toUpperCase().replace(/-/g, '_')] ?? fallback;
}

const PROVINCES = [
  'AG', 'AL', 'AN', 'AO', 'AR', 'AP', 'AT', 'AV', 'BA', 'BT', 'BL', 'BN', 'BG', 'BI', 'BO', 'BZ', 'BS', 'BR', 'CA', 'CL',
  'CB', 'CE', 'CT', 'CZ', 'CH', 'CO', 'CS', 'CR', 'KR', 'CN', 'EN', 'FM', 'FE', 'FI', 'FG', 'FC', 'FR', 'GE', 'GO', 'GR',
  'IM', 'IS', 'SP', 'AQ', 'LT', 'LE', 'LC', 'LI', 'LO', 'LU', 'MC', 'MN', 'MS', 'MT', 'ME', 'MI', 'MO', 'MB', 'NA', 'NO',
  'NU', 'OR', 'PD', 'PA', 'PR', 'PV', 'PG', 'PU', 'PE', 'PC', 'PI', 'PT', 'PN', 'PZ', 'PO', 'RG', 'RA', 'RC', 'RE', 'RI',
  'RN', 'RM', 'RO', 'SA', 'SS', 'SV', 'SI', 'SR', 'SO', 'SU', 'TA', 'TE', 'TR', 'TO', 'TP', 'TN', 'TV', 'TS', 'UD', 'VA',
];
const FIRST = ['Marco', 'Giulia', 'Luca', 'Francesca', 'Andrea', 'Chiara', 'Matteo', 'Sara', 'Alessandro', 'Valentina', 'Davide', 'Elena', 'Simone', 'Martina', 'Federico', 'Laura', 'Stefano', 'Paola', 'Roberto', 'Anna'];
const LAST = [
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti',
  'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone', 'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola', 'De Santis', "D'Angelo", 'Marchetti',
];
const OFFERS = ['luce-fissa', 'luce-indicizzata', 'luce-verde', 'gas-fisso', 'gas-indicizzato', 'dual-fissa', 'dual-flex'];

const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

/** The first synthetic contact's id: they count down from it, so that a newer contact has a greater id, as the app's ids do. */
const SYNTHETIC_ID_TOP = 2 ** 40;
/** Contact g's id: 'b' + 23 hex digits, never meeting the fixtures' ids; greater for a newer contact (a smaller g). */
export const syntheticContactId = (g: number) => `b${(SYNTHETIC_ID_TOP - g).toString(16).padStart(23, '0')}`;

/**
 * A value in [0, n) for contact g and field `salt`, independent of every other field's: a hash of g (PostgreSQL's
 * hashint4, in PGlite too), so that two fields' values meet in the proportions their shares give, as in real leads.
 */
const pick = (salt: number, n: number) => `((hashint4(g * 32 + ${salt}) & 2147483647) % ${n})`;

/**
 * Rows g in [from, to] ($3, $4) of workspace $1, contact g created g * 17 s before $2. Each field's value is drawn on
 * its own (pick), but for the links the product itself makes: a closed contact's availability is 'closed', an
 * assigned one is 'processing' unless closed, and the city goes with the province.
 */
export const INSERT_SYNTHETIC = `
INSERT INTO contacts (id, workspace_id, state, closed, processable, suspended, availability, agent_id, priority,
  created_at, last_state_change_at, inputs, outputs)
SELECT 'b' || lpad(to_hex(${SYNTHETIC_ID_TOP}::bigint - g), 23, '0'), $1,
  (ARRAY['NUOVO', 'DA_RICHIAMARE', 'APPUNTAMENTO', 'NON_RISPONDE'])[1 + ${pick(1, 4)}],
  closed, ${pick(3, 50)} <> 0, ${pick(4, 97)} = 0,
  CASE WHEN closed THEN 'closed' WHEN assigned THEN 'processing' WHEN ${pick(7, 7)} = 0 THEN 'waiting' ELSE 'toProcess' END,
  CASE WHEN assigned THEN (ARRAY['u-agent', 'u-teamleader'])[1 + ${pick(6, 2)}] END,
  1 + ${pick(8, 10)},
  $2::timestamptz - make_interval(secs => g * 17),
  $2::timestamptz - make_interval(secs => g * 13),
  jsonb_build_object(
    'clienteId', 'EC' || lpad(g::text, 8, '0'),
    'nome', (${sqlArray(FIRST)})[1 + ${pick(9, FIRST.length)}],
    'cognome', (${sqlArray(LAST)})[1 + ${pick(10, LAST.length)}],
    'telefono', '+3934' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
    'siglaProvincia', (${sqlArray(PROVINCES)})[1 + province],
    'citta', 'Comune ' || province,
    'fornitura', (ARRAY['luce', 'gas', 'dual'])[1 + ${pick(12, 3)}],
    'tipoOfferta', (${sqlArray(OFFERS)})[1 + ${pick(13, OFFERS.length)}],
    'consumoAnnuo', ${pick(14, 5000)},
    'privacy', ${pick(15, 2)} = 0,
    'dataNascita', to_char(date '1940-01-01' + ${pick(16, 25000)}, 'YYYY-MM-DD')),
  CASE WHEN ${pick(17, 5)} = 0 THEN jsonb_build_object('fornitoreAttuale', (ARRAY['enel-energia', 'edison', 'eni-plenitude', 'a2a-energia'])[1 + ${pick(18, 4)}]) ELSE '{}'::jsonb END
FROM (SELECT g, ${pick(2, 10)} = 0 AS closed, ${pick(5, 3)} = 0 AS assigned, ${pick(11, PROVINCES.length)} AS province
      FROM generate_series($3::int, $4::int) AS g) AS drawn`;

/**
 * The seed of earlier runs (`--seed modular`), kept to compare with: every value is g modulo a small number, so
 * unrelated fields are functions of each other (state g % 4 and first name g % 20: a state never meets half the
 * names; every 'edison' supplier is a Chiara in DA_RICHIAMARE), and ids grow as contacts get older, the opposite
 * of the app's ids.
 */
export const INSERT_SYNTHETIC_MODULAR = `
INSERT INTO contacts (id, workspace_id, state, closed, processable, suspended, availability, agent_id, priority,
  created_at, last_state_change_at, inputs, outputs)
SELECT 'b' || lpad(to_hex(g), 23, '0'), $1,
  (ARRAY['NUOVO', 'DA_RICHIAMARE', 'APPUNTAMENTO', 'NON_RISPONDE'])[1 + g % 4],
  g % 10 = 0, g % 50 <> 0, g % 97 = 0,
  CASE WHEN g % 10 = 0 THEN 'closed' WHEN g % 3 = 0 THEN 'processing' WHEN g % 7 = 0 THEN 'waiting' ELSE 'toProcess' END,
  CASE WHEN g % 3 = 0 THEN (ARRAY['u-agent', 'u-teamleader'])[1 + g % 2] END,
  1 + g % 10,
  $2::timestamptz - make_interval(secs => g * 17),
  $2::timestamptz - make_interval(secs => g * 13),
  jsonb_build_object(
    'clienteId', 'EC' || lpad(g::text, 8, '0'),
    'nome', (${sqlArray(FIRST)})[1 + g % ${FIRST.length}],
    'cognome', (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
    'telefono', '+3934' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
    'siglaProvincia', (${sqlArray(PROVINCES)})[1 + (g * 31) % ${PROVINCES.length}],
    'citta', 'Comune ' || ((g * 31) % ${PROVINCES.length}),
    'fornitura', (ARRAY['luce', 'gas', 'dual'])[1 + (g * 7) % 3],
    'tipoOfferta', (${sqlArray(OFFERS)})[1 + (g * 11) % ${OFFERS.length}],
    'consumoAnnuo', (g * 37) % 5000,
    'privacy', g % 2 = 0,
    'dataNascita', to_char(date '1940-01-01' + (g % 25000), 'YYYY-MM-DD')),
  CASE WHEN g % 5 = 0 THEN jsonb_build_object('fornitoreAttuale', (ARRAY['enel-energia', 'edison', 'eni-plenitude', 'a2a-energia'])[1 + g % 4]) ELSE '{}'::jsonb END
FROM generate_series($3::int, $4::int) AS g`;

export interface BenchDatabase {
  database: Database;
  label: string;
  /** A kept schema that already holds the seeded contacts (`--keep-schema name` on a second run): seeding is skipped. */
  reused?: boolean;
  drop(): Promise<void>;
}

/**
 * `onDisk`: PGlite in a temporary folder, as the product keeps it (DATA_DIR), rather than in memory; for benches that
 * write a lot, where an in-memory PGlite counts the database's own growing files as this process's memory and time.
 */
export async function openBenchDatabase(kind: 'postgres' | 'pglite', { onDisk = false, url = DATABASE_URL }: { onDisk?: boolean; url?: string } = {}): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const dir = onDisk ? mkdtempSync(join(tmpdir(), 'cm-bench-pglite-')) : undefined;
    const database = await createPgliteDatabase(dir);
    await migrate(database);
    return {
      database,
      label: dir ? 'pglite (on disk)' : 'pglite (memory)',
      drop: async () => { await database.close(); if (dir) rmSync(dir, { recursive: true, force: true }); },
    };
  }
  // `--keep-schema name` keeps the seeded schema after the run and reuses it on the next (1M rows take minutes to seed).
  const kept = option('keep-schema', '');
  if (kept && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error(`--keep-schema: '${kept}' is not a plain schema name`);
  const schema = kept || `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDefaultUser(url) });
  await admin.connect();
  const existing = await admin.query('SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2', [schema, 'contacts']);
  const reused = existing.rowCount! > 0;
  if (!reused) await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await admin.end();
  const database = await createPostgresDatabase({ connectionString: url, schema, max: 4 });
  await migrate(database);
  return {
    database,
    label: `postgres (schema ${schema}${reused ? ', reused' : ''})`,
    reused,
    async drop() {
      if (kept) return database.close();
      await database.close();
      const cleaner = new pg.Client({ connectionString: withDefaultUser(url) });
      await cleaner.connect();
      await cleaner.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleaner.end();
    },
  };
}

/** Seeds the fixtures, then `count` synthetic contacts; indexes on contacts are dropped for the load and rebuilt. */
export async function seedContacts(bench: BenchDatabase, count: number, batch = 50_000, now = new Date()): Promise<{ seedMs: number; indexMs: number }> {
  const { database } = bench;
  if (bench.reused) {
    // A schema seeded by an earlier version of the app: its list sort indexes, as start-up would build them.
    await syncListSortIndexes(database);
    await database.exec('ANALYZE contacts');
    return { seedMs: 0, indexMs: 0 };
  }
  await seedDemo(database, { fixturesDir: join(root, 'fixtures'), clock: () => now.getTime() });
  const indexes = await database.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'contacts' AND schemaname = current_schema() AND indexname <> 'contacts_pkey'`,
  );
  for (const index of indexes) await database.exec(`DROP INDEX ${index.indexname}`);
  // `--seed modular`: the seed of earlier runs, to compare with (INSERT_SYNTHETIC_MODULAR).
  const insert = option('seed', 'independent') === 'modular' ? INSERT_SYNTHETIC_MODULAR : INSERT_SYNTHETIC;
  const started = performance.now();
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await database.query(insert, [BENCH_WORKSPACE, now, from, to]);
    if (process.stdout.isTTY) process.stdout.write(`\r  seeded ${to.toLocaleString('en')} / ${count.toLocaleString('en')}`);
  }
  if (process.stdout.isTTY) process.stdout.write('\n');
  const seedMs = performance.now() - started;
  const indexing = performance.now();
  await database.transaction(async (tx) => {
    if (database.dialect === 'postgres') await tx.exec(`SET LOCAL maintenance_work_mem = '512MB'`);
    for (const index of indexes) await tx.exec(index.indexdef);
  });
  await database.exec('ANALYZE contacts');
  return { seedMs, indexMs: performance.now() - indexing };
}

export async function benchApp(database: Database): Promise<{ app: FastifyInstance; cookie: string }> {
  const app = await build({ database, jwtSecret: 'bench-secret-of-sufficient-length-0123456789' });
  await app.ready();
  return { app, cookie: await benchSignIn(app) };
}

/** Signs the bench's admin in: the session cookie (a run longer than the session timeout signs in again). */
export async function benchSignIn(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'admin', password: 'Demo2026!' } });
  const jwt = response.cookies.find((c) => c.name === 'jwt');
  if (!jwt) throw new Error(`signin failed: ${response.statusCode} ${response.body}`);
  return `jwt=${jwt.value}`;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
export const ms = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(2));

/**
 * The CPU time of the PostgreSQL backends whose sessions carry `application` (set PGAPPNAME to it before the database
 * opens), sampled every 100 ms until `end`: per backend its last reading (a backend that exits keeps its last one),
 * minus what each had used when sampling began. Null when none of them is visible (a server on another machine).
 */
export function postgresBackendCpu(database: Database, application: string) {
  const tick = 10; // ms per clock tick (USER_HZ 100)
  /** utime + stime (fields 14 and 15 of /proc/<pid>/stat); null when no postgres process of that pid is visible here. */
  const ticks = (pid: number): number | null => {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('postgres')) return null;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  };
  const start = new Map<number, number>();
  const last = new Map<number, number>();
  let first = true;
  const sample = async () => {
    const pids = await database.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [application]);
    for (const { pid } of pids) {
      const used = ticks(pid);
      if (used === null) continue;
      if (!start.has(pid)) start.set(pid, first ? used : 0);
      last.set(pid, used);
    }
    first = false;
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    async begin() { await sample(); timer = setInterval(() => { sample().catch(() => undefined); }, 100); },
    async end(): Promise<number | null> {
      clearInterval(timer);
      await sample();
      return last.size ? [...last].reduce((sum, [pid, used]) => sum + (used - (start.get(pid) ?? 0)) * tick, 0) : null;
    },
  };
}
