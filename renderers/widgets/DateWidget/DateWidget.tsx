import { Intent } from '@blueprintjs/core';
import { format, isValid, parse } from 'date-fns';
import { lazy, Suspense, useEffect, useState, type KeyboardEvent } from 'react';
import { DATE_LOCALES, formatDate, localeOf, tOf, type ThemeWidgetProps, errorsId } from '../widget-support';
import { ReadOnlyValue } from '../ReadOnlyValue/ReadOnlyValue';
import { inputClass } from '../widget-input';
import { idle } from '../../ContactForm/idle';

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

/** The open calendar of the date input `id` (DateInput3 names it in the input's aria-controls). */
const calendarOf = (id: string) => {
  const controls = document.getElementById(id)?.getAttribute('aria-controls');
  return controls ? document.getElementById(controls) : null;
};
const inCalendar = (id: string, node: EventTarget | null) => node instanceof Node && Boolean(calendarOf(id)?.contains(node));

/** Closes the calendar; the focus, if it was in the calendar (a day picked, Esc there), goes back to the input. */
function closeCalendar(id: string, setOpen: (open: boolean) => void) {
  const active = document.activeElement;
  if (!active || active === document.body || inCalendar(id, active)) document.getElementById(id)?.focus();
  setOpen(false);
}

/**
 * Keys DateInput3 would handle otherwise, taken before it sees them: Tab with the calendar closed moves to the next
 * field (DateInput3 would walk into the calendar, open on focus in its own state); Esc closes an open calendar and
 * stops there (DateInput3 would blur the input, leaving the focus on the page, and a dialog around would close too).
 * Esc on a closed calendar goes on to the dialog around, if any, with the input kept focused.
 */
function calendarKeys(e: KeyboardEvent<HTMLInputElement>, open: boolean, setOpen: (open: boolean) => void) {
  if (e.key === 'Tab' && !e.shiftKey && !open) e.stopPropagation();
  else if (e.key === 'Escape' && open) { e.stopPropagation(); setOpen(false); }
  else if (e.key === 'Escape') {
    const input = e.currentTarget;
    // DateInput3 blurs the input in this keydown: focus it again once it has
    queueMicrotask(() => { if (input.isConnected && document.activeElement !== input && (!document.activeElement || document.activeElement === document.body)) input.focus(); });
  }
}

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
  const [open, setOpen] = useState(false);
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
          onSelect: () => closeCalendar(id, setOpen),
        }}
        disabled={disabled}
        fill
        canClearSelection
        highlightCurrentDay
        minDate={MIN_DATE}
        maxDate={MAX_DATE}
        popoverProps={{ isOpen: open, onClose: () => closeCalendar(id, setOpen) }}
        inputProps={{
          id, autoFocus: active === 'focus', intent: rawErrors?.length ? Intent.DANGER : Intent.NONE, 'aria-invalid': rawErrors?.length ? true : undefined, 'aria-describedby': errorsId(id, rawErrors),
          onClick: () => setOpen(true),
          onKeyDownCapture: (e) => calendarKeys(e, open, setOpen),
          onKeyDown: (e) => {
            if (e.key === 'ArrowDown' && !open) { e.preventDefault(); setOpen(true); }
            // DateInput3 has taken the typed day on Enter
            else if (e.key === 'Enter' && open) setOpen(false);
          },
          onBlur: (e) => { if (open && !inCalendar(id, e.relatedTarget)) setOpen(false); },
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
