import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { contactRoutes, type KpiData } from '@domain/api/contacts';
import { AVAILABILITY_LABELS } from '@domain/availability';
import { checkTimezone } from '../services/contact-work/workspace-access';
import { declaredAccess } from '../services/contact-work/contact-access';
import { queryContext } from './contact-routes';

/** The KPI strip (spec 2 §2.2): counts over the contacts the user sees, refreshed by the browser every 60 s. */
export async function kpiRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const contacts = app.repos.contacts;

  app.route({
    ...contactRoutes.kpi,
    config: { access: { permission: 'list', workspace: 'params.workspaceId' } },
    handler: async (request): Promise<{ data: KpiData }> => {
      const timezone = request.query.timezone ?? 'Europe/Rome';
      const access = declaredAccess(request);
      await checkTimezone(app, timezone);
      const ctx = queryContext(access, {});
      const counts = await contacts.kpiCounts(ctx, timezone, new Date(app.clock()));
      const standard: Record<string, number> = {
        [AVAILABILITY_LABELS.toProcess]: counts.availability.toProcess ?? 0,
        [AVAILABILITY_LABELS.waiting]: counts.availability.waiting ?? 0,
        [AVAILABILITY_LABELS.processing]: counts.availability.processing ?? 0,
        'Chiusi Oggi': counts.closedToday,
        Sospesi: counts.suspended,
        'Non lavorabili': counts.notProcessable,
        Totale: counts.total,
      };
      // The custom map comes from the workspace: one entry per configured state, and the custom filter's count.
      const custom: Record<string, number> = {};
      const states = (access.workspace.states ?? {}) as Record<string, { label?: string }>;
      for (const [key, state] of Object.entries(states)) custom[state.label ?? key] = counts.states[key] ?? 0;
      const customFilter = access.workspace.customFilterConfig as { label?: string; rule?: unknown } | undefined;
      if (customFilter?.rule !== undefined && customFilter.label && access.allows('customFilter')) {
        custom[customFilter.label] = await contacts.countMatching({ includeSuspended: true }, queryContext(access, { customFilter: true }));
      }
      return { data: { standard, custom } };
    },
  });
}
