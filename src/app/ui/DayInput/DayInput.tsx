import { Intent } from '@blueprintjs/core';
import { DateInput3 } from '@blueprintjs/datetime2';
import { format, isValid, parse } from 'date-fns';
import { enGB, enUS, it } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';

const DISPLAY = 'dd/MM/yyyy';
const LOCALES = { 'it-IT': it, 'en-US': enUS, 'en-GB': enGB } as const;
const MIN_DATE = new Date(2000, 0, 1);
const MAX_DATE = new Date(2100, 11, 31);

/**
 * A day, shown DD/MM/YYYY in every language (spec 3 §9) and given as YYYY-MM-DD; the date-fns locale is passed in so
 * DateInput3 never fetches one itself (STACK.md).
 */
export function DayInput({ id, value, onChange, invalid = false, placeholder }: { id: string; value: string | null; onChange(value: string | null): void; invalid?: boolean; placeholder?: string }) {
  const { t, i18n } = useTranslation();
  const locale = LOCALES[i18n.language as keyof typeof LOCALES] ?? it;
  return (
    <DateInput3
      value={value}
      locale={locale}
      formatDate={(d) => format(d, DISPLAY)}
      parseDate={(s) => {
        const d = parse(s, DISPLAY, new Date());
        return isValid(d) ? d : false;
      }}
      placeholder={placeholder}
      invalidDateMessage={t('app.invalidDate')}
      outOfRangeMessage={t('app.dateOutOfRange')}
      dayPickerProps={{ labels: { labelNext: () => t('app.calendar.next'), labelPrevious: () => t('app.calendar.previous'), labelMonthDropdown: () => t('app.calendar.month'), labelYearDropdown: () => t('app.calendar.year') } }}
      canClearSelection
      highlightCurrentDay
      minDate={MIN_DATE}
      maxDate={MAX_DATE}
      inputProps={{ id, intent: invalid ? Intent.DANGER : Intent.NONE, 'aria-invalid': invalid ? true : undefined }}
      onChange={(next) => onChange(next ? next.slice(0, 10) : null)}
    />
  );
}
