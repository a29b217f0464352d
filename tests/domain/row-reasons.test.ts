import { allowedValues, rowReasonText, rowReasonsText, type RowReason } from '@domain/row-reasons';

/** A refused row's reasons in the reader's language (the flows' MOTIVO and reference search). */
describe('rowReasonText', () => {
  it.each<[string, RowReason, string, string]>([
    ['a row of the wrong width', { message: 'the line has 3 fields, the header 5', rule: { code: 'columns', found: 3, expected: 5 } }, "la riga ha 3 campi, l'intestazione 5", 'the line has 3 fields, the header 5'],
    ['an empty reference', { column: 'RIF', message: 'RIF: the reference is empty', rule: { code: 'noReference' } }, 'RIF: il riferimento è vuoto', 'RIF: the reference is empty'],
    ['a value of a list with no parent', { column: 'ESITO', label: 'Esito', message: 'x', rule: { code: 'notAllowedFor', value: 'boh', parents: {} } }, "ESITO: 'boh' non è uno dei valori di Esito", "ESITO: 'boh' is not one of the values of Esito"],
    ['a date in another format: the forms a file\'s date is read in', { column: 'NATO', label: 'Data di nascita', message: 'x', rule: { code: 'format', format: 'date' } }, 'NATO: Data di nascita deve essere una data valida GG/MM/AAAA (o AAAA-MM-GG)', 'NATO: Data di nascita must be a valid date DD/MM/YYYY (or YYYY-MM-DD)'],
    ['a value that is not one of a list\'s values: the values', { column: 'FORNITURA', label: 'Tipo fornitura', message: 'x', rule: { code: 'notAllowed', ...allowedValues(['luce', 'gas', 'dual']) } }, 'FORNITURA: Tipo fornitura non è uno dei valori configurati (valori ammessi: luce, gas, dual)', 'FORNITURA: Tipo fornitura must be one of the configured values (allowed values: luce, gas, dual)'],
    ['a list of more than ten values: the first ten, then …', { column: 'L', label: 'Lista', message: 'x', rule: { code: 'notAllowed', ...allowedValues(Array.from({ length: 12 }, (_v, i) => `v${i + 1}`)) } }, 'L: Lista non è uno dei valori configurati (valori ammessi: v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, …)', 'L: Lista must be one of the configured values (allowed values: v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, …)'],
    ['a list that depends on another field: the values for that field\'s value', { column: 'OFFERTA', label: 'Tipo offerta', message: 'x', rule: { code: 'notAllowedFor', value: 'gas-fisso', parents: { fornitura: 'luce' }, ...allowedValues(['luce-fissa', 'luce-verde']) } }, "OFFERTA: 'gas-fisso' non è uno dei valori di Tipo offerta per fornitura 'luce' (valori ammessi: luce-fissa, luce-verde)", "OFFERTA: 'gas-fisso' is not one of the values of Tipo offerta for fornitura 'luce' (allowed values: luce-fissa, luce-verde)"],
    ['a list value stored before the values were kept: no values named', { column: 'F', label: 'F', message: 'x', rule: { code: 'notAllowed' } }, 'F: F non è uno dei valori configurati', 'F: F must be one of the configured values'],
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

describe('allowedValues', () => {
  it('keeps up to ten values, and says when the field has more', () => {
    expect(allowedValues([])).toEqual({});
    expect(allowedValues(Array.from({ length: 10 }, (_v, i) => String(i)))).toEqual({ allowed: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] });
    expect(allowedValues(Array.from({ length: 11 }, (_v, i) => String(i)))).toEqual({ allowed: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], more: true });
  });
});
