import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { contactRoutes, type ContactFilter, type MassiveActionBody } from '@domain/api/contacts';
import { STATE_NOTES_MAX } from '@domain/constants';
import type { MassiveAction } from '@domain/generated/workspace';
import { applyFilterRules } from '@domain/contact-filter-rules';
import { HttpError, invalid, notFound, type ErrorItem } from '../http-error';
import { say } from '../server-messages';
import { actAsBulkRun } from '../repositories/event-repository';
import type { BulkEffect } from '../repositories/contact-repository';
import { declaredAccess } from '../services/contact-work/contact-access';
import { queryContext } from './contact-routes';

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The regex check of spec 2 §5: a pattern that does not compile counts as valid. */
export function matchesParamRegex(regex: string | undefined, value: string): boolean {
  if (!regex) return true;
  let pattern: RegExp;
  try {
    pattern = new RegExp(regex);
  } catch {
    return true;
  }
  return pattern.test(value);
}

/** Problems with the extra parameters, one per field (required, regex, unknown). */
export function additionalParamProblems(action: MassiveAction, given: Record<string, unknown>): ErrorItem[] {
  const problems: ErrorItem[] = [];
  const defined = action.additionalParams ?? [];
  for (const param of defined) {
    const field = `additionalParams.${param.name}`;
    const value = given[param.name];
    if (isBlank(value)) {
      if (param.required) problems.push({ field, message: say('valueRequired', { field: param.label }) });
      continue;
    }
    if (!matchesParamRegex(param.regex, String(value))) problems.push({ field, message: say('valuePattern', { field: param.label, pattern: String(param.regex) }) });
  }
  for (const name of Object.keys(given)) {
    if (!defined.some((p) => p.name === name)) problems.push({ field: `additionalParams.${name}`, message: say('bulkParamUnknown', { field: `additionalParams.${name}` }) });
  }
  return problems;
}


/** Bulk actions (spec 2 §2.2, §5, §7): on the selected contacts or on the whole filter with a contacts limit. */
export async function massiveActionRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const contacts = app.repos.contacts;

  app.route({
    ...contactRoutes.massiveAction,
    config: { access: { permission: 'massiveActions', workspace: 'params.id' } },
    handler: async (request): Promise<{ data: number }> => {
      const { id, action: key } = request.params;
      const body = request.body as MassiveActionBody;
      const access = declaredAccess(request);
      const actions = (access.workspace.massiveActions ?? []) as MassiveAction[];
      const action = actions.find((a) => a.key === key);
      if (!action) throw notFound(say('bulkActionNotFound', { key, workspace: id }));

      const params = body.additionalParams ?? {};
      const problems = additionalParamProblems(action, params);
      let effect: BulkEffect;
      const agents = body.agentsToBeAssigned ?? [];
      switch (action.onAction.type) {
        case 'assign': {
          const max = action.onAction.assignMaxAgents;
          if (!agents.length) problems.push({ field: 'agentsToBeAssigned', message: say('bulkAgentsRequired') });
          if (max !== undefined && agents.length > max) problems.push({ field: 'agentsToBeAssigned', message: say('bulkAgentsTooMany', { max }) });
          const assignable = new Set((await app.repos.users.listVisibleTo(access.auth.user)).map((u) => u.id));
          agents.forEach((agent, i) => {
            if (!assignable.has(agent)) problems.push({ field: `agentsToBeAssigned.${i}`, message: say('bulkAgentNotAssignable', { field: `agentsToBeAssigned.${i}`, agent }) });
          });
          effect = { type: 'assign', agents };
          break;
        }
        case 'state': {
          const state = action.onAction.state ?? '';
          const states = (access.workspace.states ?? {}) as Record<string, unknown>;
          if (!Object.prototype.hasOwnProperty.call(states, state)) throw new HttpError(400, say('bulkActionUnknownState', { key, state }));
          // The extra parameters become the state notes, the way a state change carries them (truncated like them).
          const notes = (action.additionalParams ?? []).filter((p) => !isBlank(params[p.name])).map((p) => `${p.label}: ${String(params[p.name])}`).join('; ');
          effect = { type: 'state', state, ...(notes ? { notes: notes.slice(0, STATE_NOTES_MAX) } : {}) };
          break;
        }
        case 'priority':
          effect = { type: 'priority', priority: action.onAction.priority ?? 1 };
          break;
        default:
          effect = { type: action.onAction.type };
      }
      if (problems.length) throw invalid(problems);

      // The action's associatedFilter narrows the list filter; selected rows are worked within it too.
      const associated = (action.associatedFilter ?? {}) as ContactFilter;
      const selected = body.contactIds ?? [];
      const base: ContactFilter = selected.length ? { includeSuspended: true } : (body.filters ?? {});
      const filter = applyFilterRules(base, { ...base, ...associated, ...(selected.length ? { contactIds: selected } : {}) });
      const limit = body.count ?? null;
      const at = new Date(app.clock());
      // The run is recorded first, in the same transaction, so each contact's 'bulk' event names it.
      const worked = await app.db.transaction(async (tx) => {
        const runId = await contacts.recordBulkRun({ workspaceId: id, action: key, userId: access.auth.user.id, params, agents, requested: limit ?? selected.length, worked: 0, at }, tx);
        await actAsBulkRun(tx, { userId: access.auth.user.id, at, runId, action: key });
        const count = await contacts.applyBulk(filter, queryContext(access, filter), effect, limit, at, tx);
        await contacts.finishBulkRun(tx, runId, limit ?? (selected.length || count), count);
        return count;
      });
      return { data: worked };
    },
  });
}
