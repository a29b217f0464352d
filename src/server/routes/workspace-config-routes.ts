import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { workspaceConfigRoutes, type ConfigDocument, type DraftBody } from '@domain/api/workspace-config';
import { requireAuth } from '../plugins/auth';
import type { RouteAccess } from '../plugins/route-access';
import { configChangeHub } from '../services/workspace-config/config-changes';
import { problemLanguage } from '@translator/problem-messages';
import { workspaceConfigService } from '../services/workspace-config/workspace-config-service';

const configAccess: { access: RouteAccess } = { access: { permission: 'workspaceconfig' } };

/** The route schemas keep documents open (`additionalProperties: true`): their types are the contract's. */
const draftOf = (body: { workspace: unknown; dataModel: unknown }): DraftBody => ({ workspace: body.workspace as ConfigDocument, dataModel: body.dataModel as ConfigDocument });

/**
 * The Workspaces tab of /workspaceconfig (issue 13, spec 1 §2): workspaces and data models as versioned documents,
 * and the push channel every signed-in browser holds open to follow published changes.
 */
export async function workspaceConfigRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const service = workspaceConfigService({ db: app.db, clock: app.clock, repo: app.repos.workspaceConfig, workspaces: app.repos.workspaces, log: app.log });
  const hub = configChangeHub(app.db, app.repos.workspaces, app.log);
  await hub.start();
  // Open streams would hold the server's close forever: they end first (browsers reconnect), then the listener.
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', async () => hub.stop());

  const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user;
  const language = (request: { headers: Record<string, string | string[] | undefined> }) => problemLanguage(request.headers['accept-language']);

  app.route({
    ...workspaceConfigRoutes.list,
    config: configAccess,
    handler: async (request) => ({ data: await service.list(user(request)) }),
  });

  app.route({
    ...workspaceConfigRoutes.create,
    config: configAccess,
    handler: async (request) => ({ data: await service.create(user(request), { ...draftOf(request.body), comment: request.body.comment }, language(request)) }),
  });

  app.route({
    ...workspaceConfigRoutes.read,
    config: configAccess,
    handler: async (request) => ({ data: await service.read(user(request), request.params.id) }),
  });

  app.route({
    ...workspaceConfigRoutes.publish,
    config: configAccess,
    handler: async (request) => {
      const { baseVersion, baseDataModelVersion, comment } = request.body;
      return { data: await service.publish(user(request), request.params.id, { ...draftOf(request.body), baseVersion, baseDataModelVersion, comment }, language(request)) };
    },
  });

  app.route({
    ...workspaceConfigRoutes.validate,
    config: configAccess,
    handler: async (request) => ({ data: service.validate(request.params.id, draftOf(request.body), language(request)) }),
  });

  app.route({
    ...workspaceConfigRoutes.impact,
    config: configAccess,
    handler: async (request) => ({ data: await service.impact(user(request), request.params.id, draftOf(request.body), language(request)) }),
  });

  app.route({
    ...workspaceConfigRoutes.versions,
    config: configAccess,
    handler: async (request) => ({ data: await service.versions(user(request), request.params.id) }),
  });

  app.route({
    ...workspaceConfigRoutes.version,
    config: configAccess,
    handler: async (request) => ({ data: await service.version(user(request), request.params.id, request.params.version) }),
  });

  app.route({
    ...workspaceConfigRoutes.diff,
    config: configAccess,
    handler: async (request) => ({ data: await service.diff(user(request), request.params.id, request.query.from, request.query.to) }),
  });

  app.route({
    ...workspaceConfigRoutes.rollback,
    config: configAccess,
    handler: async (request) => ({ data: await service.rollback(user(request), request.params.id, request.body, language(request)) }),
  });

  app.route({
    ...workspaceConfigRoutes.enabled,
    config: configAccess,
    handler: async (request) => ({ data: await service.setEnabled(user(request), request.params.id, request.body.enabled, request.body.comment) }),
  });

  app.route({
    ...workspaceConfigRoutes.export,
    config: configAccess,
    handler: async (request, reply) => {
      const file = await service.exportFile(user(request), request.params.id);
      void reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
      return file.body;
    },
  });

  app.route({
    ...workspaceConfigRoutes.audit,
    config: configAccess,
    handler: async (request) => ({ data: await service.audit(user(request), request.params.id) }),
  });

  // Server-Sent Events: the answer never ends while the browser keeps it open, so Fastify lets go of it (hijack)
  // and the hub writes to the socket. The headers set so far (helmet's) are kept.
  app.route({
    ...workspaceConfigRoutes.changes,
    config: { access: { signedIn: true } },
    handler: async (request, reply) => {
      const viewer = user(request);
      const headers = reply.getHeaders() as Record<string, string | number | string[]>;
      reply.hijack();
      hub.open(viewer, reply.raw, headers);
    },
  });
}
