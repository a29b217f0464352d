import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { memoryServices, type AddressRecord, type EnumTable } from '@renderers/memory-services';
import { ADDRESS_PARTS } from '@domain/address';

export const SLUGS = ['energia-casa', 'sinistri-auto', 'sms-promo', 'minimo', 'campagna-grande'] as const;
export type Slug = (typeof SLUGS)[number];

export interface FixtureContact { id: string; agentId: string | null; availability: string; suspended: boolean; originalContactId: string | null; lastStateChangeAt: string; inputs: Record<string, unknown>; outputs: Record<string, unknown>; [key: string]: unknown }
export interface Fixture { slug: Slug; workspace: Workspace; model: DataModel; contacts: FixtureContact[]; enums: EnumTable }

const dir = (slug: string) => join(__dirname, '..', '..', 'fixtures', 'workspaces', slug);
const read = <T>(slug: string, file: string): T => JSON.parse(readFileSync(join(dir(slug), file), 'utf8')) as T;
const cache = new Map<string, Fixture>();

export function fixture(slug: Slug): Fixture {
  let f = cache.get(slug);
  if (!f) {
    f = { slug, workspace: read<Workspace>(slug, 'workspace.json'), model: read<DataModel>(slug, 'data-model.json'), contacts: read<FixtureContact[]>(slug, 'contacts.json'), enums: read<EnumTable>(slug, 'enums.json') };
    cache.set(slug, f);
  }
  return f;
}

/** The contact with the most filled values in a section: the best sample to check values against. */
export function richestContact(f: Fixture, section: 'inputs' | 'outputs'): FixtureContact {
  return [...f.contacts].sort((a, b) => Object.keys(b[section] ?? {}).length - Object.keys(a[section] ?? {}).length)[0];
}

/** Addresses for lookups, taken from the fixture's contacts through its address config. */
export function addressesOf(f: Fixture): AddressRecord[] {
  const cfg = f.workspace.inputAddressConfig;
  if (!cfg) return [];
  return f.contacts.map((c) => Object.fromEntries(ADDRESS_PARTS.flatMap((p) => (cfg[p] && c.inputs[cfg[p] as string] !== undefined ? [[p, String(c.inputs[cfg[p] as string])]] : [])))) as AddressRecord[];
}

export const servicesFor = (f: Fixture) => memoryServices({ enums: f.enums, addresses: addressesOf(f) });
