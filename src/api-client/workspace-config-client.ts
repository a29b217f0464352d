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
} from '@domain/api/workspace-config';
import type { ApiClient, DownloadedFile, RequestOptions } from './api-client';

type Quiet = Pick<RequestOptions, 'quiet'>;

/**
 * The Workspaces tab of /workspaceconfig (src/domain/api/workspace-config.ts), each call built from its route
 * descriptor (./call.ts). Publish, create and rollback are usually called quiet: the editor shows their 400 problems and 409
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
  const { call, download } = api;
  return {
    list: () => call(routes.list),
    read: (id) => call(routes.read, { params: { id } }),
    version: (id, version) => call(routes.version, { params: { id, version } }),
    versions: (id) => call(routes.versions, { params: { id } }),
    audit: (id) => call(routes.audit, { params: { id } }),
    diff: (id, from, to) => call(routes.diff, { params: { id }, query: { from, to } }),
    validate: (id, draft, options) => call(routes.validate, { params: { id }, body: draft, ...options }),
    impact: (id, draft, options) => call(routes.impact, { params: { id }, body: draft, ...options }),
    publish: (id, body, options) => call(routes.publish, { params: { id }, body, ...options }),
    create: (body, options) => call(routes.create, { body, ...options }),
    rollback: (id, body, options) => call(routes.rollback, { params: { id }, body, ...options }),
    setEnabled: (id, body) => call(routes.enabled, { params: { id }, body }),
    exportFile: (id) => download(routes.export, { params: { id } }, `${id}.json`),
    changesUrl: () => routes.changes.url,
  };
};
