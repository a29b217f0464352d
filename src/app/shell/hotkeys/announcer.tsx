import { useSyncExternalStore } from 'react';

/** One polite live region for the whole app: screen readers read what `announce` puts in it (save results…). */
let message = '';
let serial = 0;
const listeners = new Set<() => void>();

export const announce = (text: string): void => {
  // the same text twice in a row must still be read: a changing key remounts the node
  message = text;
  serial += 1;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => serial;

export const LiveAnnouncer = () => {
  const key = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <div className="cm-visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="cm-live-region">
      <span key={key}>{message}</span>
    </div>
  );
};
