import type { SavedDisposition } from '@domain/api/embed';
import type { EmbedData } from '../../session/session-store';

/**
 * The postMessage protocol towards the telephony or CRM host page (README, "Embedding in a telephony host").
 * Every message is `{ source: 'contact-manager', version: 1, type, call, ... }` and goes ONLY to the workspace's
 * parentOrigin — or, when the host page is served by this app itself (same origin, e.g. /embed-host.html on any
 * port), to the app's own origin — never to '*', so a page that frames the app from elsewhere learns nothing about
 * the call. Such a page gets only `contact-manager:refused` (no call data): why nothing else reaches it, addressed to
 * its own origin when the browser tells it.
 */
export const EMBED_MESSAGE_SOURCE = 'contact-manager';
export const EMBED_PROTOCOL_VERSION = 1;

export type EmbedCall = Omit<EmbedData, 'contactId'>;

export type EmbedMessage =
  | { type: 'contact-manager:lookup'; result: 'given' | 'one' | 'none' | 'several'; contactId: string | null; contactIds: string[] }
  | { type: 'contact-manager:contact-done'; contactId: string }
  | { type: 'contact-manager:disposition-saved'; contactId: string | null; disposition: SavedDisposition };

export type EmbedEnvelope = EmbedMessage & { source: typeof EMBED_MESSAGE_SOURCE; version: typeof EMBED_PROTOCOL_VERSION; call: EmbedCall };

/** Told to a host page whose origin is not the workspace's parentOrigin, once per call: no call data, only why. */
export interface EmbedRefusal {
  source: typeof EMBED_MESSAGE_SOURCE;
  version: typeof EMBED_PROTOCOL_VERSION;
  type: 'contact-manager:refused';
  reason: string;
  expectedOrigin: string | null;
}

/** The window the app is framed by, and the console for the reasons nothing was posted. */
export interface EmbedHostWindow {
  self: unknown;
  parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  /** The app's own origin. */
  ownOrigin?: string;
  /** The framing page's origin when the browser tells it (location.ancestorOrigins, else the referrer). */
  hostOrigin?: string | null;
}
export interface EmbedLogger { warn(...args: unknown[]): void; info(...args: unknown[]): void }

export type PostOutcome = { posted: true; origin: string } | { posted: false; reason: string };

/** An origin as postMessage takes it (scheme://host[:port]), or null: paths, wildcards and junk are refused. */
export function normaliseOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim() || value.trim() === '*') return null;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

export function createEmbedMessenger(host: EmbedHostWindow, logger: EmbedLogger) {
  const refusedTold = new Set<string>();
  /** A host page on another origin learns why it hears nothing, once per call. */
  const tellRefusal = (call: EmbedCall, reason: string, expectedOrigin: string | null) => {
    if (!host.parent || refusedTold.has(call.guid)) return;
    refusedTold.add(call.guid);
    const refusal: EmbedRefusal = { source: EMBED_MESSAGE_SOURCE, version: EMBED_PROTOCOL_VERSION, type: 'contact-manager:refused', reason, expectedOrigin };
    // To the framing page's origin when the browser tells it, so nothing else (a page the parent navigated to) reads
    // the workspace's parentOrigin; '*' only when the browser hides it, and then the reason names no origin.
    host.parent.postMessage(refusal, normaliseOrigin(host.hostOrigin) ?? '*');
  };
  return {
    post(parentOrigin: unknown, call: EmbedCall, message: EmbedMessage): PostOutcome {
      const sameOriginHost = Boolean(host.ownOrigin && host.hostOrigin && host.hostOrigin === host.ownOrigin);
      // The host page served by this app (the demo's /embed-host.html, on whatever port) is this app: post to it.
      const origin = sameOriginHost ? (host.ownOrigin as string) : normaliseOrigin(parentOrigin);
      let outcome: PostOutcome;
      if (!host.parent || host.parent === host.self) outcome = { posted: false, reason: 'the app is not framed by a host page' };
      else if (origin === null) {
        outcome = { posted: false, reason: typeof parentOrigin === 'string' && parentOrigin ? `the workspace parentOrigin '${parentOrigin}' is not an http(s) origin` : 'the workspace has no parentOrigin' };
        tellRefusal(call, outcome.reason, null);
      } else if (host.hostOrigin && host.hostOrigin !== origin) {
        outcome = { posted: false, reason: `the host page's origin ${host.hostOrigin} is not the workspace's parentOrigin ${origin}` };
        tellRefusal(call, outcome.reason, origin);
      } else {
        const envelope: EmbedEnvelope = { source: EMBED_MESSAGE_SOURCE, version: EMBED_PROTOCOL_VERSION, call, ...message };
        // The browser drops the message unless the parent's origin is exactly this one.
        host.parent.postMessage(envelope, origin);
        outcome = { posted: true, origin };
      }
      if (outcome.posted) logger.info(`[embed] ${message.type} posted to ${outcome.origin}`);
      else logger.warn(`[embed] ${message.type} not posted: ${outcome.reason}`);
      return outcome;
    },
  };
}
export type EmbedMessenger = ReturnType<typeof createEmbedMessenger>;

/** The browser's own window and console. */
export const browserMessenger = (): EmbedMessenger =>
  createEmbedMessenger({ self: window, parent: window.parent as EmbedHostWindow['parent'], ownOrigin: window.location.origin, hostOrigin: framingOrigin() }, console);

/** The origin of the page framing this one, when the browser tells it. */
function framingOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}
