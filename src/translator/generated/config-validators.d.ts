/** Types of the generated standalone validators (scripts/generate-validators.ts). */
import type { ErrorObject } from 'ajv';

export interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}
export declare const validateWorkspace: GeneratedValidator;
export declare const validateDataModel: GeneratedValidator;
