import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http-error';
import { globalPlugin } from './global-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that changes something (the spec's take-next, the session renewal): checked like a POST, and refused when
     * the browser says another site sent it (a link or a redirect carries no Origin, only Sec-Fetch-Site).
     */
    changesState?: true;
  }
}

export interface SecurityOptions extends Record<string, unknown> {
  /**
   * Where telephony and CRM host pages live: CSP source expressions `scheme://host[:port]`, where the port may be
   * `*` and the host may start with `*.`. They may frame the embedded entry and send state-changing requests.
   */
  embedHosts: readonly string[];
  /** The origin browsers use to reach the app when a proxy in front of it rewrites the Host header. */
  publicOrigin?: string;
  /** The host page for integrators (its path and its HTML), whose inline script is allowed by its hash. */
  hostPage?: { path: string; html: string };
}

/** Who may frame the embedded entry when nobody said: pages served from this machine, like the host page for integrators. */
export const DEFAULT_EMBED_HOSTS: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*'];

const EMBED_PATH_PREFIX = '/contacts/embed/';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HOST_SOURCE = /^(https?):\/\/(\*\.)?([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}|\*))?$/i;

/** Checks an embed host as configured; names the one that is not a `scheme://host[:port]` source. */
export function parseEmbedHosts(value: string): string[] {
  const hosts = value.split(/[\s,]+/).filter(Boolean);
  const wrong = hosts.filter((host) => !HOST_SOURCE.test(host));
  if (wrong.length) throw new Error(`embed hosts must look like https://host[:port] (port may be *, host may start with *.): ${wrong.join(', ')}`);
  return hosts;
}

/** Whether a request's `Origin` is one of the hosts, read as CSP host sources. */
export function originMatchesHost(origin: string, host: string): boolean {
  const source = HOST_SOURCE.exec(host);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (!source) return false;
  const [, scheme, wildcard, hostname, port] = source;
  if (url.protocol !== `${scheme.toLowerCase()}:`) return false;
  const name = hostname.toLowerCase();
  if (wildcard ? !url.hostname.endsWith(`.${name}`) : url.hostname !== name) return false;
  if (port === '*') return true;
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  return (url.port || defaultPort) === (port ?? defaultPort);
}

/** SHA-256 sources of a page's inline scripts, so exactly those (and no injected one) may run. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `'sha256-${createHash('sha256').update(match[1]).digest('base64')}'`);
}

const pathOf = (request: IncomingMessage): string => (request.url ?? '').split('?')[0];

/**
 * Security headers (helmet) and the Origin check. The Content-Security-Policy lets the app run scripts from its own
 * origin only, never inline ones, and no eval: the browser's form validators interpret JSON Schema
 * (renderers/validation/schema-interpreter.ts) instead of compiling it, and the translator's are precompiled; styles may be inline because Blueprint positions popovers and tables with inline styles. Only the
 * embedded entry may be framed by the configured telephony hosts; every other page only by the app itself.
 */
export const securityPlugin = globalPlugin<SecurityOptions>('security', async (app, { embedHosts, publicOrigin, hostPage }) => {
  const isEmbed = (request: IncomingMessage) => pathOf(request).startsWith(EMBED_PATH_PREFIX);
  const isHostPage = (request: IncomingMessage) => hostPage !== undefined && pathOf(request) === hostPage.path;
  const hostPageScripts = hostPage ? inlineScriptHashes(hostPage.html).join(' ') : '';
  const https = publicOrigin?.startsWith('https://') ?? false;

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", (request: IncomingMessage) => (isHostPage(request) ? hostPageScripts : '')],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // the configuration editor checks drafts in a module worker served from the app's own origin
        workerSrc: ["'self'"],
        // The host page for integrators frames whichever app address is typed into it.
        frameSrc: ["'self'", (request: IncomingMessage) => (isHostPage(request) ? 'http: https:' : '')],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", (request: IncomingMessage) => (isEmbed(request) ? embedHosts.join(' ') : '')],
      },
    },
    // Same-origin policies that would stop a telephony host from framing the embedded entry are left to the CSP.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });

  // X-Frame-Options knows no list of hosts: the embedded entry relies on frame-ancestors alone.
  app.addHook('onRequest', async (request, reply) => {
    if (isEmbed(request.raw)) reply.raw.removeHeader('x-frame-options');
  });

  /** The app's own origin as the request reached it (a default port left out, as browsers send it) and the public one. */
  const isOwnOrigin = (request: FastifyRequest, origin: string): boolean => {
    if (origin === publicOrigin) return true;
    try {
      return new URL(`${request.protocol}://${request.host}`).origin === origin;
    } catch {
      return false;
    }
  };

  /**
   * A browser names the page that sent a request in `Origin`: a state-changing request from a page that is neither
   * the app nor an allowed host is refused before it is read. Requests without `Origin` come from servers, not pages,
   * except a state-changing GET (or its HEAD) reached by a link or a redirect from another site: the browser sends no
   * Origin then, and says `Sec-Fetch-Site: cross-site` (or same-site) instead.
   */
  app.addHook('onRequest', async (request) => {
    const changingGet = request.routeOptions.config?.changesState === true;
    if (!STATE_CHANGING.has(request.method) && !changingGet) return;
    const origin = request.headers.origin;
    if (origin === undefined) {
      const site = request.headers['sec-fetch-site'];
      if (changingGet && (site === 'cross-site' || site === 'same-site')) {
        throw new HttpError(403, 'Forbidden', [{ field: 'Sec-Fetch-Site', message: `A ${site} request may not change anything here: the browser says another site sent it` }]);
      }
      return;
    }
    if (isOwnOrigin(request, origin) || embedHosts.some((host) => originMatchesHost(origin, host))) return;
    throw new HttpError(403, 'Forbidden', [{ field: 'Origin', message: `Requests from ${origin} are not allowed: the origin is neither this server nor an allowed embed host` }]);
  });
});
