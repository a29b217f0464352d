import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { userAdminRoutes } from '@domain/api/users';
import { requireAuth } from '../plugins/auth';
import { userAdminService } from '../services/users/user-admin-service';

/**
 * Per-workspace and per-report rights (spec 1 §2, §4, §6, §7): the profiling call and the allowed-users lists. A
 * forbidden workspace takes effect at once: every workspace and contact route asks workspace-repository's canOpen.
 */
export async function profilingRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const users = userAdminService({ db: app.db, repo: app.repos.userAdmin, workspaces: app.repos.workspaces, clock: app.clock });
  const config = { access: { permission: ['setting', 'workspaceconfig'] } } as const;

  app.route({
    ...userAdminRoutes.profiling,
    config,
    handler: async (request) => ({ data: await users.profiling(requireAuth(request), request.body) }),
  });

  app.route({
    ...userAdminRoutes.workspaceAllowedUsers,
    config,
    handler: async (request) => ({ data: await users.workspaceAllowedUsers(requireAuth(request), request.params.id) }),
  });

  app.route({
    ...userAdminRoutes.reportAllowedUsers,
    config,
    handler: async (request) => ({ data: await users.reportAllowedUsers(requireAuth(request), request.params.id, request.query.workspaceId) }),
  });
}
