import type { ErrorObject } from 'ajv';
import { fillPath } from '@domain/api/common';
import { contactRoutes } from '@domain/api/contacts';
import { PERMISSIONS, type PermissionContext, type PermissionName } from '@domain/permissions';
import { isRole } from '@domain/roles';
import { REPORT_TEMPLATES, REPORT_TEMPLATE_NAMES, isReportTemplate } from '@domain/report-templates';
import type { DataModel, Field, FieldMap } from '@domain/generated/data-model';
import { can } from './can';
import { dependencyCycles } from './dependency-cycles';
import { translatePermissions } from './translate-permissions';
import type { AddressConfig, EnumConfig, FieldDependencies, FieldGroup, Workspace } from '@domain/generated/workspace';
import type { Problem } from './types';

/** The names and values a problem's message is made of: field, key, value, limit… by name. */
export type ProblemParams = Record<string, string | number>;

/** A problem with the stable code of the rule it breaks (`schema:required`, `group-field-missing`…): what a UI or a test keys on. */
export interface RuledProblem extends Problem {
  rule: string;
  /** What the English message names, by name: a message in another language says the same (problem-messages.ts). */
  params?: ProblemParams;
}

/** What only the caller knows; each check runs when its option is given. */
export interface ValidationOptions {
  /** The app's route patterns (`/contacts/show/:id`): every role's home path must match one. */
  routes?: readonly string[];
  /** The one enum source a remote enum field may name in `url` (the server's enum call, see `enumSourcePath`). */
  enumSource?: (workspaceId: string, section: 'inputs' | 'outputs', field: string) => string;
}
// Compiled ahead of time (scripts/generate-validators.ts): compiling the two schemas cost ~100 ms of every page load.
import { validateDataModel as checkDataModel, validateWorkspace as checkWorkspace } from './generated/config-validators';

const esc = (s: string | number): string => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
const ptr = (...parts: Array<string | number>): string => parts.map((p) => `/${esc(p)}`).join('');

const COMPARISON_WORDS: Record<string, string> = { '>=': 'at least', '<=': 'at most', '>': 'greater than', '<': 'less than' };

