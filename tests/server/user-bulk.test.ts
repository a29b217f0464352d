import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { passwordRuleViolations } from '@server/auth/password';
import { FIXTURES_DIR, createTestApp, signin, type TestContext } from './support/test-app';
import { multipartFile, parseResultCsv, signedInTo } from './support/users-fixture';
import { malformedMultipartBodies } from './support/malformed-multipart';

/**
 * Bulk load and bulk check of users (spec 1 §2, §5, §7, §9), on PGlite or PostgreSQL: the file rules checked by the
 * server, every row checked with the wizard's rules, check changing nothing, load creating each good row once.
 */

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInTo(ctx, 'admin', 'u-admin', 'energia-casa');
});
afterAll(async () => {
  await ctx?.close();
});

const HEADER = 'username;role;outsourcer;sites;teams';

/** `language`: the Accept-Language the browser's API client sends (the app's language). */
async function upload(kind: 'check' | 'load', content: string | Buffer, { filename = 'users.csv', type = 'text/csv', language }: { filename?: string; type?: string; language?: string } = {}) {
  const { payload, contentType } = await multipartFile(content, filename, type);
  const url = kind === 'check' ? '/api/cntmng/user/check/massive' : '/api/cntmng/user/signup/massive';
  return ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: admin, 'content-type': contentType, ...(language ? { 'accept-language': language } : {}) } });
}
const british = { language: 'en-GB' };

const userCount = async () => (await ctx.db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0].n;

describe('the file rules', () => {
  it.each(malformedMultipartBodies())('refuses $label with 400 naming the body, and no user is added', async ({ payload, contentType }) => {
    const before = await userCount();
    for (const url of ['/api/cntmng/user/check/massive', '/api/cntmng/user/signup/massive']) {
      const response = await ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: admin, 'content-type': contentType } });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe('body');
    }
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['users.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['users.txt', 'text/plain'],
    ['users.csv', 'image/png'],
  ])("refuses %s (%s) with 'FILE NON SUPPORTATO'", async (filename, type) => {
    for (const kind of ['check', 'load'] as const) {
      const response = await upload(kind, `${HEADER}\nx;basic;;;\n`, { filename, type });
      expect(response.statusCode).toBe(415);
      expect(response.json().errors).toEqual([{ field: 'fileContent', message: 'FILE NON SUPPORTATO' }]);
    }
  });

  it("refuses a binary file named .csv with 'FILE NON SUPPORTATO'", async () => {
    const response = await upload('load', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe]));
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('FILE NON SUPPORTATO');
  });

  it("refuses a file of 5,000,000 bytes or more with 'IL FILE SUPERA LA DIMENSIONE LIMITE DI 5 MB', and takes one just under", async () => {
    const before = await userCount();
    const line = 'toolong_xxxxxxxxxxxx;basic;o-nordcall;s-milano;t-milano-inbound\n';
    const body = (size: number) => {
      const head = `${HEADER}\n`;
      const rows = line.repeat(Math.floor((size - head.length) / line.length));
      return head + rows + '#'.repeat(size - head.length - rows.length);
    };
    for (const size of [5_000_000, 6_000_000]) {
      const response = await upload('load', body(size));
      expect({ size, status: response.statusCode }).toEqual({ size, status: 413 });
      expect(response.json().errors).toEqual([{ field: 'fileContent', message: 'IL FILE SUPERA LA DIMENSIONE LIMITE DI 5 MB' }]);
    }
    const under = await upload('check', body(4_999_999));
    expect(under.statusCode).toBe(200);
    expect(await userCount()).toBe(before);
  });

  it('needs a multipart body with a fileContent part, and a header naming the columns', async () => {
    const json = await ctx.app.inject({ method: 'POST', url: '/api/cntmng/user/check/massive', payload: { fileContent: 'x' }, headers: { cookie: admin } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors[0].field).toBe('fileContent');
    const headerless = await upload('check', 'mario;basic;o-nordcall;s-milano;t-milano-inbound\n');
    expect(headerless.statusCode).toBe(400);
    expect(headerless.json().errors[0].message).toMatch(/first line of the file must name the columns username;role;outsourcer;sites;teams/);
  });

  it("words a missing header or an empty file for a person in the app's language, the field in `field` only", async () => {
    const refusal = async (content: string, language: string) => {
      const response = await upload('load', content, { language });
      expect(response.statusCode).toBe(400);
      const body = response.json() as { message: string; errors: Array<{ field?: string; message: string }> };
      expect(body.errors).toEqual([{ field: 'fileContent', message: body.message }]);
      return body.message;
    };
    const headerless = 'mario;basic;o-nordcall;s-milano;t-milano-inbound\n';
    expect(await refusal(headerless, 'it-IT')).toBe('La prima riga del file deve indicare le colonne username;role;outsourcer;sites;teams (mancano le colonne username, role)');
    expect(await refusal(headerless, 'en-US')).toBe('The first line of the file must name the columns username;role;outsourcer;sites;teams (missing columns: username, role)');
    // one column missing: said in the singular, the file's own delimiter
    expect(await refusal('username,ruolo\nmario,basic\n', 'it-IT')).toBe('La prima riga del file deve indicare le colonne username,role,outsourcer,sites,teams (manca la colonna role)');
    expect(await refusal('username,ruolo\nmario,basic\n', 'en-GB')).toBe('The first line of the file must name the columns username,role,outsourcer,sites,teams (missing column: role)');
    for (const empty of ['', '\ufeff', '\r\n\r\n']) {
      expect(await refusal(empty, 'it-IT')).toBe('Il file è vuoto: la prima riga deve indicare le colonne username;role;outsourcer;sites;teams');
      expect(await refusal(empty, 'en-US')).toBe('The file is empty: its first line must name the columns username;role;outsourcer;sites;teams');
    }
  });
});

