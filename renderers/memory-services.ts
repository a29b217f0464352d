import type { AddressLookupPart, AddressPart, AddressSuggestion, EnumOption, FilterServices, RendererServices, StoredFile } from './form-context';

/** A remote enum value as the fixtures' enums.json stores it: the parents' values it belongs to. */
export interface EnumEntry { value: string; label: string; parents?: Record<string, string> }
export type EnumTable = Partial<Record<'inputs' | 'outputs', Record<string, EnumEntry[]>>>;
export type AddressRecord = Partial<Record<AddressPart, string>>;

export interface MemoryServicesOptions {
  enums?: EnumTable;
  addresses?: AddressRecord[];
  agents?: EnumOption[];
  teams?: EnumOption[];
  /** Milliseconds before each answer (browser tests show loading states). */
  delayMs?: number;
  /** Fields whose enum load fails. */
  failingEnums?: string[];
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Renderer services over data in memory: the gallery (the fixtures' enums.json and contacts) and the tests.
 * The app's services do the same over the API client.
 */
export function memoryServices(options: MemoryServicesOptions = {}): RendererServices & FilterServices & { calls: { enums: string[]; lookups: string[] } } {
  const calls = { enums: [] as string[], lookups: [] as string[] };
  const urls = new Map<string, string>();
  const delay = () => (options.delayMs ? wait(options.delayMs) : Promise.resolve());
  return {
    calls,
    async loadEnum(request) {
      calls.enums.push(`${request.section}.${request.field}:${JSON.stringify(request.parents)}`);
      await delay();
      if (options.failingEnums?.includes(request.field)) throw new Error(`enum ${request.field} failed`);
      const entries = options.enums?.[request.section]?.[request.field] ?? [];
      return entries
        .filter((e) => !e.parents || Object.entries(e.parents).every(([p, v]) => request.parents[p] === undefined || String(request.parents[p]) === v))
        .map(({ value, label }) => ({ value, label }));
    },
    async lookupAddress(part: AddressLookupPart, query, context): Promise<AddressSuggestion[]> {
      calls.lookups.push(`${part}:${query}`);
      await delay();
      const q = query.trim().toLowerCase();
      const seen = new Set<string>();
      const out: AddressSuggestion[] = [];
      for (const a of options.addresses ?? []) {
        const v = a[part];
        if (!v || !v.toLowerCase().includes(q)) continue;
        if (part === 'city' && context.province && a.province !== context.province) continue;
        if (part === 'street' && context.city && a.city !== context.city) continue;
        const values: AddressRecord = part === 'province' ? { province: a.province, province_acr: a.province_acr }
          : part === 'city' ? { province: a.province, province_acr: a.province_acr, city: a.city, zip: a.zip }
            : { province: a.province, province_acr: a.province_acr, city: a.city, zip: a.zip, street: a.street };
        const key = JSON.stringify(values);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ label: part === 'street' ? `${v}, ${a.city ?? ''}` : v, values });
        if (out.length >= 10) break;
      }
      return out;
    },
    async uploadFile(file: File): Promise<StoredFile> {
      await delay();
      const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : `memory:${file.name}`;
      const id = `mem-${urls.size + 1}-${file.name}`;
      urls.set(id, url);
      return { name: file.name, type: file.type, size: file.size, url, id };
    },
    fileUrl(id: string) {
      return urls.get(id) ?? '';
    },
    async loadOptions(kind) {
      await delay();
      return kind === 'agents' ? (options.agents ?? []) : (options.teams ?? []);
    },
  };
}
