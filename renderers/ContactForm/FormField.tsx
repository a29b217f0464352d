import { memo, useCallback } from 'react';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import type { RendererFormContext } from '../form-context';

type WidgetOptions = WidgetProps<unknown, RJSFSchema, RendererFormContext>['options'];
import { useFieldState, useFieldValues } from '../form-store/form-store';
import { FieldShell } from '../templates/FieldShell/FieldShell';
import { staticOptions } from '../widgets/widget-support';
import type { FormRuntime } from './form-runtime';

const NO_PARENTS: string[] = [];

/** One field of the fast form: subscribes to its own value and errors only. */
export const FormField = memo(function FormField({ name, runtime }: { name: string; runtime: FormRuntime }) {
  const { value, errors } = useFieldState(runtime.store, name);
  const ui = runtime.ui(name);
  const dependsOn = Array.isArray(ui.options.dependsOn) ? (ui.options.dependsOn as string[]) : NO_PARENTS;
  const parentValues = useFieldValues(runtime.store, dependsOn);
  const schema = (runtime.schema.properties?.[name] ?? {}) as RJSFSchema;
  const id = runtime.id(name);
  const required = runtime.required.has(name);
  const onChange = useCallback((next: unknown) => runtime.change(name, next), [runtime, name]);
  const noop = useCallback(() => undefined, []);
  const onFocus = useCallback(() => runtime.validator.prepare(name), [runtime, name]);
  const { registry } = runtime;
  const label = schema.title ?? name;

  if (ui.field) {
    const Field = registry.fields[ui.field];
    if (!Field) throw new Error(`${name}: unknown field '${ui.field}'`);
    return (
      <div className="cm-field cm-field--custom" style={{ gridColumn: '1 / -1' }}>
        <Field
          name={name}
          schema={schema}
          uiSchema={ui.raw}
          fieldPathId={{ $id: id, path: [name] }}
          formData={value}
          rawErrors={errors ? [...errors] : undefined}
          required={required}
          readonly={ui.readonly}
          disabled={false}
          registry={registry}
          onChange={onChange}
          onBlur={noop}
          onFocus={noop}
        />
      </div>
    );
  }
  const Widget = registry.widgets[ui.widget ?? 'text'];
  if (!Widget) throw new Error(`${name}: unknown widget '${ui.widget}'`);
  const options = (dependsOn.length ? { ...ui.options, parentValues } : ui.options) as WidgetOptions;
  return (
    <FieldShell id={id} label={label} required={required && !ui.readonly} help={ui.help} errors={errors}>
      <Widget
        id={id}
        name={name}
        label={label}
        schema={schema}
        uiSchema={ui.raw}
        value={value}
        required={required}
        readonly={ui.readonly}
        placeholder={ui.placeholder}
        rawErrors={errors ? [...errors] : undefined}
        options={schema.oneOf ? { ...options, enumOptions: staticOptions({ options: {}, schema }).map((o) => ({ value: o.value, label: o.label })) } : options}
        registry={registry}
        onChange={onChange}
        onBlur={noop}
        onFocus={onFocus}
      />
    </FieldShell>
  );
});