describe('rows', () => {
  it('accepts names as well as ids, any case, several teams with |, and answers in the file\'s own delimiter', async () => {
    const file = [
      'Username,Role,Outsourcer,Sites,Teams',
      'nomi_1,BASIC,nordcall srl,Milano Centrale,Milano Inbound|milano outbound',
      'nomi_2,statistic,,,',
      'nomi_3,team-leader,NordCall Srl,Torino Lingotto,Milano Inbound',
      '',
      'nomi_4,manager,SudService SpA,,',
    ].join('\r\n');
    const response = await upload('check', file, british);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="check-\d{14}\.csv"$/);
    expect(parseResultCsv(response.body, ',')).toEqual([
      { row: 2, username: 'nomi_1', result: 'OK', message: '' },
      { row: 3, username: 'nomi_2', result: 'OK', message: '' },
      { row: 4, username: 'nomi_3', result: 'ERROR', message: "unknown team 'Milano Inbound'" },
      // the empty line is no input row, but it still counts for the row numbers
      { row: 6, username: 'nomi_4', result: 'OK', message: '' },
    ]);
  });

  it("names the load's answer signup-{timestamp}.csv and creates users who must change the password they get", async () => {
    const response = await upload('load', `${HEADER}\ncaricato_1;basic;o-nordcall;s-milano;t-milano-inbound\n`);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="signup-\d{14}\.csv"$/);
    const [row] = parseResultCsv(response.body);
    expect(row).toMatchObject({ row: 2, username: 'caricato_1', result: 'OK' });
    expect(passwordRuleViolations(row.message)).toEqual([]);
    expect((await signin(ctx.app, 'caricato_1', row.message)).json().message).toBe('User has a temporary password, password must be changed');
    // the one place a temporary password is hashed below the full cost (README, "Bulk load of users")
    const [stored] = await ctx.db.database.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE username = 'caricato_1'");
    expect(stored.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
  });

  it('the sample file of the README checks clean', async () => {
    const sample = readFileSync(join(FIXTURES_DIR, 'users-bulk-sample.csv'), 'utf8');
    const results = parseResultCsv((await upload('check', sample)).body);
    expect(results).toHaveLength(6);
    expect(results.filter((r) => r.result !== 'OK')).toEqual([]);
  });

  describe("words every reason in the caller's language: Italian by default, each English as the app spells it", () => {
    const file = [
      HEADER.replaceAll(';', '\t'),
      'bad.name\tbasic\to-nordcall\ts-milano\tt-milano-inbound',
      'mago\twizard\to-nordcall\ts-milano\tt-milano-inbound',
      'nessuno\tbasic\tNope\t\t',
      'senza_sede\tbasic\to-nordcall\t\tt-milano-inbound',
      'fuori\tbasic\to-nordcall\tNapoli Direzionale\tt-milano-inbound',
      'agent\tbasic\to-nordcall\ts-milano\tt-milano-inbound',
      'senza_sede\tbasic\to-nordcall\ts-milano\tt-milano-inbound',
    ].join('\n');
    const table: Array<[string, string, string[]]> = [
      ['it-IT', 'it-IT', [
        'il nome utente può contenere solo lettere, cifre, trattino basso e trattino',
        "ruolo 'wizard' sconosciuto",
        "outsourcer 'Nope' sconosciuto",
        "per il ruolo 'basic' serve un call center; il team 't-milano-inbound' non appartiene ai call center scelti",
        "call center 'Napoli Direzionale' sconosciuto",
        // spec 1 §8 quotes it: the same words in every language
        'user name already used',
        'nome utente già presente alla riga 5',
      ]],
      // Italian is the default of every language but English
      ['de-DE', 'de-DE,de;q=0.9', [
        'il nome utente può contenere solo lettere, cifre, trattino basso e trattino',
        "ruolo 'wizard' sconosciuto",
        "outsourcer 'Nope' sconosciuto",
        "per il ruolo 'basic' serve un call center; il team 't-milano-inbound' non appartiene ai call center scelti",
        "call center 'Napoli Direzionale' sconosciuto",
        'user name already used',
        'nome utente già presente alla riga 5',
      ]],
      ['en-GB', 'en-GB,en;q=0.8', [
        'username may contain only letters, digits, underscore and hyphen',
        "unknown role 'wizard'",
        "unknown outsourcer 'Nope'",
        "a call centre is required for role 'basic'; team 't-milano-inbound' does not belong to the chosen call centres",
        "unknown call centre 'Napoli Direzionale'",
        'user name already used',
        'username repeats row 5',
      ]],
      ['en-US', 'en-US', [
        'username may contain only letters, digits, underscore and hyphen',
        "unknown role 'wizard'",
        "unknown outsourcer 'Nope'",
        "a call center is required for role 'basic'; team 't-milano-inbound' does not belong to the chosen call centers",
        "unknown call center 'Napoli Direzionale'",
        'user name already used',
        'username repeats row 5',
      ]],
    ];
    it.each(table)('%s', async (_name, language, reasons) => {
      // a tab-separated file: its answer in tabs, so no reason needs quotes
      const rows = parseResultCsv((await upload('check', file, { language })).body, '\t');
      expect(rows.map((r) => r.result)).toEqual(reasons.map(() => 'ERROR'));
      expect(rows.map((r) => r.message)).toEqual(reasons);
    });
  });

  it('guards the answer against spreadsheet formulas', async () => {
    const response = await upload('check', `${HEADER}\n=HYPERLINK("x");basic;;;\n`);
    const line = response.body.split('\r\n')[1];
    expect(line).toMatch(/^2;"'=HYPERLINK\(""x""\)";ERROR;/);
  });
});

