/** A contact as the list shows it: the fixed columns and the data-model maps (spec 2 §2.2 and §3). */
export interface ContactRow {
  id: string;
  availability?: string | null;
  state?: string | null;
  lastStateChangeAt?: string | null;
  outcome?: string | null;
  priority?: number | null;
  agentId?: string | null;
  suspended?: boolean;
  processable?: boolean;
  originalContactId?: string | null;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}
