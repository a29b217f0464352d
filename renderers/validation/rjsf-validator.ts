import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import type { RendererFormContext, RendererLocale } from '../form-context';
import { ajvMessage } from '../i18n/ajv-messages';
import { isValidAgainst, schemaErrors, type SchemaError } from './schema-interpreter';

type Validator = ValidatorType<unknown, RJSFSchema, RendererFormContext>;

/** An interpreter error as rjsf lists it (validator-ajv8's shape), worded in the form's locale. */
function toRjsfError(error: SchemaError, locale: RendererLocale): RJSFValidationError {
  let property = error.instancePath.replace(/\//g, '.');
  const message = ajvMessage(error, locale);
  const stack = `${property} ${message}`.trim();
  if ('missingProperty' in error.params) property = property ? `${property}.${String(error.params.missingProperty)}` : String(error.params.missingProperty);
  return { name: error.keyword, property, message, params: error.params, stack, schemaPath: error.schemaPath };
}

function createValidator(locale: RendererLocale): Validator {
  const validator: Validator = {
    rawValidation<Result = unknown>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
      try {
        const errors = schemaErrors(schema as Record<string, unknown>, formData);
        return { errors: (errors.length ? errors : undefined) as Result[] | undefined };
      } catch (error) {
        // A pattern that is not a regular expression: rjsf shows it as the schema's error, as with ajv.
        return { validationError: error as Error };
      }
    },

    isValid(schema: RJSFSchema, formData: unknown): boolean {
      try {
        return isValidAgainst(schema as Record<string, unknown>, formData);
      } catch {
        return false;
      }
    },

    validateFormData(formData: unknown, schema: RJSFSchema, customValidate?: CustomValidator<unknown, RJSFSchema, RendererFormContext>, transformErrors?: ErrorTransformer<unknown, RJSFSchema, RendererFormContext>, uiSchema?: UiSchema<unknown, RJSFSchema, RendererFormContext>): ValidationData<unknown> {
      const raw = validator.rawValidation<SchemaError>(schema, formData);
      let errors = (raw.errors ?? []).map((e) => toRjsfError(e, locale));
      if (raw.validationError) errors = [...errors, { stack: raw.validationError.message }];
      if (typeof transformErrors === 'function') errors = transformErrors(errors, uiSchema);
      let errorSchema = toErrorSchema<unknown>(errors);
      if (raw.validationError) errorSchema = { ...errorSchema, $schema: { __errors: [raw.validationError.message] } } as typeof errorSchema;
      if (typeof customValidate !== 'function') return { errors, errorSchema };
      // As validator-ajv8: custom validation sees the form data with its defaults.
      const withDefaults = getDefaultFormState<unknown, RJSFSchema, RendererFormContext>(validator, schema, formData, schema, true);
      const handler = customValidate(withDefaults, createErrorHandler<unknown>(withDefaults), uiSchema, errorSchema);
      return validationDataMerge<unknown>({ errors, errorSchema }, unwrapErrorHandler<unknown>(handler));
    },
  };
  return validator;
}

const validators = new Map<RendererLocale, Validator>();

/**
 * rjsf's validator for the renderers, in place of @rjsf/validator-ajv8: it interprets the schema (no code generated,
 * so no 'unsafe-eval' under the app's Content-Security-Policy) and words errors like the fast form's fields.
 */
export function rjsfValidator(locale: RendererLocale): Validator {
  let validator = validators.get(locale);
  if (!validator) { validator = createValidator(locale); validators.set(locale, validator); }
  return validator;
}
