import { Classes, Dialog, Icon, type IconName, type Intent, type MaybeElement } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { AppButton } from './AppButton';

export interface AppAlertProps {
  isOpen: boolean;
  intent?: Intent;
  icon?: IconName | MaybeElement;
  /** The confirmation is under way: its button shows the app's spinner and the cancel button waits. */
  loading?: boolean;
  confirmButtonText: string;
  cancelButtonText: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Escape cancels (Blueprint's Alert's prop; off by default, as there). */
  canEscapeKeyCancel?: boolean;
  children?: ReactNode;
}

/**
 * Blueprint's Alert (same classes, role and keyboard: a click outside does not cancel, Escape only when asked) with its confirm
 * button an AppButton, so a busy confirmation is named in the user's language.
 */
export function AppAlert({ isOpen, intent, icon, loading = false, confirmButtonText, cancelButtonText, onConfirm, onCancel, canEscapeKeyCancel = false, children }: AppAlertProps) {
  return (
    <Dialog role="alertdialog" className={Classes.ALERT} canEscapeKeyClose={canEscapeKeyCancel} canOutsideClickClose={false} isOpen={isOpen} onClose={onCancel}>
      <div className={Classes.ALERT_BODY}>
        <Icon icon={icon} size={40} intent={intent} />
        <div className={Classes.ALERT_CONTENTS}>{children}</div>
      </div>
      <div className={Classes.ALERT_FOOTER}>
        <AppButton loading={loading} intent={intent} text={confirmButtonText} onClick={onConfirm} />
        <AppButton text={cancelButtonText} disabled={loading} onClick={onCancel} />
      </div>
    </Dialog>
  );
}
