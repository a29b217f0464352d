import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { SigninResult, authRoutes } from '@domain/api/auth';
import { fillPath, type RouteContract, type noBody, type noQuery } from '@domain/api/common';
import type { DispositionTree, embedRoutes } from '@domain/api/embed';
import type { workspaceRoutes } from '@domain/api/workspace';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';

/**
 * Calling a route of the contract (src/domain/api/*): the method and the path come from its descriptor, and the
 * params, query, body and answer types from its JSON Schemas, so a path or a body shape exists once and a wrong
 * param name or body field fails tsc.
 */

/** What the sender may leave out: a property with a `default` is filled by the server's validation. */
type Sent<S extends JSONSchema> = FromSchema<S, { keepDefaultedPropertiesOptional: true }>;

type SchemaOf<R extends RouteContract> = R['schema'];

/** `Empty extends T` holds when every property of T is optional. */
type Empty = Record<string, never>;

type ParamsPart<R extends RouteContract> = SchemaOf<R> extends { params: infer P extends JSONSchema } ? { params: FromSchema<P> } : { params?: never };

type QueryPart<R extends RouteContract> = SchemaOf<R> extends { querystring: typeof noQuery }
  ? { query?: never }
  : SchemaOf<R> extends { querystring: infer Q extends JSONSchema }
  ? Empty extends Sent<Q> ? { query?: Sent<Q> } : { query: Sent<Q> }
  : { query?: never };

/** Multipart routes (uploads) take a FormData; a nullable body schema (`['object', 'null']`) may be left out. */
type BodyPart<R extends RouteContract> = SchemaOf<R> extends { consumes: readonly ['multipart/form-data', ...unknown[]] }
  ? { body: FormData }
  : SchemaOf<R> extends { body: typeof noBody }
    ? { body?: never }
    : SchemaOf<R> extends { body: infer B extends JSONSchema }
    ? null extends Sent<B> ? { body?: Sent<B> } : { body: Sent<B> }
    : { body?: never };

/** How the client itself treats the call; none of it is part of the contract. */
export interface TransportOptions {
  /**
   * The caller handles every failure itself (no callback is called), e.g. the heartbeat, whose failure runs the
   * session-expired handling, and the start-up session check, whose failure only means "logged out".
   */
  quiet?: boolean;
  /** How long the shared handler's error toasts of this call stay (ms); the app's default otherwise. */
  errorToastMs?: number;
  /** Extra request headers (Agent-Script-Open, Result-Format). */
  headers?: Record<string, string>;
  /** For a download: each chunk of the body as it arrives (a streamed answer's progress in its own units). */
  onChunk?: (chunk: Uint8Array) => void;
  /** Cancels this call (a long download the user stops): it then fails as `aborted`, with no error shown. */
  signal?: AbortSignal;
}

export type CallOptions<R extends RouteContract> = ParamsPart<R> & QueryPart<R> & BodyPart<R> & TransportOptions;

/** A route's key in DeclaredAnswers: its method and path, read from the descriptor. */
export type RouteKey<R extends Pick<RouteContract, 'method' | 'url'>> = `${R['method']} ${R['url']}`;

/** The whole answer of route R, declared by a type of the domain. */
type Declare<R extends Pick<RouteContract, 'method' | 'url'>, A> = { [K in RouteKey<R>]: A };

/**
 * The whole answers typed by the domain's declared types instead of FromSchema, keyed by their descriptors: a
 * recursive schema (the disposition tree), a union FromSchema cannot expand in time (the sign-in), and the open
 * documents whose generated types say more than the contract's `{ id, ... }`.
 */
export type DeclaredAnswers = Declare<typeof authRoutes.signin, { data: SigninResult }> &
  Declare<typeof embedRoutes.dispositionTree, { data: DispositionTree }> &
  Declare<typeof workspaceRoutes.userWorkspace, { data: Workspace }> &
  Declare<typeof workspaceRoutes.dataModel, { data: DataModel }>;

/** The successful answer's body, as the contract's 200 schema says. */
export type WholeAnswer<R extends RouteContract> = RouteKey<R> extends keyof DeclaredAnswers
  ? DeclaredAnswers[RouteKey<R>]
  : SchemaOf<R>['response'] extends { 200: infer S extends JSONSchema } ? FromSchema<S> : never;

/** The answer without its `{ data }` envelope. */
export type Answer<R extends RouteContract> = WholeAnswer<R> extends { data: infer D } ? D : WholeAnswer<R>;

/** `call(route)` when the route needs nothing, `call(route, options)` otherwise. */
type OptionsArg<R extends RouteContract, Extra> = Empty extends CallOptions<R>
  ? [options?: CallOptions<R> & Extra]
  : [options: CallOptions<R> & Extra];

type Method = RouteContract['method'];

/** What the calls travel through: the API client's transport (abort registry, error catalogue). */
export interface Transport<File> {
  request<T>(method: Method, path: string, options: TransportRequest): Promise<T>;
  /** Only for the routes that stream a file. */
  download?(method: Method, path: string, options: TransportRequest, fallbackName: string, onProgress?: (received: number, total: number | null) => void): Promise<File>;
}

/** One request as the transport sends it: the path filled in, the query as text. */
export interface TransportRequest extends TransportOptions {
  body?: unknown;
  query?: Record<string, string | undefined>;
  whole?: boolean;
}

export interface Caller {
  /** The route's answer, unwrapped from `{ data }`. */
  <R extends RouteContract>(route: R, ...options: NoInfer<OptionsArg<R, { whole?: false }>>): Promise<NoInfer<Answer<R>>>;
  /** The route's whole answer (the searches answer `{ data, total }`). */
  <R extends RouteContract>(route: R, options: NoInfer<CallOptions<R> & { whole: true }>): Promise<NoInfer<WholeAnswer<R>>>;
}

export interface Downloader<File> {
  /** A file the route streams, read to its end; `fallbackName` when the server names none. */
  <R extends RouteContract>(route: R, options: NoInfer<CallOptions<R>>, fallbackName: string, onProgress?: (received: number, total: number | null) => void): Promise<File>;
}

export { fillPath };

/** Query values as the URL carries them; undefined ones are left out. */
const queryText = (query: Readonly<Record<string, unknown>> | undefined): Record<string, string | undefined> | undefined => {
  if (!query) return undefined;
  const text: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(query)) text[key] = value === undefined || value === null ? undefined : String(value);
  return text;
};

interface LooseOptions extends TransportOptions {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  whole?: boolean;
}

const toRequest = (route: RouteContract, options: LooseOptions = {}): { path: string; request: TransportRequest } => {
  const { params, query, ...rest } = options;
  return { path: fillPath(route.url, params), request: { ...rest, query: queryText(query) } };
};

export const createCaller = <File>(transport: Transport<File>): { call: Caller; download: Downloader<File> } => {
  const call = ((route: RouteContract, options?: LooseOptions) => {
    const { path, request } = toRequest(route, options);
    return transport.request(route.method, path, request);
  }) as Caller;
  const download = ((route: RouteContract, options: LooseOptions, fallbackName: string, onProgress?: (received: number, total: number | null) => void) => {
    const { path, request } = toRequest(route, options);
    if (!transport.download) throw new Error(`${route.method} ${route.url}: this transport does not download files`);
    return transport.download(route.method, path, request, fallbackName, onProgress);
  }) as Downloader<File>;
  return { call, download };
};