/**
 * A 2,000-row file mixing every kind of row: twenty of the load's batches of 100 (the 10,000-row figures are the
 * `users` bench's). Each row's expected result follows from its kind, by the rules the rows
 * break; the row number is the line in the file (the header is row 1).
 */
function mixedFile(prefix: string) {
  const lines = [HEADER];
  const expected: { row: number; username: string; result: 'OK' | 'ERROR'; message: string }[] = [];
  const good = [
    (u: string) => [`${u};basic;o-nordcall;s-milano;t-milano-inbound`],
    (u: string) => [`${u};team-leader;NordCall Srl;s-torino;Torino Retention`],
    (u: string) => [`${u};site-manager;o-sudservice;s-napoli;`],
    (u: string) => [`${u};manager;o-sudservice;;`],
    (u: string) => [`${u};statistic;;;`],
  ];
  let lastGood = '';
  for (let i = 0; i < 2_000; i += 1) {
    const row = i + 2;
    const kind = i % 10;
    const username = `${prefix}${i}`;
    if (kind < 5) {
      lines.push(...good[kind](username));
      expected.push({ row, username, result: 'OK', message: '' });
      lastGood = username;
    } else if (kind === 5) {
      lines.push(`${lastGood.toUpperCase()};basic;o-nordcall;s-milano;t-milano-inbound`);
      expected.push({ row, username: lastGood.toUpperCase(), result: 'ERROR', message: `username repeats row ${row - 1}` });
    } else if (kind === 6) {
      lines.push(`${username}.x;basic;o-nordcall;s-milano;t-milano-inbound`);
      expected.push({ row, username: `${username}.x`, result: 'ERROR', message: 'username may contain only letters, digits, underscore and hyphen' });
    } else if (kind === 7) {
      lines.push(`${username};basic;o-nordcall;s-milano;t-ghost`);
      expected.push({ row, username, result: 'ERROR', message: "unknown team 't-ghost'" });
    } else if (kind === 8) {
      lines.push(`${username};admin;;;`);
      expected.push({ row, username, result: 'ERROR', message: "role 'admin' may not be assigned by role 'admin'" });
    } else {
      // a user who exists already
      lines.push(i % 20 === 9 ? 'agent;basic;o-nordcall;s-milano;t-milano-inbound' : `Teamleader;basic;o-nordcall;s-milano;t-milano-inbound`);
      expected.push({ row, username: i % 20 === 9 ? 'agent' : 'Teamleader', result: 'ERROR', message: 'user name already used' });
    }
  }
  return { text: `${lines.join('\n')}\n`, expected };
}

