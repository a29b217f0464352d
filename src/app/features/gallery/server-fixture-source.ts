import type { ApiClient } from '@api-client/api-client';
import { galleryRoutes } from '@domain/api/gallery';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import type { EnumTable } from '@renderers/memory-services';
import type { ContactRow } from '@renderers/table/contact-row';
import type { FixtureSource, GalleryFixture } from './gallery-types';

type FixtureData = { slug: string; workspace: unknown; model: unknown; contacts: unknown[]; enums: unknown };

/** The fixtures from the server (GET /api/cntmng/gallery/fixtures…): none of them ships in the bundle. */
export function serverFixtureSource(api: Pick<ApiClient, 'call'>): FixtureSource {
  const { call } = api;
  return {
    listSlugs: () => call(galleryRoutes.fixtures),
    async load(slug): Promise<GalleryFixture> {
      const data: FixtureData = await call(galleryRoutes.fixture, { params: { slug } });
      return { slug: data.slug, workspace: data.workspace as Workspace, model: data.model as DataModel, contacts: data.contacts as ContactRow[], enums: data.enums as EnumTable };
    },
  };
}
