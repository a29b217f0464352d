import Form, { withTheme, type FormProps, type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RendererFormContext } from '../form-context';
import { fieldsToClear } from '../enum/enum-loader';
import { blueprintTheme } from '../theme';

/** Stock rjsf with the Blueprint theme. */
export const ThemedForm = withTheme<unknown, RJSFSchema, RendererFormContext>(blueprintTheme);

type Data = Record<string, unknown>;
const asData = (v: unknown): Data => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Data) : {});

/**
 * rjsf's defaults would give an empty enumeration (a `oneOf` of consts) its first value: a filter the user never chose
 * ('Tipo fornitura: luce') would be applied with the others. A field starts empty unless its schema says `default`.
 */
const ONLY_DECLARED_DEFAULTS = { constAsDefaults: 'skipOneOf' } as const;

/**
 * rjsf with the Blueprint theme, for small forms (the list filters, previews). It gives remote selects their parents'
 * values through formContext and clears a dependent enum when its parent changes, as ContactForm does. Contact forms
 * use ContactForm, which shares this theme but keeps values outside React state.
 */
export function BlueprintForm(props: FormProps<unknown, RJSFSchema, RendererFormContext>) {
  const { formData, formContext, onChange, uiSchema } = props;
  const [data, setData] = useState<unknown>(formData);
  const dataRef = useRef<unknown>(formData);
  const formRef = useRef<Form<unknown, RJSFSchema, RendererFormContext>>(null);
  useEffect(() => { dataRef.current = formData; setData(formData); }, [formData]);
  const context = useMemo<RendererFormContext | undefined>(
    () => (formContext ? {
      ...formContext,
      getValue: (field: string) => asData(dataRef.current)[field],
      // rjsf's own setFieldValue, so the change goes through its onChange (and ours) like a typed one.
      setValues: (values: Record<string, unknown>) => { for (const [field, value] of Object.entries(values)) formRef.current?.setFieldValue(field, value); },
    } : undefined),
    [formContext],
  );
  // rjsf re-renders a field only when its props differ (functions compare equal), so a dependent enum gets its
  // parents' values in its own ui:options.
  const themedUi = useMemo(() => {
    if (!uiSchema) return uiSchema;
    const values = asData(data);
    let out: typeof uiSchema | null = null;
    for (const [name, entry] of Object.entries(uiSchema)) {
      const options = (entry as { 'ui:options'?: { dependsOn?: unknown } } | undefined)?.['ui:options'];
      if (!Array.isArray(options?.dependsOn)) continue;
      out ??= { ...uiSchema };
      out[name] = { ...(entry as object), 'ui:options': { ...options, parentValues: Object.fromEntries(options.dependsOn.map((p: string) => [p, values[p]])) } };
    }
    return out ?? uiSchema;
  }, [uiSchema, data]);
  const handleChange = (event: IChangeEvent<unknown, RJSFSchema, RendererFormContext>, id?: string) => {
    const prev = asData(dataRef.current);
    const next = { ...asData(event.formData) };
    const clearsOf = (f: string) => ((uiSchema?.[f] as { 'ui:options'?: { clears?: string[] } } | undefined)?.['ui:options']?.clears);
    for (const key of Object.keys(next)) {
      if (!Object.is(prev[key], next[key])) for (const child of fieldsToClear(key, clearsOf)) delete next[child];
    }
    const value = typeof event.formData === 'object' && event.formData !== null && !Array.isArray(event.formData) ? next : event.formData;
    dataRef.current = value;
    setData(value);
    onChange?.({ ...event, formData: value }, id);
  };
  return <ThemedForm experimental_defaultFormStateBehavior={ONLY_DECLARED_DEFAULTS} {...props} ref={formRef} uiSchema={themedUi} formData={data} formContext={context} onChange={handleChange} />;
}
