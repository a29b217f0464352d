import type { OutboxMessage, OutboxStatus } from '@domain/api/contact-work';
import { contactWorkRoutes } from '@domain/api/contact-work';
import { fileRoutes, flowRoutes, type FileSearchRow, type Flow, type FlowImport, type ReferenceRow, type RejectedFile, type RejectedFileContent, type SearchByRefsBody } from '@domain/api/flows';
import { smsRoutes, type SmsDeliveryStatus, type SmsSendBody } from '@domain/api/sms';
import type { Language } from '@domain/constants';
import type { ApiClient, RequestOptions } from './api-client';

/**
 * The /sms and /flowsmanagement calls, each through its route descriptor (./call.ts: method, path and shapes from src/domain/api),
 * over the one API client, so failures go through its error catalogue like every other call.
 */

type Quiet = Pick<RequestOptions, 'quiet'>;

const fileForm = (file: Blob, name: string): FormData => {
  const form = new FormData();
  form.append('fileContent', file, name);
  return form;
};

/** A file as a data URL: the rejected file's reload sends it so (spec 3 §7: "multipart; file data as a data URL"). */
const dataUrlOf = (file: Blob): Promise<string> => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error ?? new Error('the file cannot be read'));
  reader.readAsDataURL(file);
});

const dataUrlForm = async (file: Blob, name: string): Promise<FormData> => {
  const form = new FormData();
  form.append('fileName', name);
  form.append('fileContent', await dataUrlOf(file));
  return form;
};

export interface SmsApi {
  /** Queues the SMS; 400 names each refused field as /values/<name>. `errorToastMs`: how long the shared handler's toasts stay. */
  send(workspaceId: string, body: SmsSendBody, options?: Pick<RequestOptions, 'quiet' | 'errorToastMs'>): Promise<OutboxMessage>;
  delivery(workspaceId: string): Promise<SmsDeliveryStatus>;
  /** The workspace's SMS, newest first (web-app messages are not the SMS screen's). */
  outbox(workspaceId: string, status?: OutboxStatus, limit?: number): Promise<OutboxMessage[]>;
}

export interface FlowsApi {
  status(options?: Quiet): Promise<Flow[]>;
  toggle(flowId: string, enabled: boolean): Promise<Flow>;
  upload(flowId: string, file: Blob, name: string, options?: Quiet): Promise<FlowImport>;
  importProgress(importId: string, options?: Quiet): Promise<FlowImport>;
  searchByRefs(body: SearchByRefsBody): Promise<ReferenceRow[]>;
  searchFiles(name: string): Promise<FileSearchRow[]>;
  rejectedFiles(flowId: string): Promise<RejectedFile[]>;
  /** MOTIVO in `language` (the reader's), else in the server's words. */
  downloadRejected(id: string, language?: Language): Promise<RejectedFileContent>;
  reload(id: string, file: Blob, name: string, options?: Quiet): Promise<FlowImport>;
}

export const smsApi = (api: ApiClient): SmsApi => {
  const { call } = api;
  return {
    send: (workspaceId, body, options) => call(smsRoutes.send, { params: { workspaceId }, body, quiet: options?.quiet, errorToastMs: options?.errorToastMs }),
    delivery: (workspaceId) => call(smsRoutes.delivery, { params: { workspaceId } }),
    outbox: (workspace, status, limit) => call(contactWorkRoutes.outbox, { query: { workspace, status, channel: 'sms', limit } }),
  };
};

export const flowsApi = (api: ApiClient): FlowsApi => {
  const { call } = api;
  return {
    status: (options) => call(flowRoutes.status, { quiet: options?.quiet }),
    toggle: (flowId, enabled) => call(flowRoutes.toggle, { params: { a: enabled ? 'enable' : 'disable', b: flowId } }),
    upload: (flowId, file, name, options) => call(flowRoutes.upload, { params: { flowId }, body: fileForm(file, name), quiet: options?.quiet }),
    importProgress: (importId, options) => call(flowRoutes.importProgress, { params: { importId }, quiet: options?.quiet }),
    searchByRefs: (body) => call(fileRoutes.searchByRefs, { body }),
    searchFiles: (name) => call(fileRoutes.search, { body: { name } }),
    rejectedFiles: (flowId) => call(fileRoutes.discardList, { params: { id: flowId } }),
    downloadRejected: (id, language) => call(fileRoutes.discardDownload, { params: { id }, query: { language } }),
    reload: async (id, file, name, options) => call(fileRoutes.reload, { params: { id }, body: await dataUrlForm(file, name), quiet: options?.quiet }),
  };
};
