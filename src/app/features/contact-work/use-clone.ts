import { useCallback, useState } from 'react';
import { isApiRequestError } from '@api-client/api-error';
import type { ContactRow } from '@domain/api/contacts';
import { TOAST_MS } from '@domain/constants';
import { usePermissions } from '../../session/use-permissions';
import type { ContactWorkContext } from './contact-work-context';
import { SHOW_TIMINGS } from './show-timings';

export interface CloneControl {
  allowed: boolean;
  confirming: boolean;
  busy: boolean;
  /** Cloned, waiting for the delayed return to the list: the Clone button stays off so no second copy is made. */
  leaving: boolean;
  ask(): void;
  cancel(): void;
  confirm(): Promise<void>;
}

/**
 * Clone with a confirmation (spec 2 §2.8): offered where the workspace enables it and the `clone` rule allows it
 * for this contact; outside the embedded entry the list follows.
 */
export const useClone = (
  { api, services, workspace, t }: ContactWorkContext,
  { id, contact, embed, later, leave, expireSession }: {
    id: string;
    contact: ContactRow | null;
    embed: boolean;
    later(fn: () => void, ms: number): void;
    leave(): void;
    expireSession(): Promise<void>;
  },
): CloneControl => {
  const { toasts } = services;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { allowed } = usePermissions({ contact, embed });

  const confirm = useCallback(async () => {
    setBusy(true);
    try {
      const created = await api.contactWork.clone(id, { quiet: true });
      setConfirming(false);
      // Spec 2 §4: clone success gives the new contact id; the toast stays long enough to read it.
      toasts.show({ intent: 'success', heading: t('contactWork.clone.done'), message: t('contactWork.clone.newId', { id: created.id }), timeout: TOAST_MS.error });
      if (!embed) {
        setLeaving(true);
        later(() => { leave(); setLeaving(false); }, SHOW_TIMINGS.redirectAfterSave);
      }
    } catch (cause) {
      if (isApiRequestError(cause) && cause.status === 401) { await expireSession(); return; }
      toasts.show({ intent: 'danger', message: t('contactWork.clone.failed') });
    } finally {
      setBusy(false);
    }
  }, [api, id, toasts, t, embed, later, leave, expireSession]);

  return {
    allowed: Boolean(workspace?.cloneEnabled) && allowed('clone'),
    confirming,
    busy,
    leaving,
    ask: useCallback(() => { if (!leaving) setConfirming(true); }, [leaving]),
    cancel: useCallback(() => setConfirming(false), []),
    confirm,
  };
};
