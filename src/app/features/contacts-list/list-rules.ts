import type { ContactRow } from '@domain/api/contacts';
import type { MassiveAction, MassiveActionParam } from '@domain/generated/workspace';

/** Pure rules of the list (spec 2 §2.2, §5), kept apart from React so they are tested as data. */

/** The release icon shows on assigned contacts. */
export const canReleaseRow = (row: Pick<ContactRow, 'agentId'>): boolean => Boolean(row.agentId);

/** An invalid regular expression counts as valid (spec 2 §5). */
export const matchesRegex = (pattern: string, value: string): boolean => {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch {
    return true;
  }
  return regex.test(value);
};

export type ParamProblem = 'required' | 'regex';

/** The extra parameters' problems by name: required when flagged, and the regex when one is given and a value is set. */
export const paramProblems = (params: readonly MassiveActionParam[], values: Record<string, string>): Record<string, ParamProblem> => {
  const problems: Record<string, ParamProblem> = {};
  for (const param of params) {
    const value = (values[param.name] ?? '').trim();
    if (!value) {
      if (param.required) problems[param.name] = 'required';
      continue;
    }
    if (param.regex && !matchesRegex(param.regex, value)) problems[param.name] = 'regex';
  }
  return problems;
};

/** The assign action's agent cap; null when the action assigns no one or names no cap. */
export const agentCap = (action: MassiveAction): number | null =>
  action.onAction.type === 'assign' && typeof action.onAction.assignMaxAgents === 'number' ? action.onAction.assignMaxAgents : null;

/** Once the cap is reached, the agents not chosen are disabled (spec 2 §5). */
export const agentDisabled = (action: MassiveAction, chosen: readonly string[], agentId: string): boolean => {
  const cap = agentCap(action);
  return cap !== null && chosen.length >= cap && !chosen.includes(agentId);
};

/** Toggling an agent never goes over the cap. */
export const toggleAgent = (action: MassiveAction, chosen: readonly string[], agentId: string): string[] => {
  if (chosen.includes(agentId)) return chosen.filter((id) => id !== agentId);
  return agentDisabled(action, chosen, agentId) ? [...chosen] : [...chosen, agentId];
};

/** The contacts limit when no row is selected: a whole number from 1 to the total (defaults to the total). */
export const validLimit = (limit: number, total: number): boolean => Number.isInteger(limit) && limit >= 1 && limit <= Math.max(total, 1);
