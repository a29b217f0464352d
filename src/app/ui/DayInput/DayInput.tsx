import { Intent } from '@blueprintjs/core';
import { DateInput3 } from '@blueprintjs/datetime2';
import { format, isValid, parse } from 'date-fns';
import { enGB, enUS, it } from 'date-fns/locale';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarOnDemand } from '@renderers/widgets/DateWidget/calendar-on-demand';

const DISPLAY = 'dd/MM/yyyy';
const LOCALES = { 'it-IT': it, 'en-US': enUS, 'en-GB': enGB } as const;
const MIN_DATE = new Date(2000, 0, 1);
const MAX_DATE = new Date(2100, 11, 31);

const parseDay = (text: string): Date | false => {
  const d = parse(text, DISPLAY, new Date());
  return isValid(d) ? d : false;
};

/** Whether the text typed is a day the field takes: empty (no day), or a real day between MIN_DATE and MAX_DATE. */
export const isDayText = (text: string): boolean => {
  if (text === '') return true;
  const d = parseDay(text);
  return d !== false && d.getTime() >= MIN_DATE.getTime() && d.getTime() <= MAX_DATE.getTime() + 86_399_999;
};

/**
 * A day, shown DD/MM/YYYY in every language (spec 3 §9) and given as YYYY-MM-DD; the date-fns locale is passed in so
 * DateInput3 never fetches one itself (STACK.md).
 *
 * DateInput3 keeps text it cannot read (31/02/2026, a half-typed day) to itself, showing "Invalid date" once the
 * field is left, and never calls onChange for it: `value` stays the last good day. So the field tells its owner
 * through `onInvalidText` (true while the text is no day, false once it is one or empty again) and marks itself in
 * error, whatever `invalid` says. A parent that sets `value` again to what it already was (a reset) must remount the
 * field (a `key`) to clear such text.
 *
 * By keyboard it behaves as the forms' date field: the calendar opens on a click or ArrowDown, never on focus (one
 * Tab moves past the field), Esc closes it with the focus kept on the input, a day picked gives the focus back.
 */
export function DayInput({ id, value, onChange, onInvalidText, invalid = false, placeholder }: {
  id: string;
  value: string | null;
  onChange(value: string | null): void;
  onInvalidText?(invalid: boolean): void;
  invalid?: boolean;
  placeholder?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = LOCALES[i18n.language as keyof typeof LOCALES] ?? it;
  const [badText, setBadText] = useState(false);
  // What the owner was last told: one change event may report twice (DateInput3's onChange, then the input's).
  const told = useRef(false);
  const report = (bad: boolean) => {
    setBadText(bad);
    if (bad === told.current) return;
    told.current = bad;
    onInvalidText?.(bad);
  };
  const inError = invalid || badText;
  const calendar = useCalendarOnDemand(id);
  return (
    <DateInput3
      value={value}
      locale={locale}
      formatDate={(d) => format(d, DISPLAY)}
      parseDate={parseDay}
      placeholder={placeholder}
      invalidDateMessage={t('app.invalidDate')}
      outOfRangeMessage={t('app.dateOutOfRange')}
      dayPickerProps={{
        labels: { labelNext: () => t('app.calendar.next'), labelPrevious: () => t('app.calendar.previous'), labelMonthDropdown: () => t('app.calendar.month'), labelYearDropdown: () => t('app.calendar.year') },
        onSelect: calendar.onSelect,
      }}
      canClearSelection
      highlightCurrentDay
      minDate={MIN_DATE}
      maxDate={MAX_DATE}
      popoverProps={calendar.popoverProps}
      inputProps={{
        id,
        ...calendar.inputProps,
        intent: inError ? Intent.DANGER : Intent.NONE,
        'aria-invalid': inError ? true : undefined,
        // After DateInput3's own handler: it has called onChange for a day or for an empty field, not for the rest.
        onChange: (e: ChangeEvent<HTMLInputElement>) => report(!isDayText(e.target.value)),
      }}
      onChange={(next) => {
        // A day picked in the calendar, typed, or the field emptied: whatever text was there is gone.
        report(false);
        onChange(next ? next.slice(0, 10) : null);
      }}
    />
  );
}
