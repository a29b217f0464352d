import { emptyAsUndefined, localeOf, tOf, type ThemeWidgetProps, errorsId } from '../widget-support';
import { ReadOnlyValue } from '../ReadOnlyValue/ReadOnlyValue';
import { inputClass } from '../widget-input';

export function TextWidget(props: ThemeWidgetProps) {
  const { id, value, readonly, disabled, placeholder, onChange, onBlur, onFocus, rawErrors, autofocus, options } = props;
  if (readonly) return <ReadOnlyValue id={id} kind="text" value={value} t={tOf(props)} locale={localeOf(props)} />;
  const inputType = typeof options.inputType === 'string' ? options.inputType : 'text';
  return (
    <input
      id={id}
      type={inputType}
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
