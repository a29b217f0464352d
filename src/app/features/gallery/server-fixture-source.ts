import type { ApiClient } from '../../../api-client/api-client';
import { galleryRoutes } from '../../../domain/api/gallery';
import type { DataModel } from '../../../domain/generated/data-model';
import type { Workspace } from '../../../domain/generated/workspace';
import type { EnumTable } from '../../../../renderers/memory-services';
import type { ContactRow } from '../../../../renderers/table/contact-row';
import type { FixtureSource, GalleryFixture } from './gallery-types';

type FixtureData = { slug: string; workspace: unknown; model: unknown; contacts: unknown[]; enums: unknown };

/** The fixtures from the server (GET /api/cntmng/gallery/fixtures…): none of them ships in the bundle. */
export function serverFixtureSource(api: Pick<ApiClient, 'request'>): FixtureSource {
  return {
    listSlugs: () => api.request<string[]>(galleryRoutes.fixtures.method, galleryRoutes.fixtures.url),
    async load(slug): Promise<GalleryFixture> {
      const url = galleryRoutes.fixture.url.replace(':slug', encodeURIComponent(slug));
      const data = await api.request<FixtureData>(galleryRoutes.fixture.method, url);
      return { slug: data.slug, workspace: data.workspace as Workspace, model: data.model as DataModel, contacts: data.contacts as ContactRow[], enums: data.enums as EnumTable };
    },
  };
}
