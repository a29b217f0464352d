import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { flowRoutes, type Flow, type FlowImport } from '@domain/api/flows';
import { requireAuth } from '../plugins/auth';

/**
 * The flow calls of /flowsmanagement (spec 3 §2, §4, §7; issue 16): the flow list with its status, enable/disable,
 * upload, and an import's progress. Permission `flowsmanagement`; each answer is limited to the flows of workspaces
 * where the user may manage flows.
 */
export async function flowRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const config = { access: { permission: 'flowsmanagement' } } as const;

  app.route({
    ...flowRoutes.status,
    config,
    handler: async (request): Promise<{ data: Flow[] }> => ({ data: await app.flows.list(requireAuth(request)) }),
  });

  app.route({
    ...flowRoutes.toggle,
    config,
    handler: async (request): Promise<{ data: Flow }> => ({ data: await app.flows.toggle(requireAuth(request), request.params.b, request.params.a === 'enable') }),
  });

  app.route({
    ...flowRoutes.upload,
    config,
    handler: async (request): Promise<{ data: FlowImport }> => ({ data: await app.flows.upload(requireAuth(request), request, request.params.flowId) }),
  });

  app.route({
    ...flowRoutes.importProgress,
    config,
    handler: async (request): Promise<{ data: FlowImport }> => ({ data: await app.flows.importFor(requireAuth(request), request.params.importId) }),
  });
}
