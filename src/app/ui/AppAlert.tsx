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
  /** Escape cancels (on by default: cancelling is the safe answer; Blueprint's Alert has it off). */
  canEscapeKeyCancel?: boolean;
  children?: ReactNode;
}

/**
 * Blueprint's Alert (same classes and role; a click outside does not cancel) with its confirm button an AppButton, so a
 * busy confirmation speaks the user's language. It opens with the focus on Cancel and Escape cancels, so a stray Enter
 * or Tab-Enter never confirms a close or a copy the user did not choose.
 */
export function AppAlert({ isOpen, intent, icon, loading = false, confirmButtonText, cancelButtonText, onConfirm, onCancel, canEscapeKeyCancel = true, children }: AppAlertProps) {
  return (
    <Dialog role="alertdialog" className={Classes.ALERT} canEscapeKeyClose={canEscapeKeyCancel && !loading} canOutsideClickClose={false} isOpen={isOpen} onClose={onCancel}>
      <div className={Classes.ALERT_BODY}>
        <Icon icon={icon} size={40} intent={intent} />
        <div className={Classes.ALERT_CONTENTS}>{children}</div>
      </div>
      <div className={Classes.ALERT_FOOTER}>
        <AppButton loading={loading} intent={intent} text={confirmButtonText} onClick={onConfirm} />
        {/* The safe answer has the focus when the question opens. */}
        <AppButton text={cancelButtonText} disabled={loading} onClick={onCancel} autoFocus />
      </div>
    </Dialog>
  );
}