/** An ajv error's params as a problem's: numbers and strings as they are, a list of values as JSON, joined. */
function ajvParams(e: ErrorObject): ProblemParams {
  const params: ProblemParams = {};
  for (const [name, value] of Object.entries((e.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'number' || typeof value === 'string') params[name] = value;
    else if (Array.isArray(value)) params[name] = value.map((item) => JSON.stringify(item)).join(', ');
    else if (value !== undefined) params[name] = JSON.stringify(value);
  }
  if (e.keyword === 'const') params.allowedValue = JSON.stringify((e.params as { allowedValue?: unknown }).allowedValue);
  if (e.keyword === 'uniqueItems') Object.assign(params, { i: Math.min(Number(params.i), Number(params.j)), j: Math.max(Number(params.i), Number(params.j)) });
  return params;
}

/** One ajv error as a sentence a person understands. */
function sentence(e: ErrorObject): { pointer: string; message: string; params: ProblemParams } {
  return { ...englishSentence(e), params: ajvParams(e) };
}

function englishSentence(e: ErrorObject): { pointer: string; message: string } {
  const where = e.instancePath || '';
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { pointer: where, message: `${where || 'The document'} lacks the required '${String(p.missingProperty)}'` };
    case 'additionalProperties':
      return { pointer: `${where}/${esc(String(p.additionalProperty))}`, message: `'${String(p.additionalProperty)}' is not a known key${where ? ` of ${where}` : ''}` };
    case 'type':
      return { pointer: where, message: `${where} must be ${String(p.type).replace(',', ' or ')}` };
    case 'enum':
      return { pointer: where, message: `${where} must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'pattern':
      return { pointer: where, message: `${where} does not match ${String(p.pattern)}` };
    case 'propertyNames':
      return { pointer: where, message: `${where} has a key '${String(p.propertyName)}' that is not a valid field name` };
    case 'minLength':
      return { pointer: where, message: p.limit === 1 ? `${where} must not be empty` : `${where} must be at least ${String(p.limit)} characters long` };
    case 'maxLength':
      return { pointer: where, message: `${where} must be at most ${String(p.limit)} characters long` };
    case 'minItems':
      return { pointer: where, message: `${where} must have at least ${String(p.limit)} ${p.limit === 1 ? 'item' : 'items'}` };
    case 'maxItems':
      return { pointer: where, message: `${where} must have at most ${String(p.limit)} ${p.limit === 1 ? 'item' : 'items'}` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { pointer: where, message: `${where} must be ${COMPARISON_WORDS[String(p.comparison)] ?? String(p.comparison)} ${String(p.limit)}` };
    case 'const':
      return { pointer: where, message: `${where} must be ${JSON.stringify(p.allowedValue)}` };
    case 'anyOf':
      return { pointer: where, message: `${where} has none of the shapes allowed here` };
    case 'oneOf':
      return { pointer: where, message: `${where} must have exactly one of the shapes allowed here` };
    case 'uniqueItems':
      return { pointer: where, message: `${where} repeats an item: items ${Math.min(Number(p.i), Number(p.j))} and ${Math.max(Number(p.i), Number(p.j))} are equal` };
    default:
      return { pointer: where, message: `${where || 'The document'} ${e.message ?? 'is invalid'}` };
  }
}

function schemaProblems(document: Problem['document'], errors: ErrorObject[] | null | undefined): RuledProblem[] {
  const seen = new Set<string>();
  const out: RuledProblem[] = [];
  for (const e of errors ?? []) {
    // oneOf branches repeat themselves; the branch errors say it better than the summary.
    if (e.keyword === 'oneOf' || e.keyword === 'if' || e.keyword === 'propertyNames' && e.params && !('propertyName' in e.params)) continue;
    const s = sentence(e);
    const key = `${s.pointer}|${s.message}`;
    if (!seen.has(key)) { seen.add(key); out.push({ document, pointer: s.pointer, message: s.message, rule: `schema:${e.keyword}`, severity: 'error', params: s.params }); }
  }
  return out;
}

const compiled = new Map<string, boolean>();
export const regexCompiles = (source: string): boolean => {
  let ok = compiled.get(source);
  if (ok === undefined) {
    try { new RegExp(source); ok = true; } catch { ok = false; }
    if (compiled.size < 10_000) compiled.set(source, ok);
  }
  return ok;
};

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const fieldsOf = (v: unknown): FieldMap => (isObj(v) ? (v as FieldMap) : {});

function regexProblems(map: FieldMap, base: string, out: RuledProblem[]): void {
  for (const [name, field] of Object.entries(map)) {
    if (!isObj(field)) continue;
    if (typeof field.dataRegex === 'string' && !regexCompiles(field.dataRegex)) {
      out.push({ document: 'dataModel', rule: 'regex-invalid', pointer: `${base}${ptr(name, 'dataRegex')}`, message: `The regex of field '${name}' does not compile: ${field.dataRegex}`, severity: 'error', params: { field: name, regex: field.dataRegex } });
    }
    if (field.dataType === 'array') {
      if (!isObj(field.arrayItemsModel) || Object.keys(field.arrayItemsModel).length === 0) {
        out.push({ document: 'dataModel', rule: 'array-items-model-missing', pointer: `${base}${ptr(name)}`, message: `Array field '${name}' has no arrayItemsModel describing its items`, severity: 'error', params: { field: name } });
      } else regexProblems(field.arrayItemsModel, `${base}${ptr(name, 'arrayItemsModel')}`, out);
      if (typeof field.arrayMinItems === 'number' && typeof field.arrayMaxItems === 'number' && field.arrayMinItems > field.arrayMaxItems) {
        out.push({ document: 'dataModel', rule: 'array-min-above-max', pointer: `${base}${ptr(name, 'arrayMinItems')}`, message: `Field '${name}' needs at least ${field.arrayMinItems} items but allows at most ${field.arrayMaxItems}`, severity: 'error', params: { field: name, min: field.arrayMinItems, max: field.arrayMaxItems } });
      }
    }
  }
}

const SECTION_NAME = { inputs: 'inputs', outputs: 'outputs' } as const;

/** Checks a schema alone cannot make: every name the workspace uses must exist where it points. */
function crossProblems(ws: Workspace, dm: DataModel, options: ValidationOptions): RuledProblem[] {
  const out: RuledProblem[] = [];
  const err = (rule: string, pointer: string, message: string, params: ProblemParams = {}): void => { out.push({ document: 'workspace', rule, pointer, message, severity: 'error', params }); };
  const maps = { inputs: fieldsOf(dm.model), outputs: fieldsOf(dm.outputs) };
  const has = (section: keyof typeof maps, name: string): boolean => Object.prototype.hasOwnProperty.call(maps[section], name);
  const enumCfg = (section: keyof typeof maps): Record<string, EnumConfig> => (isObj(ws.enumConfig) && isObj(ws.enumConfig[section]) ? ws.enumConfig[section] as Record<string, EnumConfig> : {});

  if (typeof dm.id === 'string' && ws.dataModelId !== dm.id) err('data-model-mismatch', '/dataModelId', `The workspace names data model '${ws.dataModelId}' but the data model is '${dm.id}'`, { named: String(ws.dataModelId), dataModel: dm.id });
  if (typeof dm.modelContactProperty === 'string' && !has('inputs', dm.modelContactProperty)) {
    out.push({ document: 'dataModel', rule: 'contact-property-missing', pointer: '/modelContactProperty', message: `modelContactProperty '${dm.modelContactProperty}' is not an input field`, severity: 'error', params: { field: dm.modelContactProperty } });
  }

  const groups: Array<[string, FieldGroup[] | undefined, keyof typeof maps]> = [['groupsInputs', ws.groupsInputs, 'inputs'], ['groupsOutputs', ws.groupsOutputs, 'outputs']];
  for (const [key, list, section] of groups) {
    (Array.isArray(list) ? list : []).forEach((g, i) => {
      (Array.isArray(g?.fields) ? g.fields : []).forEach((name, j) => {
        if (!has(section, name)) err('group-field-missing', ptr(key, i, 'fields', j), `Group '${g.label}' names field '${name}' that the data model's ${SECTION_NAME[section]} lack`, { group: String(g.label), field: name, section });
      });
    });
  }

  for (const section of ['inputs', 'outputs'] as const) {
    for (const [name, cfg] of Object.entries(enumCfg(section))) {
      if (!has(section, name)) err('enum-field-missing', ptr('enumConfig', section, name), `enumConfig names field '${name}' that the data model's ${section} lack`, { field: name, section });
      else if (isObj(cfg) && !(cfg as EnumConfig).values?.length && !(cfg as EnumConfig).url && !(cfg as EnumConfig).remoteValues) err('enum-empty', ptr('enumConfig', section, name), `enumConfig of '${name}' has no values, url or remoteValues: the select would be empty`, { field: name });
      // The value is what is saved: two options with one value cannot be told apart.
      const values = new Set<string>();
      (isObj(cfg) && Array.isArray(cfg.values) ? cfg.values : []).forEach((option, j) => {
        if (!isObj(option) || typeof option.value !== 'string') return;
        if (values.has(option.value)) err('enum-value-duplicate', ptr('enumConfig', section, name, 'values', j, 'value'), `Enum value '${option.value}' of field '${name}' appears twice`, { field: name, value: option.value });
        values.add(option.value);
      });
    }
  }

  const deps: Array<[string, FieldDependencies | undefined, keyof typeof maps]> = [['inputDependencies', ws.inputDependencies, 'inputs'], ['outputDependencies', ws.outputDependencies, 'outputs']];
  for (const [key, map, section] of deps) {
    const enums = enumCfg(section);
    for (const [parent, children] of Object.entries(isObj(map) ? map : {})) {
      if (!has(section, parent)) err('dependency-parent-missing', ptr(key, parent), `Dependency parent '${parent}' is not a field of the ${section}`, { parent, section });
      else if (!enums[parent]) err('dependency-parent-not-enum', ptr(key, parent), `Dependency parent '${parent}' is not an enum field (it has no enumConfig.${section} entry)`, { parent, section });
      (Array.isArray(children) ? children : []).forEach((child, j) => {
        if (!has(section, child)) err('dependency-child-missing', ptr(key, parent, j), `Dependent field '${child}' is not a field of the ${section}`, { child, section });
        else if (!enums[child]) err('dependency-child-not-enum', ptr(key, parent, j), `Dependent field '${child}' is not an enum field (it has no enumConfig.${section} entry)`, { child, section });
        else if (enums[child].values?.length && !enums[child].url && !enums[child].remoteValues) err('dependency-child-static', ptr(key, parent, j), `Dependent field '${child}' has only static values, so it cannot depend on '${parent}'`, { child, parent });
        if (child === parent) err('dependency-self', ptr(key, parent, j), `Field '${child}' depends on itself`, { field: child });
      });
    }
    // Each field of a loop clears the next one forever: every dependency of the loop is named.
    for (const loop of dependencyCycles(isObj(map) ? map : undefined)) {
      const fields = [...loop.map((edge) => edge.parent), loop[0].parent].join(' → ');
      for (const edge of loop) err('dependency-cycle', ptr(key, edge.parent, edge.index), `Dependency cycle: ${fields}`, { cycle: fields });
    }
  }

  const addresses: Array<[string, AddressConfig | undefined, keyof typeof maps]> = [['inputAddressConfig', ws.inputAddressConfig, 'inputs'], ['outputAddressConfig', ws.outputAddressConfig, 'outputs']];
  for (const [key, cfg, section] of addresses) {
    for (const [part, name] of Object.entries(isObj(cfg) ? cfg : {})) {
      if (typeof name === 'string' && !has(section, name)) err('address-field-missing', ptr(key, part), `Address part '${part}' maps to field '${name}' that the data model's ${section} lack`, { part, field: name, section });
    }
  }

  const states = isObj(ws.states) ? ws.states : {};
  const isState = (s: string): boolean => Object.prototype.hasOwnProperty.call(states, s);
  if (typeof ws.entryState === 'string' && !isState(ws.entryState)) err('entry-state-unknown', '/entryState', `entryState '${ws.entryState}' is not among the states`, { state: ws.entryState });
  (Array.isArray(ws.closingStates) ? ws.closingStates : []).forEach((s, i) => { if (!isState(s)) err('closing-state-unknown', ptr('closingStates', i), `Closing state '${s}' is not among the states`, { state: String(s) }); });
  // /sms offers a template by its id and onStateReached names one by it: two with one id are one too many.
  const smsIds = new Set<string>();
  (Array.isArray(ws.smsConfigs) ? ws.smsConfigs : []).forEach((s, i) => {
    if (!isObj(s)) return;
    if (smsIds.has(s.id)) err('sms-duplicate', ptr('smsConfigs', i, 'id'), `SMS template id '${s.id}' appears twice`, { id: String(s.id) });
    smsIds.add(s.id);
  });
  const webappIds = new Set((ws.webappConfigs ?? []).map((s) => s?.id));
  for (const [code, st] of Object.entries(states)) {
    const r = isObj(st) ? st.onStateReached : undefined;
    if (r?.type === 'sms' && !smsIds.has(r.smsRef)) err('state-sms-unknown', ptr('states', code, 'onStateReached', 'smsRef'), `State '${code}' sends SMS '${r.smsRef}' that is not among the smsConfigs`, { state: code, sms: String(r.smsRef) });
    if (r?.type === 'webapp' && !webappIds.has(r.webappRef)) err('state-webapp-unknown', ptr('states', code, 'onStateReached', 'webappRef'), `State '${code}' opens webapp '${r.webappRef}' that is not among the webappConfigs`, { state: code, webapp: String(r.webappRef) });
  }
  const outcomeValues = new Set<string>();
  (ws.outcomes ?? []).forEach((o, i) => { if (outcomeValues.has(o?.value)) err('outcome-duplicate', ptr('outcomes', i, 'value'), `Outcome '${o.value}' appears twice`, { outcome: String(o.value) }); outcomeValues.add(o?.value); });

  for (const [name, cfg] of Object.entries(isObj(ws.arrayConfig) ? ws.arrayConfig : {})) {
    const field: Field | undefined = maps.outputs[name] ?? maps.inputs[name];
    if (!field) err('array-config-field-missing', ptr('arrayConfig', name), `arrayConfig names field '${name}' that the data model lacks`, { field: name });
    else if (field.dataType !== 'array') err('array-config-not-array', ptr('arrayConfig', name), `arrayConfig names field '${name}', which is not an array field`, { field: name });
    else if (!isObj(cfg)) err('array-config-invalid', ptr('arrayConfig', name), `arrayConfig of '${name}' must say modal, attachment or doc`, { field: name });
  }

  (ws.widgets ?? []).forEach((w, i) => {
    if (isObj(w) && isObj(w.config) && typeof w.config.icon === 'string' && !w.config.icon.trim()) err('widget-icon-empty', ptr('widgets', i, 'config', 'icon'), `Widget '${w.name}' has an empty icon`, { widget: String(w.name) });
    if (isObj(w) && typeof w.name === 'string' && !w.name.trim()) err('widget-name-empty', ptr('widgets', i, 'name'), `Widget '${w.id}' has an empty name`, { widget: String(w.id) });
  });
  (ws.shortlinks ?? []).forEach((s, i) => {
    if (isObj(s) && typeof s.link === 'string' && !/^(https?:\/\/|\/)/.test(s.link)) err('shortlink-link-invalid', ptr('shortlinks', i, 'link'), `Shortlink '${s.label}' has link '${s.link}', which is neither an http(s) address nor a path`, { label: String(s.label), link: s.link });
    if (isObj(s) && typeof s.label === 'string' && !s.label.trim()) err('shortlink-label-empty', ptr('shortlinks', i, 'label'), 'A shortlink needs a label');
  });

  (ws.massiveActions ?? []).forEach((a, i) => {
    if (!isObj(a)) return;
    if (a.onAction?.type === 'state' && (!a.onAction.state || !isState(a.onAction.state))) err('bulk-action-state-unknown', ptr('massiveActions', i, 'onAction', 'state'), `Bulk action '${a.label}' moves contacts to state '${a.onAction.state ?? ''}' that is not among the states`, { action: String(a.label), state: a.onAction.state ?? '' });
    (a.additionalParams ?? []).forEach((p, j) => {
      if (typeof p?.regex === 'string' && !regexCompiles(p.regex)) out.push({ document: 'workspace', rule: 'bulk-action-regex-invalid', pointer: ptr('massiveActions', i, 'additionalParams', j, 'regex'), message: `The regex of parameter '${p.name}' does not compile (${p.regex}); it will accept any value`, severity: 'warning', params: { param: String(p.name), regex: p.regex } });
    });
  });

  const templates: Array<[string, { msgTemplate?: string; phoneField?: string }[] | undefined]> = [['smsConfigs', ws.smsConfigs], ['webappConfigs', ws.webappConfigs]];
  for (const [key, list] of templates) {
    (list ?? []).forEach((t, i) => {
      for (const name of placeholders(t?.msgTemplate ?? '')) {
        if (!has('inputs', name)) err('template-placeholder-unknown', ptr(key, i, 'msgTemplate'), `Template placeholder '\${${name}}' is not an input field`, { placeholder: name });
      }
      if (typeof t?.phoneField === 'string' && !has('inputs', t.phoneField)) err('template-phone-field-unknown', ptr(key, i, 'phoneField'), `phoneField '${t.phoneField}' is not an input field`, { field: t.phoneField });
    });
  }

  // A remote enum's url is the workspace's own enum call for that field: any other source does not exist.
  for (const section of options.enumSource ? (['inputs', 'outputs'] as const) : []) {
    for (const [name, cfg] of Object.entries(enumCfg(section))) {
      if (!isObj(cfg) || typeof cfg.url !== 'string' || typeof ws.id !== 'string' || !has(section, name)) continue;
      const own = (options.enumSource as NonNullable<ValidationOptions['enumSource']>)(ws.id, section, name);
      if (cfg.url !== own) err('enum-source-unknown', ptr('enumConfig', section, name, 'url'), `enumConfig of '${name}' reads values from '${cfg.url}', which is no enum source; this field's is '${own}'`, { field: name, url: cfg.url, own });
    }
  }

  if (options.routes) {
    const routes = options.routes;
    for (const [role, views] of Object.entries(isObj(ws.viewsConfig) ? ws.viewsConfig : {})) {
      const path = isObj(views) && isObj(views._home) ? views._home.path : undefined;
      if (typeof path === 'string' && !routes.some((pattern) => matchesRoute(pattern, path))) {
        err('home-path-not-a-route', ptr('viewsConfig', role, '_home', 'path'), `The home path '${path}' of role ${role} is not a screen of the app`, { path, role });
      }
    }
  }

  // A role that viewsConfig names but that may open no screen signs in to /403 and has nowhere to go from there.
  const rules = translatePermissions(ws);
  const own = isObj(ws.permissionRules) ? ws.permissionRules : {};
  for (const [role, views] of Object.entries(isObj(ws.viewsConfig) ? ws.viewsConfig : {})) {
    if (!isRole(role) || !isObj(views)) continue;
    const ctx: PermissionContext = { user: { id: '', username: '', role }, workspace: ws as unknown as Record<string, unknown> };
    // a workspace's own rule that looks further than the role (teams, a contact…) is not judged here
    const reaches = SCREEN_PERMISSIONS.some((name) => isObj(own[name]) || can(rules[name], ctx));
    if (!reaches) {
      out.push({ document: 'workspace', rule: 'role-reaches-no-screen', pointer: ptr('viewsConfig', role), message: `Role ${role} can open no screen of this workspace: neither its viewsConfig nor permissionRules give it one, so its users land on the 403 page`, severity: 'warning', params: { role } });
    }
  }

  dispositionProblems(ws, err);

  // Reports name server-side templates (spec 3 §2): an unknown one could never run. `…_fake` entries are hidden.
  const reportIds = new Set<string>();
  (ws.customReportConfig ?? []).forEach((r, i) => {
    if (!isObj(r)) return;
    if (reportIds.has(r.id)) err('report-duplicate', ptr('customReportConfig', i, 'id'), `Report id '${r.id}' appears twice`, { id: String(r.id) });
    reportIds.add(r.id);
    if (typeof r.templateName !== 'string') {
      out.push({ document: 'workspace', rule: 'report-template-missing', pointer: ptr('customReportConfig', i), message: `Report '${r.name}' names no templateName: it is hidden`, severity: 'warning', params: { report: String(r.name) } });
    } else if (!r.templateName.endsWith('_fake') && !isReportTemplate(r.templateName)) {
      err('report-template-unknown', ptr('customReportConfig', i, 'templateName'), `Report '${r.name}' names the unknown template '${r.templateName}'; known ones are ${REPORT_TEMPLATE_NAMES.join(', ')}`, { report: String(r.name), template: r.templateName, known: REPORT_TEMPLATE_NAMES.join(', ') });
    } else if (isReportTemplate(r.templateName)) {
      // An advanced filter the template does not apply is never shown (spec 3 §2): say so where it is switched on.
      const applies = REPORT_TEMPLATES[r.templateName].filters;
      for (const [key, filter] of [['filterContactProp', 'contactProp'], ['filterRefProp', 'refProp']] as const) {
        const config = (r as Record<string, unknown>)[key];
        if (isObj(config) && config.enabled === true && !applies[filter]) {
          out.push({ document: 'workspace', rule: 'report-filter-not-applied', pointer: ptr('customReportConfig', i, key, 'enabled'), message: `Report '${r.name}' enables ${key}, which its template '${r.templateName}' does not apply: the filter is not shown`, severity: 'warning', params: { report: String(r.name), filter: key, template: r.templateName } });
        }
      }
    }
  });

  for (const name of Object.keys(isObj(ws.permissionRules) ? ws.permissionRules : {})) {
    if (!(PERMISSIONS as readonly string[]).includes(name)) err('permission-unknown', ptr('permissionRules', name), `'${name}' is not a permission; known ones are ${PERMISSIONS.join(', ')}`, { permission: name, known: PERMISSIONS.join(', ') });
  }
  return out;
}

