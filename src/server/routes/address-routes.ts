import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { addressRoutes, type CityItem, type ProvinceItem, type StreetItem } from '@domain/api/contact-work';
import { loadAddressReference } from '../repositories/address-repository';

/**
 * Address lookups of the address block (spec 2 §2.6, §7). They serve the show, edit and create forms, so they need
 * one of those permissions in the session's workspace. The shipped provinces and municipalities are loaded into the
 * database on start when missing, so every instance and driver answers the same.
 */
export async function addressRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const addresses = app.repos.addresses;
  app.addHook('onReady', async () => {
    await loadAddressReference(app.db);
  });

  app.route({
    ...addressRoutes.provinces,
    config: { access: { permission: ['show', 'edit', 'insert'] } },
    handler: async (request): Promise<{ data: ProvinceItem[] }> => ({ data: await addresses.provinces(request.query.p ?? '') }),
  });

  app.route({
    ...addressRoutes.cities,
    config: { access: { permission: ['show', 'edit', 'insert'] } },
    handler: async (request): Promise<{ data: CityItem[] }> => ({ data: await addresses.cities(request.query.p ?? 'nan', request.query.c ?? '') }),
  });

  app.route({
    ...addressRoutes.streets,
    config: { access: { permission: ['show', 'edit', 'insert'] } },
    handler: async (request): Promise<{ data: StreetItem[] }> => ({ data: await addresses.streets(request.query.p ?? 'nan', request.query.c ?? '', request.query.s ?? '') }),
  });
}
