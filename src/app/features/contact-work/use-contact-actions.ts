import { useCallback, useState } from 'react';
import { isApiRequestError } from '@api-client/api-error';
import type { ContactAction } from '@domain/api/contact-work';
import { PHONE_PATTERN } from '@domain/constants';
import type { ContactWorkContext } from './contact-work-context';
import { SHOW_TIMINGS } from './show-timings';

export interface ActionsControl {
  list: ContactAction[];
  phone: string;
  setPhone(phone: string): void;
  phoneError: string | null;
  sending: boolean;
  send(action: ContactAction): Promise<void>;
}

const phonePattern = new RegExp(PHONE_PATTERN);

/** The contact's configured actions (spec 2 §2.3): a message to the phone typed, checked against the pattern first. */
export const useContactActions = (
  { api, services, t }: ContactWorkContext,
  { id, later }: { id: string; later(fn: () => void, ms: number): void },
): ActionsControl & { load(live: () => boolean): void } => {
  const { toasts, navigate } = services;
  const [list, setList] = useState<ContactAction[]>([]);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  /** A failure loading the action list leads to /404 (spec 2 §2.1). */
  const load = useCallback((live: () => boolean) => {
    api.contactWork.actions(id, { quiet: true }).then((actions) => { if (live()) setList(actions); }, (cause: unknown) => {
      if (live() && !(isApiRequestError(cause) && (cause.kind === 'aborted' || cause.status === 401))) navigate('/404', { replace: true });
    });
  }, [api, id, navigate]);

  const send = useCallback(async (action: ContactAction) => {
    if (!phonePattern.test(phone.trim())) {
      setPhoneError(t('contactWork.actions.messageRegex'));
      later(() => setPhoneError(null), SHOW_TIMINGS.phoneError);
      return;
    }
    setPhoneError(null);
    setSending(true);
    try {
      const message = await api.contactWork.runAction(id, action.key, phone.trim() || undefined);
      toasts.show({ intent: 'success', message: t('contactWork.actions.sent', { recipient: message.recipient ?? '' }) });
    } catch {
      // the client reported it (a message that cannot go is refused with 422 naming the phone, and nothing is queued)
    } finally {
      setSending(false);
    }
  }, [phone, t, later, api, id, toasts]);

  return { list, phone, setPhone, phoneError, sending, send, load };
};
