import { ADDRESS_MODES, ADDRESS_PARTS, type AddressPart } from '@domain/address';
import { ATTACHMENT_DEFAULT_MAX_BYTES } from '@domain/constants';
import { NUMBER_PATTERN } from '@domain/number-pattern';
import { TIME_PATTERN } from '@domain/time-pattern';
import type { DataModel, Field, FieldMap } from '@domain/generated/data-model';
import type { AddressConfig, FieldGroup, Workspace } from '@domain/generated/workspace';
import type { PermissionName } from '@domain/permissions';
import { ROLES, type Role } from '@domain/roles';
import { can, explain } from './can';
import { messageValue, type MessageFields } from './message-values';
import { translatePermissions, type PermissionRules } from './translate-permissions';
import type { JsonSchema, Translation } from './types';
import type { ControlUiSchema, FieldOptions, FieldUiSchema, FormLayout, FormUiSchema, GroupLayout, ItemsUiSchema, MediaEntry, ModalArrayUiSchema, RemoteEnumSource, StaticEnumSource } from './ui-schema';
import { hasErrors, placeholders, regexCompiles, validateConfiguration } from './validate';
import { chooseControl, type Control, type FieldContext } from './widget-testers';

export const FORM_VIEWS = ['show', 'edit', 'create', 'sms'] as const;
export const FORM_SECTIONS = ['inputs', 'outputs'] as const;
export type FormView = (typeof FORM_VIEWS)[number];
export type FormSection = (typeof FORM_SECTIONS)[number];
export interface FormOptions { view: FormView; section: FormSection; role: Role }
/** One form: `schema` holds every field of the section (what the server validates); `uiSchema` how to show them. */
export interface FormTranslation { schema: JsonSchema; uiSchema: FormUiSchema }

/** `HH:mm` or `HH:mm:ss`: what the time picker stores (src/domain/time-pattern.ts). */
export { TIME_PATTERN };

const VIEW_PERMISSION: Record<FormView, PermissionName> = { show: 'show', edit: 'edit', create: 'insert', sms: 'sms' };

/** The JSON Schema of one data-model field (DESIGN.md's mapping table). */
export function fieldSchema(field: Field, staticValues?: Array<{ value: string; label: string }>, required = false): JsonSchema {
  const s: JsonSchema = { title: field.label };
  switch (field.dataType ?? 'text') {
    case 'boolean': s.type = 'boolean'; break;
    case 'number': s.type = 'number'; break;
    case 'date': s.type = 'string'; s.format = 'date'; break;
    case 'time': s.type = 'string'; s.pattern = TIME_PATTERN; break;
    case 'array': {
      s.type = 'array';
      s.items = objectSchema(field.arrayItemsModel ?? {});
      if (typeof field.arrayMinItems === 'number') s.minItems = field.arrayMinItems;
      else if (required) s.minItems = 1;
      if (typeof field.arrayMaxItems === 'number') s.maxItems = field.arrayMaxItems;
      break;
    }
    default:
      s.type = 'string';
      if (required) s.minLength = 1;
  }
  // A number's regex is checked against it as written (JSON Schema's pattern is for strings only).
  if (s.type === 'number' && field.dataRegex && regexCompiles(field.dataRegex)) s[NUMBER_PATTERN] = field.dataRegex;
  if (s.type === 'string' && field.dataRegex && regexCompiles(field.dataRegex)) {
    // A time keeps its own pattern (HH:MM) and must match the field's regex too (spec 2 §5: every field is checked).
    if (s.pattern) s.allOf = [{ pattern: field.dataRegex }];
    else s.pattern = field.dataRegex;
  }
  if (staticValues?.length && s.type === 'string') s.oneOf = staticValues.map((v) => ({ const: v.value, title: v.label }));
  if (field.value !== undefined && field.value !== null) s.default = field.value;
  return s;
}

/** Items of an array field: an object of the arrayItemsModel fields. */
function objectSchema(map: FieldMap): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(map)) {
    properties[name] = fieldSchema(field, undefined, Boolean(field.required));
    if (field.required) required.push(name);
  }
  return required.length ? { type: 'object', properties, required } : { type: 'object', properties };
}

