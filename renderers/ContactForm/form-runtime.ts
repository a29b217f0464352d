import { getDefaultRegistry } from '@rjsf/core';
import { createSchemaUtils, type RegistryFieldsType, type RegistryWidgetsType, type RJSFSchema, type Registry, type TemplatesType, type UiSchema as RjsfUiSchema } from '@rjsf/utils';
import type { JsonSchema } from '@translator/types';
import type { ArrayOptions, FieldOptions, FieldUiSchema, ObjectUiSchema } from '@translator/ui-schema';
import type { RendererFormContext } from '../form-context';
import { FormStore } from '../form-store/form-store';
import { FieldValidator } from '../validation/field-validator';
import { rjsfValidator } from '../validation/rjsf-validator';
import { fieldsToClear } from '../enum/enum-loader';

export type ThemeRegistry = Registry<unknown, RJSFSchema, RendererFormContext>;

/** What a theme gives the form: the Blueprint theme, or the registry a field received (an array's item form). */
export interface FormTheme {
  widgets: RegistryWidgetsType<unknown, RJSFSchema, RendererFormContext>;
  fields: RegistryFieldsType<unknown, RJSFSchema, RendererFormContext>;
  templates?: Partial<TemplatesType<unknown, RJSFSchema, RendererFormContext>>;
}

/** rjsf's registry with the theme, so widgets and fields get the props they get inside rjsf. */
export function themeRegistry(theme: FormTheme, schema: JsonSchema, formContext: RendererFormContext): ThemeRegistry {
  const base = getDefaultRegistry<unknown, RJSFSchema, RendererFormContext>();
  const rootSchema = schema as RJSFSchema;
  return {
    ...base,
    widgets: { ...base.widgets, ...theme.widgets },
    templates: { ...base.templates, ...theme.templates, ButtonTemplates: { ...base.templates.ButtonTemplates, ...theme.templates?.ButtonTemplates } },
    fields: { ...base.fields, ...theme.fields },
    formContext,
    rootSchema,
    schemaUtils: createSchemaUtils<unknown, RJSFSchema, RendererFormContext>(rjsfValidator(formContext.locale), rootSchema),
  };
}

/** Every key a field's UI Schema may have, whatever its kind (`ui:help` comes from hand-written schemas). */
type FlatFieldUi = { 'ui:widget'?: string; 'ui:field'?: string; 'ui:placeholder'?: string; 'ui:readonly'?: boolean; 'ui:help'?: string; 'ui:options'?: FieldOptions & Partial<ArrayOptions> };

export interface FieldUi { widget?: string; field?: string; placeholder?: string; readonly: boolean; help?: string; options: FieldOptions & Partial<ArrayOptions>; raw: RjsfUiSchema }

/**
 * What every field of one form shares, created once per schema: the store, the per-field validator and the registry.
 * Fields receive this object (stable), never the form's values, so a change re-renders one field only.
 */
export class FormRuntime {
  readonly store: FormStore;
  readonly validator: FieldValidator;
  readonly registry: ThemeRegistry;
  readonly required: Set<string>;
  private readonly uiCache = new Map<string, FieldUi>();
  private readonly listeners: Set<(field: string, value: unknown) => void>;

  /**
   * `previous`: the runtime of the same form before its schema changed, over the same initial values: its store and
   * listeners carry on (what was typed stays), and its fields whose schema did not change need not render again.
   */
  constructor(readonly theme: FormTheme, readonly schema: JsonSchema, readonly uiSchema: ObjectUiSchema, readonly values: Record<string, unknown>, readonly formContext: RendererFormContext, readonly idPrefix: string, readonly allReadonly: boolean, previous?: FormRuntime) {
    this.store = previous?.store ?? new FormStore(values);
    this.listeners = previous?.listeners ?? new Set();
    this.validator = new FieldValidator(schema, formContext.locale);
    this.registry = themeRegistry(theme, schema, { ...formContext, getValue: (f) => this.store.value(f) });
    this.required = new Set(schema.required ?? []);
  }

  /**
   * Whether field `name` renders the same with this runtime as with `other`: one store, theme, services and locale,
   * and the field's own schema, UI schema and required flag the same objects (the configuration preview keeps the
   * identity of what an edit did not change).
   */
  sameField(other: FormRuntime, name: string): boolean {
    if (other === this) return true;
    return other.store === this.store && other.theme === this.theme && other.idPrefix === this.idPrefix && other.allReadonly === this.allReadonly
      && other.formContext.services === this.formContext.services && other.formContext.locale === this.formContext.locale
      && other.schema.properties?.[name] === this.schema.properties?.[name] && other.uiSchema[name] === this.uiSchema[name]
      && other.required.has(name) === this.required.has(name);
  }

  id(name: string): string { return `${this.idPrefix}_${name}`; }

  ui(name: string): FieldUi {
    let ui = this.uiCache.get(name);
    if (!ui) {
      // Keys other than the `ui:` ones are the fields' entries; any field kind reads as the flat shape.
      const raw: FlatFieldUi = (this.uiSchema[name] ?? {}) as FieldUiSchema;
      ui = {
        widget: raw['ui:widget'],
        field: raw['ui:field'],
        placeholder: raw['ui:placeholder'],
        help: raw['ui:help'],
        readonly: this.allReadonly || raw['ui:readonly'] === true,
        options: raw['ui:options'] ?? {},
        raw,
      };
      this.uiCache.set(name, ui);
    }
    return ui;
  }

  /** One field changed: store it, validate it alone, clear its dependent enums. */
  change(name: string, value: unknown): void {
    const { store } = this;
    if (Object.is(store.value(name), value)) return;
    store.setValue(name, value);
    store.setErrors(name, this.validator.validateField(name, value));
    for (const child of fieldsToClear(name, (f) => this.ui(f).options.clears)) {
      if (store.value(child) !== undefined) { store.setValue(child, undefined); store.setErrors(child, undefined); this.notify(child, undefined); }
    }
    this.notify(name, value);
  }

  /** Several fields at once (the address block). */
  changeMany(values: Record<string, unknown>): void {
    for (const [name, value] of Object.entries(values)) this.change(name, value);
  }

  /** The whole form, on submit: every field's errors are shown; the errors by field are returned. */
  validateAll(): Record<string, string[]> {
    const errors = this.validator.validateAll(this.store.values());
    for (const name of this.validator.fields()) this.store.setErrors(name, errors[name]);
    return errors;
  }

  onChange(listener: (field: string, value: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  }

  private notify(field: string, value: unknown): void { this.listeners.forEach((l) => l(field, value)); }
}
