import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from '@translator/types';

/**
 * The validator for a schema, compiled once per schema object by the caller's own ajv (its options stay its own):
 * the translator's schemas are cached objects, so a WeakMap keyed by them compiles nothing after the first call.
 */
export function compiledValidators(ajv: Ajv): (schema: JsonSchema) => ValidateFunction {
  const validators = new WeakMap<JsonSchema, ValidateFunction>();
  return (schema) => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(schema, validate);
    }
    return validate;
  };
}
