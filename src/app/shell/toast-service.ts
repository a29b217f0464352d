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
  show(request: ToastRequest & { timeout: number; intent: Intent }): void;
}

export interface ToastService {
  show(request: ToastRequest): void;
  /** The Blueprint toaster registers itself once it is mounted; toasts asked for before then wait for it. */
  attach(sink: ToastSink | null): void;
}

export const defaultTimeout = (intent: ToastRequest['intent']): number =>
  intent === 'success' ? TOAST_MS.success : intent === 'danger' ? TOAST_MS.error : intent === 'warning' ? TOAST_MS.warning : TOAST_MS.default;

export const createToastService = (): ToastService => {
  let sink: ToastSink | null = null;
  const pending: Array<ToastRequest & { timeout: number; intent: Intent }> = [];
  return {
    show(request) {
      const full = { ...request, timeout: request.timeout ?? defaultTimeout(request.intent) };
      if (sink) sink.show(full);
      else pending.push(full);
    },
    attach(next) {
      sink = next;
      if (sink) for (const request of pending.splice(0)) sink.show(request);
    },
  };
};
