import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { AppDialog } from '../../ui/AppDialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemporaryPassword, UserRow } from '@domain/api/users';
import { TemporaryPasswordView } from './TemporaryPasswordView';
import { AppButton } from '../../ui/AppButton';

/**
 * Reset password, lock and unlock (spec 1 §2, §4): a confirmation, then for reset and unlock the new temporary
 * password, shown once. Lock takes one user or the bulk selection.
 */
export function UserActionDialog({ kind, users, onConfirmReset, onConfirmLock, onClose }: {
  kind: 'reset' | 'unlock' | 'lock';
  users: UserRow[];
  onConfirmReset(user: UserRow, kind: 'reset' | 'unlock'): Promise<TemporaryPassword | null>;
  onConfirmLock(users: UserRow[]): Promise<boolean>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState<TemporaryPassword | null>(null);
  const single = users[0];
  const text = kind === 'lock' && users.length > 1 ? t('modals.lock.bulkText', { count: users.length }) : t(`modals.${kind}.text`, { username: single?.username });

  const confirm = async () => {
    setBusy(true);
    try {
      if (kind === 'lock') {
        if (await onConfirmLock(users)) onClose();
      } else {
        const result = await onConfirmReset(single, kind);
        if (result) setPassword(result);
        else onClose();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    // the temporary password is shown only now: once it shows, only the Close button closes (no Escape, no click outside)
    <AppDialog isOpen title={t(`modals.${kind}.title`)} onClose={onClose} canEscapeKeyClose={password === null} canOutsideClickClose={password === null} className="cm-user-action">
      <DialogBody>
        {password ? <TemporaryPasswordView username={password.username} password={password.password} /> : <p>{text}</p>}
      </DialogBody>
      <DialogFooter
        actions={password ? (
          <Button text={t('modals.newUser.close')} onClick={onClose} />
        ) : (
          <>
            <Button text={t('modals.cancel')} onClick={onClose} disabled={busy} />
            <AppButton intent={kind === 'lock' ? 'danger' : 'primary'} text={t(`modals.${kind}.confirm`)} loading={busy} onClick={() => void confirm()} />
          </>
        )}
      />
    </AppDialog>
  );
}
