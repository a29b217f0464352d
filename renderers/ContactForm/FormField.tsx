import { memo, useCallback } from 'react';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import type { RendererFormContext } from '../form-context';
import { useFieldErrorList, useFieldState, useFieldValue, useFieldValues } from '../form-store/form-store';
import { FieldShell } from '../templates/FieldShell/FieldShell';
import { staticOptions } from '../widgets/widget-support';
import type { FormRuntime } from './form-runtime';

type WidgetOptions = WidgetProps<unknown, RJSFSchema, RendererFormContext>['options'];
const NO_PARENTS: string[] = [];
const noop = () => undefined;

const schemaOf = (runtime: FormRuntime, name: string) => (runtime.schema.properties?.[name] ?? {}) as RJSFSchema;

/** The widget alone: it subscribes to the value, so a keystroke re-renders the input and nothing around it. */
const FieldWidget = memo(function FieldWidget({ name, runtime, errors }: { name: string; runtime: FormRuntime; errors: readonly string[] | undefined }) {
  const value = useFieldValue(runtime.store, name);
  const ui = runtime.ui(name);
  const dependsOn = ui.options.dependsOn ?? NO_PARENTS;
  const parentValues = useFieldValues(runtime.store, dependsOn);
  const schema = schemaOf(runtime, name);
  const onChange = useCallback((next: unknown) => runtime.change(name, next), [runtime, name]);
  const Widget = runtime.registry.widgets[ui.widget ?? 'text'];
  if (!Widget) throw new Error(`${name}: unknown widget '${ui.widget}'`);
  let options = (dependsOn.length ? { ...ui.options, parentValues } : ui.options) as WidgetOptions;
  if (schema.oneOf) options = { ...options, enumOptions: staticOptions({ options: {}, schema }) };
  return (
    <Widget
      id={runtime.id(name)}
      name={name}
      label={schema.title ?? name}
      schema={schema}
      uiSchema={ui.raw}
      value={value}
      required={runtime.required.has(name)}
      readonly={ui.readonly}
      placeholder={ui.placeholder}
      rawErrors={errors ? [...errors] : undefined}
      options={options}
      registry={runtime.registry}
      onChange={onChange}
      onBlur={noop}
      onFocus={noop}
    />
  );
});

/** A custom field (arrays): gets the whole FieldProps contract, as inside rjsf. */
const CustomField = memo(function CustomField({ name, runtime, field }: { name: string; runtime: FormRuntime; field: string }) {
  const { value, errors } = useFieldState(runtime.store, name);
  const ui = runtime.ui(name);
  const onChange = useCallback((next: unknown) => runtime.change(name, next), [runtime, name]);
  const Field = runtime.registry.fields[field];
  if (!Field) throw new Error(`${name}: unknown field '${field}'`);
  return (
    <div className="cm-field cm-field--custom" style={{ gridColumn: '1 / -1' }}>
      <Field
        name={name}
        schema={schemaOf(runtime, name)}
        uiSchema={ui.raw}
        fieldPathId={{ $id: runtime.id(name), path: [name] }}
        formData={value}
        rawErrors={errors ? [...errors] : undefined}
        required={runtime.required.has(name)}
        readonly={ui.readonly}
        disabled={false}
        registry={runtime.registry}
        onChange={onChange}
        onBlur={noop}
        onFocus={noop}
      />
    </div>
  );
});

/** One field of the fast form: its frame (label, help, errors) re-renders on errors only; its widget on its value only. */
export const FormField = memo(function FormField({ name, runtime }: { name: string; runtime: FormRuntime }) {
  const ui = runtime.ui(name);
  const errors = useFieldErrorList(runtime.store, name);
  if (ui.field) return <CustomField name={name} runtime={runtime} field={ui.field} />;
  const schema = schemaOf(runtime, name);
  const id = runtime.id(name);
  return (
    <FieldShell id={id} label={schema.title ?? name} required={runtime.required.has(name) && !ui.readonly} help={ui.help} errors={errors}>
      <FieldWidget name={name} runtime={runtime} errors={errors} />
    </FieldShell>
  );
  // a new runtime that leaves this field as it was (FormRuntime.sameField) does not render it again
}, (before, after) => before.name === after.name && after.runtime.sameField(before.runtime, before.name));
