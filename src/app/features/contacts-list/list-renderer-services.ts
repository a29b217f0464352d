import type { EnumOption, FilterServices, RendererServices } from '@renderers/form-context';
import type { ApiClient } from '@api-client/api-client';
import type { UserListItem } from '@domain/api/auth';
import { loadFieldEnum } from '../../ui/renderer-services';

/** The narrow seam through which the list reaches the server: the contact calls, the users list and the teams list. */
export interface ContactListApi {
  contacts: ApiClient['contacts'];
  auth: Pick<ApiClient['auth'], 'users'>;
  organisation: Pick<ApiClient['organisation'], 'outsourcers' | 'sites' | 'teams'>;
}

/** What the filter form's option lists may load: the teams list only where the `orgLists` rule allows it. */
export interface ListOptionAccess { teams: boolean }

/**
 * The renderer services of the filter form over the API client: enum values per workspace, kind and field (spec 2
 * §2.2), the agents for the agent filter and the teams for the team filter (every team the user may see: the list
 * shows no outsourcer or call-centre filter to narrow them by). The filter form has no address lookups and no uploads.
 */
export const listRendererServices = (
  api: ContactListApi,
  workspaceId: string,
  storedAgents: readonly UserListItem[],
  access: ListOptionAccess = { teams: false },
): RendererServices & FilterServices => {
  let agents: Promise<EnumOption[]> | null = null;
  let teams: Promise<EnumOption[]> | null = null;
  return {
    loadEnum: (request) => loadFieldEnum(api, workspaceId, request),
    lookupAddress: async () => [],
    uploadFile: async () => {
      throw new Error('The list filters upload no files');
    },
    loadOptions(kind) {
      if (kind === 'teams') {
        // The lists load only for the roles of spec 1 §6; anyone else is never asked to (the server would answer 403).
        if (!access.teams) return Promise.resolve([]);
        teams ??= api.organisation.teams([]).then(
          (items) => items.map((team) => ({ value: team.id, label: team.name })),
          () => {
            teams = null;
            return [];
          },
        );
        return teams;
      }
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
