import type { AgentKpi, AvailabilityBody, AvailabilityData, StateBody, StateData } from '../domain/api/dashboard';
import { dashboardRoutes } from '../domain/api/dashboard';
import type { EventDetail, EventsSearchBody, EventsSearchResult } from '../domain/api/events';
import { eventsRoutes } from '../domain/api/events';
import type { ReportDefinition, ReportRowsResult, ReportRunBody } from '../domain/api/reports';
import { reportRoutes } from '../domain/api/reports';
import type { RouteContract } from '../domain/api/common';
import type { ApiClient, DownloadProgress, DownloadedFile } from './api-client';

/**
 * The insight calls (events log, dashboards, custom reports: src/domain/api/events.ts, dashboard.ts, reports.ts),
 * built from the route descriptors: the method and the path come from the contract, never typed twice. They are
 * quiet: the screens word their failures as spec 3 §8 says (the events and reports catalogues, the dashboards'
 * error panels), and sign the user out on a 401 themselves.
 */
export interface InsightClient {
  events: {
    search(workspaceId: string, body: EventsSearchBody): Promise<EventsSearchResult>;
    detail(workspaceId: string, eventId: string): Promise<EventDetail>;
  };
  dashboard: {
    availability(workspaceId: string, body: AvailabilityBody): Promise<AvailabilityData>;
    state(workspaceId: string, body: StateBody): Promise<StateData>;
    agents(workspaceId: string, timezone?: string): Promise<AgentKpi[]>;
  };
  reports: {
    list(workspaceId: string): Promise<ReportDefinition[]>;
    rows(workspaceId: string, reportId: string, body: Omit<ReportRunBody, 'format'>): Promise<ReportRowsResult>;
    /** text/csv read as a stream, named by the server ({templateName}-YYYY-MM-DD-HH-mm-ss.csv). */
    csv(workspaceId: string, reportId: string, body: Omit<ReportRunBody, 'format'>, onProgress?: DownloadProgress): Promise<DownloadedFile>;
  };
}

/** The descriptor's path with its `:name` parameters filled in. */
export const pathOf = (route: Pick<RouteContract, 'url'>, params: Record<string, string>): string =>
  route.url.replace(/:(\w+)/g, (_match, name: string) => {
    if (params[name] === undefined) throw new Error(`${route.url}: no value for :${name}`);
    return encodeURIComponent(params[name]);
  });

export const createInsightClient = (api: ApiClient): InsightClient => ({
  events: {
    search: (workspaceId, body) => api.request(eventsRoutes.search.method, pathOf(eventsRoutes.search, { workspaceId }), { body, whole: true, quiet: true }),
    detail: (workspaceId, eventId) => api.request(eventsRoutes.detail.method, pathOf(eventsRoutes.detail, { workspaceId, eventId }), { quiet: true }),
  },
  dashboard: {
    availability: (workspaceId, body) => api.request(dashboardRoutes.availability.method, pathOf(dashboardRoutes.availability, { workspaceId }), { body, quiet: true }),
    state: (workspaceId, body) => api.request(dashboardRoutes.state.method, pathOf(dashboardRoutes.state, { workspaceId }), { body, quiet: true }),
    agents: (workspaceId, timezone) => api.request(dashboardRoutes.agents.method, pathOf(dashboardRoutes.agents, {}), { query: { workspaceId, timezone }, quiet: true }),
  },
  reports: {
    list: (workspaceId) => api.request(reportRoutes.list.method, pathOf(reportRoutes.list, { workspaceId }), { quiet: true }),
    rows: (workspaceId, reportId, body) => api.request(reportRoutes.run.method, pathOf(reportRoutes.run, { workspaceId, reportId }), { body: { ...body, format: 'json' }, whole: true, quiet: true }),
    csv: (workspaceId, reportId, body, onProgress) =>
      api.download(reportRoutes.run.method, pathOf(reportRoutes.run, { workspaceId, reportId }), { body: { ...body, format: 'csv' }, quiet: true }, 'report.csv', onProgress),
  },
});
