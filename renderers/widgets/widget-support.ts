import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import type { Locale } from 'date-fns';
import { enGB, enUS, it } from 'date-fns/locale';
import type { RendererFormContext, RendererLocale } from '../form-context';
import { translatorFor, type Translate } from '../i18n/messages';

export type ThemeWidgetProps = WidgetProps<unknown, RJSFSchema, RendererFormContext>;

export const localeOf = (props: Pick<ThemeWidgetProps, 'registry'>): RendererLocale => props.registry.formContext?.locale ?? 'it-IT';
export const tOf = (props: Pick<ThemeWidgetProps, 'registry'>): Translate => translatorFor(localeOf(props));

/** date-fns locale objects: DateInput3 must get them passed, or it fetches a locale and logs a 404 (STACK.md). */
export const DATE_LOCALES: Record<RendererLocale, Locale> = { 'it-IT': it, 'en-US': enUS, 'en-GB': enGB };

/** Text inputs report an empty string as "no value", as rjsf does. */
export const emptyAsUndefined = (value: string): string | undefined => (value === '' ? undefined : value);

/** `YYYY-MM-DD` (or an ISO date-time) as DD/MM/YYYY; anything else unchanged. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string') return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** DD/MM/YYYY HH:mm in local time, the spec's date display (spec 2 §9). */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export interface OptionItem { value: string; label: string }
/** Options of a static enum: rjsf's enumOptions, or the schema's oneOf. */
export function staticOptions(props: Pick<ThemeWidgetProps, 'options' | 'schema'>): OptionItem[] {
  if (props.options.enumOptions?.length) return props.options.enumOptions.map((o) => ({ value: String(o.value), label: o.label }));
  const source = props.schema.oneOf ?? (props.schema.items && typeof props.schema.items === 'object' && !Array.isArray(props.schema.items) ? props.schema.items.oneOf : undefined) ?? [];
  return source.flatMap((o) => (typeof o === 'object' && o.const !== undefined ? [{ value: String(o.const), label: String(o.title ?? o.const) }] : []));
}
export const labelledBy = (id: string): string => `${id}__label`;
/** The id of the field's error text (FieldShell), for aria-describedby while there are errors. */
export const errorsId = (id: string, errors: readonly string[] | undefined): string | undefined => (errors?.length ? `${id}__error` : undefined);