/** The permissions of the app's screens (menu and contact views): a role needs one of them to land anywhere but /403. */
const SCREEN_PERMISSIONS = ['list', 'show', 'edit', 'insert', 'dashboard', 'flowsmanagement', 'events', 'reports', 'sms', 'workspaceconfig', 'setting'] as const satisfies readonly PermissionName[];

/** The disposition tree (spec 2 §2.7) has at most three levels, and sibling values are unique (they are what is saved). */
export const DISPOSITION_MAX_DEPTH = 3;

function dispositionProblems(ws: Workspace, err: (rule: string, pointer: string, message: string, params?: ProblemParams) => void): void {
  const config = ws.dispositionConfig;
  if (!isObj(config)) return;
  const walk = (nodes: unknown, base: string, depth: number): void => {
    if (!Array.isArray(nodes)) return;
    const seen = new Set<string>();
    nodes.forEach((node: unknown, i) => {
      if (!isObj(node)) return;
      const at = `${base}/${i}`;
      if (typeof node.value === 'string') {
        if (seen.has(node.value)) err('disposition-duplicate', `${at}/value`, `Disposition value '${node.value}' appears twice among its siblings`, { value: node.value });
        seen.add(node.value);
      }
      if (Array.isArray(node.children) && node.children.length) {
        if (depth >= DISPOSITION_MAX_DEPTH) err('disposition-too-deep', `${at}/children`, `Disposition '${String(node.value)}' is at level ${depth}: a disposition has at most ${DISPOSITION_MAX_DEPTH} levels`, { value: String(node.value), depth, max: DISPOSITION_MAX_DEPTH });
        else walk(node.children, `${at}/children`, depth + 1);
      }
    });
  };
  walk(config.levels, '/dispositionConfig/levels', 1);
  for (const [campaign, tree] of Object.entries(isObj(config.campaigns) ? config.campaigns : {})) walk(tree, `/dispositionConfig/campaigns${ptr(campaign)}`, 1);
}

