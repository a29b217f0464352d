/**
 * Every error response of the API has this body: `errors` lists one entry per problem, each naming the field it
 * concerns where there is one (a JSON pointer or field name). The browser shows one toast per entry (spec 1 §8).
 */
export interface ApiErrorItem { message: string; field?: string }
export interface ApiErrorBody { statusCode: number; error: string; message: string; errors: ApiErrorItem[] }

/** Messages the spec quotes; the server sends them as they are and the browser reacts to them (spec 1 §8). */
export const AUTH_MESSAGES = {
  passwordExpired: 'Password has expired',
  temporaryPassword: 'User has a temporary password, password must be changed',
  loginFailed: 'LOGIN FAILED',
  unauthorized: 'Unauthorized',
  /** A 401 whose session ended by idleness (the server's own timeout): the app says 'SESSIONE SCADUTA'. */
  sessionExpired: 'Session expired',
  tooManyAttempts: 'Too many failed logins: try again later',
  /**
   * A locked (disabled) user: answered to a sign-in only once the password was right (a guesser learns nothing), and
   * to the requests of a session that the lock ended. The app says it in the user's language.
   */
  accountLocked: 'Account locked',
  groupRequired: 'A group must be chosen',
} as const;