function itemsUiSchema(map: FieldMap): ItemsUiSchema {
  const ui: ItemsUiSchema = {};
  for (const [name, field] of Object.entries(map)) {
    const control = chooseControl({ name, field, parents: [] });
    const base: ControlUiSchema = field.placeholder ? { 'ui:placeholder': field.placeholder } : {};
    if ('field' in control) {
      // Items have no arrayConfig, so a nested array is a modal editor, and no options.
      const entry: ModalArrayUiSchema = { 'ui:field': 'ArrayModalField', ...base };
      if (field.arrayItemsModel) entry.items = itemsUiSchema(field.arrayItemsModel);
      ui[name] = entry;
    } else if (control.widget !== 'select' && control.widget !== 'remoteSelect') {
      // Items have no enumConfig either, so their controls are never selects.
      ui[name] = { 'ui:widget': control.widget, ...base };
    }
  }
  return ui;
}

const STATIC_ENUM: StaticEnumSource = { kind: 'static' };

interface FieldUiContext {
  section: FormSection;
  readonly: boolean;
  clears?: string[];
  addressPart?: AddressPart;
  itemsUi: () => ItemsUiSchema;
  maxSize: number;
}

/**
 * One field's UI Schema: its control and the options of its kind (enum source, array kind, address part). Only
 * selects have an enum source: a validated enumConfig always makes its field a select or a remote select.
 */
function fieldUi(ctx: FieldContext, control: Control, f: FieldUiContext): FieldUiSchema {
  const { name, field, enumConfig, arrayConfig, parents } = ctx;
  const base: ControlUiSchema = {};
  if (field.placeholder) base['ui:placeholder'] = field.placeholder;
  if (f.readonly) base['ui:readonly'] = true;
  const links: FieldOptions = {};
  if (parents.length) links.dependsOn = parents;
  if (f.clears?.length) links.clears = f.clears;
  const part: FieldOptions = f.addressPart ? { addressPart: f.addressPart } : {};
  if ('field' in control) {
    const label = arrayConfig?.label ? { arrayLabel: arrayConfig.label } : {};
    const items = f.itemsUi();
    switch (control.field) {
      case 'AttachmentListField': return { 'ui:field': control.field, ...base, items, 'ui:options': { ...links, arrayKind: 'attachment', ...label, maxSize: f.maxSize, ...part } };
      case 'DocumentListField': return { 'ui:field': control.field, ...base, items, 'ui:options': { ...links, arrayKind: 'doc', ...label, ...part } };
      case 'ArrayModalField': return { 'ui:field': control.field, ...base, items, 'ui:options': { ...links, arrayKind: 'modal', ...label, ...part } };
    }
  }
  switch (control.widget) {
    case 'remoteSelect': {
      const source = enumConfig ?? {};
      const enumSource: RemoteEnumSource = { kind: 'remote', section: f.section, field: name, url: source.url ?? null, remoteValues: Boolean(source.remoteValues), cachable: Boolean(source.cachable) };
      return { 'ui:widget': control.widget, ...base, 'ui:options': { enumSource, ...links, ...part } };
    }
    case 'select': return { 'ui:widget': control.widget, ...base, 'ui:options': { enumSource: STATIC_ENUM, ...links, ...part } };
    default: {
      const options = { ...links, ...part };
      return Object.keys(options).length ? { 'ui:widget': control.widget, ...base, 'ui:options': options } : { 'ui:widget': control.widget, ...base };
    }
  }
}

interface SectionConfig {
  map: FieldMap;
  groups: FieldGroup[];
  address?: AddressConfig;
  parents: Map<string, string[]>;
  children: Record<string, string[]>;
}

function sectionConfig(model: DataModel, ws: Workspace, section: FormSection): SectionConfig {
  const map = section === 'inputs' ? model.model : model.outputs;
  const groups = (section === 'inputs' ? ws.groupsInputs : ws.groupsOutputs) ?? [];
  const children = (section === 'inputs' ? ws.inputDependencies : ws.outputDependencies) ?? {};
  const parents = new Map<string, string[]>();
  for (const [parent, list] of Object.entries(children)) for (const child of list) parents.set(child, [...(parents.get(child) ?? []), parent]);
  return { map, groups, address: section === 'inputs' ? ws.inputAddressConfig : ws.outputAddressConfig, parents, children };
}

/**
 * The form of one view and section, shared by all roles (the role only decides whether the form is usable).
 * Field rules per view: show and sms leave out fields with isDetailVisible false; create edits every field (a new
 * contact needs its values); show and edit make editable:false fields read-only; sms makes the first group required.
 */
