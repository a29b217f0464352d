import type { Language } from './constants';

/**
 * Why a value or a row was refused, as data: the rule it broke and that rule's values. A flow's rejected file keeps
 * it for each reason beside the server's English words, so MOTIVO and the reference search can say it in the
 * language of whoever reads them (spec 3 §2 Flows management): MOTIVO in Italian when the download names none, the
 * reference search's reasons in the words, for API clients that name no language.
 */
export type ReasonRule =
  | { code: 'required' }
  /** `example`: the field's placeholder in the data model, when it has one: a value of the expected form. */
  | { code: 'pattern'; pattern: string; example?: string }
  | { code: 'format'; format: string }
  | { code: 'type'; type: string }
  /** `allowed`: the values the field takes (the first ALLOWED_VALUES_NAMED of them; `more`: it takes others too). */
  | ({ code: 'notAllowed' } & AllowedValues)
  | ({ code: 'notAllowedFor'; value: string; parents: Record<string, string> } & AllowedValues)
  | { code: 'unknownField' }
  | { code: 'columns'; found: number; expected: number }
  | { code: 'noReference' }
  | { code: 'duplicateReference'; reference: string; line: number };

/** A list field's values, as a reason names them. */
export interface AllowedValues { allowed?: string[]; more?: true }

/** How many of a list field's values a reason names: past them, '…'. */
export const ALLOWED_VALUES_NAMED = 10;

/** The values a reason names for a list field: the first ALLOWED_VALUES_NAMED, and whether the field has more. */
export function allowedValues(values: readonly string[]): AllowedValues {
  if (!values.length) return {};
  return values.length > ALLOWED_VALUES_NAMED ? { allowed: values.slice(0, ALLOWED_VALUES_NAMED), more: true } : { allowed: [...values] };
}

/** One reason a row was refused: the server's words, and, where known, the file column, the field's label and the rule. */
export interface RowReason {
  field?: string;
  message: string;
  column?: string;
  label?: string;
  rule?: ReasonRule;
}

type Texts = { [K in ReasonRule['code']]: (rule: Extract<ReasonRule, { code: K }>, label: string) => string };

const TYPE_NAMES_IT: Record<string, string> = { boolean: 'un valore sì/no (true o false)', number: 'un numero', integer: 'un numero intero', string: 'un testo', array: 'un elenco', object: 'un oggetto' };
const TYPE_NAMES_EN: Record<string, string> = { boolean: 'a yes/no value (true or false)', number: 'a number', integer: 'a whole number', string: 'a text', array: 'a list', object: 'an object' };
// A file's date is read as DD/MM/YYYY (the day and month may have one digit, the separator may be / . or -) or as
// YYYY-MM-DD (cellValue in src/server/services/flows/row-values.ts): the reason names the form the file uses.
const FORMAT_NAMES_IT: Record<string, string> = { date: 'una data valida GG/MM/AAAA (o AAAA-MM-GG)', 'date-time': 'una data e ora', time: "un'ora (HH:mm)", email: 'un indirizzo email' };
const FORMAT_NAMES_EN: Record<string, string> = { date: 'a valid date DD/MM/YYYY (or YYYY-MM-DD)', 'date-time': 'a date and time', time: 'a time (HH:mm)', email: 'an email address' };
// A regular expression means nothing to the back office that corrects the file: the reason says the format is wrong,
// with the data model's example of a right value when it has one (the expression stays in the server's words).
const exampleText = (r: { example?: string }, word: string) => (r.example ? ` (${word}: ${r.example})` : '');
const parentsText = (parents: Record<string, string>, and: string) => Object.entries(parents).map(([k, v]) => `${k} '${v}'`).join(` ${and} `);
const allowedText = (r: AllowedValues, word: string) => (r.allowed?.length ? ` (${word}: ${[...r.allowed, ...(r.more ? ['…'] : [])].join(', ')})` : '');

const IT: Texts = {
  required: (_r, label) => `${label} è obbligatorio`,
  pattern: (r, label) => `${label} ha un formato non valido${exampleText(r, 'esempio')}`,
  format: (r, label) => `${label} deve essere ${FORMAT_NAMES_IT[r.format] ?? r.format}`,
  type: (r, label) => `${label} deve essere ${TYPE_NAMES_IT[r.type] ?? r.type}`,
  notAllowed: (r, label) => `${label} non è uno dei valori configurati${allowedText(r, 'valori ammessi')}`,
  notAllowedFor: (r, label) => `'${r.value}' non è uno dei valori di ${label}${Object.keys(r.parents).length ? ` per ${parentsText(r.parents, 'e')}` : ''}${allowedText(r, 'valori ammessi')}`,
  unknownField: (_r, label) => `${label} non è un campo del workspace`,
  columns: (r) => `la riga ha ${r.found} campi, l'intestazione ${r.expected}`,
  noReference: () => 'il riferimento è vuoto',
  duplicateReference: (r) => `il riferimento ${r.reference} è già alla riga ${r.line} di questo file`,
};

const EN: Texts = {
  required: (_r, label) => `${label} is required`,
  pattern: (r, label) => `${label} has an invalid format${exampleText(r, 'example')}`,
  format: (r, label) => `${label} must be ${FORMAT_NAMES_EN[r.format] ?? r.format}`,
  type: (r, label) => `${label} must be ${TYPE_NAMES_EN[r.type] ?? r.type}`,
  notAllowed: (r, label) => `${label} must be one of the configured values${allowedText(r, 'allowed values')}`,
  notAllowedFor: (r, label) => `'${r.value}' is not one of the values of ${label}${Object.keys(r.parents).length ? ` for ${parentsText(r.parents, 'and')}` : ''}${allowedText(r, 'allowed values')}`,
  unknownField: (_r, label) => `${label} is not a field of the workspace`,
  columns: (r) => `the line has ${r.found} fields, the header ${r.expected}`,
  noReference: () => 'the reference is empty',
  duplicateReference: (r) => `reference ${r.reference} is already on line ${r.line} of this file`,
};

const BY_LANGUAGE: Record<Language, Texts> = { 'it-IT': IT, 'en-GB': EN, 'en-US': EN };

/** A reason in `language`: the column, then the rule broken by the field (its label); the server's words without a rule. */
export function rowReasonText(reason: RowReason, language: Language): string {
  const { rule } = reason;
  if (!rule) return reason.message;
  const say = BY_LANGUAGE[language][rule.code] as (rule: ReasonRule, label: string) => string;
  const text = say(rule, reason.label ?? reason.column ?? reason.field ?? '');
  return reason.column ? `${reason.column}: ${text}` : text;
}

/** A row's reasons in one line: in `language` when one is named, else the server's words. */
export const rowReasonsText = (reasons: readonly RowReason[], separator: string, language?: Language): string =>
  reasons.map((r) => (language ? rowReasonText(r, language) : r.message)).join(separator);
