import type { RefObject } from 'react';
import type { TFunction } from 'i18next';
import type { ContactFormHandle } from '../../../../renderers/ContactForm/ContactForm';
import { isApiRequestError } from '../../../api-client/api-error';
import type { ToastService } from '../../shell/toast-service';
import { errorsByField } from './contact-forms';

/** What a contact screen shows a refused save on. */
export interface SaveFailureView {
  handles: { inputs: RefObject<ContactFormHandle | null>; outputs: RefObject<ContactFormHandle | null> };
  setGeneralErrors: (messages: string[]) => void;
  toasts: ToastService;
  t: TFunction;
}

export const messageOf = (error: unknown): string =>
  isApiRequestError(error) ? error.errors.map((e) => e.message).join('; ') || error.message : error instanceof Error ? error.message : String(error);

/**
 * A refused save, after the screen's own cases (401, 409): a 400 puts each error on the field it names and lists the
 * rest; anything else is one message. Either way a toast says the save failed, and what the user typed stays.
 */
export function showSaveFailure(cause: unknown, { handles, setGeneralErrors, toasts, t }: SaveFailureView): void {
  const failure = isApiRequestError(cause) ? cause : null;
  if (failure?.status === 400) {
    const byField = errorsByField(failure.errors, failure.message);
    handles.inputs.current?.setErrors(byField.inputs);
    handles.outputs.current?.setErrors(byField.outputs);
    setGeneralErrors(byField.other.length ? byField.other : [t('contactWork.save.fieldErrors')]);
    toasts.show({ intent: 'danger', heading: t('contactWork.save.failed'), message: t('contactWork.save.fieldErrors') });
    return;
  }
  const message = failure?.kind === 'network' ? t('errors.network', { request: failure.requestText }) : messageOf(cause);
  setGeneralErrors([message]);
  toasts.show({ intent: 'danger', heading: t('contactWork.save.failed'), message });
}
