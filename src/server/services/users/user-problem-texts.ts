import { USER_ADMIN_MESSAGES } from '@domain/api/users';
import { problemLanguage } from '@translator/problem-messages';

/**
 * The reasons a new user is refused (the create-user rules, user-rules.ts, and the rows of a bulk file, bulk-users.ts),
 * worded in the caller's language: Italian by default, English as the app speaks it, British (call centre,
 * organisation) for en-GB and a plain `en`, American for en-US, as the app's own en-US texts do.
 */
export type UserTextLanguage = 'it' | 'en-GB' | 'en-US';

/** The caller's language from an Accept-Language header (the browser's API client sends the app's language). */
export function userTextLanguage(acceptLanguage: string | string[] | undefined): UserTextLanguage {
  if (problemLanguage(acceptLanguage) === 'it') return 'it';
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  return (header ?? '').split(',')[0].split(';')[0].trim().toLowerCase() === 'en-us' ? 'en-US' : 'en-GB';
}

/** What a name in a bulk file may name. */
export type NamedThing = 'outsourcer' | 'site' | 'team';

export type UserProblemText =
  | { code: 'usernameRequired' | 'usernamePattern' | 'usernameTaken' | 'roleRequired' | 'managerNoSite' | 'outsideScope' }
  | { code: 'usernameTooLong'; max: number }
  | { code: 'usernameRepeats'; row: number }
  | { code: 'roleUnknown'; value: string }
  | { code: 'nameUnknown' | 'nameAmbiguous'; what: NamedThing; value: string }
  | { code: 'roleNotAssignable'; role: string; by: string }
  | { code: 'noOutsourcerExists' | 'outsourcerRequired' | 'aboveTeams' | 'siteRequired' | 'teamRequired'; role: string }
  | { code: 'outsourcerMissing'; id: string }
  | { code: 'siteMissing' | 'teamMissing' | 'teamForeign'; ids: readonly string[] }
  | { code: 'siteForeign'; ids: readonly string[]; outsourcer: string };

type Code = UserProblemText['code'];
type Params = Record<string, string>;
type Texts = Record<Code, string> & { things: Record<NamedThing, string> };

const EN_GB: Texts = {
  usernameRequired: 'username is required',
  usernamePattern: 'username may contain only letters, digits, underscore and hyphen',
  usernameTooLong: 'username is longer than {max} characters',
  usernameRepeats: 'username repeats row {row}',
  // Spec 1 §8 quotes this message: every language says it so.
  usernameTaken: USER_ADMIN_MESSAGES.usernameTaken,
  roleRequired: 'role is required',
  roleUnknown: "unknown role '{value}'",
  nameUnknown: "unknown {what} '{value}'",
  nameAmbiguous: "{what} '{value}' is ambiguous: use its id",
  roleNotAssignable: "role '{role}' may not be assigned by role '{by}'",
  noOutsourcerExists: "role '{role}' needs an outsourcer and none exists",
  outsourcerRequired: "outsourcer is required for role '{role}'",
  outsourcerMissing: "outsourcer '{id}' does not exist",
  managerNoSite: 'a manager is placed by outsourcer only: no call centre',
  aboveTeams: 'a {role} is placed above teams: no team',
  siteRequired: "a call centre is required for role '{role}'",
  siteMissing: 'call centre {ids} does not exist',
  siteForeign: "call centre {ids} does not belong to outsourcer '{outsourcer}'",
  teamRequired: "a team is required for role '{role}'",
  teamMissing: 'team {ids} does not exist',
  teamForeign: 'team {ids} does not belong to the chosen call centres',
  outsideScope: 'the new user would be placed outside your part of the organisation',
  things: { outsourcer: 'outsourcer', site: 'call centre', team: 'team' },
};

const TEXTS: Record<UserTextLanguage, Texts> = {
  'en-GB': EN_GB,
  'en-US': {
    ...EN_GB,
    managerNoSite: 'a manager is placed by outsourcer only: no call center',
    siteRequired: "a call center is required for role '{role}'",
    siteMissing: 'call center {ids} does not exist',
    siteForeign: "call center {ids} does not belong to outsourcer '{outsourcer}'",
    teamForeign: 'team {ids} does not belong to the chosen call centers',
    outsideScope: 'the new user would be placed outside your part of the organization',
    things: { outsourcer: 'outsourcer', site: 'call center', team: 'team' },
  },
  it: {
    usernameRequired: 'il nome utente è obbligatorio',
    usernamePattern: 'il nome utente può contenere solo lettere, cifre, trattino basso e trattino',
    usernameTooLong: 'il nome utente supera i {max} caratteri',
    usernameRepeats: 'nome utente già presente alla riga {row}',
    usernameTaken: USER_ADMIN_MESSAGES.usernameTaken,
    roleRequired: 'il ruolo è obbligatorio',
    roleUnknown: "ruolo '{value}' sconosciuto",
    nameUnknown: "{what} '{value}' sconosciuto",
    nameAmbiguous: "{what} '{value}' ambiguo: usa il suo id",
    roleNotAssignable: "il ruolo '{role}' non può essere assegnato dal ruolo '{by}'",
    noOutsourcerExists: "il ruolo '{role}' richiede un outsourcer e non ne esiste nessuno",
    outsourcerRequired: "l'outsourcer è obbligatorio per il ruolo '{role}'",
    outsourcerMissing: "l'outsourcer '{id}' non esiste",
    managerNoSite: 'un manager si colloca solo per outsourcer: nessun call center',
    aboveTeams: 'un {role} si colloca sopra i team: nessun team',
    siteRequired: "per il ruolo '{role}' serve un call center",
    siteMissing: 'call center {ids} inesistente',
    siteForeign: "il call center {ids} non appartiene all'outsourcer '{outsourcer}'",
    teamRequired: "per il ruolo '{role}' serve un team",
    teamMissing: 'team {ids} inesistente',
    teamForeign: 'il team {ids} non appartiene ai call center scelti',
    outsideScope: "il nuovo utente sarebbe collocato fuori dalla tua parte dell'organizzazione",
    things: { outsourcer: 'outsourcer', site: 'call center', team: 'team' },
  },
};

const quotedList = (ids: readonly string[]) => ids.map((id) => `'${id}'`).join(', ');

/** One reason in the caller's language. */
export function userProblemText(problem: UserProblemText, language: UserTextLanguage): string {
  const texts = TEXTS[language];
  const params: Params = {};
  for (const [name, value] of Object.entries(problem)) {
    if (name === 'code') continue;
    params[name] = name === 'what' ? texts.things[value as NamedThing] : Array.isArray(value) ? quotedList(value) : String(value);
  }
  return texts[problem.code].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
