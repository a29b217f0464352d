import { SERVER_MESSAGES, anyOf, say, sayIn, type MessageKey, type Said } from '@server/server-messages';

/** The server's catalogue of refusals (src/server/server-messages.ts): every message in English and Italian. */

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
/** The names of `{name:one|other}`: words that agree with a count. */
const counted = (text: string): string[] => [...text.matchAll(/\{(\w+):[^{}|]*\|[^{}]*\}/g)].map((match) => match[1]);
/** Messages whose English is ajv's own sentence (`{detail}`) while the Italian is said from the keyword's parameters. */
const AJV_WORDED = new Set<string>(Object.entries(SERVER_MESSAGES).filter(([, texts]) => texts.en === '{field} {detail}').map(([key]) => key));
/** Messages that only join their values, the same in both languages. */
const SAME_IN_BOTH = new Set<string>(['fieldProblem']);

const entries = Object.entries(SERVER_MESSAGES) as Array<[MessageKey, { en: string; it: string }]>;

describe('the server messages', () => {
  it.each(entries)('%s has an English and an Italian text, every value filled', (key, texts) => {
    expect(texts.en.trim()).not.toBe('');
    expect(texts.it.trim()).not.toBe('');
    if (!SAME_IN_BOTH.has(key)) expect(texts.it).not.toBe(texts.en);
    const names = [...new Set([...placeholders(texts.en), ...placeholders(texts.it)])];
    // a counted word agrees with a value the sentence also says
    for (const language of ['en', 'it'] as const) for (const name of counted(texts[language])) expect(placeholders(texts[language])).toContain(name);
    if (!AJV_WORDED.has(key)) expect(placeholders(texts.it)).toEqual(placeholders(texts.en));
    const said = { key, values: Object.fromEntries(names.map((name) => [name, `<${name}>`])) } as Said;
    for (const language of ['en', 'it'] as const) {
      const text = sayIn(said, language);
      expect(text).not.toMatch(/\{\w+\}/);
      for (const name of placeholders(texts[language])) expect(text).toContain(`<${name}>`);
    }
  });

  it('fills the values by name, lists with commas, alternatives with the language\'s "or", messages within messages', () => {
    expect(sayIn(say('contactNotFound', { id: 'c1' }), 'it')).toBe('Contatto c1 non trovato');
    expect(sayIn(say('missingPermission', { permissions: anyOf(['list', 'agentList']) }), 'en')).toBe('Missing permission: list or agentList');
    expect(sayIn(say('missingPermission', { permissions: anyOf(['list', 'agentList']) }), 'it')).toBe('Permesso mancante: list o agentList');
    expect(sayIn(say('userNotFound', { id: ['u1', 'u2'] }), 'en')).toBe('User u1, u2 not found');
    const nested = say('fieldProblem', { field: 'values.cellulare', problem: say('noRecipient') });
    expect(sayIn(nested, 'it')).toBe('values.cellulare: Nessun destinatario: il contatto non ha un numero di telefono e non ne è stato indicato uno');
    expect(sayIn({ joined: [say('takeClosed'), 'FILE NON SUPPORTATO'] }, 'it')).toBe('Un contatto chiuso non può essere preso in carico; FILE NON SUPPORTATO');
  });

  it('words that agree with a count: the singular for 1 (a number, a numeric text, a list of one), else the plural', () => {
    expect(sayIn(say('configurationProblems', { count: 1 }), 'it')).toBe('La configurazione ha 1 problema');
    expect(sayIn(say('configurationProblems', { count: 1 }), 'en')).toBe('The configuration has 1 problem');
    expect(sayIn(say('configurationProblems', { count: 3 }), 'it')).toBe('La configurazione ha 3 problemi');
    expect(sayIn(say('configurationProblems', { count: 3 }), 'en')).toBe('The configuration has 3 problems');
    expect(sayIn(say('configurationProblems', { count: 0 }), 'it')).toBe('La configurazione ha 0 problemi');
    // ajv's limits arrive as text
    expect(sayIn(say('schemaMinItems', { field: 'agents', detail: 'must NOT have fewer than 1 items', limit: '1' }), 'it')).toBe('agents deve avere almeno 1 elemento');
    expect(sayIn(say('schemaMaxLength', { field: 'username', detail: 'x', limit: '100' }), 'it')).toBe('username deve avere al massimo 100 caratteri');
    expect(sayIn(say('durationTooLong', { max: 1 }), 'en')).toBe('from: the duration may be at most 1 day');
    expect(sayIn(say('reportInvalidIntervalMax', { maxRange: 31 }), 'it')).toBe('Intervallo di date non valido: massimo 31 giorni');
    expect(sayIn(say('bulkAgentsTooMany', { max: 1 }), 'it')).toBe('agentsToBeAssigned può indicare al massimo 1 operatore');
    expect(sayIn(say('attachmentsFull', { field: 'outputs.foto', max: 1 }), 'en')).toBe('outputs.foto already holds 1 file, the most it may');
    // a list counts its items
    expect(sayIn(say('bulkFileHeader', { columns: 'username;role', missing: ['role'] }), 'it')).toBe('La prima riga del file deve indicare le colonne username;role (manca la colonna role)');
    expect(sayIn(say('bulkFileHeader', { columns: 'username;role', missing: ['username', 'role'] }), 'en')).toBe('The first line of the file must name the columns username;role (missing columns: username, role)');
  });

  it('a value holding braces is inserted as it is', () => {
    expect(sayIn(say('filterShape', { field: 'f', range: '{from, to}', contains: '{contains}' }), 'en')).toBe('f must be a value, a list of values, {from, to} or {contains}');
  });
});
