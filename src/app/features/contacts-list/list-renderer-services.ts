import type { EnumOption, FilterServices, RendererServices } from '../../../../renderers/form-context';
import type { ApiClient } from '../../../api-client/api-client';
import type { EnumBody } from '../../../domain/api/contacts';
import type { UserListItem } from '../../../domain/api/auth';

/** The narrow seam through which the list reaches the server: the contact calls and the users list. */
export interface ContactListApi {
  contacts: ApiClient['contacts'];
  auth: Pick<ApiClient['auth'], 'users'>;
}

const scalar = (value: unknown): string | number | boolean | null =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : value === undefined || value === null ? null : JSON.stringify(value);

/** A failed enum load gives a single empty option (spec 2 §8). */
const EMPTY_OPTION: EnumOption[] = [{ value: '', label: '' }];

/**
 * The renderer services of the filter form over the API client: enum values per workspace, kind and field (spec 2
 * §2.2), and the agents for the agent filter. The filter form has no address lookups and no uploads.
 */
export const listRendererServices = (api: ContactListApi, workspaceId: string, storedAgents: readonly UserListItem[]): RendererServices & FilterServices => {
  let agents: Promise<EnumOption[]> | null = null;
  return {
    async loadEnum(request) {
      const parents: EnumBody = Object.fromEntries(Object.entries(request.parents).map(([key, value]) => [key, scalar(value)]));
      try {
        const values = await api.contacts.enumValues(workspaceId, request.section, request.field, parents);
        return values.map(({ value, label }) => ({ value, label }));
      } catch {
        return EMPTY_OPTION;
      }
    },
    lookupAddress: async () => [],
    uploadFile: async () => {
      throw new Error('The list filters upload no files');
    },
    loadOptions(kind) {
      // No teams call exists in the contract yet: the team filter offers no options until one does.
      if (kind === 'teams') return Promise.resolve([]);
      agents ??= (storedAgents.length ? Promise.resolve([...storedAgents]) : api.auth.users()).then(
        (users) => users.map((user) => ({ value: user.id, label: user.username })),
        () => {
          agents = null;
          return [];
        },
      );
      return agents;
    },
  };
};
