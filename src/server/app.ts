import { existsSync, readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { documentMultipartBody } from './plugins/openapi-multipart';
import { UPLOAD_LIMIT_BYTES } from '@domain/constants';
import { apiErrorSchema } from '@domain/api/common';
import { systemClock, type Clock } from './clock';
import type { Database } from './db/database';
import { errorBody } from './http-error';
import { authPlugin } from './plugins/auth';
import { databasePlugin } from './plugins/database';
import { registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { declareRouteAccess } from './plugins/route-access';
import { scopedAccessResolver } from './services/contact-work/contact-access';
import { DEFAULT_EMBED_HOSTS, securityPlugin } from './plugins/security';
import { settingsRepository } from './repositories/settings-repository';
import { assetsRoutesPlugin } from './routes/assets-routes';
import { authRoutesPlugin } from './routes/auth-routes';
import { docsRoutesPlugin } from './routes/docs-routes';
import { workspaceRoutesPlugin } from './routes/workspace-routes';
import { contactRoutesPlugin } from './routes/contact-routes';
import { enumRoutesPlugin } from './routes/enum-routes';
import { exportRoutesPlugin } from './routes/export-routes';
import { kpiRoutesPlugin } from './routes/kpi-routes';
import { massiveActionRoutesPlugin } from './routes/massive-action-routes';
import { contactWorkRoutesPlugin } from './routes/contact-work-routes';
import { contactWorkActionRoutesPlugin } from './routes/contact-work-action-routes';
import { attachmentRoutesPlugin } from './routes/attachment-routes';
import { addressRoutesPlugin } from './routes/address-routes';
import { EMBED_HOST_PATH, PUBLIC_DIR, embedRoutesPlugin } from './routes/embed-routes';
import { dispositionRoutesPlugin } from './routes/disposition-routes';
import { organisationRoutesPlugin } from './routes/organisation-routes';
import { galleryRoutesPlugin } from './routes/gallery-routes';
import { userRoutesPlugin } from './routes/user-routes';
import { profilingRoutesPlugin } from './routes/profiling-routes';
import { teamsRoutesPlugin } from './routes/teams-routes';
import { eventsRoutesPlugin } from './routes/events-routes';
import { smsRoutesPlugin } from './routes/sms-routes';
import { smsDeliveryPlugin, type SmsDeliveryOptions } from './services/sms/sms-delivery-plugin';
import { dashboardRoutesPlugin } from './routes/dashboard-routes';
import { reportRoutesPlugin } from './routes/report-routes';
import { flowsPlugin, type FlowsOptions } from './services/flows/flows-plugin';
import { flowRoutesPlugin } from './routes/flow-routes';
import { fileRoutesPlugin } from './routes/file-routes';
import { workspaceConfigRoutesPlugin } from './routes/workspace-config-routes';

export interface BuildOptions {
  /** A migrated database (see db/open-database.ts). */
  database: Database;
  /** Epoch-ms clock; tests inject one to move time. */
  clock?: Clock;
  /** Token-signing secret; default: JWT_SECRET, else one generated once and kept in the database. */
  jwtSecret?: string;
  /** Folder of the built SPA (dist/web); served with an index.html fallback for client routes when it exists. */
  webRoot?: string;
  /** Close the database when the app closes (main does; tests that share a database do not). */
  closeDatabase?: boolean;
  /** Mark the cookie Secure even on plain HTTP requests (it always is on HTTPS ones). */
  secureCookie?: boolean;
  /** The origin browsers reach the app at (`https://contacts.example.com`), when a proxy hides it. */
  publicOrigin?: string;
  /** Trust X-Forwarded-* from these proxies (Fastify's trustProxy: true, a hop count, or addresses). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** The fixtures folder the demo is seeded from; QA's gallery reads its workspaces (none: the gallery is empty). */
  fixturesDir?: string;
  /** Telephony hosts that may frame the embedded entry and send it requests; default: pages on this machine. */
  embedHosts?: readonly string[];
  logger?: FastifyServerOptions['logger'];
  /** SMS delivery: the gateway adapter and the dispatcher's settings (main builds them from SMS_GATEWAY_*); none: SMS stay queued. */
  sms?: SmsDeliveryOptions;
  /** File flows: their folders (main: DATA_DIR/flows; default a temporary folder) and whether the inbound folders are watched. */
  flows?: FlowsOptions;
}

/** The part of @fastify/ajv-compiler's pool this file uses (its own union types cover JTD serializers too). */
type RouteValidatorCompiler = (route: { method: string; url: string; httpPart?: string; schema?: unknown }) => unknown;
type ValidatorPool = (externalSchemas: unknown, options: { customOptions?: Record<string, unknown> }) => RouteValidatorCompiler;
const coercingCompilers = AjvCompiler() as unknown as ValidatorPool;
const strictCompilers = AjvCompiler() as unknown as ValidatorPool;

/**
 * Query strings, params and headers arrive as text, so their values are coerced to the schema's types; a JSON body
 * is taken as sent, so `{"username": 5}` is a 400 naming the field rather than the string "5".
 */
const buildStrictBodyValidator: ValidatorPool = (externalSchemas, ajvOptions) => {
  const coercing = coercingCompilers(externalSchemas, ajvOptions);
  const strict = strictCompilers(externalSchemas, { ...ajvOptions, customOptions: { ...ajvOptions.customOptions, coerceTypes: false } });
  return (route) => (route.httpPart === 'body' ? strict : coercing)(route);
};

export async function build(options: BuildOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    ajv: {
      // @fastify/ajv-compiler adds ajv-formats itself.
      customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: false, useDefaults: true },
    },
    schemaController: { compilersFactory: { buildValidator: buildStrictBodyValidator as unknown as ValidatorFactory } },
  });

  // External plugins.
  const secret = options.jwtSecret ?? process.env.JWT_SECRET ?? (await settingsRepository(options.database).jwtSecret());
  const hostPageFile = resolve(PUBLIC_DIR, 'embed-host.html');
  await app.register(securityPlugin, {
    embedHosts: options.embedHosts ?? DEFAULT_EMBED_HOSTS,
    publicOrigin: options.publicOrigin,
    hostPage: existsSync(hostPageFile) ? { path: EMBED_HOST_PATH, html: readFileSync(hostPageFile, 'utf8') } : undefined,
  });
  await app.register(cookie);
  await app.register(jwt, { secret, cookie: { cookieName: 'jwt', signed: false } });
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Contact Manager API',
        version: '0.1.0',
        description:
          'Every call of the contact manager. Successful answers are { data }; failures carry the ApiError body, its messages in the ' +
          "caller's Accept-Language: Italian, or English for en, en-US, en-GB and for a call that sends none. The texts the spec quotes " +
          "('Password has expired', 'LOGIN FAILED', 'FILE NON SUPPORTATO'…) read the same in every language.",
      },
      components: { securitySchemes: { jwtCookie: { type: 'apiKey', in: 'cookie', name: 'jwt' } } },
    },
    transform: documentMultipartBody,
  });
  app.addSchema(apiErrorSchema);

  // App plugins: database and repositories, then the session.
  await app.register(databasePlugin, { database: options.database, clock, closeDatabase: options.closeDatabase ?? false });
  await app.register(authPlugin, { secureCookie: options.secureCookie ?? false });
  registerErrorHandler(app);
  registerInputGuard(app);
  declareRouteAccess(app, scopedAccessResolver(app), { refuseUndeclared: true });
  await app.register(smsDeliveryPlugin, { options: options.sms ?? {} });
  await app.register(flowsPlugin, { options: options.flows ?? {} });

  // Routes.
  await app.register(authRoutesPlugin);
  await app.register(organisationRoutesPlugin);
  await app.register(userRoutesPlugin);
  await app.register(profilingRoutesPlugin);
  await app.register(teamsRoutesPlugin);
  await app.register(workspaceRoutesPlugin);
  await app.register(contactRoutesPlugin);
  await app.register(kpiRoutesPlugin);
  await app.register(enumRoutesPlugin);
  await app.register(massiveActionRoutesPlugin);
  await app.register(exportRoutesPlugin);
  await app.register(contactWorkRoutesPlugin);
  await app.register(contactWorkActionRoutesPlugin);
  await app.register(attachmentRoutesPlugin);
  await app.register(addressRoutesPlugin);
  await app.register(embedRoutesPlugin);
  await app.register(dispositionRoutesPlugin);
  await app.register(assetsRoutesPlugin);
  await app.register(galleryRoutesPlugin, { fixturesDir: options.fixturesDir });
  await app.register(eventsRoutesPlugin);
  await app.register(smsRoutesPlugin);
  await app.register(dashboardRoutesPlugin);
  await app.register(reportRoutesPlugin);
  await app.register(flowRoutesPlugin);
  await app.register(fileRoutesPlugin);
  await app.register(workspaceConfigRoutesPlugin);
  await app.register(docsRoutesPlugin);

  const webRoot = options.webRoot ? resolve(options.webRoot) : undefined;
  const hasWeb = webRoot !== undefined && existsSync(resolve(webRoot, 'index.html'));
  // Vite names every file under assets/ by its content hash: the browser may keep those for good and skip the
  // revalidation round trip on each load. index.html and the other files keep the default (revalidated) caching.
  const assetsDir = webRoot ? `${resolve(webRoot, 'assets')}${sep}` : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        if (resolve(path).startsWith(assetsDir)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(errorBody(404, `Route ${request.method} ${path} not found`));
    }
    // Client routes (/contacts/list, /login, ...) are the SPA's: answer with its index.html.
    return reply.type('text/html').sendFile('index.html');
  });

  return app;
}
