import { OverlayToaster, type Toaster } from '@blueprintjs/core';
import { useCallback } from 'react';
import { MAX_TOASTS } from '@domain/constants';
import type { ToastService } from './toast-service';

/** Blueprint's toaster, at most 3 toasts at once (spec 1 §9); the toast service feeds it. */
export const AppToaster = ({ toasts }: { toasts: ToastService }) => {
  const ref = useCallback((toaster: Toaster | null) => {
    toasts.attach(
      toaster && {
        show: ({ intent, heading, message, timeout }) =>
          toaster.show({
            intent,
            timeout,
            message: (
              <span className="cm-toast">
                {heading ? <strong className="cm-toast-heading">{heading}</strong> : null}
                <span className="cm-toast-text">{message}</span>
              </span>
            ),
          }),
      },
    );
  }, [toasts]);
  return <OverlayToaster ref={ref} maxToasts={MAX_TOASTS} position="top" />;
};
