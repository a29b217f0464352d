/** Generated from schemas/data-model.schema.json by scripts/generate-types.ts. Do not edit: change the schema and regenerate. */

/**
 * This interface was referenced by `DataModel`'s JSON-Schema
 * via the `definition` "dataType".
 */
export type FieldDataType = 'boolean' | 'number' | 'date' | 'time' | 'string' | 'text' | 'array';

/**
 * A data model (spec 2 §3, spec 3 §3): the input fields (model), the output fields (outputs) and the contact property used for caller-id lookups.
 */
export interface DataModel {
  id: string;
  name?: string;
  version?: number;
  model: FieldMap;
  outputs: FieldMap;
  /**
   * Input field holding the phone number matched against the caller id.
   */
  modelContactProperty: string;
}
/**
 * This interface was referenced by `DataModel`'s JSON-Schema
 * via the `definition` "fieldMap".
 */
export interface FieldMap {
  [k: string]: Field;
}
/**
 * One field of the inputs or outputs map (spec 2 §3). dataType defaults to text.
 *
 * This interface was referenced by `DataModel`'s JSON-Schema
 * via the `definition` "field".
 */
export interface Field {
  label: string;
  /**
   * Default value.
   */
  value?: unknown;
  dataType?: FieldDataType;
  required?: boolean;
  /**
   * false: read-only in forms, ignored by the server on save.
   */
  editable?: boolean;
  /**
   * false: left out of the show and SMS forms.
   */
  isDetailVisible?: boolean;
  placeholder?: string;
  dataRegex?: string;
  arrayMinItems?: number;
  arrayMaxItems?: number;
  arrayItemsModel?: FieldMap;
  /**
   * Position of the dynamic list column.
   */
  columnIndex?: number;
  /**
   * Whether the dynamic list column is shown.
   */
  isVisible?: boolean;
  /**
   * Whether the list offers a data-model filter on this field.
   */
  filterable?: boolean;
}
