import type { ApiErrorItem } from '@domain/errors';
import type {
  GroupRequired,
  LoggedUser,
  LoginData,
  PassChangeBody,
  RenewData,
  SessionInfo,
  SigninBody,
  UserListItem,
} from '@domain/api/auth';
import type { AgentSigninData, AssetsData, HeartbeatData, WorkspaceSummary } from '@domain/api/workspace';
import type { Workspace } from '@domain/generated/workspace';
import type {
  ContactFilter,
  ContactRow,
  EnumBody,
  EnumSection,
  EnumValue,
  ExportBody,
  KpiData,
  MassiveActionBody,
  SearchResponse,
  TakeNextData,
} from '@domain/api/contacts';
import type { DataModel } from '@domain/generated/data-model';
import type { DispositionBody, DispositionTree, SavedDisposition, SearchRefBody, SearchRefResponse } from '@domain/api/embed';
import type {
  AllowedState,
  CityItem,
  ContactAction,
  ContactEditBody,
  ContactInsertBody,
  ContactSaveBody,
  DeleteResult,
  FileContent,
  HistoryEntry,
  NewContact,
  OutboxMessage,
  ProvinceItem,
  StreetItem,
  UploadResult,
  WidgetData,
  WidgetInfo,
} from '@domain/api/contact-work';
import type { OrganisationItem } from '@domain/api/organisation';
import { authRoutes } from '@domain/api/auth';
import { addressRoutes, contactWorkRoutes } from '@domain/api/contact-work';
import { contactRoutes } from '@domain/api/contacts';
import { embedRoutes } from '@domain/api/embed';
import { organisationRoutes } from '@domain/api/organisation';
import { workspaceRoutes } from '@domain/api/workspace';
import { ApiRequestError } from './api-error';
import { createCaller, type Caller, type Downloader, type TransportRequest } from './call';
import { classifyFailure } from './error-catalogue';
import { createRequestRegistry, type RequestRegistry } from './request-registry';

/**
 * What the app does with the error catalogue of spec 1 §8. The client never touches the page, the router or the
 * toaster: it classifies the failure and calls one of these.
 */
/** How a call wants the shared handler to show its failure (RequestOptions.errorToastMs). */
export interface ErrorDisplay {
  timeout?: number;
}

export interface ApiClientCallbacks {
  /** 401 outside /login and /changepassword: sign the user out and go to /login. */
  /** A 401 outside the auth pages: sign out and go to /login; `message` is the server's ('Session expired' when idle). */
  onUnauthorized(message: string): void;
  /** 401 on /login or /changepassword: an error toast. */
  onAuthPageError(message: string): void;
  /** 'Password has expired' or the temporary-password message: warning toast, then /changepassword. */
  onPasswordChangeRequired(message: string): void;
  /** One error toast per message, headed by contacts.list.toast.onError.heading; `display.timeout` when the call asked for its own. */
  onErrors(messages: string[], display?: ErrorDisplay): void;
  /** Network or unknown failure: a toast with the request text. */
  onNetworkError(requestText: string, message: string, display?: ErrorDisplay): void;
}

export interface ApiClientOptions extends ApiClientCallbacks {
  /** Origin the /api paths are resolved against; '' in the browser (same origin). */
  baseUrl: string;
  /** The path the user is on, for the 401 rule. */
  getCurrentPath(): string;
  /** The app's language (it-IT, en-US, en-GB), sent as Accept-Language: the server words its answers in it, not in the browser's. */
  getLanguage?(): string;
  fetch?: typeof fetch;
}

/** One request as the private transport sends it (path filled in); everything outside calls routes by descriptor (`call`, `download`). */
export type RequestOptions = TransportRequest;

/** A file the server streamed, read to its end. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition; the fallback when the server named none. */
  filename: string;
  bytes: number;
}

/** Bytes received so far, and the total when the server announced one (a streamed CSV has none). */
export type DownloadProgress = (received: number, total: number | null) => void;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const isFormData = (body: unknown): body is FormData => typeof FormData !== 'undefined' && body instanceof FormData;

