import type { OutboxMessage, OutboxStatus } from '../domain/api/contact-work';
import { contactWorkRoutes } from '../domain/api/contact-work';
import type { RouteContract } from '../domain/api/common';
import { fileRoutes, flowRoutes, type FileSearchRow, type Flow, type FlowImport, type ReferenceRow, type RejectedFile, type RejectedFileContent, type SearchByRefsBody } from '../domain/api/flows';
import { smsRoutes, type SmsDeliveryStatus, type SmsSendBody } from '../domain/api/sms';
import type { ApiClient, RequestOptions } from './api-client';

/**
 * The /sms and /flowsmanagement calls, each built from its route descriptor (method and path from src/domain/api),
 * over the one API client, so failures go through its error catalogue like every other call.
 */

type Quiet = Pick<RequestOptions, 'quiet'>;

/** The descriptor's path with its `:params` filled in (encoded). */
export function routePath(route: Pick<RouteContract, 'url'>, params: Record<string, string> = {}): string {
  return route.url.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.url}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

const call = <T>(api: ApiClient, route: RouteContract, params?: Record<string, string>, options: RequestOptions = {}): Promise<T> =>
  api.request<T>(route.method, routePath(route, params), options);

const fileForm = (file: Blob, name: string): FormData => {
  const form = new FormData();
  form.append('fileContent', file, name);
  return form;
};

export interface SmsApi {
  /** Queues the SMS; 400 names each refused field as /values/<name>. */
  send(workspaceId: string, body: SmsSendBody, options?: Quiet): Promise<OutboxMessage>;
  delivery(workspaceId: string): Promise<SmsDeliveryStatus>;
  outbox(workspaceId: string, status?: OutboxStatus, limit?: number): Promise<OutboxMessage[]>;
}

export interface FlowsApi {
  status(): Promise<Flow[]>;
  toggle(flowId: string, enabled: boolean): Promise<Flow>;
  upload(flowId: string, file: Blob, name: string, options?: Quiet): Promise<FlowImport>;
  importProgress(importId: string, options?: Quiet): Promise<FlowImport>;
  searchByRefs(body: SearchByRefsBody): Promise<ReferenceRow[]>;
  searchFiles(name: string): Promise<FileSearchRow[]>;
  rejectedFiles(flowId: string): Promise<RejectedFile[]>;
  downloadRejected(id: string): Promise<RejectedFileContent>;
  reload(id: string, file: Blob, name: string, options?: Quiet): Promise<FlowImport>;
}

export const smsApi = (api: ApiClient): SmsApi => ({
  send: (workspaceId, body, options) => call(api, smsRoutes.send, { workspaceId }, { body, quiet: options?.quiet }),
  delivery: (workspaceId) => call(api, smsRoutes.delivery, { workspaceId }),
  outbox: (workspace, status, limit) => call(api, contactWorkRoutes.outbox, {}, { query: { workspace, status, limit: limit === undefined ? undefined : String(limit) } }),
});

export const flowsApi = (api: ApiClient): FlowsApi => ({
  status: () => call(api, flowRoutes.status),
  toggle: (flowId, enabled) => call(api, flowRoutes.toggle, { a: enabled ? 'enable' : 'disable', b: flowId }),
  upload: (flowId, file, name, options) => call(api, flowRoutes.upload, { flowId }, { body: fileForm(file, name), quiet: options?.quiet }),
  importProgress: (importId, options) => call(api, flowRoutes.importProgress, { importId }, { quiet: options?.quiet }),
  searchByRefs: (body) => call(api, fileRoutes.searchByRefs, {}, { body }),
  searchFiles: (name) => call(api, fileRoutes.search, {}, { body: { name } }),
  rejectedFiles: (flowId) => call(api, fileRoutes.discardList, { id: flowId }),
  downloadRejected: (id) => call(api, fileRoutes.discardDownload, { id }),
  reload: (id, file, name, options) => call(api, fileRoutes.reload, { id }, { body: fileForm(file, name), quiet: options?.quiet }),
});
