import type { AgentKpi, AvailabilityBody, AvailabilityData, StateBody, StateData } from '@domain/api/dashboard';
import { dashboardRoutes } from '@domain/api/dashboard';
import type { EventDetail, EventsSearchBody, EventsSearchResult } from '@domain/api/events';
import { eventsRoutes } from '@domain/api/events';
import type { ReportDefinition, ReportRowsResult, ReportRunBody } from '@domain/api/reports';
import { reportRoutes } from '@domain/api/reports';
import type { ApiClient, DownloadProgress, DownloadedFile } from './api-client';

/**
 * The insight calls (events log, dashboards, custom reports: src/domain/api/events.ts, dashboard.ts, reports.ts),
 * called through their route descriptors (./call.ts): the method, the path and the shapes come from the contract. They are
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
    csv(workspaceId: string, reportId: string, body: Omit<ReportRunBody, 'format'>, onProgress?: DownloadProgress, signal?: AbortSignal): Promise<DownloadedFile>;
  };
}

export const createInsightClient = (api: ApiClient): InsightClient => {
  const { call, download } = api;
  return {
    events: {
      search: (workspaceId, body) => call(eventsRoutes.search, { params: { workspaceId }, body, whole: true, quiet: true }),
      detail: (workspaceId, eventId) => call(eventsRoutes.detail, { params: { workspaceId, eventId }, quiet: true }),
    },
    dashboard: {
      availability: (workspaceId, body) => call(dashboardRoutes.availability, { params: { workspaceId }, body, quiet: true }),
      state: (workspaceId, body) => call(dashboardRoutes.state, { params: { workspaceId }, body, quiet: true }),
      agents: (workspaceId, timezone) => call(dashboardRoutes.agents, { query: { workspaceId, timezone }, quiet: true }),
    },
    reports: {
      list: (workspaceId) => call(reportRoutes.list, { params: { workspaceId }, quiet: true }),
      rows: (workspaceId, reportId, body) => call(reportRoutes.run, { params: { workspaceId, reportId }, body: { ...body, format: 'json' }, whole: true, quiet: true }),
      csv: (workspaceId, reportId, body, onProgress, signal) =>
        download(reportRoutes.run, { params: { workspaceId, reportId }, body: { ...body, format: 'csv' }, quiet: true, signal }, 'report.csv', onProgress),
    },
  };
};
