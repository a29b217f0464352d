import { rowReasonText, rowReasonsText, type RowReason } from '@domain/row-reasons';

/** A refused row's reasons in the reader's language (the flows' MOTIVO and reference search). */
describe('rowReasonText', () => {
  it.each<[string, RowReason, string, string]>([
    ['a row of the wrong width', { message: 'the line has 3 fields, the header 5', rule: { code: 'columns', found: 3, expected: 5 } }, "la riga ha 3 campi, l'intestazione 5", 'the line has 3 fields, the header 5'],
    ['an empty reference', { column: 'RIF', message: 'RIF: the reference is empty', rule: { code: 'noReference' } }, 'RIF: il riferimento è vuoto', 'RIF: the reference is empty'],
    ['a value of a list with no parent', { column: 'ESITO', label: 'Esito', message: 'x', rule: { code: 'notAllowedFor', value: 'boh', parents: {} } }, "ESITO: 'boh' non è uno dei valori di Esito", "ESITO: 'boh' is not one of the values of Esito"],
    ['a date in another format', { column: 'NATO', label: 'Data di nascita', message: 'x', rule: { code: 'format', format: 'date' } }, 'NATO: Data di nascita deve essere una data (AAAA-MM-GG)', 'NATO: Data di nascita must be a date (YYYY-MM-DD)'],
    ['a format with no name of its own', { column: 'C', label: 'C', message: 'x', rule: { code: 'format', format: 'uuid' } }, 'C: C deve essere uuid', 'C: C must be uuid'],
    ['a value that does not match its format: no regular expression, the field\'s example when it has one', { column: 'CF', label: 'Codice fiscale', message: 'x', rule: { code: 'pattern', pattern: '^[A-Z]{6}[0-9]{2}$', example: 'RSSMRA80' } }, 'CF: Codice fiscale ha un formato non valido (esempio: RSSMRA80)', 'CF: Codice fiscale has an invalid format (example: RSSMRA80)'],
    ['a value that does not match a format with no example', { column: 'TELEFONO', label: 'Telefono', message: 'x', rule: { code: 'pattern', pattern: '^((\\+39)?[0-9]{9,10})?$' } }, 'TELEFONO: Telefono ha un formato non valido', 'TELEFONO: Telefono has an invalid format'],
    ['a reason with no rule: the server words', { message: 'inputs.x: something else' }, 'inputs.x: something else', 'inputs.x: something else'],
  ])('%s', (_case, reason, italian, english) => {
    expect(rowReasonText(reason, 'it-IT')).toBe(italian);
    expect(rowReasonText(reason, 'en-GB')).toBe(english);
    expect(rowReasonText(reason, 'en-US')).toBe(english);
  });

  it('joins a row\'s reasons, in the server\'s words when no language is named', () => {
    const reasons: RowReason[] = [
      { column: 'A', label: 'A', message: 'A: inputs.a (A) is required', rule: { code: 'required' } },
      { column: 'B', label: 'B', message: 'B: inputs.b (B) does not match ^x$', rule: { code: 'pattern', pattern: '^x$' } },
    ];
    expect(rowReasonsText(reasons, ' | ')).toBe('A: inputs.a (A) is required | B: inputs.b (B) does not match ^x$');
    expect(rowReasonsText(reasons, ' | ', 'it-IT')).toBe('A: A è obbligatorio | B: B ha un formato non valido');
  });
});
