import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { GALLERY_SAMPLE_CONTACTS, galleryRoutes } from '@domain/api/gallery';
import { notFound } from '../http-error';
import { say } from '../server-messages';

type JsonObject = Record<string, unknown>;

async function readJson(file: string): Promise<unknown> {
  return existsSync(file) ? JSON.parse(await readFile(file, 'utf8')) : undefined;
}

/** The fixture workspaces for QA's gallery, read from the fixtures folder the server seeds from (none: 404). */
export async function galleryRoutesPlugin(fastify: FastifyInstance, { fixturesDir }: { fixturesDir?: string }): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const workspacesDir = fixturesDir ? join(fixturesDir, 'workspaces') : undefined;
  const config = { access: { permission: 'gallery' } } as const;

  const slugs = async (): Promise<string[]> => {
    if (!workspacesDir || !existsSync(workspacesDir)) return [];
    const entries = await readdir(workspacesDir, { withFileTypes: true });
    return entries.filter((e) => e.isDirectory() && existsSync(join(workspacesDir, e.name, 'workspace.json'))).map((e) => e.name).sort();
  };

  app.route({
    ...galleryRoutes.fixtures,
    config,
    handler: async () => ({ data: await slugs() }),
  });

  app.route({
    ...galleryRoutes.fixture,
    config,
    handler: async (request) => {
      const { slug } = request.params;
      if (!workspacesDir || !(await slugs()).includes(slug)) throw notFound(say('fixtureNotFound', { slug }));
      const dir = join(workspacesDir, slug);
      const [workspace, model, contacts, enums] = await Promise.all(['workspace', 'data-model', 'contacts', 'enums'].map((name) => readJson(join(dir, `${name}.json`))));
      if (!workspace || !model) throw notFound(say('fixtureIncomplete', { slug }));
      const sample = Array.isArray(contacts) ? (contacts as JsonObject[]).slice(0, GALLERY_SAMPLE_CONTACTS) : [];
      return { data: { slug, workspace: workspace as JsonObject, model: model as JsonObject, contacts: sample, enums: (enums ?? {}) as JsonObject } };
    },
  });
}
