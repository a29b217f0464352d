import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, memo, type ReactNode, type Ref } from 'react';
import type { JsonSchema } from '@translator/types';
import type { AddressBlock, GroupLayout, ObjectUiSchema } from '@translator/ui-schema';
import type { RendererFormContext } from '../form-context';
import { useFieldErrors, useFieldValues } from '../form-store/form-store';
import { translatorFor } from '../i18n/messages';
import { AddressField } from '../fields/AddressField/AddressField';
import { GroupSection, groupsOf } from '../layout/GroupSection/GroupSection';
import { FormRuntime, type FormTheme } from './form-runtime';
import { FormField } from './FormField';
import { idle } from './idle';

export interface ContactFormHandle {
  /** The current values (unset fields left out). */
  getValues(): Record<string, unknown>;
  /** Validates every field, shows the errors and returns them by field. */
  validate(): Record<string, string[]>;
  setValue(field: string, value: unknown): void;
  /** Shows errors found elsewhere (the server's 400, by field) on their fields. */
  setErrors(errors: Record<string, string[]>): void;
}

export interface FastFormProps {
  /** The widgets, fields and templates the fields render with. */
  theme: FormTheme;
  schema: JsonSchema;
  uiSchema: ObjectUiSchema;
  /** Initial values; a new object resets the form. */
  formData?: Record<string, unknown>;
  formContext: RendererFormContext;
  /** Prefix of the field ids (two forms on one page need different ones). */
  idPrefix?: string;
  readonly?: boolean;
  onChange?: (values: Record<string, unknown>, field: string) => void;
  onSubmit?: (values: Record<string, unknown>) => void;
  onError?: (errors: Record<string, string[]>) => void;
  /** Rendered inside the form, after the fields (submit buttons). */
  children?: ReactNode;
  handle?: Ref<ContactFormHandle>;
  /** Fields rendered in the first pass; the remaining groups follow in idle time (0: everything at once). */
  firstPassFields?: number;
}

const EMPTY: Record<string, unknown> = {};

const Group = memo(function Group({ group, runtime }: { group: GroupLayout; runtime: FormRuntime }) {
  return (
    <GroupSection label={group.label} columns={group.columns} rows={group.fields.length}>
      {group.fields.map((name) => <FormField key={name} name={name} runtime={runtime} />)}
    </GroupSection>
  );
  // a new runtime over the same store (a new schema, the configuration preview) re-renders only the groups it changed
}, (before, after) => before.group === after.group && before.group.fields.every((name) => after.runtime.sameField(before.runtime, name)));

const Address = memo(function Address({ config, runtime }: { config: AddressBlock; runtime: FormRuntime }) {
  const names = useMemo(() => Object.values(config.fields).filter((f): f is string => Boolean(f)), [config]);
  const values = useFieldValues(runtime.store, names);
  const errors = useFieldErrors(runtime.store, names);
  const context = runtime.registry.formContext;
  const titles = useMemo(() => Object.fromEntries(names.map((n) => [n, runtime.schema.properties?.[n]?.title ?? n])), [names, runtime]);
  return (
    <AddressField
      idPrefix={runtime.idPrefix}
      config={config}
      values={values}
      errors={errors}
      titles={titles}
      readonly={runtime.allReadonly}
      services={context.services}
      t={translatorFor(context.locale)}
      locale={context.locale}
      onChange={(next) => runtime.changeMany(next)}
    />
  );
});

/**
 * The fast form for the translator's contact forms. rjsf's widgets, fields and registry are the contract, but values
 * live in a store outside React: a keystroke re-renders and re-validates one field. The whole form is validated on
 * submit. Groups past the first pass render in idle time, so the first paint is quick. The theme is given, not
 * imported, because the theme's array field renders its items with this form.
 */
