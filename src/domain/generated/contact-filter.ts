/** Generated from schemas/contact-filter.schema.json by scripts/generate-types.ts. Do not edit: change the schema and regenerate. */

/**
 * The filter object sent with the contact list request (spec 2 §2.2).
 */
export interface ContactFilter {
  page?: number;
  length?: number;
  order?: 'asc' | 'desc';
  sort?: string;
  assignedAgents?: string[];
  states?: string[];
  outcomes?: string[];
  notProcessable?: boolean;
  closed?: boolean;
  includeSuspended?: boolean;
  /**
   * Only suspended contacts; forces includeSuspended on (spec 2 §2.2), whatever includeSuspended says.
   */
  onlySuspended?: boolean;
  priority?: number;
  createdFrom?: string;
  createdTo?: string;
  teamIds?: string[];
  /**
   * Contacts assigned to agents of these outsourcers (spec 2 §6, orgFilter).
   */
  outsourcerIds?: string[];
  /**
   * Contacts assigned to agents of these call centres (spec 2 §6, orgFilter).
   */
  siteIds?: string[];
  contactIds?: string[];
  dataModelFilters?: {
    inputs?: {
      [k: string]: unknown;
    };
    outputs?: {
      [k: string]: unknown;
    };
  };
  enumFilters?: {
    inputs?: {
      [k: string]: string[];
    };
    outputs?: {
      [k: string]: string[];
    };
  };
  /**
   * Applies the workspace's customFilterConfig filter.
   */
  customFilter?: boolean;
}
