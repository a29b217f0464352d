/** The bench page: our ContactForm and stock @rjsf/core (liveValidate) on the same campagna-grande schema. */
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema as RjsfUiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import model from '../fixtures/workspaces/campagna-grande/data-model.json';
import workspace from '../fixtures/workspaces/campagna-grande/workspace.json';
import { translateForm, type FormTranslation } from '@translator/translate-form';
import type { JsonSchema, UiSchema } from '@translator/types';
import type { FormUiSchema } from '@translator/ui-schema';
import { ContactForm } from '@renderers/ContactForm/ContactForm';
import type { RendererServices } from '@renderers/form-context';

function form(section: 'inputs' | 'outputs'): FormTranslation {
  const t = translateForm(model, workspace, { view: 'edit', section, role: 'admin' });
  if (!t.ok) throw new Error(t.problems.map((p) => p.message).join('; '));
  return t.value;
}

/** Inputs and outputs as one 565-field form (their names do not overlap), groups in order. */
function mergedForm(): FormTranslation {
  const a = form('inputs');
  const b = form('outputs');
  const schema: JsonSchema = { type: 'object', properties: { ...a.schema.properties, ...b.schema.properties }, required: [...(a.schema.required ?? []), ...(b.schema.required ?? [])] };
  const ao = a.uiSchema['ui:options'];
  const bo = b.uiSchema['ui:options'];
  const uiSchema: FormUiSchema = { ...a.uiSchema, ...b.uiSchema, 'ui:order': [...a.uiSchema['ui:order'], ...b.uiSchema['ui:order']], 'ui:options': { ...ao, groups: [...ao.groups, ...bo.groups] } };
  return { schema, uiSchema };
}

/** Stock rjsf knows none of our names: map them to its own widgets, and arrays to its array field. */
function stockUiSchema(ui: UiSchema): RjsfUiSchema {
  const map: Record<string, string | undefined> = { switch: 'checkbox', updown: 'updown', date: 'date', time: 'text', text: 'text', textarea: 'textarea', select: 'select', remoteSelect: 'text' };
  const out: RjsfUiSchema = { 'ui:order': [...(ui['ui:order'] as string[]), '*'] };
  for (const [name, entry] of Object.entries(ui)) {
    if (name.startsWith('ui:')) continue;
    const e = entry as Record<string, unknown>;
    const w = typeof e['ui:widget'] === 'string' ? map[e['ui:widget']] : undefined;
    out[name] = w ? { 'ui:widget': w } : {};
  }
  return out;
}

const services: RendererServices = {
  loadEnum: async () => [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }],
  lookupAddress: async () => [],
  uploadFile: async (file) => ({ name: file.name, type: file.type, size: file.size, url: '' }),
};

/**
 * `?shape=fields-2000` (forms-keystroke --shape): a generated 2,000-field form, the 565 fields cloned with a suffix
 * (`name__2`, ...) into copies of their groups, cut at 2,000 fields. Generated here, never served by the app.
 */
function scaledForm(base: FormTranslation, total: number): FormTranslation {
  const names = base.uiSchema['ui:order'];
  if (names.length >= total) return base;
  const properties = { ...base.schema.properties };
  const required = [...(base.schema.required ?? [])];
  const uiSchema: Record<string, unknown> = { ...base.uiSchema };
  const order = [...names];
  const groups = [...base.uiSchema['ui:options'].groups];
  for (let copy = 2; order.length < total; copy++) {
    for (const group of base.uiSchema['ui:options'].groups) {
      const fields: string[] = [];
      for (const name of group.fields) {
        if (order.length >= total) break;
        // Address parts and fields others depend on stay single: a copy is a plain field of the same kind.
        const ui = base.uiSchema[name] as Record<string, unknown> | undefined;
        const options = ui?.['ui:options'] as Record<string, unknown> | undefined;
        if (!ui || !base.schema.properties?.[name] || options?.addressPart || options?.clears || options?.dependsOn) continue;
        const clone = `${name}__${copy}`;
        properties[clone] = base.schema.properties[name];
        if (required.includes(name)) required.push(clone);
        uiSchema[clone] = ui;
        order.push(clone);
        fields.push(clone);
      }
      if (fields.length) groups.push({ ...group, label: `${group.label} (${copy})`, fields });
    }
  }
  return {
    schema: { ...base.schema, properties, required },
    uiSchema: { ...uiSchema, 'ui:order': order, 'ui:options': { ...base.uiSchema['ui:options'], groups } } as FormUiSchema,
  };
}

/** The modal array of `?shape=array-1000`: its maximum lifted to 1,000 items, and 1,000 generated items as data. */
const BIG_ARRAY = 'famiglia_1_1';
const BIG_ARRAY_ITEMS = 1000;

function withBigArray(base: FormTranslation): FormTranslation {
  const field = base.schema.properties?.[BIG_ARRAY];
  if (!field) throw new Error(`array-1000: ${BIG_ARRAY} is not in the form`);
  return { schema: { ...base.schema, properties: { ...base.schema.properties, [BIG_ARRAY]: { ...field, maxItems: BIG_ARRAY_ITEMS } } }, uiSchema: base.uiSchema };
}

