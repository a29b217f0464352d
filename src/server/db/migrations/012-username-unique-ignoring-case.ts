import type { Migration } from './migration';

/**
 * Usernames are unique ignoring case (spec 1 §5), and the database now holds it: 008's plain index on lower(username)
 * let two concurrent creates of "Foo" and "foo" both pass the service's check and both insert. The unique index makes
 * the second insert a conflict (the create's ON CONFLICT DO NOTHING answers it as 'user name already used').
 */
export const migration012UsernameUniqueIgnoringCase: Migration = {
  id: '012-username-unique-ignoring-case',
  sql: `
DROP INDEX IF EXISTS users_username_lower;
CREATE UNIQUE INDEX users_username_lower_unique ON users (lower(username));
`,
};
