import Ajv, { type SchemaValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { NUMBER_PATTERN, numberMatches } from '@domain/number-pattern';

/**
 * An ajv for the translator's form schemas, as the browser's schema interpreter reads them: formats, unknown keywords
 * ignored, and the translator's numberPattern (src/domain/number-pattern.ts), whose failure is a `pattern` error.
 * Every server check of a form's values (contact saves, SMS, the configuration's impact) compiles with one of these.
 */
export function formSchemaAjv({ allErrors }: { allErrors: boolean }): Ajv {
  const ajv = new Ajv({ allErrors, strict: false });
  addFormats(ajv);
  const validate: SchemaValidateFunction = (pattern: string, data: number) => {
    if (numberMatches(pattern, data)) return true;
    validate.errors = [{ keyword: 'pattern', params: { pattern } }];
    return false;
  };
  ajv.addKeyword({ keyword: NUMBER_PATTERN, type: 'number', schemaType: 'string', errors: true, validate });
  return ajv;
}