describe('a 2,000-row mixed file', () => {
  const { text, expected } = mixedFile('massa');
  const good = expected.filter((e) => e.result === 'OK');

  it('check answers every row with its result and creates nobody', async () => {
    const before = await userCount();
    const response = await upload('check', text, british);
    expect(response.statusCode).toBe(200);
    expect(parseResultCsv(response.body)).toEqual(expected);
    expect(await userCount()).toBe(before);
  }, 120_000);

  it('load creates each good row once, answers a password for each, and loading again creates nobody', async () => {
    const before = await userCount();
    const first = await upload('load', text, british);
    expect(first.statusCode).toBe(200);
    const results = parseResultCsv(first.body);
    expect(results.map(({ row, username, result }) => ({ row, username, result }))).toEqual(expected.map(({ row, username, result }) => ({ row, username, result })));
    for (const [index, line] of results.entries()) {
      if (line.result === 'OK') expect(passwordRuleViolations(line.message)).toEqual([]);
      else expect(line.message).toBe(expected[index].message);
    }
    expect(await userCount()).toBe(before + good.length);
    const [placed] = await ctx.db.database.query<{ role: string; outsourcer_id: string; sites: string[]; teams: string[] }>(
      `SELECT role, outsourcer_id, array(SELECT site_id FROM user_sites WHERE user_id = u.id) AS sites, array(SELECT team_id FROM user_teams WHERE user_id = u.id) AS teams
       FROM users u WHERE username = 'massa1'`,
    );
    expect(placed).toEqual({ role: 'team-leader', outsourcer_id: 'o-nordcall', sites: ['s-torino'], teams: ['t-torino-retention'] });

    const again = await upload('load', text, british);
    const second = parseResultCsv(again.body);
    expect(second.filter((line) => line.result === 'OK')).toEqual([]);
    for (const line of good) expect(second[line.row - 2]).toEqual({ ...line, result: 'ERROR', message: 'user name already used' });
    expect(await userCount()).toBe(before + good.length);
  }, 300_000);
});
