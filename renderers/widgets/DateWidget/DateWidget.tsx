import { Intent } from '@blueprintjs/core';
import { DateInput3 } from '@blueprintjs/datetime2';
import { format, isValid, parse } from 'date-fns';
import { useState } from 'react';
import { DATE_LOCALES, formatDate, localeOf, tOf, type ThemeWidgetProps } from '../widget-support';
import { ReadOnlyValue } from '../ReadOnlyValue/ReadOnlyValue';
import { inputClass } from '../widget-input';

const DISPLAY = 'dd/MM/yyyy';
const formatDisplay = (d: Date) => format(d, DISPLAY);
const parseDisplay = (s: string): Date | false => {
  const d = parse(s, DISPLAY, new Date());
  return isValid(d) ? d : false;
};
const MIN_DATE = new Date(1900, 0, 1);
const MAX_DATE = new Date(2100, 11, 31);

/**
 * Stores `YYYY-MM-DD` for `format: date` and an ISO instant for `date-time`; shows DD/MM/YYYY in every locale.
 * DateInput3 (popover, floating UI) is mounted when the pointer or the focus first reaches the field: until then a
 * plain input with the same look stands in, so a form with a hundred dates does not mount a hundred popovers.
 */
export function DateWidget(props: ThemeWidgetProps) {
  const { id, value, readonly, disabled, placeholder, onChange, rawErrors, schema } = props;
  const locale = localeOf(props);
  const [active, setActive] = useState<'no' | 'hover' | 'focus'>('no');
  if (readonly) return <ReadOnlyValue id={id} kind="date" value={value} t={tOf(props)} locale={locale} />;
  const stored = typeof value === 'string' && value ? value.slice(0, 10) : null;
  const hint = placeholder ?? (locale === 'it-IT' ? 'GG/MM/AAAA' : 'DD/MM/YYYY');
  if (active === 'no') {
    return (
      <input
        id={id}
        className={inputClass(Boolean(rawErrors?.length))}
        value={formatDate(stored)}
        placeholder={hint}
        disabled={disabled}
        readOnly
        role="combobox"
        aria-expanded={false}
        aria-invalid={rawErrors?.length ? true : undefined}
        onPointerEnter={() => setActive('hover')}
        onFocus={() => setActive('focus')}
      />
    );
  }
  return (
    <DateInput3
      value={stored}
      locale={DATE_LOCALES[locale]}
      formatDate={formatDisplay}
      parseDate={parseDisplay}
      placeholder={hint}
      disabled={disabled}
      fill
      canClearSelection
      highlightCurrentDay
      minDate={MIN_DATE}
      maxDate={MAX_DATE}
      inputProps={{ id, autoFocus: active === 'focus', intent: rawErrors?.length ? Intent.DANGER : Intent.NONE, 'aria-invalid': rawErrors?.length ? true : undefined }}
      onChange={(next) => {
        if (!next) return onChange(undefined);
        const day = next.slice(0, 10);
        onChange(schema.format === 'date-time' ? new Date(`${day}T00:00:00`).toISOString() : day);
      }}
    />
  );
}
