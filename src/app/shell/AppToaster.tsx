import { OverlayToaster, type ActionProps, type Toaster } from '@blueprintjs/core';
import { Cross } from '@blueprintjs/icons';
import { useCallback, type AriaAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TOASTS } from '@domain/constants';
import type { ToastService } from './toast-service';

/**
 * Blueprint's toaster, at most 3 toasts at once (spec 1 §9); the toast service feeds it. Each toast's close button is
 * its action, named in the user's language (Blueprint's own close button is named "Close" in every language); an
 * action's click dismisses the toast.
 */
export const AppToaster = ({ toasts }: { toasts: ToastService }) => {
  const { t } = useTranslation();
  const closeLabel = t('app.closeDialog');
  const ref = useCallback((toaster: Toaster | null) => {
    const close: ActionProps & AriaAttributes = { icon: <Cross />, 'aria-label': closeLabel };
    toasts.attach(
      toaster && {
        // keyed by what it says: an identical toast still on screen (or queued) is updated in place, not added
        show: ({ intent, heading, message, timeout }, key) =>
          toaster.show({
            intent,
            timeout,
            isCloseButtonShown: false,
            action: close,
            message: (
              <span className="cm-toast">
                {heading ? <strong className="cm-toast-heading">{heading}</strong> : null}
                <span className="cm-toast-text">{message}</span>
              </span>
            ),
          }, key),
      },
    );
  }, [toasts, closeLabel]);
  return <OverlayToaster ref={ref} maxToasts={MAX_TOASTS} position="top" />;
};
