import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import type { ArrayOptions } from '@translator/ui-schema';
import type { RendererFormContext } from '../form-context';
import { translatorFor, type Translate } from '../i18n/messages';

export type ThemeFieldProps = FieldProps<unknown, RJSFSchema, RendererFormContext>;

export const fieldT = (props: Pick<ThemeFieldProps, 'registry'>): Translate => translatorFor(props.registry.formContext?.locale ?? 'it-IT');
/** The translator's options of an array field of kind O (rjsf passes them on untyped); absent on arrays nested in items. */
export const fieldOptions = <O extends ArrayOptions>(props: Pick<ThemeFieldProps, 'uiSchema'>): Partial<O> => (props.uiSchema?.['ui:options'] ?? {}) as Partial<O>;
export const asItems = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : []);
/** Calls the rjsf field onChange with its path (rjsf 6 passes the path; the fast form ignores it). */
export const changeField = (props: ThemeFieldProps, value: unknown): void => props.onChange(value, props.fieldPathId.path);
