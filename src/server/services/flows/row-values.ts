import type { DataModel, Field } from '@domain/generated/data-model';
import type { FormSection } from '@translator/translate-form';

/**
 * A file row's cells as form values: each mapped column's text becomes the value its data-model field's type takes,
 * so the create form's schema judges the row exactly as it judges what an agent types. Text that does not read as
 * the type is left as text: the schema then says what is wrong with it. Empty cells are left out (not filled).
 */

const TRUE = new Set(['true', '1', 'si', 'sì', 's', 'yes', 'y', 'vero', 'x']);
const FALSE = new Set(['false', '0', 'no', 'n', 'falso']);

export function cellValue(field: Field | undefined, text: string): unknown {
  const cell = text.trim();
  switch (field?.dataType ?? 'text') {
    case 'boolean': {
      const lower = cell.toLowerCase();
      return TRUE.has(lower) ? true : FALSE.has(lower) ? false : cell;
    }
    case 'number': {
      // 1234.5, 1234,5 and 1.234,5 (Italian) read as numbers; anything else stays text.
      const normal = /^-?\d{1,3}(\.\d{3})+,\d+$/.test(cell) ? cell.replace(/\./g, '').replace(',', '.') : /^-?\d+,\d+$/.test(cell) ? cell.replace(',', '.') : cell;
      const value = Number(normal);
      return normal !== '' && Number.isFinite(value) && /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(normal) ? value : cell;
    }
    case 'date': {
      const italian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(cell);
      return italian ? `${italian[3]}-${italian[2].padStart(2, '0')}-${italian[1].padStart(2, '0')}` : cell;
    }
    case 'array': {
      if (!cell.startsWith('[')) return cell;
      try {
        return JSON.parse(cell) as unknown;
      } catch {
        return cell;
      }
    }
    default:
      return cell;
  }
}

/** Where a mapping target points: `name` is an input, `outputs.name` an output. */
export function mappingTarget(target: string): { section: FormSection; name: string } {
  return target.startsWith('outputs.') ? { section: 'outputs', name: target.slice('outputs.'.length) } : { section: 'inputs', name: target };
}

export interface MappedColumn { index: number; column: string; section: FormSection; name: string; field: Field | undefined }

/** The flow's mapping against the file's columns and the data model, worked out once per import. */
export function mapColumns(columns: readonly string[], mapping: Record<string, string>, model: DataModel): MappedColumn[] {
  return columns.flatMap((column, index) => {
    const target = mapping[column];
    if (!target) return [];
    const { section, name } = mappingTarget(target);
    const map = section === 'inputs' ? model.model : model.outputs;
    return [{ index, column, section, name, field: Object.prototype.hasOwnProperty.call(map, name) ? map[name] : undefined }];
  });
}

/** The values of one row by section; empty cells left out. */
export function rowValues(cells: readonly string[], mapped: readonly MappedColumn[]): Record<FormSection, Record<string, unknown>> {
  const out: Record<FormSection, Record<string, unknown>> = { inputs: {}, outputs: {} };
  for (const m of mapped) {
    const text = cells[m.index] ?? '';
    if (text.trim() === '') continue;
    out[m.section][m.name] = cellValue(m.field, text);
  }
  return out;
}
