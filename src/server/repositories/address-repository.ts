import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import provincesData from '../data/italy-provinces.json';
import municipalitiesData from '../data/italy-municipalities.json';
import type { CityItem, ProvinceItem, StreetItem } from '@domain/api/contact-work';
import type { Database, Queryable, Row } from '../db/database';

/**
 * Address lookups (spec 2 §2.6, §7) over Italy's provinces and municipalities (ISTAT, shipped in src/server/data)
 * and a streets table filled from CSV files (scripts/import-streets.ts). Matching ignores case and accents.
 */

/** Where the streets CSV of the fixtures is (like main.ts's folders, relative to the working directory). */
export const ADDRESS_DATA_DIR = resolve(process.env.ADDRESS_DATA_DIR ?? './src/server/data');
const LIMIT = 50;

/** 'Forlì' -> 'forli': what lookups compare. */
export const searchKey = (text: string): string => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();

const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ProvinceRecord { acronym: string; name: string; region: string }
/** [name, province acronym, ISTAT code] */
export type MunicipalityRecord = [string, string, string];
export interface StreetRecord { s: string; c: string; x: string }

/** Loads the shipped provinces and municipalities when the tables lack them; answers how many rows were added. */
export async function loadAddressReference(db: Database): Promise<number> {
  const provinces: ProvinceRecord[] = provincesData;
  const cities = municipalitiesData as MunicipalityRecord[];
  const [counts] = await db.query<{ p: number; c: number }>('SELECT (SELECT count(*)::int FROM address_provinces) AS p, (SELECT count(*)::int FROM address_cities) AS c');
  if (counts.p >= provinces.length && counts.c >= cities.length) return 0;
  return db.transaction(async (tx) => {
    const added = await tx.query(
      `INSERT INTO address_provinces (acronym, name, region, search)
       SELECT e->>'acronym', e->>'name', e->>'region', e->>'search' FROM jsonb_array_elements($1::jsonb) AS e
       ON CONFLICT (acronym) DO NOTHING RETURNING 1`,
      [JSON.stringify(provinces.map((p) => ({ ...p, search: searchKey(p.name) })))],
    );
    let total = added.length;
    for (let start = 0; start < cities.length; start += 2_000) {
      const batch = cities.slice(start, start + 2_000).map(([name, acronym, code]) => [name, acronym, code, searchKey(name)]);
      const rows = await tx.query(
        `INSERT INTO address_cities (name, province_acr, istat_code, search)
         SELECT e->>0, e->>1, e->>2, e->>3 FROM jsonb_array_elements($1::jsonb) AS e
         ON CONFLICT (istat_code) DO NOTHING RETURNING 1`,
        [JSON.stringify(batch)],
      );
      total += rows.length;
    }
    return total;
  });
}

/** Adds streets (s street, c city, x province acronym); unknown provinces are refused with their line. Answers the added count. */
export async function importStreets(db: Queryable, streets: StreetRecord[]): Promise<number> {
  let added = 0;
  for (let start = 0; start < streets.length; start += 2_000) {
    const batch = streets.slice(start, start + 2_000).map((r) => [r.x.toUpperCase(), r.c, r.s, searchKey(r.c), searchKey(r.s)]);
    const rows = await db.query(
      `INSERT INTO address_streets (province_acr, city, street, city_search, search)
       SELECT e->>0, e->>1, e->>2, e->>3, e->>4 FROM jsonb_array_elements($1::jsonb) AS e
       ON CONFLICT DO NOTHING RETURNING 1`,
      [JSON.stringify(batch)],
    );
    added += rows.length;
  }
  return added;
}

/** Splits one CSV line (comma or semicolon separated, double quotes for values holding them). */
function csvFields(line: string, separator: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { current += '"'; i++; }
      else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) { out.push(current.trim()); current = ''; }
    else current += ch;
  }
  out.push(current.trim());
  return out;
}

/**
 * Streets from CSV text with a header naming the columns s (street), c (city), p (province name, optional) and
 * x (province acronym). Throws naming the line of the first bad row.
 */
