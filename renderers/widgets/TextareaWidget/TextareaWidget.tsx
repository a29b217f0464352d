import { emptyAsUndefined, localeOf, tOf, type ThemeWidgetProps, errorsId } from '../widget-support';
import { ReadOnlyValue } from '../ReadOnlyValue/ReadOnlyValue';
import { inputClass } from '../widget-input';

export function TextareaWidget(props: ThemeWidgetProps) {
  const { id, value, readonly, disabled, placeholder, onChange, onBlur, onFocus, rawErrors, autofocus } = props;
  if (readonly) return <ReadOnlyValue id={id} kind="textarea" value={value} t={tOf(props)} locale={localeOf(props)} />;
  return (
    <textarea
      id={id}
      rows={3}
      className={inputClass(Boolean(rawErrors?.length))}
      value={value === undefined || value === null ? '' : String(value)}
      placeholder={placeholder}
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
