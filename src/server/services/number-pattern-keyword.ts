import type Ajv from 'ajv';
import type { SchemaValidateFunction } from 'ajv';
import { NUMBER_PATTERN, numberMatches } from '@domain/number-pattern';

/** Teaches an ajv instance the translator's numberPattern (src/domain/number-pattern.ts): a failure is a `pattern` error. */
export function addNumberPattern(ajv: Ajv): Ajv {
  const validate: SchemaValidateFunction = (pattern: string, data: number) => {
    if (numberMatches(pattern, data)) return true;
    validate.errors = [{ keyword: 'pattern', params: { pattern } }];
    return false;
  };
  ajv.addKeyword({ keyword: NUMBER_PATTERN, type: 'number', schemaType: 'string', errors: true, validate });
  return ajv;
}