const bigArrayData = (): Record<string, unknown> => ({
  [BIG_ARRAY]: Array.from({ length: BIG_ARRAY_ITEMS }, (_, i) => ({ descrizione: `Voce ${i + 1}`, quantita: i + 1 })),
});

const shape = new URLSearchParams(location.search).get('shape');
const { schema, uiSchema } = shape === 'fields-2000' ? scaledForm(mergedForm(), 2000) : shape === 'array-1000' ? withBigArray(mergedForm()) : mergedForm();
const formData = shape === 'array-1000' ? bigArrayData() : undefined;
const stockUi = stockUiSchema(uiSchema);
const formContext = { services, locale: 'it-IT' as const };
let root: Root | null = null;
const afterPaint = () => new Promise<number>((done) => requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0)));

declare global {
  interface Window {
    bench: { fields: number; textField: string; bigArray: string; commitItem(): Promise<{ work: number; painted: number }>; mount(which: 'ours' | 'rjsf' | 'floor'): Promise<{ firstPaint: number; complete: number }>; unmount(): void };
    latencies: number[];
    work: number[];
    frameTimes: number[];
    waitSamples(n: number): Promise<void>;
  }
}

const textFields = (uiSchema['ui:order'] as string[]).filter((n) => (uiSchema[n] as Record<string, unknown>)['ui:widget'] === 'text' && !schema.properties?.[n]?.pattern && !((uiSchema[n] as Record<string, { addressPart?: string }>)['ui:options']?.addressPart));
// A plain text field in the middle of the form.
const textField = textFields[Math.floor(textFields.length / 2)];

window.latencies = [];
window.work = [];
window.frameTimes = [];
let keyAt = 0;
const waiters: Array<() => void> = [];
/** Resolves once `n` samples exist; the runner awaits this instead of polling every frame (polling adds frame work). */
window.waitSamples = (n) => new Promise<void>((done) => { if (window.latencies.length >= n) done(); else waiters.push(() => { if (window.latencies.length >= n) done(); else void window.waitSamples(n).then(done); }); });
document.addEventListener('keydown', () => { keyAt = performance.now(); }, true);
/*
 * keydown -> React renders in the input event (discrete update) -> the document hears `input` after React's root
 * listener (work done) -> next frame: rAF, style, layout, paint -> a task after it (painted).
 * latency = work + (painted - frame start): the main-thread cost of getting the keystroke on screen, without the idle
 * wait for the display's next vsync (which depends on where in the frame the key landed). `frames` keeps the raw
 * keydown-to-painted time too.
 */
document.addEventListener('input', () => {
  const t0 = keyAt;
  const handled = performance.now();
  window.work.push(handled - t0);
  requestAnimationFrame(() => {
    const frameStart = performance.now();
    setTimeout(() => {
      const painted = performance.now();
      window.frameTimes.push(painted - t0);
      window.latencies.push((handled - t0) + (painted - frameStart));
      waiters.splice(0).forEach((w) => w());
    }, 0);
  });
});

window.bench = {
  fields: Object.keys(schema.properties ?? {}).length,
  textField,
  bigArray: BIG_ARRAY,
  /**
   * Our item edit ends with the dialog's Save: the click's synchronous work (React renders discrete events at once)
   * and the time until the result is painted. The runner has opened the dialog and typed into it.
   */
  async commitItem() {
    const save = [...document.querySelectorAll<HTMLButtonElement>('.bp6-dialog-footer button')].find((b) => b.classList.contains('bp6-intent-primary'));
    if (!save) throw new Error('array-1000: no Save button in the item dialog');
    const t0 = performance.now();
    save.click();
    const work = performance.now() - t0;
    const painted = (await afterPaint()) - t0;
    return { work, painted };
  },
  async mount(which) {
    const host = document.getElementById('root') as HTMLElement;
    root?.unmount();
    root = createRoot(host);
    const t0 = performance.now();
    flushSync(() => {
      // 'floor': one plain React input, the browser's own cost of a keystroke, for reference.
      root?.render(which === 'ours'
        ? <ContactForm schema={schema} uiSchema={uiSchema} formData={formData} formContext={formContext} idPrefix="ours" firstPassFields={120} />
        : which === 'rjsf'
          ? <Form schema={schema as RJSFSchema} uiSchema={stockUi} formData={formData} validator={validator} liveValidate noHtml5Validate idPrefix="rjsf" />
          : <input id={`floor_${textField}`} className="bp6-input" />);
    });
    const firstPaint = (await afterPaint()) - t0;
    // Our later groups render in idle time; "complete" is when every field is in the page.
    while (document.querySelector('form[aria-busy="true"]')) await new Promise((r) => setTimeout(r, 5));
    const complete = (await afterPaint()) - t0;
    return { firstPaint, complete };
  },
  unmount() { root?.unmount(); root = null; },
};
