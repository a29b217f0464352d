import { Classes } from '@blueprintjs/core';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { localeOf, tOf, type ThemeWidgetProps, errorsId } from '../widget-support';
import { ReadOnlyValue } from '../ReadOnlyValue/ReadOnlyValue';
import { inputClass } from '../widget-input';
import { readTime, stepTime } from './time-text';

const shown = (value: unknown): string => (typeof value === 'string' ? value : '');
/** Where the hours end in the text as typed: at the separator, or after the digits that are the hours (930, 1430). */
function hoursEnd(text: string): number {
  const separator = text.search(/[:.]/);
  if (separator >= 0) return separator;
  return text.length <= 2 ? text.length : text.length === 3 ? 1 : 2;
}

/**
 * A text input for `HH:mm` (24 hours in every language: the browser's time input follows the browser's locale and
 * shows AM/PM in an Italian form). It accepts 1430, 14:30, 14.30 or 9 (09:00); arrows step the hour or the minute under
 * the caret. It reports a time or, while the text is not one, the text as typed: the field's pattern (the translator's
 * TIME_PATTERN) then refuses it, so a save never takes an impossible or unfinished time for an emptied field. It says
 * why itself only where the form shows no error of its own for the field (the pattern's error reads the same).
 */
export function TimeWidget(props: ThemeWidgetProps) {
  const { id, value, readonly, disabled, placeholder, onChange, onBlur, onFocus, rawErrors, autofocus } = props;
  const [text, setText] = useState(() => shown(value));
  const [focused, setFocused] = useState(false);
  // The value this widget last reported: a different one came from outside (a reset, a rule) and replaces the text.
  const reported = useRef<unknown>(value);
  useEffect(() => {
    if (Object.is(value, reported.current)) return;
    reported.current = value;
    setText(shown(value));
  }, [value]);
  // After an arrow, the caret goes back to the part it stepped once React has written the new text (which puts it at
  // the end), before the next key is handled.
  const caretAfterStep = useRef<{ input: HTMLInputElement; at: number } | null>(null);
  useLayoutEffect(() => {
    const pending = caretAfterStep.current;
    caretAfterStep.current = null;
    if (pending && document.activeElement === pending.input) pending.input.setSelectionRange(pending.at, pending.at);
  }, [text]);
  if (readonly) return <ReadOnlyValue id={id} kind="time" value={value} t={tOf(props)} locale={localeOf(props)} />;

  const t = tOf(props);
  const read = readTime(text);
  const wrong = read.kind === 'impossible' || (read.kind === 'incomplete' && !focused);
  // One message for one problem: the form's own error for the field (the pattern's, worded as this one) replaces it.
  const ownError = wrong && !rawErrors?.length;
  const ownErrorId = `${id}__time`;
  const describedBy = [ownError ? ownErrorId : undefined, errorsId(id, rawErrors)].filter(Boolean).join(' ') || undefined;
  const report = (next: string | undefined) => {
    reported.current = next;
    onChange(next);
  };
  const change = (next: string) => {
    setText(next);
    const r = readTime(next);
    report(r.kind === 'valid' ? r.value : r.kind === 'empty' ? undefined : next);
  };
  const step = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key !== 'ArrowUp' && e.key !== 'ArrowDown') || read.kind !== 'valid') return;
    e.preventDefault();
    const input = e.currentTarget;
    const part = (input.selectionStart ?? 0) <= hoursEnd(text) ? 'hours' : 'minutes';
    const next = stepTime(read.value, part, e.key === 'ArrowUp' ? 1 : -1);
    caretAfterStep.current = { input, at: part === 'hours' ? 2 : 5 };
    setText(next);
    report(next);
  };
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        className={inputClass(wrong || Boolean(rawErrors?.length))}
        value={text}
        placeholder={placeholder ?? t('time.placeholder')}
        disabled={disabled}
        autoFocus={autofocus}
        aria-invalid={wrong || rawErrors?.length ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => change(e.target.value)}
        onKeyDown={step}
        onBlur={(e) => {
          setFocused(false);
          if (read.kind === 'valid' && read.value !== text) setText(read.value);
          onBlur(id, e.target.value);
        }}
        onFocus={(e) => {
          setFocused(true);
          onFocus(id, e.target.value);
        }}
      />
      {ownError ? <div id={ownErrorId} className={`${Classes.FORM_HELPER_TEXT} cm-errors`} style={{ color: 'var(--bp-intent-danger-hover)' }} role="alert">{t('time.invalid')}</div> : null}
    </>
  );
}