interface FieldWork {
  control: Control;
  schemas: Map<boolean, JsonSchema>;
  itemsUi?: ItemsUiSchema;
  /** The field's UI Schema does not depend on the view except for read-only: built once per flag and shared. */
  ui: Map<boolean, FieldUiSchema>;
}
type Memo = Map<Field, FieldWork>;

function buildForm(model: DataModel, ws: Workspace, view: FormView, section: FormSection, memo: Memo = new Map()): FormTranslation {
  if (view === 'sms' && section === 'outputs') return { schema: { type: 'object', properties: {} }, uiSchema: { 'ui:order': [], 'ui:options': { groups: [] } } };
  const cfg = sectionConfig(model, ws, section);
  const include = (f: Field): boolean => !((view === 'show' || view === 'sms') && f.isDetailVisible === false);
  const smsRequired = new Set(view === 'sms' ? (cfg.groups[0]?.fields ?? []) : []);
  const addressParts = new Map<string, AddressPart>();
  for (const part of ADDRESS_PARTS) { const name = cfg.address?.[part]; if (name && cfg.map[name] && include(cfg.map[name])) addressParts.set(name, part); }
  const enums = ws.enumConfig?.[section] ?? {};

  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const fieldsUi: Record<string, FieldUiSchema> = {};
  for (const [name, field] of Object.entries(cfg.map)) {
    if (!include(field)) continue;
    const isRequired = Boolean(field.required) || smsRequired.has(name);
    const enumConfig = enums[name];
    const ctx: FieldContext = { name, field, enumConfig, arrayConfig: field.dataType === 'array' ? ws.arrayConfig?.[name] : undefined, parents: cfg.parents.get(name) ?? [] };
    let work = memo.get(field);
    if (!work) { work = { control: chooseControl(ctx), schemas: new Map(), ui: new Map() }; memo.set(field, work); }
    const control = work.control;
    // An SMS carries no files: its form has no attachment or document list, nor their required-ness.
    if (view === 'sms' && 'field' in control && (control.field === 'AttachmentListField' || control.field === 'DocumentListField')) continue;
    const isRemote = 'widget' in control && control.widget === 'remoteSelect';
    let schema = work.schemas.get(isRequired);
    if (!schema) { schema = fieldSchema(field, isRemote ? undefined : enumConfig?.values, isRequired); work.schemas.set(isRequired, schema); }
    properties[name] = schema;
    if (isRequired) required.push(name);

    const readonly = field.editable === false && view !== 'create' && view !== 'sms';
    let ui = work.ui.get(readonly);
    if (!ui) {
      const shared = work;
      ui = fieldUi(ctx, control, {
        section, readonly, clears: cfg.children[name], addressPart: addressParts.get(name),
        itemsUi: () => (shared.itemsUi ??= itemsUiSchema(field.arrayItemsModel ?? {})),
        maxSize: ws.attachmentConfigs?.maxSize ?? ATTACHMENT_DEFAULT_MAX_BYTES,
      });
      shared.ui.set(readonly, ui);
    }
    fieldsUi[name] = ui;
  }

  // Groups keep the configured order; fields in no group follow in one unlabeled group; address fields form the block.
  const placed = new Set<string>();
  const groups: GroupLayout[] = [];
  for (const g of cfg.groups) {
    const fields = g.fields.filter((f) => properties[f] && !placed.has(f) && !addressParts.has(f));
    fields.forEach((f) => placed.add(f));
    if (fields.length) groups.push({ label: g.label, columns: g.columns ?? 1, fields });
  }
  const rest = Object.keys(properties).filter((f) => !placed.has(f) && !addressParts.has(f));
  if (rest.length) groups.push({ label: '', columns: 1, fields: rest });
  const order = groups.flatMap((g) => g.fields);
  const rootOptions: FormLayout = { groups };
  if (addressParts.size) {
    rootOptions.address = {
      label: 'Località',
      fields: Object.fromEntries([...addressParts].map(([name, part]) => [part, name])),
      modes: ADDRESS_MODES,
      initialMode: view === 'create' ? 'ANNULLA' : 'DEFAULT',
    };
    order.push(...addressParts.keys());
  }
  const media = mediaEntries(fieldsUi);
  if (media.length) rootOptions.media = { fields: media };
  if (view === 'sms') {
    rootOptions.sms = {
      templates: (ws.smsConfigs ?? []).map((t) => ({ id: t.id, name: t.name, template: t.msgTemplate, placeholders: placeholders(t.msgTemplate), phoneField: t.phoneField ?? null })),
    };
  }
  const uiSchema: FormUiSchema = { ...fieldsUi, 'ui:order': order, 'ui:options': rootOptions };
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length) schema.required = required;
  return { schema, uiSchema };
}

