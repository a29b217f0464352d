import { Button, Intent } from '@blueprintjs/core';
import { getSubmitButtonOptions, type RJSFSchema, type SubmitButtonProps } from '@rjsf/utils';
import type { RendererFormContext } from '../../form-context';
import { translatorFor } from '../../i18n/messages';

export function SubmitButton({ uiSchema, registry }: SubmitButtonProps<unknown, RJSFSchema, RendererFormContext>) {
  const { submitText, norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return <Button type="submit" intent={Intent.PRIMARY} text={submitText === 'Submit' ? translatorFor(registry.formContext?.locale ?? 'it-IT')('form.submit') : submitText} disabled={Boolean(props?.disabled)} />;
}
