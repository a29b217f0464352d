import { SERVER_MESSAGES, anyOf, say, sayIn, type MessageKey, type Said } from '@server/server-messages';

/** The server's catalogue of refusals (src/server/server-messages.ts): every message in English and Italian. */

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
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

  it('a value holding braces is inserted as it is', () => {
    expect(sayIn(say('filterShape', { field: 'f', range: '{from, to}', contains: '{contains}' }), 'en')).toBe('f must be a value, a list of values, {from, to} or {contains}');
  });
});
