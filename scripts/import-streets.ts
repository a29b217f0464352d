/**
 * Fills the streets table of the address lookups from a CSV file with the header s,c,p,x (street, city, province
 * name, province acronym; comma or semicolon separated). Rows already present are kept.
 *
 *   npx tsx scripts/import-streets.ts <file.csv>
 *
 * The database is the app's: DATABASE_URL for PostgreSQL, else the PGlite folder DATA_DIR (./data).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { openDatabase } from '@server/db/open-database';
import { importStreets, loadAddressReference, parseStreetsCsv } from '@server/repositories/address-repository';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npx tsx scripts/import-streets.ts <file.csv>   (columns s,c,p,x)');
    process.exit(2);
  }
  const streets = parseStreetsCsv(await readFile(resolve(file), 'utf8'));
  const { database } = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: resolve(process.env.DATA_DIR ?? './data') });
  try {
    await loadAddressReference(database);
    const known = new Set((await database.query<{ acronym: string }>('SELECT acronym FROM address_provinces')).map((r) => r.acronym));
    const unknown = streets.filter((s) => !known.has(s.x));
    if (unknown.length) throw new Error(`unknown province acronym(s): ${[...new Set(unknown.map((s) => s.x))].join(', ')}`);
    const added = await importStreets(database, streets);
    console.log(`streets: ${streets.length} read, ${added} added, ${streets.length - added} already present`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
