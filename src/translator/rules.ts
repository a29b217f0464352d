import type { JsonLogicRule } from '@domain/permissions';
import type { Role } from '@domain/roles';

/** Small builders so rules read like the spec sentences they come from. */
export const roleIn = (roles: readonly Role[]): JsonLogicRule => ({ in: [{ var: 'user.role' }, [...roles]] });
export const roleIs = (role: Role): JsonLogicRule => ({ '==': [{ var: 'user.role' }, role] });
export const targetRoleIn = (roles: readonly Role[]): JsonLogicRule => ({ in: [{ var: 'target.role' }, [...roles]] });
export const isTrue = (path: string): JsonLogicRule => ({ '==': [{ var: path }, true] });
export const isNotTrue = (path: string): JsonLogicRule => ({ '!=': [{ var: path }, true] });
export const hasItems = (path: string): JsonLogicRule => ({ '>': [{ var: `${path}.length` }, 0] });
export const not = (rule: JsonLogicRule): JsonLogicRule => ({ '!': [rule] });
export const notEmbed: JsonLogicRule = { '!': [{ var: 'embed' }] };

/** The operands without repeats (the same rule twice says nothing more). */
const distinct = (rules: JsonLogicRule[]): JsonLogicRule[] => {
  const seen = new Set<string>();
  return rules.filter((r) => {
    const key = JSON.stringify(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** and/or that fold constant and repeated operands, so a rule never carries `true` noise. */
export function and(...rules: JsonLogicRule[]): JsonLogicRule {
  if (rules.some((r) => r === false)) return false;
  const rest = distinct(rules.filter((r) => r !== true));
  if (rest.length === 0) return true;
  return rest.length === 1 ? rest[0] : { and: rest };
}
export function or(...rules: JsonLogicRule[]): JsonLogicRule {
  if (rules.some((r) => r === true)) return true;
  const rest = distinct(rules.filter((r) => r !== false));
  if (rest.length === 0) return false;
  return rest.length === 1 ? rest[0] : { or: rest };
}
