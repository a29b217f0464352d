import { Classes } from '@blueprintjs/core';

/**
 * Blueprint's input look from its CSS classes alone. InputGroup and TextArea measure the DOM on mount (element
 * widths, scroll height), which forces a layout per field: 300 ms on a 500-field form. Plain elements do not.
 */
export function inputClass(hasErrors: boolean | undefined, extra = ''): string {
  return `${Classes.INPUT} ${Classes.FILL}${hasErrors ? ` ${Classes.INTENT_DANGER}` : ''}${extra ? ` ${extra}` : ''}`;
}
