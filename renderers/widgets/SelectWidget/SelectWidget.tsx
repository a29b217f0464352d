import { Intent } from '@blueprintjs/core';
import { localeOf, staticOptions, tOf, type OptionItem, type ThemeWidgetProps, errorsId } from '../widget-support';
import { ReadOnlyValue } from '../ReadOnlyValue/ReadOnlyValue';
import { OptionList } from '../OptionListWidget/OptionList';
import { PlainSelect } from '../../layout/PlainSelect/PlainSelect';

export interface ChoiceProps { props: ThemeWidgetProps; options: readonly OptionItem[]; loading?: boolean; disabled?: boolean }

/** The rendering shared by the static and the remote select: read-only text, checkboxes when multiple, else a native select. */
export function Choice({ props, options, loading, disabled }: ChoiceProps) {
  const { id, value, readonly, onChange, onBlur, onFocus, rawErrors, autofocus, multiple, placeholder } = props;
  const t = tOf(props);
  if (readonly) return <ReadOnlyValue id={id} kind="select" value={value} options={options} t={t} locale={localeOf(props)} />;
  if (multiple || props.options.multiple === true) return <OptionList id={id} options={options} value={value} disabled={disabled || props.disabled} onChange={onChange} />;
  const current = value === undefined || value === null ? '' : String(value);
  const list = options.some((o) => o.value === current) || current === '' ? options : [...options, { value: current, label: current }];
  return (
    <PlainSelect
      id={id}
      fill
      value={current}
      disabled={disabled || props.disabled}
      autoFocus={autofocus}
      aria-busy={loading || undefined}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={errorsId(id, rawErrors)}
      className={rawErrors?.length ? `bp6-intent-${Intent.DANGER}` : undefined}
      onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
      onBlur={(e) => onBlur(id, e.currentTarget.value)}
      onFocus={(e) => onFocus(id, e.currentTarget.value)}
    >
      {loading ? <option value="">{t('common.loading')}</option> : list.some((o) => o.value === '') ? null : <option value="">{placeholder || t('common.select')}</option>}
      {!loading && list.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
    </PlainSelect>
  );
}

/** A static enum (`oneOf` of const/title). */
export function SelectWidget(props: ThemeWidgetProps) {
  return <Choice props={props} options={staticOptions(props)} />;
}
