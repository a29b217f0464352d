import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef, useLayoutEffect } from 'react';
import { ContactForm, type ContactFormHandle } from '@renderers/ContactForm/ContactForm';
import { memoryServices } from '@renderers/memory-services';
import { FormStore } from '@renderers/form-store/form-store';
import { FieldValidator } from '@renderers/validation/field-validator';
import { translateForm } from '@translator/translate-form';
import { renderForm } from './render-support';
import { fixture } from './support';

const f = fixture('campagna-grande');
const form = (() => { const t = translateForm(f.model, f.workspace, { view: 'edit', section: 'inputs', role: 'admin' }); if (!t.ok) throw new Error('refused'); return t.value; })();
const textField = Object.keys(form.schema.properties ?? {}).find((n) => (form.uiSchema[n] as Record<string, unknown>)['ui:widget'] === 'text' && !(form.uiSchema[n] as { 'ui:options'?: { addressPart?: string } })['ui:options']?.addressPart) as string;

afterEach(() => jest.restoreAllMocks());

describe('ContactForm updates (the speed design)', () => {
  it('a keystroke stores and validates the changed field only; submit validates every field, rendered yet or not', () => {
    const validate = jest.spyOn(FieldValidator.prototype, 'validateField');
    const setValue = jest.spyOn(FormStore.prototype, 'setValue');
    const onSubmit = jest.fn();
    const onError = jest.fn();
    // The first groups only (the rest would come in idle time): rendering all 565 fields in jsdom costs half a minute.
    renderForm(form.schema, form.uiSchema, { onSubmit, onError, firstPassFields: 40, children: <button type="submit">Salva</button> });
    expect(document.querySelector('form.cm-form')).toHaveAttribute('aria-busy', 'true');
    expect(validate).not.toHaveBeenCalled();
    fireEvent.change(document.getElementById(`t_${textField}`) as HTMLInputElement, { target: { value: 'x' } });
    expect(validate.mock.calls).toEqual([[textField, 'x']]);
    expect(setValue.mock.calls).toEqual([[textField, 'x']]);
    validate.mockClear();
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Salva' })); });
    expect(validate).toHaveBeenCalledTimes(Object.keys(form.schema.properties ?? {}).length);
    expect(onError.mock.calls.length + onSubmit.mock.calls.length).toBe(1);
  });

  it('tells its owner of a change made in the very commit that gave it new values (a keystroke before the effects is not lost)', () => {
    const services = memoryServices();
    const handle = createRef<ContactFormHandle>();
    const heard: unknown[] = [];
    // Types in the commit's layout phase, after the form's own: where a keystroke lands on a slow machine.
    function TypesAtOnce({ text }: { text: string | null }) {
      useLayoutEffect(() => { if (text) handle.current?.setValue(textField, text); }, [text]);
      return null;
    }
    const show = (formData: Record<string, unknown>, text: string | null) => (
      <>
        <ContactForm handle={handle} schema={form.schema} uiSchema={form.uiSchema} formData={formData} formContext={{ services, locale: 'it-IT' }} idPrefix="t" firstPassFields={40} onChange={(values) => heard.push(values[textField])} />
        <TypesAtOnce text={text} />
      </>
    );
    const { rerender } = render(show({}, null));
    rerender(show({ [textField]: 'Marco ' }, 'Marco o'));
    expect(heard).toEqual(['Marco o']);
    expect(document.getElementById(`t_${textField}`)).toHaveValue('Marco o');
  });

  it('renders the first groups at once and the rest in idle time', async () => {
    renderForm(form.schema, form.uiSchema, { firstPassFields: 40 });
    const form0 = document.querySelector('form.cm-form') as HTMLFormElement;
    expect(form0).toHaveAttribute('aria-busy', 'true');
    const firstPass = form0.querySelectorAll('.cm-group').length;
    expect(firstPass).toBeLessThan(((form.uiSchema['ui:options'] as { groups: unknown[] }).groups).length);
    // idle time on a busy machine can be late: the point is that the rest arrives without any user action
    await waitFor(() => expect(form0).not.toHaveAttribute('aria-busy'), { timeout: 15_000 });
    expect(screen.getByRole('region', { name: 'Località' })).toBeInTheDocument();
  });
});
