import type { ContactRow } from '@domain/api/contacts';
import type { Visibility } from '../../repositories/contact-query';

/** Whether the org hierarchy lets the user see the contact (the list's visibility, for one row). */
export function sees(visibility: Visibility, contact: Pick<ContactRow, 'agentId'>): boolean {
  if (visibility.all) return true;
  if (contact.agentId === null) return visibility.includeUnassigned;
  return visibility.agentIds.includes(contact.agentId);
}

/**
 * Whether the caller may ask to take the contact: they see it, or somebody else holds a contact they would see free.
 * The second is a take lost to a colleague (often by milliseconds, the agent saw it free in the list): the take then
 * answers 409 'taken', not 403 'unseen'. The caller learns only that it is held.
 */
export function mayAskToTake(visibility: Visibility, contact: Pick<ContactRow, 'agentId'>): boolean {
  return sees(visibility, contact) || (contact.agentId !== null && sees(visibility, { agentId: null }));
}
