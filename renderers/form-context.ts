import type { AddressPart } from '@domain/address';

/** Part of the services' contract: apps implementing RendererServices name it from here. */
export type { AddressPart };

/** Locales the renderers speak (spec: it-IT default, en-US, en-GB). */
export type RendererLocale = 'it-IT' | 'en-US' | 'en-GB';

export interface EnumOption { value: string; label: string }

/** What the remote enum loader receives: the translator's enumSource plus the parents' current values. */
export interface EnumRequest {
  section: 'inputs' | 'outputs';
  field: string;
  url: string | null;
  remoteValues: boolean;
  parents: Record<string, unknown>;
}

/** Parts that have a lookup: provinces, cities and streets (spec 2 §2.6). */
export type AddressLookupPart = 'province' | 'city' | 'street';
export interface AddressSuggestion { label: string; values: Partial<Record<AddressPart, string>> }

/** An uploaded file: `id` is the attachment's identifier where the store has one, `url` where it can be viewed. */
export interface StoredFile { name: string; type: string; size: number; url: string; id?: string }

/**
 * Services the renderers reach the outside world through. The app implements them with the API client;
 * tests and the gallery implement them over fixtures.
 */
export interface RendererServices {
  loadEnum(request: EnumRequest): Promise<EnumOption[]>;
  lookupAddress(part: AddressLookupPart, query: string, context: Partial<Record<AddressPart, string>>): Promise<AddressSuggestion[]>;
  uploadFile(file: File, field: string): Promise<StoredFile>;
  /** Where a stored attachment can be viewed, from its identifier (items keep the id, not the URL). */
  fileUrl?(id: string): string;
}

/** rjsf `formContext` of the Blueprint theme. */
export interface RendererFormContext {
  services: RendererServices;
  locale: RendererLocale;
  /** Reads a sibling field's value (parents of dependent enums); set by the form that hosts the widgets. */
  getValue?: (field: string) => unknown;
  /** Sets several fields at once (the address block); set by the form that hosts the fields. */
  setValues?: (values: Record<string, unknown>) => void;
}

/** Option lists the filter form needs besides enums (agents and teams); optional because forms do not use them. */
export interface FilterServices {
  loadOptions(kind: 'agents' | 'teams'): Promise<EnumOption[]>;
}
