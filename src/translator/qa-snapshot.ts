import { ROLES } from '@domain/roles';
import type { Navigation } from './menu';
import { FORM_SECTIONS, FORM_VIEWS } from './translate-form';
import type { WorkspaceTranslation } from './translate-workspace';

/**
 * The QA replay files of one translation, by relative path. Roles share a form; each form file holds the shared form
 * once and what differs per role, so the files stay readable and a change shows up once. The navigation is the
 * translator's menu rules over the app's screens, so the caller brings it (translateNavigation).
 */
export function qaSnapshot(t: WorkspaceTranslation, navigation: Navigation): Record<string, unknown> {
  const files: Record<string, unknown> = {
    'permissions.json': t.permissions,
    'role-rules.json': t.roleRules,
    'navigation.json': navigation,
  };
  for (const view of FORM_VIEWS) {
    for (const section of FORM_SECTIONS) {
      const byRole = t.forms[view][section];
      const shared = byRole.admin;
      const roles: Record<string, unknown> = {};
      for (const role of ROLES) {
        const ui = byRole[role].uiSchema;
        roles[role] = ui['ui:readonly'] === true ? { usable: false, denied: ui['ui:options'].denied ?? [] } : { usable: true };
      }
      const { 'ui:readonly': _r, ...uiSchema } = shared.uiSchema;
      const { denied: _d, ...rootOptions } = uiSchema['ui:options'];
      files[`forms/${view}-${section}.json`] = { roles, schema: shared.schema, uiSchema: { ...uiSchema, 'ui:options': rootOptions } };
    }
  }
  files['list/columns.json'] = t.lists.admin.columns;
  for (const role of ROLES) files[`list/filters-${role}.json`] = t.lists[role].filters;
  return files;
}

export type JsonDiffLine = string;

/** A readable diff of two JSON values: one line per changed path, `path: old → new`. */
export function jsonDiff(before: unknown, after: unknown, path = '', out: JsonDiffLine[] = [], limit = 200): JsonDiffLine[] {
  if (out.length >= limit) return out;
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (isObj(before) && isObj(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const k of keys) {
      const p = Array.isArray(after) ? `${path}[${k}]` : `${path}${path ? '.' : ''}${k}`;
      if (!(k in before)) out.push(`+ ${p}: ${JSON.stringify(after[k])}`);
      else if (!(k in after)) out.push(`- ${p}: ${JSON.stringify(before[k])}`);
      else jsonDiff(before[k], after[k], p, out, limit);
      if (out.length >= limit) break;
    }
    return out;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push(`~ ${path || '(root)'}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
  return out;
}
