import {
  workspaceConfigRoutes as routes,
  type AuditEntry,
  type ConfigDiff,
  type ConfigWorkspaceRow,
  type Configuration,
  type CreateBody,
  type DraftBody,
  type EnabledBody,
  type Impact,
  type PublishBody,
  type Published,
  type RollbackBody,
  type ValidationResult,
  type VersionEntry,
} from '../domain/api/workspace-config';
import type { ApiClient, DownloadedFile, RequestOptions } from './api-client';
import { routePath } from './messaging-client';

type Quiet = Pick<RequestOptions, 'quiet'>;

/**
 * The Workspaces tab of /workspaceconfig (src/domain/api/workspace-config.ts), each call built from its route
 * descriptor. Publish, create and rollback are usually called quiet: the editor shows their 400 problems and 409
 * conflicts itself (ApiRequestError carries the body).
 */
export interface WorkspaceConfigApi {
  list(): Promise<ConfigWorkspaceRow[]>;
  read(id: string): Promise<Configuration>;
  version(id: string, version: number): Promise<Configuration>;
  versions(id: string): Promise<VersionEntry[]>;
  audit(id: string): Promise<AuditEntry[]>;
  diff(id: string, from: number, to: number): Promise<ConfigDiff>;
  validate(id: string, draft: DraftBody, options?: Quiet): Promise<ValidationResult>;
  impact(id: string, draft: DraftBody, options?: Quiet): Promise<Impact>;
  publish(id: string, body: PublishBody, options?: Quiet): Promise<Published>;
  create(body: CreateBody, options?: Quiet): Promise<Published>;
  rollback(id: string, body: RollbackBody, options?: Quiet): Promise<Published>;
  setEnabled(id: string, body: EnabledBody): Promise<{ enabled: boolean }>;
  exportFile(id: string): Promise<DownloadedFile>;
  /** The push channel's URL (an EventSource opens it; the cookie signs it). */
  changesUrl(): string;
}

export const createWorkspaceConfigApi = (api: ApiClient): WorkspaceConfigApi => {
  const call = <T>(route: (typeof routes)[keyof typeof routes], params: Record<string, string> = {}, options: RequestOptions = {}): Promise<T> =>
    api.request<T>(route.method, routePath(route, params), options);
  return {
    list: () => call(routes.list),
    read: (id) => call(routes.read, { id }),
    version: (id, version) => call(routes.version, { id, version: String(version) }),
    versions: (id) => call(routes.versions, { id }),
    audit: (id) => call(routes.audit, { id }),
    diff: (id, from, to) => call(routes.diff, { id }, { query: { from: String(from), to: String(to) } }),
    validate: (id, draft, options) => call(routes.validate, { id }, { body: draft, ...options }),
    impact: (id, draft, options) => call(routes.impact, { id }, { body: draft, ...options }),
    publish: (id, body, options) => call(routes.publish, { id }, { body, ...options }),
    create: (body, options) => call(routes.create, {}, { body, ...options }),
    rollback: (id, body, options) => call(routes.rollback, { id }, { body, ...options }),
    setEnabled: (id, body) => call(routes.enabled, { id }, { body }),
    exportFile: (id) => api.download(routes.export.method, routePath(routes.export, { id }), {}, `${id}.json`),
    changesUrl: () => routes.changes.url,
  };
};
