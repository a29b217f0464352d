import type { Migration } from './migration';

export const migration005SignInThrottle: Migration = {
  // Sign-in failures are counted per username and client address; a password being checked holds a row in
  // sign_in_checks so parallel guesses see each other without a correct password ever being written as a failure.
  id: '005-sign-in-throttle',
  sql: `
CREATE INDEX failed_logins_username_ip_at ON failed_logins (username, ip, attempted_at);
CREATE TABLE sign_in_checks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  ip text NOT NULL,
  started_at timestamptz NOT NULL
);
CREATE INDEX sign_in_checks_username_ip ON sign_in_checks (username, ip, started_at);
`,
};
