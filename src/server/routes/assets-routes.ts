import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { workspaceRoutes } from '@domain/api/workspace';

/** The default logos, served by the app so the fallback works offline. */
const DEFAULT_LOGOS: Record<'logo-login.svg' | 'logo-nav.svg', string> = {
  'logo-login.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="64" viewBox="0 0 300 64" role="img" aria-label="Contact Manager">
<rect width="64" height="64" rx="12" fill="#2D72D2"/><path d="M20 22h24v4H20zm0 8h24v4H20zm0 8h16v4H20z" fill="#fff"/>
<text x="76" y="40" font-family="Arial, sans-serif" font-size="22" font-weight="700" fill="#1C2127">Contact Manager</text></svg>`,
  'logo-nav.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 64 64" role="img" aria-label="Contact Manager">
<rect width="64" height="64" rx="12" fill="#2D72D2"/><path d="M20 22h24v4H20zm0 8h24v4H20zm0 8h16v4H20z" fill="#fff"/></svg>`,
};

export const DEFAULT_LOGO_URLS = {
  logoLogin: '/api/cntmng/assets/logo-login.svg',
  logoNav: '/api/cntmng/assets/logo-nav.svg',
} as const;

type BrandingDoc = { branding?: { logoLogin?: unknown; logoNav?: unknown } };
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** Branding (spec 1 §3): a workspace's logos, else the organisation's, else the default. Public: the login page needs it. */
export async function assetsRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.route({
    ...workspaceRoutes.assets,
    config: { access: { public: 'branding: the login page shows the logos before anyone signs in' } },
    handler: async (request) => {
      const { workspaceId } = request.query;
      const organisation = (await app.repos.settings.branding()) ?? {};
      const workspace = workspaceId ? ((await app.repos.workspaces.findDocument(workspaceId)) as BrandingDoc | null) : null;
      return {
        data: {
          logoLogin: text(workspace?.branding?.logoLogin) ?? text(organisation.logoLogin) ?? DEFAULT_LOGO_URLS.logoLogin,
          logoNav: text(workspace?.branding?.logoNav) ?? text(organisation.logoNav) ?? DEFAULT_LOGO_URLS.logoNav,
        },
      };
    },
  });

  app.route({
    ...workspaceRoutes.logo,
    config: { access: { public: 'branding: the login page shows the logos before anyone signs in' } },
    handler: async (request, reply) => {
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400');
      return DEFAULT_LOGOS[request.params.name];
    },
  });
}
