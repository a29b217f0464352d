import type { ContactRow } from '@domain/api/contacts';

/**
 * Whether a contact can be taken (spec 2 §2.2): a suspended or not-processable contact cannot, nor a closed one, nor
 * one already assigned. The list's take icon and the contact screen's take after a refused save ask the same.
 */
export const canTakeRow = (row: Pick<ContactRow, 'suspended' | 'processable' | 'closed' | 'agentId'>): boolean =>
  !row.suspended && row.processable !== false && !row.closed && !row.agentId;
