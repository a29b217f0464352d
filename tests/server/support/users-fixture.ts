import { randomBytes } from 'node:crypto';
import type { Role } from '@domain/roles';
import { hashPassword } from '@server/auth/password';
import { BULK_TEMPORARY_PASSWORD_SCRYPT } from '@server/services/users/temporary-password';
import { DEMO_PASSWORD, sessionCookie, signin, type TestContext } from './test-app';

/** Users made for one test over the demo organisation (NordCall: Milano Inbound/Outbound, Torino Retention; SudService: Napoli Sales). */

export interface Place { outsourcerId?: string; siteIds?: readonly string[]; teamIds?: readonly string[] }

export const PLACES = {
  milanoInbound: { outsourcerId: 'o-nordcall', siteIds: ['s-milano'], teamIds: ['t-milano-inbound'] },
  torino: { outsourcerId: 'o-nordcall', siteIds: ['s-torino'], teamIds: ['t-torino-retention'] },
  napoli: { outsourcerId: 'o-sudservice', siteIds: ['s-napoli'], teamIds: ['t-napoli-sales'] },
  nordcall: { outsourcerId: 'o-nordcall' },
  milano: { outsourcerId: 'o-nordcall', siteIds: ['s-milano'] },
  none: {},
} satisfies Record<string, Place>;

let demoHash: Promise<string> | undefined;

/** Inserts a user (password: the demo one) and answers their id and username. */
export async function makeUser(ctx: TestContext, role: Role, place: Place, prefix = role.replace('-', '')): Promise<{ id: string; username: string }> {
  demoHash ??= hashPassword(DEMO_PASSWORD, BULK_TEMPORARY_PASSWORD_SCRYPT);
  const id = `u-t-${randomBytes(5).toString('hex')}`;
  const username = `${prefix}_${randomBytes(4).toString('hex')}`;
  const db = ctx.db.database;
  await db.query(
    `INSERT INTO users (id, username, password_hash, role, status, last_password_change, outsourcer_id) VALUES ($1, $2, $3, $4, '', $5, $6)`,
    [id, username, await demoHash, role, new Date(ctx.clock()), place.outsourcerId ?? null],
  );
  for (const site of place.siteIds ?? []) await db.query('INSERT INTO user_sites VALUES ($1, $2)', [id, site]);
  for (const team of place.teamIds ?? []) await db.query('INSERT INTO user_teams VALUES ($1, $2)', [id, team]);
  return { id, username };
}

/** Signs in and binds the session to `workspaceId` (agent sign-in), answering the Cookie header. */
export async function signedInTo(ctx: TestContext, username: string, userId: string, workspaceId: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await signin(ctx.app, username, password);
  if (response.statusCode !== 200) throw new Error(`signin ${username}: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookie(response);
  const bound = await ctx.app.inject({ method: 'POST', url: '/api/cntmng/agent/signin', headers: { cookie }, payload: { agentId: userId, workspaceId } });
  if (bound.statusCode !== 200) throw new Error(`agent signin ${username} → ${workspaceId}: ${bound.statusCode} ${bound.body}`);
  return cookie;
}

/** A multipart body with one part `fileContent`, as a browser's FormData sends it. */
export async function multipartFile(content: string | Buffer, filename: string, type = 'text/csv'): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('fileContent', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

/** Parses the bulk answer (one header line, then row;username;result;message). */
export function parseResultCsv(text: string, delimiter = ';'): { row: number; username: string; result: string; message: string }[] {
  const lines = text.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(['row', 'username', 'result', 'message'].join(delimiter));
  return lines.slice(1).map((line) => {
    const [row, username, result, ...message] = line.split(delimiter);
    return { row: Number(row), username, result, message: message.join(delimiter) };
  });
}
