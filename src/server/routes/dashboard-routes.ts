import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  AGENT_ONLINE_MS,
  dashboardRoutes,
  maxDuration,
  periodDays,
  type AgentKpi,
  type AvailabilityBody,
  type AvailabilityData,
  type StateBody,
  type StateData,
} from '@domain/api/dashboard';
import type { StateConfig } from '@domain/generated/workspace';
import { badField } from '../http-error';
import { say } from '../server-messages';
import type { Period } from '../repositories/dashboard-repository';
import { checkTimezone, type WorkspaceAccess } from '../services/contact-work/workspace-access';


/**
 * The dashboards (spec 3 §2, §7): permission `dashboard` in the workspace the call names. The period starts at
 * `from` and ends now; it may reach back at most the workspace's maxAllowedDuration days (default and most 15).
 */
export async function dashboardRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const dashboards = app.repos.dashboards;
  const contacts = app.repos.contacts;

  async function periodOf(access: WorkspaceAccess, from: string, timezone: string): Promise<Period> {
    await checkTimezone(app, timezone);
    const to = new Date(app.clock());
    const start = new Date(from);
    if (start.getTime() > to.getTime()) throw badField('from', say('fromInFuture'));
    const max = maxDuration(access.workspace as { dashboardConfig?: { maxAllowedDuration?: number } });
    if (periodDays(start, to, timezone) > max) throw badField('from', say('durationTooLong', { max }));
    return { workspaceId: access.workspace.id, from: start, to, timezone };
  }

  const states = (access: WorkspaceAccess) => (access.workspace.states ?? {}) as Record<string, StateConfig>;

  app.route({
    ...dashboardRoutes.availability,
    config: { access: { permission: 'dashboard', workspace: 'params.workspaceId' } },
    handler: async (request): Promise<{ data: AvailabilityData }> => {
      const access = request.workspaceAccess as WorkspaceAccess;
      const body = request.body as AvailabilityBody;
      const period = await periodOf(access, body.from, body.timezone ?? 'Europe/Rome');
      const figures = await dashboards.availability(period, body.page ?? 0, body.length ?? 10);
      const known = states(access);
      return {
        data: {
          ...figures,
          from: period.from.toISOString(),
          to: period.to.toISOString(),
          states: figures.states.map((s) => ({ ...s, label: Object.hasOwn(known, s.state) ? (known[s.state].label ?? s.state) : s.state })).sort((a, b) => b.count - a.count || a.state.localeCompare(b.state)),
        },
      };
    },
  });

  app.route({
    ...dashboardRoutes.state,
    config: { access: { permission: 'dashboard', workspace: 'params.workspaceId' } },
    handler: async (request): Promise<{ data: StateData }> => {
      const access = request.workspaceAccess as WorkspaceAccess;
      const body = request.body as StateBody;
      const period = await periodOf(access, body.from, body.timezone ?? 'Europe/Rome');
      const known = states(access);
      const codes = Object.keys(known);
      const closing = ((access.workspace.closingStates ?? []) as string[]).filter((s) => Object.hasOwn(known, s));
      const firstState = body.firstState ?? (typeof access.workspace.entryState === 'string' ? access.workspace.entryState : codes[0] ?? '');
      const endState = body.endState ?? closing.at(-1) ?? codes.at(-1) ?? '';
      for (const [field, state] of [['firstState', firstState], ['endState', endState]] as const) {
        if (!Object.hasOwn(known, state)) throw badField(field, say('notAStateOf', { field, state, workspace: access.workspace.id }));
      }
      const figures = await dashboards.stateChanges(period, firstState, endState);
      return { data: { ...figures, from: period.from.toISOString(), to: period.to.toISOString(), firstState, endState } };
    },
  });

  app.route({
    ...dashboardRoutes.agents,
    config: { access: { permission: 'dashboard', workspace: 'query.workspaceId' } },
    handler: async (request): Promise<{ data: AgentKpi[] }> => {
      const access = request.workspaceAccess as WorkspaceAccess;
      const timezone = request.query.timezone ?? 'Europe/Rome';
      await checkTimezone(app, timezone);
      const me = access.auth.user;
      // The agents the caller sees in the organisation (admins: everyone), as the contact list's agent filter does.
      const visible = me.role === 'admin' ? null : await contacts.visibleAgentIds(me);
      return { data: await dashboards.agents(access.workspace.id, new Date(app.clock()), timezone, AGENT_ONLINE_MS, visible) };
    },
  });
}
