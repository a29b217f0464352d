import { withTheme } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import type { RendererFormContext } from '../form-context';
import { blueprintTheme } from '../theme';

/**
 * Stock rjsf with the Blueprint theme: for small forms (the list filters). Contact forms use ContactForm, which
 * shares this theme but keeps values outside React state.
 */
export const BlueprintForm = withTheme<unknown, RJSFSchema, RendererFormContext>(blueprintTheme);
