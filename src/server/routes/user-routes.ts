import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { BULK_MESSAGES, userAdminRoutes } from '@domain/api/users';
import { UPLOAD_LIMIT_BYTES } from '@domain/constants';
import { HttpError } from '../http-error';
import { say, type Text } from '../server-messages';
import { requireAuth } from '../plugins/auth';
import { BulkFileError, bulkResultLines, readHeader, type BulkMode } from '../services/users/bulk-users';
import { userTextLanguage } from '../services/users/user-problem-texts';
import { personOf, userAdminService } from '../services/users/user-admin-service';

/** What browsers send as the type of a .csv file (Excel on Windows says vnd.ms-excel; some send nothing). */
const CSV_TYPES = new Set(['text/csv', 'text/plain', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'application/octet-stream', '']);

const fileProblem = (status: 400 | 413 | 415, message: Text) => new HttpError(status, message, [{ field: 'fileContent', message }]);

/**
 * Reads the uploaded bulk file (multipart part fileContent): a .csv of text under 5,000,000 bytes (spec 1 §5, §9),
 * else 415 'FILE NON SUPPORTATO' or 413 'IL FILE SUPERA LA DIMENSIONE LIMITE DI 5 MB'. The file is at most 5 MB, so it
 * is held as text while its rows stream through the parser one by one.
 */
async function readBulkFile(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw fileProblem(400, say('sendMultipart'));
  const part = await request.file({ limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1 } });
  if (!part || part.fieldname !== 'fileContent') throw fileProblem(400, say('fileContentRequired'));
  if (!/\.csv$/i.test(part.filename) || !CSV_TYPES.has(part.mimetype.split(';')[0].trim().toLowerCase())) {
    part.file.resume();
    throw fileProblem(415, BULK_MESSAGES.notSupported);
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileProblem(413, BULK_MESSAGES.tooLarge);
    throw error;
  }
  if (bytes.length >= UPLOAD_LIMIT_BYTES) throw fileProblem(413, BULK_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fileProblem(415, BULK_MESSAGES.notSupported);
  }
  // A spreadsheet or another binary renamed .csv: text files hold no NUL.
  if (text.includes('\u0000')) throw fileProblem(415, BULK_MESSAGES.notSupported);
  return text;
}

/** The user table, the create-user wizard's calls, reset/unlock, lock, and the bulk files (spec 1 §2, §4–§7). */
export async function userRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const users = userAdminService({ db: app.db, repo: app.repos.userAdmin, workspaces: app.repos.workspaces, clock: app.clock });
  const setting = { access: { permission: 'setting' } } as const;

  app.route({
    ...userAdminRoutes.search,
    // the Reports tab of /workspaceconfig lists users too
    config: { access: { permission: ['setting', 'workspaceconfig'] } },
    handler: async (request) => users.search(requireAuth(request), request.body ?? {}),
  });

  app.route({
    ...userAdminRoutes.availability,
    config: setting,
    handler: async (request) => ({ data: await users.availability(request.query.username) }),
  });

  app.route({
    ...userAdminRoutes.signup,
    config: setting,
    handler: async (request) => ({ data: await users.signup(requireAuth(request), request.body) }),
  });

  app.route({
    ...userAdminRoutes.reset,
    config: setting,
    handler: async (request) => ({ data: await users.reset(requireAuth(request), request.body) }),
  });

  app.route({
    ...userAdminRoutes.disable,
    config: setting,
    handler: async (request) => ({ data: await users.disable(requireAuth(request), request.body.userIds) }),
  });

  const bulk = (mode: BulkMode) => async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const auth = requireAuth(request);
    const text = await readBulkFile(request);
    let header;
    try {
      header = readHeader(text);
    } catch (error) {
      if (error instanceof BulkFileError) throw fileProblem(400, error.said);
      throw error;
    }
    const lines = bulkResultLines(text, header, {
      mode,
      actor: personOf(auth.user),
      org: await users.orgSnapshot(),
      groupId: auth.session.groupId,
      db: app.db,
      repo: app.repos.userAdmin,
      clock: app.clock,
      language: userTextLanguage(request.headers['accept-language']),
    });
    const stamp = new Date(app.clock()).toISOString().replace(/\D/g, '').slice(0, 14);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${mode === 'load' ? 'signup' : 'check'}-${stamp}.csv"`)
      .header('cache-control', 'no-store');
    // The stream is the body, produced as rows are done; the string response schema only documents it.
    return reply.send(Readable.from(lines, { objectMode: false }) as unknown as string);
  };

  app.route({ ...userAdminRoutes.bulkLoad, config: { access: { permission: 'bulkLoad' } }, handler: bulk('load') });
  app.route({ ...userAdminRoutes.bulkCheck, config: { access: { permission: 'bulkCheck' } }, handler: bulk('check') });
}
