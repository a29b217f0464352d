/** The roles of spec 1 §6. `middle` is the legacy name of the statistic role and is always displayed as 'statistic'. */
export const ROLES = ['admin', 'manager', 'site-manager', 'team-leader', 'basic', 'middle'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** How a role is shown to people: 'middle' shows as 'statistic' (spec 1 §1). */
export const roleDisplayName = (role: Role): string => (role === 'middle' ? 'statistic' : role);

/**
 * How the user tables and the create-user wizard name each role (spec 1 §6: manager is the Outsourcer Manager,
 * site-manager the Call Center Manager, middle shows as statistic), the same in every language; the table's text
 * filter finds a user by the name shown.
 */
export const ROLE_TABLE_NAMES: Readonly<Record<Role, string>> = {
  admin: 'admin',
  manager: 'Outsourcer Manager',
  'site-manager': 'Call Center Manager',
  'team-leader': 'team-leader',
  basic: 'basic',
  middle: 'statistic',
};
