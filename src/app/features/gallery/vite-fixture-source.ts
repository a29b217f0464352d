import type { DataModel } from '../../../domain/generated/data-model';
import type { Workspace } from '../../../domain/generated/workspace';
import type { EnumTable } from '../../../../renderers/memory-services';
import type { ContactRow } from '../../../../renderers/table/contact-row';
import type { FixtureSource, GalleryFixture } from './gallery-types';

// Each fixture file is its own lazy chunk: the gallery downloads only the fixture on screen.
const files = import.meta.glob<{ default: unknown }>('../../../../fixtures/workspaces/*/{workspace,data-model,contacts,enums}.json');

const slugOf = (path: string) => /workspaces\/([^/]+)\//.exec(path)?.[1] ?? '';
const fileOf = (slug: string, name: string) => files[`../../../../fixtures/workspaces/${slug}/${name}.json`];

export const viteFixtureSource: FixtureSource = {
  slugs: [...new Set(Object.keys(files).map(slugOf))].filter(Boolean).sort(),
  async load(slug): Promise<GalleryFixture> {
    const read = async (name: string): Promise<unknown> => {
      const loader = fileOf(slug, name);
      return loader ? (await loader()).default : undefined;
    };
    const [workspace, model, contacts, enums] = await Promise.all([read('workspace'), read('data-model'), read('contacts'), read('enums')]);
    if (!workspace || !model) throw new Error(`fixture ${slug}: workspace.json or data-model.json missing`);
    return { slug, workspace: workspace as Workspace, model: model as DataModel, contacts: (contacts ?? []) as ContactRow[], enums: (enums ?? {}) as EnumTable };
  },
};
