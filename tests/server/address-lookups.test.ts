import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import provinces from '@server/data/italy-provinces.json';
import municipalities from '@server/data/italy-municipalities.json';
import { importStreets, parseStreetsCsv, seedFixtureStreets } from '@server/repositories/address-repository';
import { createTestApp, signedIn, type TestContext } from './support/test-app';

/** Address lookups (spec 2 §2.6, §7) on PGlite or PostgreSQL (TEST_DB=postgres). */

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = await signedIn(ctx.app, 'agent');
});
afterAll(async () => {
  await ctx?.close();
});

const lookup = async (path: string, user = cookie) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/cntmng/utils/address/${path}`, headers: { cookie: user } });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

describe('shipped reference data', () => {
  it('has the 107 provinces with acronym and region and every ISTAT municipality, loaded on start', async () => {
    expect(provinces).toHaveLength(107);
    expect(new Set(provinces.map((p) => p.acronym)).size).toBe(107);
    expect(municipalities.length).toBeGreaterThan(7_900);
    const [counts] = await ctx.db.database.query<{ p: number; c: number }>('SELECT (SELECT count(*)::int FROM address_provinces) AS p, (SELECT count(*)::int FROM address_cities) AS c');
    expect(counts).toEqual({ p: 107, c: municipalities.length });
  });
});

describe('GET /api/cntmng/utils/address/provinces|cities|streets', () => {
  it('answers an empty list to an empty query', async () => {
    expect(await lookup('provinces')).toEqual([]);
    expect(await lookup('provinces?p=')).toEqual([]);
    expect(await lookup('cities?p=nan&c=')).toEqual([]);
    expect(await lookup('streets?p=MI&c=Milano&s=')).toEqual([]);
  });

  it('finds provinces by name or acronym, ignoring case', async () => {
    expect(await lookup('provinces?p=MB')).toEqual([{ p: 'Monza e della Brianza', x: 'MB', r: 'Lombardia' }]);
    const found = await lookup('provinces?p=mila');
    expect(found[0]).toEqual({ p: 'Milano', x: 'MI', r: 'Lombardia' });
  });

  it("finds cities in a province, or anywhere with 'nan', ignoring accents; exact and prefix matches first", async () => {
    const roma = await lookup('cities?p=nan&c=roma');
    expect(roma[0]).toEqual({ p: 'Roma', x: 'RM', c: 'Roma' });
    expect(roma.length).toBeGreaterThan(1);
    expect(await lookup('cities?p=FC&c=forli')).toEqual([{ p: 'Forlì-Cesena', x: 'FC', c: 'Forlì' }, { p: 'Forlì-Cesena', x: 'FC', c: 'Forlimpopoli' }]);
    const inMilano = await lookup('cities?p=MI&c=san');
    expect(inMilano.length).toBeGreaterThan(3);
    expect(inMilano.filter((c: { x: string }) => c.x !== 'MI')).toEqual([]);
    expect((await lookup('cities?p=nan&c=a')).length).toBe(50);
  });

  it('finds streets of the fixtures by city and province', async () => {
    const streets = await lookup('streets?p=MB&c=monza&s=garibaldi');
    expect(streets).toEqual([{ s: 'Via Garibaldi', c: 'Monza', p: 'Monza e della Brianza', x: 'MB' }]);
    const anywhere = await lookup('streets?p=nan&c=&s=via roma');
    expect(anywhere.length).toBeGreaterThan(0);
    expect(anywhere.filter((s: { s: string }) => !s.s.toLowerCase().includes('via roma'))).toEqual([]);
  });

  it('needs a session and a contact permission', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/cntmng/utils/address/provinces?p=MI' })).statusCode).toBe(401);
    const statistic = await signedIn(ctx.app, 'statistic');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/cntmng/utils/address/provinces?p=MI', headers: { cookie: statistic } })).statusCode).toBe(403);
  });
});

describe('streets import', () => {
  it('parses s,c,p,x CSV (comma or semicolon, quoted values) and adds only new rows', async () => {
    const csv = 's;c;p;x\n"Via ""Nuova"" Centrale";Bergamo;Bergamo;bg\nViale Papa Giovanni XXIII;Bergamo;Bergamo;BG\n';
    const rows = parseStreetsCsv(csv);
    expect(rows).toEqual([{ s: 'Via "Nuova" Centrale', c: 'Bergamo', x: 'BG' }, { s: 'Viale Papa Giovanni XXIII', c: 'Bergamo', x: 'BG' }]);
    expect(await importStreets(ctx.db.database, rows)).toBe(2);
    expect(await importStreets(ctx.db.database, rows)).toBe(0);
    expect(await lookup('streets?p=BG&c=Bergamo&s=nuova')).toEqual([{ s: 'Via "Nuova" Centrale', c: 'Bergamo', p: 'Bergamo', x: 'BG' }]);
    expect(() => parseStreetsCsv('street,city\nVia A,B\n')).toThrow(/header lacks column 's'/);
    expect(() => parseStreetsCsv('s,c,p,x\nVia A,Milano,Milano,Milan\n')).toThrow(/line 2/);
  });

  it('seeding the fixture streets twice adds nothing the second time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'streets-'));
    writeFileSync(join(dir, 'extra.csv'), 's,c,p,x\nVia dei Test,Torino,Torino,TO\n');
    expect(await seedFixtureStreets(ctx.db.database, join(dir, 'extra.csv'))).toBe(1);
    expect(await seedFixtureStreets(ctx.db.database)).toBe(0);
  });
});
