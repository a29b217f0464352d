import { useEffect, useState } from 'react';
import { localeOf, tOf, type ThemeWidgetProps, errorsId } from '../widget-support';
import { ReadOnlyValue } from '../ReadOnlyValue/ReadOnlyValue';
import { inputClass } from '../widget-input';

/** Keeps the typed text while it is not yet a number ("1." or "-"), reports numbers (or undefined) upwards. */
export function NumberWidget(props: ThemeWidgetProps) {
  const { id, value, readonly, disabled, placeholder, onChange, onBlur, onFocus, rawErrors, autofocus, schema } = props;
  const [text, setText] = useState(value === undefined || value === null ? '' : String(value));
  useEffect(() => {
    setText((current) => (Number(current) === value || (current === '' && value === undefined) ? current : value === undefined || value === null ? '' : String(value)));
  }, [value]);
  if (readonly) return <ReadOnlyValue id={id} kind="number" value={value} t={tOf(props)} locale={localeOf(props)} />;
  return (
    <input
      id={id}
      type="number"
      className={inputClass(Boolean(rawErrors?.length))}
      inputMode="decimal"
      value={text}
      min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
      max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
      step={schema.type === 'integer' ? 1 : 'any'}
      placeholder={placeholder}
      disabled={disabled}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={errorsId(id, rawErrors)}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        const n = Number(next);
        onChange(next.trim() === '' ? undefined : Number.isFinite(n) ? n : next);
      }}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
