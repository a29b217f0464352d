import { ALL_ROUTES } from '@domain/api/all-routes';
import { organisationRoutes } from '@domain/api/organisation';

/** Every route descriptor of the contract. */
const CONTRACT = Object.values(ALL_ROUTES);
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
    const contract = CONTRACT.flatMap((routes) => Object.values(routes));
    for (const route of contract) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation).toBeDefined();
      expect(Object.keys(operation.responses)).toContainEqual(expect.stringMatching(/^2\d\d$/));
    }
    expect(doc.paths['/api/auth/signin'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(doc.paths['/api/auth/signin'].post.responses['429']).toBeDefined();
    expect(doc.paths['/api/cntmng/user/workspace/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    expect(doc.paths['/api/docs/openapi.json'].get).toBeDefined();
  });

  it('declares every part of every request: params where the path has any, the query string, and the body of a POST or PUT', () => {
    const undeclared = CONTRACT.flatMap((routes) => Object.values(routes)).flatMap((route) => {
      const schema = route.schema as Record<string, unknown>;
      const missing = [
        /:\w/.test(route.url) && !schema.params ? 'params' : '',
        schema.querystring ? '' : 'querystring',
        ['POST', 'PUT', 'PATCH'].includes(route.method) && !schema.body && !schema.consumes ? 'body' : '',
      ].filter(Boolean);
      return missing.length ? [`${route.method} ${route.url}: ${missing.join(', ')}`] : [];
    });
    expect(undeclared).toEqual([]);
  });

  it('refuses a query parameter a route does not declare, and a body on a call that carries none, naming them', async () => {
    const unknownQuery = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin?verbose=1', payload: { username: 'nobody', password: 'secret' } });
    expect(unknownQuery.statusCode).toBe(400);
    expect(unknownQuery.json().errors).toEqual([expect.objectContaining({ field: 'verbose' })]);
    const noBody = await ctx.app.inject({ method: 'POST', url: '/api/auth/signout' });
    expect(noBody.statusCode).toBe(200);
    const emptyBody = await ctx.app.inject({ method: 'POST', url: '/api/auth/signout', payload: {} });
    expect(emptyBody.statusCode).toBe(200);
    const someBody = await ctx.app.inject({ method: 'POST', url: '/api/auth/signout', payload: { all: true } });
    expect(someBody.statusCode).toBe(400);
    expect(someBody.json().errors).toEqual([expect.objectContaining({ field: 'all' })]);
  });

  it('publishes each route\'s declared access as x-access', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json();
    expect(doc.paths[openApiPath(organisationRoutes.outsourcers.url)][organisationRoutes.outsourcers.method.toLowerCase()]['x-access']).toEqual({ permission: 'orgLists' });
  });

  it('documents exactly the routes the app serves, each with a success (2xx) response schema', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>).flatMap(
      ([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    expect(operations).toHaveLength(CONTRACT.reduce((n, routes) => n + Object.keys(routes).length, 0) + 1);
    for (const { method, path, operation } of operations) {
      expect(ctx.app.hasRoute({ method: method as 'GET' | 'POST', url: path.replace(/\{(\w+)\}/g, ':$1') })).toBe(true);
      expect(Object.keys(operation.responses)).toContainEqual(expect.stringMatching(/^2\d\d$/));
    }
  });

  it('documents the parts of every upload: fileContent, and fileName where the file may come as a data URL', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json();
    const uploads = CONTRACT.flatMap((routes) => Object.values(routes)).filter((route) => ((route.schema as { consumes?: string[] }).consumes ?? []).includes('multipart/form-data'));
    expect(uploads.map((route) => route.url).sort()).toEqual([
      '/api/cntmng/contact/:id/attachment/:field/:name', '/api/cntmng/file/reload/:id', '/api/cntmng/flow/:flowId/upload', '/api/cntmng/user/check/massive', '/api/cntmng/user/signup/massive',
    ]);
    for (const route of uploads) {
      const schema = doc.paths[openApiPath(route.url)][route.method.toLowerCase()].requestBody.content['multipart/form-data'].schema;
      expect(schema.required).toEqual(['fileContent']);
      expect(schema.properties.fileContent).toMatchObject({ type: 'string', format: 'binary' });
      expect(Object.keys(schema.properties)).toEqual(route.url.includes('/flow/') || route.url.includes('/file/') ? ['fileContent', 'fileName'] : ['fileContent']);
    }
  });

  it('answers unknown API paths with the error body', async () => {
    const response = await ctx.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found', errors: [{ message: 'Route GET /api/nope not found' }] });
  });
});
