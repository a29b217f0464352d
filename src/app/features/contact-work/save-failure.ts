import type { RefObject } from 'react';
import type { TFunction } from 'i18next';
import type { ContactFormHandle } from '@renderers/ContactForm/ContactForm';
import { isApiRequestError } from '@api-client/api-error';
import type { FormTranslation } from '@translator/translate-form';
import type { ToastService } from '../../shell/toast-service';
import { failureText } from '../../ui/failure-text';
import { errorsByField } from './contact-forms';

/**
 * What a save came to, for what is announced after it: saved, or not (with the reason when the screen does not list it
 * in `generalErrors`: a 409, a take to offer). A version that changed says nothing: a refused save re-reads the contact.
 */
export type SaveOutcome = { saved: true } | { saved: false; reason?: string };
export const SAVED: SaveOutcome = { saved: true };
export const notSaved = (reason?: string | null): SaveOutcome => (reason ? { saved: false, reason } : { saved: false });

/** What a contact screen shows a refused save on. */
export interface SaveFailureView {
  handles: { inputs: RefObject<ContactFormHandle | null>; outputs: RefObject<ContactFormHandle | null> };
  setGeneralErrors: (messages: string[]) => void;
  toasts: ToastService;
  t: TFunction;
  /** The forms on screen: an error on a field they do not show (the configuration changed) is listed instead. */
  forms?: Record<'inputs' | 'outputs', FormTranslation | null>;
}

/** "Field: message" lines for the server's errors on fields the forms do not show; the rest stay for the fields. */
const splitUnshown = (byField: Record<string, string[]>, form: FormTranslation | null | undefined, fieldName: (name: string) => string) => {
  const shown: Record<string, string[]> = {};
  const lines: string[] = [];
  for (const [name, messages] of Object.entries(byField)) {
    if (!form || form.schema.properties?.[name]) shown[name] = messages;
    else lines.push(`${fieldName(name)}: ${messages.join('; ')}`);
  }
  return { shown, lines };
};

/**
 * A refused save, after the screen's own cases (401, 409): a 400 puts each error on the field it names and lists the
 * rest; anything else is one message. Either way a toast says the save failed, and what the user typed stays.
 */
export function showSaveFailure(cause: unknown, { handles, setGeneralErrors, toasts, t, forms }: SaveFailureView): void {
  const failure = isApiRequestError(cause) ? cause : null;
  if (failure?.status === 400) {
    const byField = errorsByField(failure.errors, failure.message);
    const fieldName = (name: string) => t('configChange.unshownField', { field: name });
    const inputs = forms ? splitUnshown(byField.inputs, forms.inputs, fieldName) : { shown: byField.inputs, lines: [] };
    const outputs = forms ? splitUnshown(byField.outputs, forms.outputs, fieldName) : { shown: byField.outputs, lines: [] };
    handles.inputs.current?.setErrors(inputs.shown);
    handles.outputs.current?.setErrors(outputs.shown);
    const other = [...byField.other, ...inputs.lines, ...outputs.lines];
    setGeneralErrors(other.length ? other : [t('contactWork.save.fieldErrors')]);
    toasts.show({ intent: 'danger', heading: t('contactWork.save.failed'), message: t('contactWork.save.fieldErrors') });
    return;
  }
  const message = failureText(cause, t);
  setGeneralErrors([message]);
  toasts.show({ intent: 'danger', heading: t('contactWork.save.failed'), message });
}
