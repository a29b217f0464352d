import type { DataModel, FieldMap } from '@domain/generated/data-model';
import type { EnumConfig, Workspace } from '@domain/generated/workspace';
import { filterValuesOf } from './contains-filters';

/** What a message needs to show a contact's values to a person: the fields' types and their lists of values. */
export interface MessageFields {
  fields: FieldMap;
  /** The workspace's enumConfig for these fields (enumConfig.inputs): a listed value is shown by its label. */
  enums?: Record<string, EnumConfig>;
}

/** A workspace's inputs as its messages show them (an SMS, a state's webapp message, the agent's script). */
export function inputsForPeople(workspace: Pick<Workspace, 'enumConfig'>, model: Pick<DataModel, 'model'>): MessageFields {
  return { fields: model.model, enums: workspace.enumConfig?.inputs };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * One value as a message to a person shows it (an SMS, the agent's script): a date as DD/MM/YYYY (spec 2 §9), a
 * yes/no as 'Sì'/'No', a listed value by its label, a list of plain values joined by commas; a list of rows (an array
 * field's items) shows nothing, as a missing value does. Anything else as it was entered.
 */
export function messageValue(value: unknown, name: string, { fields, enums }: MessageFields): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) {
    return value.every((item) => item === null || typeof item !== 'object') ? value.map((item) => messageValue(item, name, { fields, enums })).filter(Boolean).join(', ') : '';
  }
  if (typeof value === 'object') return '';
  if (typeof value === 'boolean') return value ? 'Sì' : 'No';
  const field = fields[name];
  if (field?.dataType === 'date' && typeof value === 'string') {
    const date = ISO_DATE.exec(value);
    if (date) return `${date[3]}/${date[2]}/${date[1]}`;
  }
  const label = filterValuesOf(enums?.[name])?.find((v) => v.value === value)?.label;
  return label ?? String(value);
}
