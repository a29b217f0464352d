/** Generated from schemas/contact.schema.json by scripts/generate-types.ts. Do not edit: change the schema and regenerate. */

/**
 * toProcess 'Da Lavorare', waiting 'In Attesa', processing 'In Lavorazione', closed 'Chiuso'.
 *
 * This interface was referenced by `Contact`'s JSON-Schema
 * via the `definition` "availability".
 */
export type Availability = 'toProcess' | 'waiting' | 'processing' | 'closed';

/**
 * A contact (lead) of spec 2 §3. inputs and outputs are checked against the translated data-model schema, not here.
 */
export interface Contact {
  id: string;
  workspaceId?: string;
  state: string;
  outcome?: string | null;
  notes?: string | null;
  closed: boolean;
  processable: boolean;
  suspended: boolean;
  availability: Availability;
  agentId: string | null;
  originalContactId?: string | null;
  priority: number;
  createdAt?: string;
  lastStateChangeAt?: string | null;
  version?: number;
  inputs: ContactValues;
  outputs: ContactValues;
}
/**
 * This interface was referenced by `Contact`'s JSON-Schema
 * via the `definition` "valueMap".
 */
export interface ContactValues {
  [k: string]: unknown;
}
