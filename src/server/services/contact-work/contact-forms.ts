import type { ErrorObject } from 'ajv';
import type { ContactRow } from '@domain/api/contacts';
import type { ReasonRule } from '@domain/row-reasons';
import type { DataModel, Field, FieldMap } from '@domain/generated/data-model';
import type { ArrayConfigs, EnumConfig, FieldDependencies } from '@domain/generated/workspace';
import type { Role } from '@domain/roles';
import type { FormSection, FormView } from '@translator/translate-form';
import { TranslationCache } from '@translator/translation-cache';
import type { JsonSchema } from '@translator/types';
import { HttpError, invalid, type ErrorItem } from '../../http-error';
import { say, sayIn, type Said } from '../../server-messages';
import { compiledValidators } from '../compiled-validators';
import type { ContactWorkRepository } from '../../repositories/contact-work-repository';
import type { WorkspaceDocument } from '../../repositories/workspace-repository';
import type { WorkspaceAccess } from './workspace-access';
import { formSchemaAjv } from '../form-schema-ajv';

/**
 * Checks contact values against the SAME JSON Schema the browser renders the form from: the translator's output for
 * the workspace and data-model versions, view, section and role. Translations are cached per version (an admin's
 * save bumps it) and compiled validators per schema object, so a save compiles nothing after the first.
 */

const ajv = formSchemaAjv({ allErrors: true });
const translations = new TranslationCache(64);
const validatorFor = compiledValidators(ajv);

const escapePointer = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

export function formSchema(model: DataModel, workspace: WorkspaceDocument, view: FormView, section: FormSection, role: Role): JsonSchema {
  const translation = translations.get(model, workspace);
  if (!translation.ok) {
    throw new HttpError(500, say('configurationDoesNotTranslate', { id: workspace.id }), translation.problems.map((p) => ({ field: `${p.document}${p.pointer}`, message: p.message })));
  }
  return translation.value.forms[view][section][role].schema;
}

/** The top-level field an ajv error concerns, and the pointer to it. */
function errorTarget(error: ErrorObject): { field: string; pointer: string } | null {
  const params = error.params as Record<string, unknown>;
  const pointer = error.keyword === 'required' && typeof params.missingProperty === 'string'
    ? `${error.instancePath}/${escapePointer(params.missingProperty)}`
    : error.instancePath;
  const field = pointer.split('/')[1];
  return field ? { field: field.replace(/~1/g, '/').replace(/~0/g, '~'), pointer } : null;
}

/** The rule an ajv error says was broken, as data (RowReason: a rejected file says it in its reader's language). */
function ruleOf(error: ErrorObject): ReasonRule | undefined {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': case 'minLength': return { code: 'required' };
    case 'pattern': return { code: 'pattern', pattern: String(params.pattern) };
    case 'format': return { code: 'format', format: String(params.format) };
    case 'type': return { code: 'type', type: String(params.type) };
    case 'oneOf': case 'const': return { code: 'notAllowed' };
    default: return undefined;
  }
}

/**
 * A problem with a field: its pointer and what it says, and for the flows' rejected files its label and the rule
 * broken (an HTTP answer carries only field and message: the error schema of the routes, ApiError, leaves the rest out).
 */
export type FieldError = { field: string; message: Said; label?: string; rule?: ReasonRule };

/** What an ajv error of a form says about the value of `field` (its name in the request and its label). */
export function valueProblem(error: ErrorObject, field: string): Said {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': case 'minLength': return say('valueRequired', { field });
    case 'pattern': return say('valuePattern', { field, pattern: String(params.pattern) });
    case 'format': return say('valueFormat', { field, format: String(params.format) });
    case 'type': return say('valueType', { field, type: String(params.type) });
    case 'oneOf': case 'const': return say('valueNotAllowed', { field });
    default: return say('valueInvalid', { field, detail: error.message ?? 'is invalid' });
  }
}

function describe(error: ErrorObject, section: FormSection, pointer: string, label: string): Said {
  return valueProblem(error, `${section}${pointer.replace(/\//g, '.')} (${label})`);
}

export interface SectionPlan {
  /** Values to write (null clears: those keys are in `remove`). */
  set: Record<string, unknown>;
  remove: string[];
  /** The section as it will be after the change. */
  merged: Record<string, unknown>;
  changed: string[];
}

export interface PlanInput {
  section: FormSection;
  view: FormView;
  sent: Record<string, unknown> | undefined;
  stored: Record<string, unknown>;
  fields: FieldMap;
  schema: JsonSchema;
  arrayConfig: ArrayConfigs | undefined;
  /** The workspace whose form this is, named in the refusal of a field it does not have. */
  workspaceId?: string;
}

/**
 * What a save may change in one section, and the problems (JSON pointers into the request body). Ignored, not
 * refused: editable:false fields (except on create), fields the view's form leaves out, and attachment and doc
 * arrays (their own calls own them). Refused: names the contact's own workspace's data model lacks (a body built from
 * another workspace's form), as `inputs.<name>` / `outputs.<name>`, and values breaking the form's schema.
 * Stored values of fields the user cannot change are not held against the save.
 */