/** The enum call that serves a remote enum's values (the only source there is: `enum_values` behind that call), from the contract. */
export const enumSourcePath = (workspaceId: string, section: 'inputs' | 'outputs', field: string): string =>
  fillPath(contactRoutes.enumValues.url, { id: workspaceId, kind: section, field });

/** Whether a path (query and hash left out) matches a route pattern whose `:name` segments match any one segment. */
export function matchesRoute(pattern: string, path: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const given = path.split(/[?#]/, 1)[0].split('/').filter(Boolean);
  return wanted.length === given.length && wanted.every((segment, i) => segment.startsWith(':') || segment === given[i]);
}

/** The `${field}` names a template uses, in order of first use. */
export function placeholders(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) if (!names.includes(m[1])) names.push(m[1]);
  return names;
}

/** Every problem of a workspace and its data model at once; an empty list means the pair translates. Never throws. */
export function validateConfiguration(workspace: unknown, dataModel: unknown, options: ValidationOptions = {}): RuledProblem[] {
  const problems: RuledProblem[] = [];
  const wsOk = checkWorkspace(workspace);
  if (!wsOk) problems.push(...schemaProblems('workspace', checkWorkspace.errors));
  const dmOk = checkDataModel(dataModel);
  if (!dmOk) problems.push(...schemaProblems('dataModel', checkDataModel.errors));
  if (isObj(dataModel)) {
    regexProblems(fieldsOf(dataModel.model), '/model', problems);
    regexProblems(fieldsOf(dataModel.outputs), '/outputs', problems);
  }
  if (isObj(workspace) && isObj(dataModel)) {
    try {
      problems.push(...crossProblems(workspace as unknown as Workspace, dataModel as unknown as DataModel, options));
    } catch (e) {
      // Only a document that already failed its schema can get here; its schema problems say what is wrong.
      if (wsOk && dmOk) problems.push({ document: 'workspace', rule: 'check-failed', pointer: '', message: `The workspace could not be checked: ${(e as Error).message}`, severity: 'error', params: { error: (e as Error).message } });
    }
  }
  return problems;
}

export const hasErrors = (problems: Problem[]): boolean => problems.some((p) => p.severity === 'error');
