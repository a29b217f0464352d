import type { FastifyInstance } from 'fastify';

export const OPENAPI_PATH = '/api/docs/openapi.json';

/** The OpenAPI document @fastify/swagger builds from every route's schemas. */
export async function docsRoutesPlugin(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, {
    config: { access: { public: 'the API contract: clients and the role × route test read it before signing in' } },
    schema: {
      summary: 'This OpenAPI document.',
      tags: ['docs'],
      response: { 200: { type: 'object', additionalProperties: true } },
    },
    handler: async () => app.swagger(),
  });
}