export function planSection(input: PlanInput, errors: FieldError[]): SectionPlan {
  const { section, view, sent = {}, stored, fields, schema, arrayConfig, workspaceId } = input;
  const properties = schema.properties ?? {};
  const writable = (name: string): boolean => {
    const field: Field | undefined = fields[name];
    if (!field || !properties[name]) return false;
    if (field.editable === false && view !== 'create') return false;
    const kind = arrayConfig?.[name]?.type;
    return kind !== 'attachment' && kind !== 'doc';
  };
  const plan: SectionPlan = { set: {}, remove: [], merged: { ...stored }, changed: [] };
  for (const [name, value] of Object.entries(sent)) {
    if (!Object.prototype.hasOwnProperty.call(fields, name)) {
      errors.push({ field: `${section}.${name}`, message: workspaceId ? say('fieldNotInWorkspace', { field: `${section}.${name}`, workspace: workspaceId }) : say('fieldNotInDataModel', { field: `${section}.${name}` }), label: name, rule: { code: 'unknownField' } });
      continue;
    }
    if (!writable(name)) continue;
    if (value === null || value === undefined) {
      if (name in plan.merged) { plan.remove.push(name); delete plan.merged[name]; plan.changed.push(name); }
      continue;
    }
    if (JSON.stringify(stored[name]) !== JSON.stringify(value)) plan.changed.push(name);
    plan.set[name] = value;
    plan.merged[name] = value;
  }
  const validate = validatorFor(schema);
  if (!validate(plan.merged)) {
    const seen = new Set<string>();
    for (const error of validate.errors ?? []) {
      if (error.keyword === 'if') continue;
      const target = errorTarget(error);
      if (!target || !writable(target.field)) continue;
      const label = fields[target.field]?.label ?? target.field;
      const item: FieldError = { field: `/${section}${target.pointer}`, message: describe(error, section, target.pointer, label), label, rule: ruleOf(error) };
      const key = `${item.field} ${sayIn(item.message, 'en')}`;
      if (!seen.has(key)) { seen.add(key); errors.push(item); }
    }
  }
  return plan;
}

/**
 * Remote enum values (url or remoteValues) are plain strings in the schema: the server checks a changed one against
 * the values the enum call would offer for the parents' values. A field with no stored values is not checked.
 */
export async function checkRemoteEnums(
  repo: Pick<ContactWorkRepository, 'enumFieldHasValues' | 'enumValueExists'>,
  workspace: WorkspaceDocument,
  section: FormSection,
  plan: SectionPlan,
  errors: FieldError[],
): Promise<void> {
  const configs = ((workspace.enumConfig ?? {}) as Partial<Record<FormSection, Record<string, EnumConfig>>>)[section] ?? {};
  const dependencies = (workspace[section === 'inputs' ? 'inputDependencies' : 'outputDependencies'] ?? {}) as FieldDependencies;
  for (const name of plan.changed) {
    const config = configs[name];
    const value = plan.merged[name];
    if (!config || (!config.url && !config.remoteValues) || typeof value !== 'string' || value === '') continue;
    // No value stored for the field at all: its values are served from elsewhere.
    if (!(await repo.enumFieldHasValues(workspace.id, section, name))) continue;
    const parents: Record<string, string> = {};
    for (const [parent, children] of Object.entries(dependencies)) {
      const parentValue = plan.merged[parent];
      if (children.includes(name) && parentValue !== undefined && parentValue !== null && parentValue !== '') parents[parent] = String(parentValue);
    }
    if (!(await repo.enumValueExists(workspace.id, section, name, value, parents))) {
      errors.push({
        field: `/${section}/${escapePointer(name)}`,
        message: Object.keys(parents).length
          ? say('enumValueUnknownFor', { field: `${section}.${name}`, value, parents: Object.entries(parents).map(([k, v]) => `${k} '${v}'`) })
          : say('enumValueUnknown', { field: `${section}.${name}`, value }),
        label: name,
        rule: { code: 'notAllowedFor', value, parents },
      });
    }
  }
}

const SECTIONS: readonly FormSection[] = ['inputs', 'outputs'];

/** Both sections of a request, checked against the view's form for the user's role; 400 with every problem. */
export async function planSections(
  repo: Pick<ContactWorkRepository, 'enumFieldHasValues' | 'enumValueExists'>,
  access: WorkspaceAccess,
  view: FormView,
  sent: Partial<Record<FormSection, Record<string, unknown>>>,
  stored: ContactRow | null,
  extraErrors: ErrorItem[] = [],
): Promise<Record<FormSection, SectionPlan>> {
  const errors: FieldError[] = [];
  const plans = {} as Record<FormSection, SectionPlan>;
  for (const section of SECTIONS) {
    plans[section] = planSection(
      {
        section,
        view,
        sent: sent[section],
        stored: stored?.[section] ?? {},
        fields: section === 'inputs' ? access.model.model : access.model.outputs,
        schema: formSchema(access.model, access.workspace, view, section, access.auth.user.role),
        arrayConfig: access.workspace.arrayConfig as ArrayConfigs | undefined,
        workspaceId: access.workspace.id,
      },
      errors,
    );
  }
  if (!extraErrors.length && !errors.length) for (const section of SECTIONS) await checkRemoteEnums(repo, access.workspace, section, plans[section], errors);
  if (extraErrors.length || errors.length) throw invalid([...extraErrors, ...errors]);
  return plans;
}
