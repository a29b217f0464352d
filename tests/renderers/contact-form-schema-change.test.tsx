import { fireEvent, render, screen } from '@testing-library/react';
import { ContactForm } from '@renderers/ContactForm/ContactForm';
import { FormRuntime } from '@renderers/ContactForm/form-runtime';
import { memoryServices } from '@renderers/memory-services';
import { translateForm, type FormTranslation } from '@translator/translate-form';
import { keepEqual } from '@app/ui/config-preview/keep-equal';
import { fixture } from './support';

const f = fixture('campagna-grande');
const form = (() => { const t = translateForm(f.model, f.workspace, { view: 'edit', section: 'inputs', role: 'admin' }); if (!t.ok) throw new Error('refused'); return t.value; })();
const names = Object.keys(form.schema.properties ?? {});
const isText = (n: string) => (form.uiSchema[n] as Record<string, unknown>)['ui:widget'] === 'text' && !(form.uiSchema[n] as { 'ui:options'?: { addressPart?: string } })['ui:options']?.addressPart;
const typedField = names.find(isText) as string;
const relabelled = names.filter(isText)[5];

afterEach(() => jest.restoreAllMocks());

describe('ContactForm under a new schema (the configuration preview)', () => {
  it('one label changed: only that field renders again, and what was typed stays', () => {
    const services = memoryServices();
    const formData = {};
    const show = (t: FormTranslation) => <ContactForm schema={t.schema} uiSchema={t.uiSchema} formData={formData} formContext={{ services, locale: 'it-IT' }} idPrefix="t" />;
    const { rerender } = render(show(form));
    fireEvent.change(document.getElementById(`t_${typedField}`) as HTMLInputElement, { target: { value: 'scritto' } });

    // the next draft's translation, a new object throughout, then sharing what did not change with the shown one
    const fresh = structuredClone(form);
    (fresh.schema.properties as Record<string, { title?: string }>)[relabelled].title = 'Etichetta nuova';
    const next = keepEqual(form, fresh);
    expect(next.schema.properties?.[typedField]).toBe(form.schema.properties?.[typedField]);
    expect(next.uiSchema['ui:options']).toBe(form.uiSchema['ui:options']);

    const ui = jest.spyOn(FormRuntime.prototype, 'ui');
    rerender(show(next));
    expect(screen.getByText('Etichetta nuova')).toBeInTheDocument();
    expect([...new Set(ui.mock.calls.map(([name]) => name))]).toEqual([relabelled]);
    expect(document.getElementById(`t_${typedField}`)).toHaveValue('scritto');

    // a new values object starts the form over
    rerender(<ContactForm schema={next.schema} uiSchema={next.uiSchema} formData={{}} formContext={{ services, locale: 'it-IT' }} idPrefix="t" />);
    expect(document.getElementById(`t_${typedField}`)).toHaveValue('');
    expect(ui.mock.calls.length).toBeGreaterThan(names.length / 2);
  });
});
