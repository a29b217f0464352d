import { ADDRESS_MODES, ADDRESS_PARTS, type AddressPart } from '../domain/address';
import type { DataModel, Field, FieldMap } from '../domain/generated/data-model';
import type { AddressConfig, FieldGroup, Workspace } from '../domain/generated/workspace';
import type { PermissionName } from '../domain/permissions';
import { ROLES, type Role } from '../domain/roles';
import { can, explain } from './can';
import { translatePermissions, type PermissionRules } from './translate-permissions';
import type { JsonSchema, Translation, UiSchema } from './types';
import { hasErrors, placeholders, regexCompiles, validateConfiguration } from './validate';
import { chooseControl, type FieldContext } from './widget-testers';

export const FORM_VIEWS = ['show', 'edit', 'create', 'sms'] as const;
export const FORM_SECTIONS = ['inputs', 'outputs'] as const;
export type FormView = (typeof FORM_VIEWS)[number];
export type FormSection = (typeof FORM_SECTIONS)[number];
export interface FormOptions { view: FormView; section: FormSection; role: Role }
export interface FormTranslation { schema: JsonSchema; uiSchema: UiSchema }

/** `HH:mm` or `HH:mm:ss`: what the time picker stores. */
export const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$';

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
  if (s.type === 'string' && field.dataRegex && regexCompiles(field.dataRegex) && !s.pattern) s.pattern = field.dataRegex;
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

function itemsUiSchema(map: FieldMap): UiSchema {
  const ui: UiSchema = {};
  for (const [name, field] of Object.entries(map)) {
    const entry = controlUi(chooseControl({ name, field, parents: [] }));
    if (field.placeholder) entry['ui:placeholder'] = field.placeholder;
    if (field.dataType === 'array' && field.arrayItemsModel) entry.items = itemsUiSchema(field.arrayItemsModel);
    ui[name] = entry;
  }
  return ui;
}

const controlUi = (control: ReturnType<typeof chooseControl>): UiSchema => ('widget' in control ? { 'ui:widget': control.widget } : { 'ui:field': control.field });

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
  control: ReturnType<typeof chooseControl>;
  schemas: Map<boolean, JsonSchema>;
  itemsUi?: UiSchema;
  /** The field's UI Schema does not depend on the view except for read-only: built once per flag and shared. */
  ui: Map<boolean, UiSchema>;
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
  const uiSchema: UiSchema = {};
  for (const [name, field] of Object.entries(cfg.map)) {
    if (!include(field)) continue;
    const isRequired = Boolean(field.required) || smsRequired.has(name);
    const enumConfig = enums[name];
    const ctx: FieldContext = { name, field, enumConfig, arrayConfig: field.dataType === 'array' ? ws.arrayConfig?.[name] : undefined, parents: cfg.parents.get(name) ?? [] };
    let work = memo.get(field);
    if (!work) { work = { control: chooseControl(ctx), schemas: new Map(), ui: new Map() }; memo.set(field, work); }
    const control = work.control;
    const isRemote = 'widget' in control && control.widget === 'remoteSelect';
    let schema = work.schemas.get(isRequired);
    if (!schema) { schema = fieldSchema(field, isRemote ? undefined : enumConfig?.values, isRequired); work.schemas.set(isRequired, schema); }
    properties[name] = schema;
    if (isRequired) required.push(name);

    const readonly = field.editable === false && view !== 'create' && view !== 'sms';
    const shared = work.ui.get(readonly);
    if (shared) { uiSchema[name] = shared; continue; }
    const ui = controlUi(control);
    const options: Record<string, unknown> = {};
    if (field.placeholder) ui['ui:placeholder'] = field.placeholder;
    if (readonly) ui['ui:readonly'] = true;
    if (enumConfig) {
      options.enumSource = isRemote
        ? { kind: 'remote', section, field: name, url: enumConfig.url ?? null, remoteValues: Boolean(enumConfig.remoteValues), cachable: Boolean(enumConfig.cachable) }
        : { kind: 'static' };
    }
    if (ctx.parents.length) options.dependsOn = ctx.parents;
    if (cfg.children[name]?.length) options.clears = cfg.children[name];
    if (field.dataType === 'array') {
      work.itemsUi ??= itemsUiSchema(field.arrayItemsModel ?? {});
      ui.items = work.itemsUi;
      options.arrayKind = ctx.arrayConfig?.type ?? 'modal';
      if (ctx.arrayConfig?.label) options.arrayLabel = ctx.arrayConfig.label;
      if (ctx.arrayConfig?.type === 'attachment') options.maxSize = ws.attachmentConfigs?.maxSize ?? 5_000_000;
    }
    const part = addressParts.get(name);
    if (part) options.addressPart = part;
    if (Object.keys(options).length) ui['ui:options'] = options;
    work.ui.set(readonly, ui);
    uiSchema[name] = ui;
  }

  // Groups keep the configured order; fields in no group follow in one unlabeled group; address fields form the block.
  const placed = new Set<string>();
  const groups: Array<{ label: string; columns: number; fields: string[] }> = [];
  for (const g of cfg.groups) {
    const fields = g.fields.filter((f) => properties[f] && !placed.has(f) && !addressParts.has(f));
    fields.forEach((f) => placed.add(f));
    if (fields.length) groups.push({ label: g.label, columns: g.columns ?? 1, fields });
  }
  const rest = Object.keys(properties).filter((f) => !placed.has(f) && !addressParts.has(f));
  if (rest.length) groups.push({ label: '', columns: 1, fields: rest });
  const order = groups.flatMap((g) => g.fields);
  const rootOptions: Record<string, unknown> = { groups };
  if (addressParts.size) {
    rootOptions.address = {
      label: 'Località',
      fields: Object.fromEntries([...addressParts].map(([name, part]) => [part, name])),
      modes: ADDRESS_MODES,
      initialMode: view === 'create' ? 'ANNULLA' : 'DEFAULT',
    };
    order.push(...addressParts.keys());
  }
  if (view === 'sms') {
    rootOptions.sms = {
      templates: (ws.smsConfigs ?? []).map((t) => ({ id: t.id, name: t.name, template: t.msgTemplate, placeholders: placeholders(t.msgTemplate), phoneField: t.phoneField ?? null })),
    };
  }
  uiSchema['ui:order'] = order;
  uiSchema['ui:options'] = rootOptions;
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length) schema.required = required;
  return { schema, uiSchema };
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
  const root = form.uiSchema['ui:options'] as Record<string, unknown>;
  return { schema: form.schema, uiSchema: { ...form.uiSchema, 'ui:readonly': true, 'ui:options': { ...root, denied } } };
}

/** Replaces `${field}` placeholders with the entered values (the SMS preview); unknown ones become empty. */
export function renderTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => (values[name] === undefined || values[name] === null ? '' : String(values[name])));
}

/** One view, section and role. Refuses an invalid workspace or data model with every problem. */
export function translateForm(model: unknown, workspace: unknown, options: FormOptions): Translation<FormTranslation> {
  const problems = validateConfiguration(workspace, model);
  if (hasErrors(problems)) return { ok: false, problems };
  const ws = workspace as Workspace;
  const form = buildForm(model as DataModel, ws, options.view, options.section);
  return { ok: true, value: forRole(form, viewVerdict(ws, options.view, options.role, translatePermissions(ws))), warnings: problems };
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
