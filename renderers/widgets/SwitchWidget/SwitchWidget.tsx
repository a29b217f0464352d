import { Switch } from '@blueprintjs/core';
import { localeOf, tOf, type ThemeWidgetProps } from '../widget-support';
import { ReadOnlyValue } from '../ReadOnlyValue/ReadOnlyValue';

/** The spec's "slider checkbox"; the value is stored as checked (true/false). */
export function SwitchWidget(props: ThemeWidgetProps) {
  const { id, value, readonly, disabled, onChange, onBlur, onFocus, autofocus } = props;
  if (readonly) return <ReadOnlyValue id={id} kind="boolean" value={value} t={tOf(props)} locale={localeOf(props)} />;
  return (
    <Switch
      id={id}
      className="cm-switch"
      checked={value === true}
      disabled={disabled}
      autoFocus={autofocus}
      onChange={(e) => onChange(e.currentTarget.checked)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