export interface ApiClient {
  /** Any route of the contract, by its descriptor (./call.ts): the only way a feature or a sub-client calls the server. */
  call: Caller;
  /** A file a route of the contract answers (streamed), read to its end through the same error catalogue. */
  download: Downloader<DownloadedFile>;
  /** Aborts every call in flight (logout); returns how many were aborted. */
  abortAll(): number;
  readonly inFlight: number;
  auth: {
    signin(body: SigninBody): Promise<LoginData | GroupRequired>;
    signout(): Promise<void>;
    currentUser(): Promise<LoggedUser>;
    session(options?: Pick<RequestOptions, 'quiet'>): Promise<SessionInfo>;
    renew(): Promise<RenewData>;
    passChange(body: PassChangeBody): Promise<LoginData | GroupRequired>;
    users(): Promise<UserListItem[]>;
  };
  agent: {
    signin(agentId: string, workspaceId: string): Promise<AgentSigninData>;
    heartbeat(): Promise<HeartbeatData>;
  };
  workspaces: {
    /** The workspaces the user may open; `quiet`: the start-up re-read, which falls back on the stored list. */
    list(options?: Pick<RequestOptions, 'quiet'>): Promise<WorkspaceSummary[]>;
    get(id: string): Promise<Workspace>;
  };
  dataModels: { get(id: string): Promise<DataModel> };
  assets: { get(): Promise<AssetsData> };
  /** The contact list of spec 2 §2.2 and §7 (contract: src/domain/api/contacts.ts). */
  contacts: {
    search(workspaceId: string, filter: ContactFilter): Promise<SearchResponse>;
    /** 409 when another user holds it, or it is closed; `quiet` lets the screen handle the refusal itself. */
    take(id: string, options?: Pick<RequestOptions, 'quiet'>): Promise<ContactRow>;
    release(id: string): Promise<ContactRow>;
    /** 404 'NUOVO CONTATTO NON DISPONIBILE' when none is available; `quiet` lets the screen say so itself. */
    takeNext(workspaceId: string, options?: Pick<RequestOptions, 'quiet'>): Promise<TakeNextData>;
    kpi(workspaceId: string, timezone?: string): Promise<KpiData>;
    enumValues(workspaceId: string, kind: 'inputs' | 'outputs', field: string, parents?: EnumBody, contactId?: string): Promise<EnumValue[]>;
    /** Every enum of a form section that depends on no other field, in one answer (dependent ones: enumValues). */
    enumSection(workspaceId: string, kind: 'inputs' | 'outputs'): Promise<EnumSection>;
    /** Answers the worked count. */
    massiveAction(workspaceId: string, action: string, body: MassiveActionBody): Promise<number>;
    /** text/csv read as a stream (progress in bytes), named by the server's report-{timestamp}.csv. */
    exportCsv(workspaceId: string, body: ExportBody, onProgress?: DownloadProgress, signal?: AbortSignal): Promise<DownloadedFile>;
  };
  /** Working one contact: spec 2 §2.3–2.9 and §7 (contract: src/domain/api/contact-work.ts). */
  contactWork: {
    /** agentScriptOpen: the session flag set when the agent came from the list (header Agent-Script-Open). */
    get(id: string, agentScriptOpen?: boolean, options?: Pick<RequestOptions, 'quiet'>): Promise<ContactRow>;
    states(id: string): Promise<AllowedState[]>;
    history(id: string): Promise<HistoryEntry[]>;
    /** 409 when `version` is stale; `quiet` lets the screen handle 400/409/422 itself. */
    save(id: string, body: ContactSaveBody, options?: Pick<RequestOptions, 'quiet'>): Promise<ContactRow>;
    edit(id: string, body: ContactEditBody, options?: Pick<RequestOptions, 'quiet'>): Promise<ContactRow>;
    close(id: string, notes?: string): Promise<ContactRow>;
    insert(workspaceId: string, body: ContactInsertBody, options?: Pick<RequestOptions, 'quiet'>): Promise<NewContact>;
    clone(id: string, options?: Pick<RequestOptions, 'quiet'>): Promise<NewContact>;
    actions(id: string, options?: Pick<RequestOptions, 'quiet'>): Promise<ContactAction[]>;
    runAction(id: string, action: string, phone?: string): Promise<OutboxMessage>;
    widgets(id: string): Promise<WidgetInfo[]>;
    widgetData(id: string, widget: string, options?: Pick<RequestOptions, 'quiet'>): Promise<WidgetData>;
    /** Multipart part `fileContent`; 413/415 with the spec's messages. */
    uploadAttachment(id: string, field: string, name: string, file: Blob, options?: Pick<RequestOptions, 'quiet'>): Promise<UploadResult>;
    getAttachment(id: string, field: string, name: string): Promise<FileContent>;
    deleteAttachment(id: string, field: string, name: string): Promise<DeleteResult>;
    getDocument(id: string, field: string, name: string): Promise<FileContent>;
  };
  address: {
    provinces(p: string): Promise<ProvinceItem[]>;
    cities(p: string, c: string): Promise<CityItem[]>;
    streets(p: string, c: string, s: string): Promise<StreetItem[]>;
  };
  /** The embedded entry: caller-id lookup and dispositions, spec 2 §2.7, §2.10, §7 (contract: src/domain/api/embed.ts). */
  embed: {
    searchRef(body: SearchRefBody, options?: Pick<RequestOptions, 'quiet'>): Promise<SearchRefResponse>;
    dispositionTree(workspaceId: string, campaign: string, options?: Pick<RequestOptions, 'quiet'>): Promise<DispositionTree>;
    saveDisposition(workspaceId: string, body: DispositionBody, options?: Pick<RequestOptions, 'quiet'>): Promise<SavedDisposition>;
    savedDispositions(workspaceId: string, by: { contactId?: string; guid?: string }): Promise<SavedDisposition[]>;
  };
  /**
   * Outsourcer, call-centre and team lists, spec 1 §6, §7 (contract: src/domain/api/organisation.ts): for admin, middle,
   * site-manager and manager only, limited to the caller's part of the organisation. An empty id list does not narrow.
   */
  organisation: {
    outsourcers(): Promise<OrganisationItem[]>;
    sites(outsourcerIds?: readonly string[]): Promise<OrganisationItem[]>;
    teams(siteIds?: readonly string[]): Promise<OrganisationItem[]>;
  };
}

