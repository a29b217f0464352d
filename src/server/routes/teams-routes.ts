import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { teamsRoutes } from '@domain/api/teams';
import { requireAuth } from '../plugins/auth';
import { teamsService } from '../services/users/teams-service';

/** The Teams tab of /workspaceconfig and the workspaces of a team, call centre or outsourcer (spec 1 §2, §7). */
export async function teamsRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const teams = teamsService({ db: app.db, repo: app.repos.userAdmin, workspaces: app.repos.workspaces });
  const workspaceconfig = { access: { permission: 'workspaceconfig' } } as const;
  // the assign-workspaces dialog of /setting asks these too
  const either = { access: { permission: ['workspaceconfig', 'setting'] } } as const;

  app.route({
    ...teamsRoutes.teamsByWorkspace,
    config: workspaceconfig,
    handler: async (request) => ({ data: await teams.teamsByWorkspace(requireAuth(request), request.params.id) }),
  });

  for (const [route, level] of [[teamsRoutes.workspacesByTeam, 'team'], [teamsRoutes.workspacesBySite, 'site'], [teamsRoutes.workspacesByOutsourcer, 'outsourcer']] as const) {
    app.route({
      ...route,
      config: either,
      handler: async (request) => ({ data: await teams.workspacesBy(requireAuth(request), level, request.params.id, request.query.onlyEnabled ?? false) }),
    });
  }

  app.route({
    ...teamsRoutes.associate,
    config: workspaceconfig,
    handler: async (request) => ({ data: await teams.associate(requireAuth(request), request.body) }),
  });
}
