import type { ContactRow } from '../../../domain/api/contacts';
import type { Visibility } from '../../repositories/contact-query';

/** Whether the org hierarchy lets the user see the contact (the list's visibility, for one row). */
export function sees(visibility: Visibility, contact: Pick<ContactRow, 'agentId'>): boolean {
  if (visibility.all) return true;
  if (contact.agentId === null) return visibility.includeUnassigned;
  return visibility.agentIds.includes(contact.agentId);
}
