/** The roles of spec 1 §6. `middle` is the legacy name of the statistic role and is always displayed as 'statistic'. */
export const ROLES = ['admin', 'manager', 'site-manager', 'team-leader', 'basic', 'middle'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** How a role is shown to people: 'middle' shows as 'statistic' (spec 1 §1). */
export const roleDisplayName = (role: Role): string => (role === 'middle' ? 'statistic' : role);
