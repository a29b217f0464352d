import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import type { EnumTable } from '@renderers/memory-services';
import type { ContactRow } from '@renderers/table/contact-row';

/** One fixture as the gallery needs it: the pair to translate, contacts for samples and the list, remote enum values. */
export interface GalleryFixture { slug: string; workspace: Workspace; model: DataModel; contacts: ContactRow[]; enums: EnumTable }

/** Where the gallery gets fixtures: the server in the app, the file system in tests. */
export interface FixtureSource { listSlugs(): Promise<readonly string[]>; load(slug: string): Promise<GalleryFixture> }
