import type { enScreens } from './en-screens';

type Overrides<T> = { [K in keyof T]?: T[K] extends string ? string : Overrides<T[K]> };

/**
 * US English where it is spelt differently from the `en` texts, which are British English as the spec writes them
 * (call centre, organisation) and which en-GB reads as they are. i18next looks a key up in en-US first, then in en:
 * only the texts that differ are here, each at its key in en-screens.ts.
 */
export const enUSScreens = {
  modals: {
    newUser: {
      stepRole: 'Role and organization',
      sites: 'Call centers',
      noOutsourcers: 'No outsourcer exists: the user is created without an organization.',
    },
    workspaces: { none: 'No workspace of this user\'s team, call center or outsourcer' },
    bulk: { columns: { sites: 'call centers (ids or names, several separated by |); for site-manager, team-leader and basic' } },
  },
  settings: { columns: { siteNames: 'Call centers' } },
  orgFilter: { title: 'Organization', site: 'Call center' },
  workspaceConfig: { teams: { columns: { site: 'Call center' } } },
  reports: {
    sites: 'Call centers',
    tooManyTeams: 'Choose at most {{max}} teams, or choose their call center or outsourcer',
  },
} satisfies Overrides<typeof enScreens>;
