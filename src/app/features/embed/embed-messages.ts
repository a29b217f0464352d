import type { SavedDisposition } from '../../../domain/api/embed';
import type { EmbedData } from '../../session/session-store';

/**
 * The postMessage protocol towards the telephony or CRM host page (README, "Embedding in a telephony host").
 * Every message is `{ source: 'contact-manager', version: 1, type, call, ... }` and goes ONLY to the workspace's
 * parentOrigin: never to '*', so a page that frames the app from elsewhere learns nothing about the call.
 */
export const EMBED_MESSAGE_SOURCE = 'contact-manager';
export const EMBED_PROTOCOL_VERSION = 1;

export type EmbedCall = Omit<EmbedData, 'contactId'>;

export type EmbedMessage =
  | { type: 'contact-manager:lookup'; result: 'given' | 'one' | 'none' | 'several'; contactId: string | null; contactIds: string[] }
  | { type: 'contact-manager:contact-done'; contactId: string }
  | { type: 'contact-manager:disposition-saved'; contactId: string | null; disposition: SavedDisposition };

export type EmbedEnvelope = EmbedMessage & { source: typeof EMBED_MESSAGE_SOURCE; version: typeof EMBED_PROTOCOL_VERSION; call: EmbedCall };

/** The window the app is framed by, and the console for the reasons nothing was posted. */
export interface EmbedHostWindow {
  self: unknown;
  parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
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
  return {
    post(parentOrigin: unknown, call: EmbedCall, message: EmbedMessage): PostOutcome {
      const origin = normaliseOrigin(parentOrigin);
      let outcome: PostOutcome;
      if (!host.parent || host.parent === host.self) outcome = { posted: false, reason: 'the app is not framed by a host page' };
      else if (origin === null) {
        outcome = { posted: false, reason: typeof parentOrigin === 'string' && parentOrigin ? `the workspace parentOrigin '${parentOrigin}' is not an http(s) origin` : 'the workspace has no parentOrigin' };
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
  createEmbedMessenger({ self: window, parent: window.parent as EmbedHostWindow['parent'] }, console);
