/**
 * A number field's dataRegex (spec 2 §5: each field value is checked against its dataRegex). JSON Schema's `pattern`
 * applies to strings only, so the translator writes a number's regex as this keyword, checked against the number as
 * written (String(value)) by the browser's schema interpreter and by the server's ajv (formSchemaAjv); a failure
 * reads as a `pattern` error, worded like any other field's regex.
 */
export const NUMBER_PATTERN = 'numberPattern';

/** Whether a number, as written, matches a regex (the `u` flag, as ajv builds `pattern`). */
export const numberMatches = (pattern: string, value: number): boolean => new RegExp(pattern, 'u').test(String(value));
