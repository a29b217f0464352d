import { memo } from 'react';
import type { Translate } from '../../i18n/messages';
import { formatDate, labelledBy, type OptionItem } from '../widget-support';

export type ReadOnlyKind = 'text' | 'textarea' | 'number' | 'date' | 'time' | 'boolean' | 'select';

export interface ReadOnlyValueProps { id: string; kind: ReadOnlyKind; value: unknown; t: Translate; locale: string; options?: readonly OptionItem[] }

export function displayText(kind: ReadOnlyKind, value: unknown, t: Translate, locale: string, options?: readonly OptionItem[]): string {
  if (kind === 'boolean') return value === true ? t('common.yes') : t('common.no');
  if (value === undefined || value === null || value === '') return t('common.empty');
  switch (kind) {
    case 'date': return formatDate(value);
    case 'number': return typeof value === 'number' ? value.toLocaleString(locale) : String(value);
    case 'select': {
      const values = Array.isArray(value) ? value : [value];
      return values.map((v) => options?.find((o) => o.value === String(v))?.label || String(v)).join(', ');
    }
    default: return String(value);
  }
}

/** The show view's display of a value: text, not a disabled input, still named by the field's label. */
export const ReadOnlyValue = memo(function ReadOnlyValue({ id, kind, value, t, locale, options }: ReadOnlyValueProps) {
  return (
    <div id={id} className={`cm-readonly cm-readonly--${kind}`} role="textbox" aria-readonly="true" aria-labelledby={labelledBy(id)}>
      {displayText(kind, value, t, locale, options)}
    </div>
  );
});
