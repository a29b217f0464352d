import type { ApiErrorItem } from '../domain/errors';
import type {
  GroupRequired,
  LoggedUser,
  LoginData,
  PassChangeBody,
  RenewData,
  SessionInfo,
  SigninBody,
  UserListItem,
} from '../domain/api/auth';
import type { AgentSigninData, AssetsData, HeartbeatData, WorkspaceSummary } from '../domain/api/workspace';
import type { Workspace } from '../domain/generated/workspace';
import type { DataModel } from '../domain/generated/data-model';
import { ApiRequestError } from './api-error';
import { classifyFailure } from './error-catalogue';
import { createRequestRegistry, type RequestRegistry } from './request-registry';

/**
 * What the app does with the error catalogue of spec 1 §8. The client never touches the page, the router or the
 * toaster: it classifies the failure and calls one of these.
 */
export interface ApiClientCallbacks {
  /** 401 outside /login and /changepassword: sign the user out and go to /login. */
  onUnauthorized(): void;
  /** 401 on /login or /changepassword: an error toast. */
  onAuthPageError(message: string): void;
  /** 'Password has expired' or the temporary-password message: warning toast, then /changepassword. */
  onPasswordChangeRequired(message: string): void;
  /** One error toast per message, headed by contacts.list.toast.onError.heading. */
  onErrors(messages: string[]): void;
  /** Network or unknown failure: a toast with the request text. */
  onNetworkError(requestText: string, message: string): void;
}

export interface ApiClientOptions extends ApiClientCallbacks {
  /** Origin the /api paths are resolved against; '' in the browser (same origin). */
  baseUrl: string;
  /** The path the user is on, for the 401 rule. */
  getCurrentPath(): string;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | undefined>;
  /**
   * The caller handles every failure itself (no callback is called), e.g. the heartbeat, whose failure runs the
   * session-expired handling, and the start-up session check, whose failure only means "logged out".
   */
  quiet?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClient {
  request<T>(method: Method, path: string, options?: RequestOptions): Promise<T>;
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
    list(): Promise<WorkspaceSummary[]>;
    get(id: string): Promise<Workspace>;
  };
  dataModels: { get(id: string): Promise<DataModel> };
  assets: { get(): Promise<AssetsData> };
}

interface ErrorBodyShape {
  message?: unknown;
  errors?: unknown;
}

const readErrorBody = async (response: Response): Promise<{ message: string; errors: ApiErrorItem[] }> => {
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
    return { message, errors };
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

export const createApiClient = (options: ApiClientOptions): ApiClient => {
  const registry: RequestRegistry = createRequestRegistry();
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  const request = async <T>(method: Method, path: string, requestOptions: RequestOptions = {}): Promise<T> => {
    const quiet = requestOptions.quiet === true;
    const requestText = `${method} ${path}`;
    const controller = registry.register();
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}${path}${buildQuery(requestOptions.query)}`, {
        method,
        credentials: 'include',
        signal: controller.signal,
        headers: requestOptions.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        body: requestOptions.body === undefined ? undefined : JSON.stringify(requestOptions.body),
      });
    } catch (cause) {
      registry.release(controller);
      if (controller.signal.aborted) {
        throw new ApiRequestError({ kind: 'aborted', status: null, message: 'aborted', errors: [], requestText, handled: true });
      }
      const message = cause instanceof Error ? cause.message : String(cause);
      if (!quiet) options.onNetworkError(requestText, message);
      throw new ApiRequestError({ kind: 'network', status: null, message, errors: [], requestText, handled: !quiet });
    }
    try {
      // A response that arrives after logout must not be applied, even where the transport ignored the abort.
      if (controller.signal.aborted) throw new DOMException('aborted', 'AbortError');
      if (response.ok) {
        const text = await response.text();
        if (!text) return undefined as T;
        if (controller.signal.aborted) throw new DOMException('aborted', 'AbortError');
        const body = JSON.parse(text) as { data?: T };
        return (body && typeof body === 'object' && 'data' in body ? body.data : body) as T;
      }
      const { message, errors } = await readErrorBody(response);
      const action = classifyFailure({ status: response.status, message, errors, currentPath: options.getCurrentPath(), requestText });
      if (!quiet) {
        switch (action.type) {
          case 'sign-out': options.onUnauthorized(); break;
          case 'auth-page-error': options.onAuthPageError(action.message); break;
          case 'password-change': options.onPasswordChangeRequired(action.message); break;
          case 'errors': options.onErrors(action.messages); break;
          case 'network': options.onNetworkError(action.requestText, action.message); break;
        }
      }
      const kind = action.type === 'sign-out' || action.type === 'auth-page-error'
        ? 'unauthorized'
        : action.type === 'password-change'
          ? 'password-change-required'
          : action.type === 'errors' ? 'errors' : 'network';
      throw new ApiRequestError({ kind, status: response.status, message: message || `${response.status}`, errors, requestText, handled: !quiet });
    } catch (error) {
      if (error instanceof ApiRequestError) throw error;
      if (controller.signal.aborted) {
        throw new ApiRequestError({ kind: 'aborted', status: null, message: 'aborted', errors: [], requestText, handled: true });
      }
      const message = error instanceof Error ? error.message : String(error);
      if (!quiet) options.onNetworkError(requestText, message);
      throw new ApiRequestError({ kind: 'network', status: response.status, message, errors: [], requestText, handled: !quiet });
    } finally {
      registry.release(controller);
    }
  };

  const path = (template: string, id: string): string => template.replace(':id', encodeURIComponent(id));

  return {
    request,
    abortAll: () => registry.abortAll(),
    get inFlight() {
      return registry.size;
    },
    auth: {
      signin: (body) => request('POST', '/api/auth/signin', { body }),
      signout: async () => {
        await request<unknown>('POST', '/api/auth/signout', { quiet: true });
      },
      currentUser: () => request('GET', '/api/auth/current-user'),
      session: (sessionOptions) => request('GET', '/api/auth/session', { quiet: sessionOptions?.quiet }),
      renew: () => request('GET', '/api/auth/renew'),
      passChange: (body) => request('POST', '/api/auth/signin/pass-change', { body }),
      users: () => request('GET', '/api/auth/user'),
    },
    agent: {
      signin: (agentId, workspaceId) => request('POST', '/api/cntmng/agent/signin', { body: { agentId, workspaceId } }),
      heartbeat: () => request('POST', '/api/cntmng/agent/heartbeat', { quiet: true }),
    },
    workspaces: {
      list: () => request('GET', '/api/cntmng/user/workspace'),
      get: (id) => request('GET', path('/api/cntmng/user/workspace/:id', id)),
    },
    dataModels: { get: (id) => request('GET', path('/api/dmll/data-model/:id', id)) },
    assets: { get: () => request('GET', '/api/cntmng/assets', { quiet: true }) },
  };
};