/** The attachment and document lists, in the form's field order: the MEDIA section. */
function mediaEntries(fieldsUi: Record<string, FieldUiSchema>): MediaEntry[] {
  const out: MediaEntry[] = [];
  for (const [name, ui] of Object.entries(fieldsUi)) {
    if (!('ui:field' in ui)) continue;
    if (ui['ui:field'] === 'AttachmentListField') out.push({ name, kind: 'attachment', maxSize: ui['ui:options'].maxSize });
    else if (ui['ui:field'] === 'DocumentListField') out.push({ name, kind: 'doc' });
  }
  return out;
}

/** Whether the role may use the view, and if not, why (the same for both sections of a view). */
function viewVerdict(ws: Workspace, view: FormView, role: Role, rules: PermissionRules): string[] | null {
  const rule = rules[VIEW_PERMISSION[view]];
  const ctx = { user: { id: '', username: '', role }, workspace: ws as unknown as Record<string, unknown> };
  return can(rule, ctx) ? null : explain(rule, ctx).reasons;
}

/** The role's copy: the shared form, made read-only with the reasons when the role lacks the view's permission. */
function forRole(form: FormTranslation, denied: string[] | null): FormTranslation {
  if (!denied) return form;
  return { schema: form.schema, uiSchema: { ...form.uiSchema, 'ui:readonly': true, 'ui:options': { ...form.uiSchema['ui:options'], denied } } };
}

/**
 * Replaces `${field}` placeholders with the entered values; unknown ones become empty. Given the fields, the text is
 * for a person (an SMS, the agent's script) and each value is shown as people read it (messageValue: dates DD/MM/YYYY,
 * listed values by label); without them, values go in as stored (a URL).
 */
export function renderTemplate(template: string, values: Record<string, unknown>, forPeople?: MessageFields): string {
  return template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => {
    if (forPeople) return messageValue(values[name], name, forPeople);
    return values[name] === undefined || values[name] === null ? '' : String(values[name]);
  });
}

/** One view, section and role. Refuses an invalid workspace or data model with every problem. */
export function translateForm(model: unknown, workspace: unknown, options: FormOptions): Translation<FormTranslation> {
  const problems = validateConfiguration(workspace, model);
  if (hasErrors(problems)) return { ok: false, problems };
  const ws = workspace as Workspace;
  const form = buildForm(model as DataModel, ws, options.view, options.section);
  return { ok: true, value: forRole(form, viewVerdict(ws, options.view, options.role, translatePermissions(ws))), warnings: problems };
}

/** One view, section and role of a pair already known to be valid (the editor's preview: only what is on screen). */
export function translateValidForm(model: DataModel, ws: Workspace, options: FormOptions, rules: PermissionRules = translatePermissions(ws)): FormTranslation {
  return forRole(buildForm(model, ws, options.view, options.section), viewVerdict(ws, options.view, options.role, rules));
}

export type AllForms = Record<FormView, Record<FormSection, Record<Role, FormTranslation>>>;

/** Every view, section and role of an already validated pair; roles share the unchanged parts of a form. */
export function translateAllForms(model: DataModel, ws: Workspace, rules = translatePermissions(ws)): AllForms {
  const out = {} as AllForms;
  const memo: Memo = new Map();
  for (const view of FORM_VIEWS) {
    out[view] = {} as AllForms[FormView];
    const denied = Object.fromEntries(ROLES.map((role) => [role, viewVerdict(ws, view, role, rules)])) as Record<Role, string[] | null>;
    for (const section of FORM_SECTIONS) {
      const form = buildForm(model, ws, view, section, memo);
      const byRole = {} as Record<Role, FormTranslation>;
      for (const role of ROLES) byRole[role] = forRole(form, denied[role]);
      out[view][section] = byRole;
    }
  }
  return out;
}
