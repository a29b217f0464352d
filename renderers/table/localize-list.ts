import type { ListColumn, ListTranslation } from '@translator/translate-list';
import type { JsonSchema } from '@translator/types';
import { textOf, type Translate } from '../i18n/messages';

/** A column's header in the user's language: fixed columns by their text key, data-model columns as configured. */
export const columnHeader = (t: Translate, column: ListColumn): string => (column.kind === 'fixed' ? textOf(t, column.labelKey, column.label) : column.label);

/** The filter form with its product texts (titles, the priority help) in the user's language; the workspace's own labels stay. */
export function localizeFilters(filters: ListTranslation['filters'], t: Translate): ListTranslation['filters'] {
  const schema = structuredClone(filters.schema);
  const uiSchema = structuredClone(filters.uiSchema) as Record<string, unknown>;
  for (const [path, key] of Object.entries(filters.textKeys ?? {})) {
    const [propertyPath, part] = path.split('#');
    const names = propertyPath.split('.');
    if (part === 'help') {
      const ui = (uiSchema[names[0]] ?? {}) as Record<string, unknown>;
      uiSchema[names[0]] = { ...ui, 'ui:help': textOf(t, key, String(ui['ui:help'] ?? '')) };
      continue;
    }
    let node: JsonSchema | undefined = schema;
    for (const name of names) node = node?.properties?.[name] as JsonSchema | undefined;
    if (node) node.title = textOf(t, key, node.title ?? '');
  }
  return { ...filters, schema, uiSchema: uiSchema as ListTranslation['filters']['uiSchema'] };
}
