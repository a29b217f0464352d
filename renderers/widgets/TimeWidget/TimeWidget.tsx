import { emptyAsUndefined, localeOf, tOf, type ThemeWidgetProps, errorsId } from '../widget-support';
import { ReadOnlyValue } from '../ReadOnlyValue/ReadOnlyValue';
import { inputClass } from '../widget-input';

/** The browser's time input: `HH:mm`, what the translator's time pattern accepts. */
export function TimeWidget(props: ThemeWidgetProps) {
  const { id, value, readonly, disabled, onChange, onBlur, onFocus, rawErrors, autofocus } = props;
  if (readonly) return <ReadOnlyValue id={id} kind="time" value={value} t={tOf(props)} locale={localeOf(props)} />;
  return (
    <input
      id={id}
      type="time"
      className={inputClass(Boolean(rawErrors?.length))}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={errorsId(id, rawErrors)}
      onChange={(e) => onChange(emptyAsUndefined(e.target.value))}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
