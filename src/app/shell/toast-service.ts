import type { Intent } from '@blueprintjs/core';
import { TOAST_MS } from '@domain/constants';

export interface ToastRequest {
  intent: 'success' | 'warning' | 'danger' | 'primary' | 'none';
  heading?: string;
  message: string;
  /** Defaults by intent, from spec 1 §9: success 1.5 s, error 5 s, warning 3 s, default 2 s. */
  timeout?: number;
}

export interface ToastSink {
  /**
   * Shows a toast. `key` is what the toast says (intent, heading and message): a toast whose key is one still on
   * screen, or waiting to show, takes that one's place instead of adding another (Blueprint's keyed show).
   */
  show(request: ToastRequest & { timeout: number; intent: Intent }, key: string): void;
}

export interface ToastService {
  /** Shows a toast, unless an identical one (same intent, heading and message) is already on screen or waiting. */
  show(request: ToastRequest): void;
  /** The Blueprint toaster registers itself once it is mounted; toasts asked for before then wait for it. */
  attach(sink: ToastSink | null): void;
}

export const defaultTimeout = (intent: ToastRequest['intent']): number =>
  intent === 'success' ? TOAST_MS.success : intent === 'danger' ? TOAST_MS.error : intent === 'warning' ? TOAST_MS.warning : TOAST_MS.default;

/** What a toast says: two toasts with the same key are the same toast. */
const toastKey = (request: ToastRequest): string => `toast:${JSON.stringify([request.intent, request.heading ?? '', request.message])}`;

/**
 * One failure met by several requests at once (a take, the list reload and the counts after it) is one toast, not
 * three filling the three places spec 1 §9 allows: a toast identical to one on screen is not shown again while it is.
 */
export const createToastService = (): ToastService => {
  let sink: ToastSink | null = null;
  const pending = new Map<string, ToastRequest & { timeout: number; intent: Intent }>();
  return {
    show(request) {
      const key = toastKey(request);
      const full = { ...request, timeout: request.timeout ?? defaultTimeout(request.intent) };
      if (sink) sink.show(full, key);
      else if (!pending.has(key)) pending.set(key, full);
    },
    attach(next) {
      sink = next;
      if (!sink) return;
      for (const [key, request] of pending) sink.show(request, key);
      pending.clear();
    },
  };
};