interface ErrorBodyShape {
  message?: unknown;
  errors?: unknown;
}

const readErrorBody = async (response: Response): Promise<{ message: string; errors: ApiErrorItem[]; body?: unknown }> => {
  const text = await response.text().catch(() => '');
  if (!text) return { message: '', errors: [] };
  try {
    const body = JSON.parse(text) as ErrorBodyShape;
    const message = typeof body.message === 'string' ? body.message : '';
    const errors = Array.isArray(body.errors)
      ? body.errors.flatMap((item: unknown): ApiErrorItem[] => {
          if (typeof item === 'string') return [{ message: item }];
          if (item && typeof item === 'object' && typeof (item as ApiErrorItem).message === 'string') {
            const { message: itemMessage, field } = item as ApiErrorItem;
            return [field === undefined ? { message: itemMessage } : { message: itemMessage, field }];
          }
          return [];
        })
      : [];
    return { message, errors, body };
  } catch {
    return { message: '', errors: [] };
  }
};

const buildQuery = (query: RequestOptions['query']): string => {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The filename of a Content-Disposition header (plain or RFC 5987 `filename*`). */
export const filenameOf = (header: string | null): string | null => {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  return (plain[2] ?? plain[1]).trim() || null;
};

export const createApiClient = (options: ApiClientOptions): ApiClient => {
  const registry: RequestRegistry = createRequestRegistry();
  const displayOf = (requestOptions: RequestOptions): ErrorDisplay | undefined =>
    requestOptions.errorToastMs === undefined ? undefined : { timeout: requestOptions.errorToastMs };
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  /** Sends one call through the abort registry; a transport failure is classified here, the response is not read. */
  const send = async (method: Method, path: string, requestOptions: RequestOptions, accept: string): Promise<{ response: Response; controller: AbortController; requestText: string }> => {
    const quiet = requestOptions.quiet === true;
    const requestText = `${method} ${path}`;
    const controller = registry.register();
    const cancel = requestOptions.signal;
    if (cancel?.aborted) controller.abort();
    else cancel?.addEventListener('abort', () => controller.abort(), { once: true });
    const language = options.getLanguage?.();
    try {
      const response = await doFetch(`${options.baseUrl}${path}${buildQuery(requestOptions.query)}`, {
        method,
        credentials: 'include',
        signal: controller.signal,
        // A FormData body (uploads) sets its own multipart content type.
        headers: {
          ...(requestOptions.body === undefined || isFormData(requestOptions.body) ? { accept } : { accept, 'content-type': 'application/json' }),
          ...(language ? { 'accept-language': language } : {}),
          ...requestOptions.headers,
        },
        body: requestOptions.body === undefined ? undefined : isFormData(requestOptions.body) ? requestOptions.body : JSON.stringify(requestOptions.body),
      });
      return { response, controller, requestText };
    } catch (cause) {
      registry.release(controller);
      if (controller.signal.aborted) {
        throw new ApiRequestError({ kind: 'aborted', status: null, message: 'aborted', errors: [], requestText, handled: true });
      }
      const message = cause instanceof Error ? cause.message : String(cause);
      if (!quiet) options.onNetworkError(requestText, message, displayOf(requestOptions));
      throw new ApiRequestError({ kind: 'network', status: null, message, errors: [], requestText, handled: !quiet });
    }
  };

  /** A failed response, through the error catalogue: the matching callback (unless quiet), then the typed error. */
  const fail = async (response: Response, requestText: string, quiet: boolean, display?: ErrorDisplay): Promise<never> => {
    const { message, errors, body } = await readErrorBody(response);
    const action = classifyFailure({ status: response.status, message, errors, currentPath: options.getCurrentPath(), requestText });
    if (!quiet) {
      switch (action.type) {
        case 'sign-out': options.onUnauthorized(message); break;
        case 'auth-page-error': options.onAuthPageError(action.message); break;
        case 'password-change': options.onPasswordChangeRequired(action.message); break;
        case 'errors': options.onErrors(action.messages, display); break;
        case 'network': options.onNetworkError(action.requestText, action.message, display); break;
      }
    }
    const kind = action.type === 'sign-out' || action.type === 'auth-page-error'
      ? 'unauthorized'
      : action.type === 'password-change'
        ? 'password-change-required'
        : action.type === 'errors' ? 'errors' : 'network';
    throw new ApiRequestError({ kind, status: response.status, message: message || `${response.status}`, errors, requestText, handled: !quiet, body });
  };

  /** Anything thrown while reading a response: aborted after logout, or a network failure. */
  const readFailure = (error: unknown, controller: AbortController, requestText: string, status: number, quiet: boolean, display?: ErrorDisplay): ApiRequestError => {
    if (error instanceof ApiRequestError) return error;
    if (controller.signal.aborted) {
      return new ApiRequestError({ kind: 'aborted', status: null, message: 'aborted', errors: [], requestText, handled: true });
    }
    const message = error instanceof Error ? error.message : String(error);
    if (!quiet) options.onNetworkError(requestText, message, display);
    return new ApiRequestError({ kind: 'network', status, message, errors: [], requestText, handled: !quiet });
  };

  const request = async <T>(method: Method, path: string, requestOptions: RequestOptions = {}): Promise<T> => {
    const quiet = requestOptions.quiet === true;
    const { response, controller, requestText } = await send(method, path, requestOptions, 'application/json');
    try {
      // A response that arrives after logout must not be applied, even where the transport ignored the abort.
      if (controller.signal.aborted) throw new DOMException('aborted', 'AbortError');
      if (response.ok) {
        const text = await response.text();
        if (!text) return undefined as T;
        if (controller.signal.aborted) throw new DOMException('aborted', 'AbortError');
        const body = JSON.parse(text) as { data?: T };
        if (requestOptions.whole) return body as T;
        return (body && typeof body === 'object' && 'data' in body ? body.data : body) as T;
      }
      return await fail(response, requestText, quiet, displayOf(requestOptions));
    } catch (error) {
      throw readFailure(error, controller, requestText, response.status, quiet, displayOf(requestOptions));
    } finally {
      registry.release(controller);
    }
  };

  /** A file download: the body read chunk by chunk (progress), kept as a Blob with the server's filename. */
  const download = async (method: Method, path: string, requestOptions: RequestOptions, fallbackName: string, onProgress?: DownloadProgress): Promise<DownloadedFile> => {
    const quiet = requestOptions.quiet === true;
    const { response, controller, requestText } = await send(method, path, requestOptions, '*/*');
    try {
      if (controller.signal.aborted) throw new DOMException('aborted', 'AbortError');
      if (!response.ok) return await fail(response, requestText, quiet, displayOf(requestOptions));
      const lengthHeader = Number(response.headers.get('content-length'));
      const total = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : null;
      const type = response.headers.get('content-type') ?? 'application/octet-stream';
      const chunks: BlobPart[] = [];
      let bytes = 0;
      if (response.body) {
        const reader = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (controller.signal.aborted) throw new DOMException('aborted', 'AbortError');
          chunks.push(value);
          requestOptions.onChunk?.(value);
          bytes += value.byteLength;
          onProgress?.(bytes, total);
        }
      } else {
        const buffer = await response.arrayBuffer();
        chunks.push(buffer);
        requestOptions.onChunk?.(new Uint8Array(buffer));
        bytes = buffer.byteLength;
        onProgress?.(bytes, total);
      }
      if (controller.signal.aborted) throw new DOMException('aborted', 'AbortError');
      return { blob: new Blob(chunks, { type }), filename: filenameOf(response.headers.get('content-disposition')) ?? fallbackName, bytes };
    } catch (error) {
      throw readFailure(error, controller, requestText, response.status, quiet, displayOf(requestOptions));
    } finally {
      registry.release(controller);
    }
  };

  const { call, download: fetchFile } = createCaller<DownloadedFile>({ request, download });

  return {
    call,
    download: fetchFile,
    abortAll: () => registry.abortAll(),
    get inFlight() {
      return registry.size;
    },
    auth: {
      signin: (body) => call(authRoutes.signin, { body }),
      signout: async () => {
        await call(authRoutes.signout, { quiet: true });
      },
      currentUser: () => call(authRoutes.currentUser),
      session: (sessionOptions) => call(authRoutes.session, { quiet: sessionOptions?.quiet }),
      renew: () => call(authRoutes.renew),
      passChange: (body) => call(authRoutes.passChange, { body }),
      users: () => call(authRoutes.users),
    },
    agent: {
      signin: (agentId, workspaceId) => call(workspaceRoutes.agentSignin, { body: { agentId, workspaceId } }),
      heartbeat: () => call(workspaceRoutes.heartbeat, { quiet: true }),
    },
    workspaces: {
      list: (listOptions) => call(workspaceRoutes.userWorkspaces, { quiet: listOptions?.quiet }),
      get: (id) => call(workspaceRoutes.userWorkspace, { params: { id } }),
    },
    dataModels: { get: (id) => call(workspaceRoutes.dataModel, { params: { id } }) },
    assets: { get: () => call(workspaceRoutes.assets, { quiet: true }) },
    contacts: {
      search: (workspace, filter) => call(contactRoutes.search, { params: { workspace }, body: filter, whole: true }),
      take: (id, takeOptions) => call(contactRoutes.take, { params: { id }, quiet: takeOptions?.quiet }),
      release: (id) => call(contactRoutes.release, { params: { id } }),
      takeNext: (id, takeOptions) => call(contactRoutes.takeNext, { params: { id }, quiet: takeOptions?.quiet }),
      kpi: (workspaceId, timezone) => call(contactRoutes.kpi, { params: { workspaceId }, query: { timezone } }),
      enumValues: (id, kind, field, parents = {}, contactId) =>
        call(contactRoutes.enumValues, { params: { id, kind, field }, body: parents, query: { contactId } }),
      enumSection: (id, kind) => call(contactRoutes.enumSection, { params: { id, kind } }),
      massiveAction: (id, action, body) => call(contactRoutes.massiveAction, { params: { id, action }, body }),
      exportCsv: (id, body, onProgress, signal) => fetchFile(contactRoutes.exportCsv, { params: { id }, body, signal }, `report-${Date.now()}.csv`, onProgress),
    },
    contactWork: {
      get: (id, agentScriptOpen, getOptions) =>
        call(contactWorkRoutes.getContact, {
          params: { id },
          quiet: getOptions?.quiet,
          ...(agentScriptOpen === undefined ? {} : { headers: { 'Agent-Script-Open': String(agentScriptOpen) } }),
        }),
      states: (id) => call(contactWorkRoutes.states, { params: { id } }),
      history: (id) => call(contactWorkRoutes.stateHistory, { params: { id } }),
      save: (id, body, saveOptions) => call(contactWorkRoutes.save, { params: { id }, body, quiet: saveOptions?.quiet }),
      edit: (id, body, editOptions) => call(contactWorkRoutes.edit, { params: { id }, body, quiet: editOptions?.quiet }),
      close: (id, notes) => call(contactWorkRoutes.close, { params: { id }, body: notes === undefined ? {} : { notes } }),
      insert: (workspace, body, insertOptions) => call(contactWorkRoutes.insert, { params: { workspace }, body, quiet: insertOptions?.quiet }),
      clone: (id, cloneOptions) => call(contactWorkRoutes.clone, { params: { id }, quiet: cloneOptions?.quiet }),
      actions: (id, actionOptions) => call(contactWorkRoutes.actions, { params: { id }, quiet: actionOptions?.quiet }),
      runAction: (id, action, phone) => call(contactWorkRoutes.runAction, { params: { id, action }, body: phone ? { phone } : {} }),
      widgets: (id) => call(contactWorkRoutes.widgets, { params: { id } }),
      widgetData: (id, n, widgetOptions) => call(contactWorkRoutes.widgetData, { params: { id, n }, quiet: widgetOptions?.quiet }),
      uploadAttachment: (id, field, name, file, uploadOptions) => {
        const form = new FormData();
        form.append('fileContent', file, name);
        return call(contactWorkRoutes.uploadAttachment, { params: { id, field, name }, body: form, quiet: uploadOptions?.quiet });
      },
      getAttachment: (id, field, name) => call(contactWorkRoutes.getAttachment, { params: { id, field, name }, headers: { 'Result-Format': 'base64' } }),
      deleteAttachment: (id, field, name) => call(contactWorkRoutes.deleteAttachment, { params: { id, field, name } }),
      getDocument: (id, field, name) => call(contactWorkRoutes.getDocument, { params: { id, field, name }, headers: { 'Result-Format': 'base64' } }),
    },
    address: {
      provinces: (p) => call(addressRoutes.provinces, { query: { p } }),
      cities: (p, c) => call(addressRoutes.cities, { query: { p: p || 'nan', c } }),
      streets: (p, c, s) => call(addressRoutes.streets, { query: { p: p || 'nan', c, s } }),
    },
    embed: {
      searchRef: (body, embedOptions) => call(embedRoutes.searchRef, { body, whole: true, quiet: embedOptions?.quiet }),
      dispositionTree: (workspaceId, campaign, embedOptions) =>
        call(embedRoutes.dispositionTree, { params: { workspaceId }, query: { campaign }, quiet: embedOptions?.quiet }),
      saveDisposition: (workspaceId, body, embedOptions) => call(embedRoutes.saveDisposition, { params: { workspaceId }, body, quiet: embedOptions?.quiet }),
      savedDispositions: (workspaceId, by) => call(embedRoutes.savedDispositions, { params: { workspaceId }, query: by }),
    },
    organisation: {
      outsourcers: () => call(organisationRoutes.outsourcers),
      sites: (outsourcerIds = []) => call(organisationRoutes.sites, { body: { outsourcerId: [...outsourcerIds] } }),
      teams: (siteIds = []) => call(organisationRoutes.teams, { body: { siteId: [...siteIds] } }),
    },
  };
};
