import { render } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { ContactForm } from '@renderers/ContactForm/ContactForm';
import type { RendererLocale, RendererServices } from '@renderers/form-context';
import { memoryServices } from '@renderers/memory-services';
import type { JsonSchema, UiSchema } from '@translator/types';
import type { ObjectUiSchema } from '@translator/ui-schema';

/** Takes hand-written, partial UI Schemas as well as the translator's. */
export function renderForm(schema: JsonSchema, uiSchema: UiSchema | ObjectUiSchema, options: { formData?: Record<string, unknown>; services?: RendererServices; locale?: RendererLocale } & Partial<ComponentProps<typeof ContactForm>> = {}) {
  const { formData, services = memoryServices(), locale = 'it-IT', ...rest } = options;
  return render(<ContactForm schema={schema} uiSchema={uiSchema as ObjectUiSchema} formData={formData} formContext={{ services, locale }} idPrefix="t" {...rest} />);
}
