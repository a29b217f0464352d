import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { fileRoutes, type FileSearchRow, type FlowImport, type ReferenceRow, type RejectedFile, type RejectedFileContent } from '@domain/api/flows';
import { conflict, notFound } from '../http-error';
import { say } from '../server-messages';
import { requireAuth } from '../plugins/auth';

/**
 * The file calls of /flowsmanagement (spec 3 §2, §5, §7; issue 16): search by references and by file name, and the
 * rejected files of a flow (list, download, reload of a corrected file). Permission `flowsmanagement`, limited to
 * the flows of workspaces where the user may manage flows.
 */
export async function fileRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const flows = app.repos.flows;
  const config = { access: { permission: 'flowsmanagement' } } as const;

  app.route({
    ...fileRoutes.searchByRefs,
    config,
    handler: async (request): Promise<{ data: ReferenceRow[] }> => ({ data: await app.flows.searchReferences(requireAuth(request), request.body) }),
  });

  app.route({
    ...fileRoutes.search,
    config,
    handler: async (request): Promise<{ data: FileSearchRow[] }> => {
      const visible = await app.flows.visibleFlows(requireAuth(request));
      return { data: await flows.searchFiles(visible.map((f) => f.id), request.body.name) };
    },
  });

  app.route({
    ...fileRoutes.discardList,
    config,
    handler: async (request): Promise<{ data: RejectedFile[] }> => {
      const flow = await app.flows.flowFor(requireAuth(request), request.params.id);
      return { data: await flows.rejectedFiles(flow.id) };
    },
  });

  app.route({
    ...fileRoutes.discardDownload,
    config,
    handler: async (request): Promise<{ data: RejectedFileContent }> => ({ data: await app.flows.rejectedFileContent(requireAuth(request), request.params.id, request.query.language) }),
  });

  app.route({
    ...fileRoutes.reload,
    config,
    handler: async (request): Promise<{ data: FlowImport }> => {
      const auth = requireAuth(request);
      const file = await flows.findRejectedFile(request.params.id);
      if (!file) throw notFound(say('rejectedFileNotFound', { id: request.params.id }));
      await app.flows.flowFor(auth, file.flowId);
      if (file.handled) throw conflict(say('rejectedFileHandled', { id: file.id }));
      return { data: await app.flows.upload(auth, request, file.flowId, file.id) };
    },
  });
}