export function parseStreetsCsv(text: string): StreetRecord[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  if (!lines.length) return [];
  const separator = lines[0].includes(';') && !lines[0].includes(',') ? ';' : ',';
  const header = csvFields(lines[0], separator).map((h) => h.toLowerCase());
  const at = (column: string) => header.indexOf(column);
  for (const column of ['s', 'c', 'x']) if (at(column) < 0) throw new Error(`line 1: the header lacks column '${column}' (expected s,c,p,x)`);
  return lines.slice(1).map((line, index) => {
    const fields = csvFields(line, separator);
    const record = { s: fields[at('s')] ?? '', c: fields[at('c')] ?? '', x: (fields[at('x')] ?? '').toUpperCase() };
    if (!record.s || !record.c || !/^[A-Z]{2}$/.test(record.x)) throw new Error(`line ${index + 2}: street, city and a two-letter province acronym are required: ${line}`);
    return record;
  });
}

/** The fixtures' streets (src/server/data/streets-fixtures.csv), for the demo seed. */
export async function seedFixtureStreets(db: Database, file = resolve(ADDRESS_DATA_DIR, 'streets-fixtures.csv')): Promise<number> {
  await loadAddressReference(db);
  const text = await readFile(file, 'utf8');
  return importStreets(db, parseStreetsCsv(text));
}

/** 'nan', '' -> any; 'MI' or 'Milano' -> that province. */
const provinceFilter = (p: string): string | null => {
  const value = p.trim();
  return value === '' || value.toLowerCase() === 'nan' ? null : value;
};

export function addressRepository(db: Queryable) {
  return {
    async provinces(query: string): Promise<ProvinceItem[]> {
      const key = searchKey(query);
      if (!key) return [];
      const rows = await db.query<{ name: string; acronym: string; region: string } & Row>(
        `SELECT name, acronym, region FROM address_provinces
         WHERE search LIKE $1 OR acronym = upper($2)
         ORDER BY (acronym = upper($2)) DESC, (search LIKE $3) DESC, name LIMIT ${LIMIT}`,
        [`%${likeEscape(key)}%`, query.trim(), `${likeEscape(key)}%`],
      );
      return rows.map((r) => ({ p: r.name, x: r.acronym, r: r.region }));
    },

    async cities(province: string, query: string): Promise<CityItem[]> {
      const key = searchKey(query);
      if (!key) return [];
      const p = provinceFilter(province);
      const rows = await db.query<{ name: string; acronym: string; province: string } & Row>(
        `SELECT c.name, c.province_acr AS acronym, pr.name AS province FROM address_cities c JOIN address_provinces pr ON pr.acronym = c.province_acr
         WHERE c.search LIKE $1 AND ($2::text IS NULL OR c.province_acr = upper($2) OR pr.search = $3)
         ORDER BY (c.search = $4) DESC, (c.search LIKE $5) DESC, c.name, c.province_acr LIMIT ${LIMIT}`,
        [`%${likeEscape(key)}%`, p, searchKey(p ?? ''), key, `${likeEscape(key)}%`],
      );
      return rows.map((r) => ({ p: r.province, x: r.acronym, c: r.name }));
    },

    async streets(province: string, city: string, query: string): Promise<StreetItem[]> {
      const key = searchKey(query);
      if (!key) return [];
      const p = provinceFilter(province);
      const cityKey = searchKey(city);
      const rows = await db.query<{ street: string; city: string; acronym: string; province: string } & Row>(
        `SELECT s.street, s.city, s.province_acr AS acronym, pr.name AS province FROM address_streets s JOIN address_provinces pr ON pr.acronym = s.province_acr
         WHERE s.search LIKE $1 AND ($2::text IS NULL OR s.province_acr = upper($2) OR pr.search = $3) AND ($4 = '' OR s.city_search = $4)
         ORDER BY (s.search LIKE $5) DESC, s.street, s.city LIMIT ${LIMIT}`,
        [`%${likeEscape(key)}%`, p, searchKey(p ?? ''), cityKey, `${likeEscape(key)}%`],
      );
      return rows.map((r) => ({ s: r.street, c: r.city, p: r.province, x: r.acronym }));
    },
  };
}
export type AddressRepository = ReturnType<typeof addressRepository>;
