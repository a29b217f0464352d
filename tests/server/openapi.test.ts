import { authRoutes } from '../../src/domain/api/auth';
import { contactRoutes } from '../../src/domain/api/contacts';
import { addressRoutes, contactWorkRoutes } from '../../src/domain/api/contact-work';
import { workspaceRoutes } from '../../src/domain/api/workspace';
import { embedRoutes } from '../../src/domain/api/embed';
import { organisationRoutes } from '../../src/domain/api/organisation';
import { createTestApp, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(async () => {
  await ctx?.close();
});

/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/docs/openapi.json', () => {
  it('lists every route of the contract with its schemas', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const contract = [...Object.values(authRoutes), ...Object.values(workspaceRoutes), ...Object.values(contactRoutes), ...Object.values(contactWorkRoutes), ...Object.values(addressRoutes), ...Object.values(embedRoutes), ...Object.values(organisationRoutes)];
    for (const route of contract) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation).toBeDefined();
      expect(operation.responses['200']).toBeDefined();
    }
    expect(doc.paths['/api/auth/signin'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(doc.paths['/api/auth/signin'].post.responses['429']).toBeDefined();
    expect(doc.paths['/api/cntmng/user/workspace/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    expect(doc.paths['/api/docs/openapi.json'].get).toBeDefined();
  });

  it('documents exactly the routes the app serves, each with a 200 response schema', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>).flatMap(
      ([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    expect(operations).toHaveLength(
      Object.keys(authRoutes).length + Object.keys(workspaceRoutes).length + Object.keys(contactRoutes).length + Object.keys(contactWorkRoutes).length + Object.keys(addressRoutes).length + Object.keys(embedRoutes).length + Object.keys(organisationRoutes).length + 1,
    );
    for (const { method, path, operation } of operations) {
      expect(ctx.app.hasRoute({ method: method as 'GET' | 'POST', url: path.replace(/\{(\w+)\}/g, ':$1') })).toBe(true);
      expect(operation.responses['200']).toBeDefined();
    }
  });

  it('answers unknown API paths with the error body', async () => {
    const response = await ctx.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found', errors: [{ message: 'Route GET /api/nope not found' }] });
  });
});
