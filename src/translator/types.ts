/** Output types of the translator. The shapes are plain JSON: rjsf reads them as they are. */

export interface Problem {
  /** 'workspace' or 'dataModel': which document the pointer is into. */
  document: 'workspace' | 'dataModel';
  /** JSON pointer into that document ('' is the whole document). */
  pointer: string;
  message: string;
  /** Errors refuse translation; warnings are reported and translation goes on. */
  severity: 'error' | 'warning';
}

export type Translation<T> = { ok: true; value: T; warnings: Problem[] } | { ok: false; problems: Problem[] };

export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  oneOf?: Array<{ const: string; title: string }>;
  default?: unknown;
  uniqueItems?: boolean;
  additionalProperties?: boolean;
  if?: JsonSchema;
  then?: JsonSchema;
  allOf?: JsonSchema[];
  /** A number field's dataRegex, checked against the number as written (src/domain/number-pattern.ts). */
  numberPattern?: string;
  const?: unknown;
}

/** An rjsf UI Schema as the list's filter form uses it; the contact forms' is typed by kind in `ui-schema.ts`. */
export interface UiSchema {
  [key: string]: unknown;
}
