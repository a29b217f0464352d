import { Intent } from '@blueprintjs/core';
import { format, isValid, parse } from 'date-fns';
import { lazy, Suspense, useEffect, useState } from 'react';
import { DATE_LOCALES, formatDate, localeOf, tOf, type ThemeWidgetProps, errorsId } from '../widget-support';
import { ReadOnlyValue } from '../ReadOnlyValue/ReadOnlyValue';
import { inputClass } from '../widget-input';
import { idle } from '../../ContactForm/idle';
import { useCalendarOnDemand } from './calendar-on-demand';

const DISPLAY = 'dd/MM/yyyy';
const formatDisplay = (d: Date) => format(d, DISPLAY);
const parseDisplay = (s: string): Date | false => {
  const d = parse(s, DISPLAY, new Date());
  return isValid(d) ? d : false;
};
/**
 * @blueprintjs/datetime computes the UTC offset of every time zone it lists when its module is evaluated (about a
 * hundred Intl.DateTimeFormat objects, tens of ms of main thread): it is loaded on its own, in idle time once a date
 * field is on screen or at the latest when the pointer or the focus reaches one, not before the form's first paint.
 */
let dateInputModule: Promise<typeof import('@blueprintjs/datetime2')> | null = null;
const loadDateInput = () => (dateInputModule ??= import('@blueprintjs/datetime2'));
const DateInput3 = lazy(() => loadDateInput().then((m) => ({ default: m.DateInput3 })));
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
  // The calendar opens on demand (a click, ArrowDown), never on focus: one Tab moves past the field.
  const calendar = useCalendarOnDemand(id);
  useEffect(() => { if (!readonly && !dateInputModule) idle(() => void loadDateInput().catch(() => { dateInputModule = null; }), 2_000); }, [readonly]);
  if (readonly) return <ReadOnlyValue id={id} kind="date" value={value} t={tOf(props)} locale={locale} />;
  const stored = typeof value === 'string' && value ? value.slice(0, 10) : null;
  const hint = placeholder ?? (locale === 'it-IT' ? 'GG/MM/AAAA' : 'DD/MM/YYYY');
  const light = (
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
      aria-describedby={errorsId(id, rawErrors)}
      onPointerEnter={() => setActive('hover')}
      onFocus={() => setActive('focus')}
    />
  );
  if (active === 'no') return light;
  const t = tOf(props);
  return (
    <Suspense fallback={light}>
      <DateInput3
        value={stored}
        locale={DATE_LOCALES[locale]}
        formatDate={formatDisplay}
        parseDate={parseDisplay}
        placeholder={hint}
        invalidDateMessage={t('date.invalid')}
        outOfRangeMessage={t('date.outOfRange')}
        dayPickerProps={{
          labels: { labelNext: () => t('date.nextMonth'), labelPrevious: () => t('date.previousMonth'), labelMonthDropdown: () => t('date.month'), labelYearDropdown: () => t('date.year') },
          onSelect: calendar.onSelect,
        }}
        disabled={disabled}
        fill
        canClearSelection
        highlightCurrentDay
        minDate={MIN_DATE}
        maxDate={MAX_DATE}
        popoverProps={calendar.popoverProps}
        inputProps={{
          id, autoFocus: active === 'focus', intent: rawErrors?.length ? Intent.DANGER : Intent.NONE, 'aria-invalid': rawErrors?.length ? true : undefined, 'aria-describedby': errorsId(id, rawErrors),
          ...calendar.inputProps,
        }}
        onChange={(next) => {
          if (!next) return onChange(undefined);
          const day = next.slice(0, 10);
          onChange(schema.format === 'date-time' ? new Date(`${day}T00:00:00`).toISOString() : day);
        }}
      />
    </Suspense>
  );
}
