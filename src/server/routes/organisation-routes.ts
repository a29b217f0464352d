import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { organisationRoutes, type OrganisationListResponse } from '@domain/api/organisation';
import { requireAuth } from '../plugins/auth';
import { organisationScope } from '../repositories/organisation-repository';

/**
 * Outsourcer, call-centre and team lists (spec 1 §6, §7): the translator's `orgLists` rule (admin, middle,
 * site-manager, manager by default), each answer limited to the caller's place in the organisation.
 */
export async function organisationRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const organisation = app.repos.organisation;
  const config = { access: { permission: 'orgLists' } } as const;

  app.route({
    ...organisationRoutes.outsourcers,
    config,
    handler: async (request): Promise<OrganisationListResponse> => ({ data: await organisation.outsourcers(organisationScope(requireAuth(request).user)) }),
  });

  app.route({
    ...organisationRoutes.sites,
    config,
    handler: async (request): Promise<OrganisationListResponse> => ({
      data: await organisation.sites(organisationScope(requireAuth(request).user), request.body.outsourcerId),
    }),
  });

  app.route({
    ...organisationRoutes.teams,
    config,
    handler: async (request): Promise<OrganisationListResponse> => ({
      data: await organisation.teams(organisationScope(requireAuth(request).user), request.body.siteId),
    }),
  });
}