export function FastForm({ theme, schema, uiSchema, formData = EMPTY, formContext, idPrefix = 'cm', readonly, onChange, onSubmit, onError, children, handle, firstPassFields = 0 }: FastFormProps) {
  const allReadonly = Boolean(readonly || uiSchema['ui:readonly'] === true);
  // One runtime per schema and values; a new schema over the same values object carries the store on (what was
  // typed stays, the unchanged fields need not render). formContext is read once per runtime: its services and locale.
  const [kept, setKept] = useState(() => new FormRuntime(theme, schema, uiSchema, formData, formContext, idPrefix, allReadonly));
  let runtime = kept;
  if (kept.theme !== theme || kept.schema !== schema || kept.uiSchema !== uiSchema || kept.values !== formData || kept.idPrefix !== idPrefix
    || kept.allReadonly !== allReadonly || kept.formContext.locale !== formContext.locale || kept.formContext.services !== formContext.services) {
    runtime = new FormRuntime(theme, schema, uiSchema, formData, formContext, idPrefix, allReadonly, kept.values === formData ? kept : undefined);
    setKept(runtime);
  }
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // Subscribed in the commit itself: a keystroke between a new runtime's commit and a passive effect would reach
  // its store but not the owner, whose record of the values would then lag one keystroke behind.
  useLayoutEffect(() => runtime.onChange((field) => onChangeRef.current?.(runtime.store.values(), field)), [runtime]);
  useImperativeHandle(handle, () => ({
    getValues: () => runtime.store.values(),
    validate: () => runtime.validateAll(),
    setValue: (field, value) => runtime.change(field, value),
    setErrors: (errors) => { for (const [field, messages] of Object.entries(errors)) runtime.store.setErrors(field, messages); },
  }), [runtime]);

  const rootOptions = uiSchema['ui:options'];
  const groups = useMemo(() => {
    const configured = groupsOf(rootOptions);
    if (configured.length || rootOptions?.address) return configured;
    return [{ label: '', columns: 1, fields: Object.keys(schema.properties ?? {}) }];
  }, [rootOptions, schema]);
  const address = rootOptions?.address;

  // How many groups to render: all, or enough for the first pass and then more in idle time.
  const firstCount = useMemo(() => {
    if (!firstPassFields) return groups.length;
    let fields = 0;
    for (let i = 0; i < groups.length; i++) { fields += groups[i].fields.length; if (fields >= firstPassFields) return i + 1; }
    return groups.length;
  }, [groups, firstPassFields]);
  const [shown, setShown] = useState(firstCount);
  // A new schema or values under a mounted form (the configuration preview) keep the groups already rendered: they
  // re-render in place rather than unmount and come back in idle time. A form that must start over gets a new key.
  useEffect(() => setShown((n) => Math.max(n, firstCount)), [firstCount, runtime]);
  // Each idle pass renders about as many fields as the first one did.
  useEffect(() => {
    if (shown >= groups.length) return undefined;
    return idle(() => setShown((n) => {
      let fields = 0;
      let next = n;
      while (next < groups.length && (fields < (firstPassFields || Infinity))) fields += groups[next++].fields.length;
      return next;
    }));
  }, [shown, groups, firstPassFields]);

  const t = translatorFor(formContext.locale);
  return (
    <form
      className="cm-form"
      noValidate
      aria-busy={shown < groups.length || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        const errors = runtime.validateAll();
        if (Object.keys(errors).length) {
          onError?.(errors);
          const first = Object.keys(errors)[0];
          document.getElementById(runtime.id(first))?.focus();
        } else onSubmit?.(runtime.store.values());
      }}
    >
      {allReadonly && rootOptions?.denied ? <p className="cm-form__denied" role="note">{t('form.denied')}: {rootOptions.denied.join('; ')}</p> : null}
      {groups.slice(0, shown).map((g, i) => <Group key={`${i}:${g.label}`} group={g} runtime={runtime} />)}
      {address && shown >= groups.length ? <Address config={address} runtime={runtime} /> : null}
      {children}
    </form>
  );
}
