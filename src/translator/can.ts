import jsonLogic from 'json-logic-js';
import type { JsonLogicRule, PermissionContext } from '@domain/permissions';

/** The one evaluator for browser and server. A malformed rule denies rather than throws. */
export function can(rule: JsonLogicRule, ctx: PermissionContext): boolean {
  if (typeof rule === 'boolean') return rule;
  try {
    return jsonLogic.truthy(jsonLogic.apply(rule as jsonLogic.RulesLogic, ctx));
  } catch {
    return false;
  }
}

export interface Explanation { allowed: boolean; reasons: string[] }

/** Says, in sentences, why a rule denies (the permission explainer). An allowed rule has no reasons. */
export function explain(rule: JsonLogicRule, ctx: PermissionContext): Explanation {
  const allowed = can(rule, ctx);
  if (allowed) return { allowed, reasons: [] };
  const reasons = whyFalse(rule, ctx);
  return { allowed, reasons: reasons.length ? reasons : [`the rule ${JSON.stringify(rule)} is not satisfied`] };
}

type Node = { [op: string]: unknown };

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 1;
const args = (node: Node): unknown[] => {
  const v = Object.values(node)[0];
  return Array.isArray(v) ? v : [v];
};
const evaluate = (rule: unknown, ctx: PermissionContext): unknown => {
  if (!isNode(rule)) return rule;
  try {
    return jsonLogic.apply(rule as jsonLogic.RulesLogic, ctx);
  } catch {
    return undefined;
  }
};
const truthy = (v: unknown): boolean => jsonLogic.truthy(v);

const varPath = (v: unknown): string | null => {
  if (!isNode(v) || !('var' in v)) return null;
  const a = args(v)[0];
  return typeof a === 'string' || typeof a === 'number' ? String(a) : null;
};
const NAMES: Record<string, string> = { 'user.role': 'role', 'target.role': "the other user's role", 'user.id': 'your user id', 'target.id': "the other user's id", embed: 'embed view' };

/** How an operand reads in a sentence: a variable by its name, a literal by its value. */
const describe = (operand: unknown): string => {
  const path = varPath(operand);
  if (path !== null) return NAMES[path] ?? path;
  if (Array.isArray(operand)) return operand.map((x) => String(x)).join(', ');
  return JSON.stringify(operand);
};
const valueText = (v: unknown): string => (v === undefined || v === null ? 'not set' : typeof v === 'string' ? `'${v}'` : JSON.stringify(v));
const listText = (v: unknown): string => (Array.isArray(v) ? (v.length ? v.map((x) => String(x)).join(', ') : 'nothing') : JSON.stringify(v));

/** Reasons a rule is false (called only for rules that are false in ctx). */
function whyFalse(rule: unknown, ctx: PermissionContext): string[] {
  if (rule === false) return ['nobody is allowed'];
  if (!isNode(rule)) return truthy(rule) ? [] : [`${valueText(rule)} is not true`];
  const op = Object.keys(rule)[0];
  const a = args(rule);
  switch (op) {
    case 'and':
      return a.filter((r) => !truthy(evaluate(r, ctx))).flatMap((r) => whyFalse(r, ctx));
    case 'or': {
      const parts = a.map((r) => whyFalse(r, ctx).join(' and '));
      return parts.length === 1 ? [parts[0]] : [`none of the alternatives holds: ${parts.map((p) => `(${p})`).join(' or ')}`];
    }
    case '!':
      return whyTrue(a[0], ctx);
    case '!!':
      return whyFalse(a[0], ctx);
    case 'var': {
      const v = evaluate(rule, ctx);
      return [`${describe(rule)} is ${v === undefined || v === null ? 'not set' : valueText(v)}`];
    }
    case 'in': {
      const [needle, hay] = a;
      const value = evaluate(needle, ctx);
      return [`${describe(needle)} ${valueText(value)} is not one of ${listText(evaluate(hay, ctx))}`];
    }
    case '==':
    case '===': {
      const [l, r] = a;
      return [`${describe(l)} is ${valueText(evaluate(l, ctx))}, not ${valueText(evaluate(r, ctx))}`];
    }
    case '!=':
    case '!==': {
      const [l, r] = a;
      return [`${describe(l)} must differ from ${describe(r)} (both are ${valueText(evaluate(l, ctx))})`];
    }
    case '>': case '>=': case '<': case '<=': {
      const [l, r] = a;
      return [`${describe(l)} is ${valueText(evaluate(l, ctx))}, which is not ${op} ${valueText(evaluate(r, ctx))}`];
    }
    case 'if': {
      for (let i = 0; i + 1 < a.length; i += 2) {
        if (truthy(evaluate(a[i], ctx))) return whyFalse(a[i + 1], ctx);
      }
      return a.length % 2 === 1 ? whyFalse(a[a.length - 1], ctx) : ['no branch of the rule applies'];
    }
    default:
      return [`the condition ${JSON.stringify(rule)} is not satisfied`];
  }
}

/** Reasons a rule is true, used under a negation. */
function whyTrue(rule: unknown, ctx: PermissionContext): string[] {
  if (rule === true) return ['nobody is allowed'];
  if (!isNode(rule)) return [`${valueText(rule)} is set`];
  const op = Object.keys(rule)[0];
  const a = args(rule);
  switch (op) {
    case 'in':
      return [`${describe(a[0])} ${valueText(evaluate(a[0], ctx))} is one of ${listText(evaluate(a[1], ctx))}`];
    case 'var':
      return [`${describe(rule)} is ${valueText(evaluate(rule, ctx))}`];
    case '==':
    case '===':
      return [`${describe(a[0])} is ${valueText(evaluate(a[0], ctx))}`];
    case 'and':
      return a.flatMap((r) => whyTrue(r, ctx));
    case 'or':
      return a.filter((r) => truthy(evaluate(r, ctx))).flatMap((r) => whyTrue(r, ctx));
    case '!':
      return whyFalse(a[0], ctx);
    default:
      return [`the condition ${JSON.stringify(rule)} holds but must not`];
  }
}
