import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { DataModel, Field } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { chooseControl, FIELDS, WIDGETS } from '@translator/widget-testers';
import { inputsForPeople } from '@translator/message-values';
import { fieldSchema, renderTemplate, translateForm, TIME_PATTERN, type FormOptions, type FormTranslation } from '@translator/translate-form';
import { baseWorkspace } from './support';

const model = (inputs: DataModel['model'], outputs: DataModel['outputs'] = {}): DataModel => ({ id: 'dm', model: inputs, outputs, modelContactProperty: Object.keys(inputs)[0] ?? 'x' });
const form = (dm: DataModel, ws: Workspace, opts: Partial<FormOptions> = {}): FormTranslation => {
  const r = translateForm(dm, ws, { view: 'edit', section: 'inputs', role: 'admin', ...opts });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
};
const ui = (t: FormTranslation, name: string): Record<string, unknown> => t.uiSchema[name] as Record<string, unknown>;

describe('fieldSchema: one row per mapping rule', () => {
  it.each<[string, Field, boolean, object]>([
    ['boolean', { label: 'B', dataType: 'boolean' }, false, { type: 'boolean', title: 'B' }],
    ['number', { label: 'N', dataType: 'number' }, false, { type: 'number', title: 'N' }],
    ['date', { label: 'D', dataType: 'date' }, false, { type: 'string', format: 'date', title: 'D' }],
    ['time', { label: 'T', dataType: 'time' }, false, { type: 'string', pattern: TIME_PATTERN, title: 'T' }],
    ['number with a regex: checked against the number as written', { label: 'N', dataType: 'number', dataRegex: '^[0-9]{1,2}$' }, false, { type: 'number', numberPattern: '^[0-9]{1,2}$', title: 'N' }],
    ['time with its own regex: both checked', { label: 'T', dataType: 'time', dataRegex: '^(09|10):' }, false, { type: 'string', pattern: TIME_PATTERN, allOf: [{ pattern: '^(09|10):' }], title: 'T' }],
    ['text is the default', { label: 'X' }, false, { type: 'string', title: 'X' }],
    ['required string has minLength', { label: 'S', dataType: 'string' }, true, { type: 'string', title: 'S', minLength: 1 }],
    ['dataRegex to pattern', { label: 'C', dataType: 'string', dataRegex: '^[0-9]{5}$' }, false, { type: 'string', title: 'C', pattern: '^[0-9]{5}$' }],
    ['default value', { label: 'V', dataType: 'number', value: 3 }, false, { type: 'number', title: 'V', default: 3 }],
    ['array with min/max items', { label: 'A', dataType: 'array', arrayMinItems: 1, arrayMaxItems: 3, arrayItemsModel: { n: { label: 'n', required: true } } }, false,
      { type: 'array', title: 'A', minItems: 1, maxItems: 3, items: { type: 'object', properties: { n: { type: 'string', title: 'n', minLength: 1 } }, required: ['n'] } }],
  ])('%s', (_n, field, required, expected) => {
    expect(fieldSchema(field, undefined, required)).toEqual(expected);
  });

  it('static enum values become oneOf const/title', () => {
    expect(fieldSchema({ label: 'E' }, [{ value: 'a', label: 'Alfa' }]).oneOf).toEqual([{ const: 'a', title: 'Alfa' }]);
  });
});

describe('widget testers', () => {
  it.each<[string, Field, object, string]>([
    ['boolean: switch', { label: 'x', dataType: 'boolean' }, {}, 'switch'],
    ['number: updown', { label: 'x', dataType: 'number' }, {}, 'updown'],
    ['date', { label: 'x', dataType: 'date' }, {}, 'date'],
    ['time', { label: 'x', dataType: 'time' }, {}, 'time'],
    ['string: text', { label: 'x', dataType: 'string' }, {}, 'text'],
    ['text: textarea', { label: 'x', dataType: 'text' }, {}, 'textarea'],
    ['static enum: select', { label: 'x' }, { enumConfig: { values: [{ label: 'a', value: 'a' }] } }, 'select'],
    ['url enum: remoteSelect', { label: 'x' }, { enumConfig: { url: '/u' } }, 'remoteSelect'],
    ['remoteValues enum: remoteSelect', { label: 'x' }, { enumConfig: { remoteValues: true } }, 'remoteSelect'],
    ['dependent child: remoteSelect', { label: 'x' }, { enumConfig: { values: [{ label: 'a', value: 'a' }] }, parents: ['p'] }, 'remoteSelect'],
    ['array without config: modal', { label: 'x', dataType: 'array' }, {}, 'ArrayModalField'],
    ['array modal', { label: 'x', dataType: 'array' }, { arrayConfig: { type: 'modal' } }, 'ArrayModalField'],
    ['array attachment', { label: 'x', dataType: 'array' }, { arrayConfig: { type: 'attachment' } }, 'AttachmentListField'],
    ['array doc', { label: 'x', dataType: 'array' }, { arrayConfig: { type: 'doc' } }, 'DocumentListField'],
  ])('%s', (_n, field, extra, expected) => {
    const c = chooseControl({ name: 'x', field, parents: [], ...extra });
    const name = 'widget' in c ? c.widget : c.field;
    expect(name).toBe(expected);
    expect([...WIDGETS, ...FIELDS]).toContain(name);
  });
});

describe('translateForm', () => {
  const dm = model(
    {
      a: { label: 'A', required: true },
      hidden: { label: 'H', isDetailVisible: false },
      locked: { label: 'L', editable: false },
      ph: { label: 'P', placeholder: 'scrivi' },
      prov: { label: 'Provincia' },
      city: { label: 'Comune' },
      tipo: { label: 'Tipo' },
      sotto: { label: 'Sottotipo' },
    },
    { esito: { label: 'Esito', dataType: 'boolean' } },
  );
  const ws = baseWorkspace({
    groupsInputs: [{ label: 'Primo', fields: ['ph', 'a', 'prov'], columns: 2 }, { label: 'Secondo', fields: ['locked', 'hidden'], columns: 3 }],
    inputAddressConfig: { province: 'prov', city: 'city' },
    enumConfig: { inputs: { tipo: { values: [{ label: 'Uno', value: '1' }] }, sotto: { url: '/enum/sotto', cachable: true } } },
    inputDependencies: { tipo: ['sotto'] },
    smsConfigs: [{ id: 's', name: 'S', msgTemplate: 'Ciao ${a}, ${ph}!', phoneField: 'a' }],
  });

  it.each<[string, Partial<FormOptions>, (t: FormTranslation) => unknown, unknown]>([
    ['show leaves out isDetailVisible false', { view: 'show' }, (t) => 'hidden' in (t.schema.properties ?? {}), false],
    ['edit keeps isDetailVisible false', { view: 'edit' }, (t) => 'hidden' in (t.schema.properties ?? {}), true],
    ['sms leaves out isDetailVisible false', { view: 'sms' }, (t) => 'hidden' in (t.schema.properties ?? {}), false],
    ['editable false is read-only in show', { view: 'show' }, (t) => ui(t, 'locked')['ui:readonly'], true],
    ['editable false is read-only in edit', { view: 'edit' }, (t) => ui(t, 'locked')['ui:readonly'], true],
    ['create edits every field', { view: 'create' }, (t) => ui(t, 'locked')['ui:readonly'], undefined],
    ['required', {}, (t) => t.schema.required, ['a']],
    ['placeholder', {}, (t) => ui(t, 'ph')['ui:placeholder'], 'scrivi'],
    ['groups in order with labels and columns, rest last', { view: 'edit' }, (t) => t.uiSchema['ui:options'].groups,
      [{ label: 'Primo', columns: 2, fields: ['ph', 'a'] }, { label: 'Secondo', columns: 3, fields: ['locked', 'hidden'] }, { label: '', columns: 1, fields: ['tipo', 'sotto'] }]],
    ['ui:order lists every property once', { view: 'edit' }, (t) => [...t.uiSchema['ui:order']].sort(), ['a', 'city', 'hidden', 'locked', 'ph', 'prov', 'sotto', 'tipo']],
    ['address block in show starts DEFAULT', { view: 'show' }, (t) => t.uiSchema['ui:options'].address,
      { label: 'Località', fields: { province: 'prov', city: 'city' }, modes: ['DEFAULT', 'ANNULLA', 'SBLOCCA'], initialMode: 'DEFAULT' }],
    ['address block in create starts editable', { view: 'create' }, (t) => t.uiSchema['ui:options'].address?.initialMode, 'ANNULLA'],
    ['address part marked', {}, (t) => ui(t, 'prov')['ui:options'], { addressPart: 'province' }],
    ['address block modes are typed data', { view: 'edit' }, (t) => t.uiSchema['ui:options'].address?.modes, ['DEFAULT', 'ANNULLA', 'SBLOCCA']],
    ['static enum is a select', {}, (t) => ui(t, 'tipo')['ui:widget'], 'select'],
    ['remote enum is a remote select', {}, (t) => ui(t, 'sotto')['ui:widget'], 'remoteSelect'],
    ['plain fields carry no options', {}, (t) => ui(t, 'a'), { 'ui:widget': 'textarea' }],
    ['no media section without file lists', {}, (t) => t.uiSchema['ui:options'].media, undefined],
    ['static enum source', {}, (t) => ui(t, 'tipo')['ui:options'], { enumSource: { kind: 'static' }, clears: ['sotto'] }],
    ['remote child waits for its parents', {}, (t) => ui(t, 'sotto')['ui:options'], { enumSource: { kind: 'remote', section: 'inputs', field: 'sotto', url: '/enum/sotto', remoteValues: false, cachable: true }, dependsOn: ['tipo'] }],
    ['remote enum has no oneOf (server checks values)', {}, (t) => t.schema.properties?.sotto.oneOf, undefined],
    ['sms: first group required', { view: 'sms' }, (t) => t.schema.required, ['a', 'ph', 'prov']],
    ['sms: template with placeholders', { view: 'sms' }, (t) => t.uiSchema['ui:options'].sms, { templates: [{ id: 's', name: 'S', template: 'Ciao ${a}, ${ph}!', placeholders: ['a', 'ph'], phoneField: 'a' }] }],
    ['sms outputs are empty', { view: 'sms', section: 'outputs' }, (t) => t.schema.properties, {}],
    ['outputs section', { section: 'outputs' }, (t) => ui(t, 'esito')['ui:widget'], 'switch'],
    ['role without permission gets a read-only form with reasons', { view: 'edit', role: 'basic' }, (t) => [t.uiSchema['ui:readonly'], t.uiSchema['ui:options'].denied], [true, ["role 'basic' is not one of admin, team-leader"]]],
    ['role with permission gets a usable form', { view: 'edit', role: 'team-leader' }, (t) => t.uiSchema['ui:readonly'], undefined],
  ])('%s', (_n, opts, pick, expected) => {
    expect(pick(form(dm, ws, opts))).toEqual(expected);
  });

  it('sms: an SMS carries no files, so its form has no attachment or document list, even one of its first group', () => {
    const dm = model({
      nome: { label: 'Nome' },
      foto: { label: 'Foto', dataType: 'array', arrayItemsModel: { n: { label: 'n' } } },
      contratto: { label: 'Contratto', dataType: 'array', arrayItemsModel: { n: { label: 'n' } } },
      figli: { label: 'Figli', dataType: 'array', arrayItemsModel: { n: { label: 'n' } } },
    });
    const ws = baseWorkspace({ arrayConfig: { foto: { type: 'attachment' }, contratto: { type: 'doc' }, figli: { type: 'modal' } }, groupsInputs: [{ label: 'G', fields: ['nome', 'foto', 'contratto'] }] });
    const sms = form(dm, ws, { view: 'sms' });
    expect(Object.keys(sms.schema.properties ?? {})).toEqual(['nome', 'figli']);
    expect(sms.schema.required).toEqual(['nome']);
    expect(sms.uiSchema['ui:options'].media).toBeUndefined();
    // the contact's own screens keep them
    expect(Object.keys(form(dm, ws, { view: 'edit' }).schema.properties ?? {})).toEqual(['nome', 'foto', 'contratto', 'figli']);
  });

  it('array editors by arrayConfig, with attachment size', () => {
    const t = form(model({ x: { label: 'x' } }, { foto: { label: 'Foto', dataType: 'array', arrayItemsModel: { n: { label: 'n' } } } }), baseWorkspace({ arrayConfig: { foto: { type: 'attachment' } }, attachmentConfigs: { maxSize: 1000 } }), { section: 'outputs' });
    expect(ui(t, 'foto')).toEqual({ 'ui:field': 'AttachmentListField', items: { n: { 'ui:widget': 'textarea' } }, 'ui:options': { arrayKind: 'attachment', maxSize: 1000 } });
  });

  describe('array kinds and the media section', () => {
    const items = { n: { label: 'n' } };
    const arrays = model({ x: { label: 'x' } }, {
      testimoni: { label: 'Testimoni', dataType: 'array', arrayItemsModel: { nome: { label: 'Nome', dataType: 'string' }, dettagli: { label: 'Dettagli', dataType: 'array', arrayItemsModel: items } } },
      foto: { label: 'Foto', dataType: 'array', arrayItemsModel: items },
      allegati: { label: 'Allegati', dataType: 'array', arrayItemsModel: items },
      note: { label: 'Note', dataType: 'text' },
    });
    const arraysWs = baseWorkspace({
      arrayConfig: { testimoni: { type: 'modal', label: 'Testimone' }, foto: { type: 'attachment' }, allegati: { type: 'doc', label: 'Documento' } },
    });
    it.each<[string, (t: FormTranslation) => unknown, unknown]>([
      ['modal editor with its item label', (t) => ui(t, 'testimoni')['ui:options'], { arrayKind: 'modal', arrayLabel: 'Testimone' }],
      ['a nested array is a modal editor without options', (t) => (ui(t, 'testimoni').items as Record<string, unknown>).dettagli, { 'ui:field': 'ArrayModalField', items: { n: { 'ui:widget': 'textarea' } } }],
      ['attachment list with the default size limit', (t) => ui(t, 'foto')['ui:options'], { arrayKind: 'attachment', maxSize: 5_000_000 }],
      ['document list', (t) => ui(t, 'allegati')['ui:options'], { arrayKind: 'doc', arrayLabel: 'Documento' }],
      ['media section: attachment and document lists in field order', (t) => t.uiSchema['ui:options'].media,
        { fields: [{ name: 'foto', kind: 'attachment', maxSize: 5_000_000 }, { name: 'allegati', kind: 'doc' }] }],
      ['media fields stay in their group', (t) => t.uiSchema['ui:options'].groups, [{ label: '', columns: 1, fields: ['testimoni', 'foto', 'allegati', 'note'] }]],
    ])('%s', (_n, pick, expected) => {
      expect(pick(form(arrays, arraysWs, { section: 'outputs' }))).toEqual(expected);
    });
  });

  it('produces a schema ajv compiles that accepts a valid value and rejects a bad regex value', () => {
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile(form(model({ cap: { label: 'CAP', dataRegex: '^[0-9]{5}$', required: true }, d: { label: 'D', dataType: 'date' } }), baseWorkspace()).schema);
    expect(validate({ cap: '20121', d: '2025-01-31' })).toBe(true);
    expect(validate({ cap: '2012' })).toBe(false);
  });

  it('refuses invalid input with the problems instead of throwing', () => {
    const r = translateForm({ model: 1 }, null, { view: 'show', section: 'inputs', role: 'admin' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.length).toBeGreaterThan(0);
  });
});

describe('renderTemplate (SMS preview)', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['Ciao ${nome}', { nome: 'Anna' }, 'Ciao Anna'],
    ['${a}-${b}', { a: 1 }, '1-'],
    ['nessun segnaposto', {}, 'nessun segnaposto'],
    // without the fields (a URL), values go in as stored
    ['https://crm.example/${giorno}', { giorno: '2026-12-31' }, 'https://crm.example/2026-12-31'],
  ])('%s', (tpl, values, expected) => expect(renderTemplate(tpl, values)).toBe(expected));

  // for a person (an SMS, the agent's script): each value as people read it
  const forPeople = inputsForPeople(
    { enumConfig: { inputs: { negozio: { values: [{ label: 'Milano Centro', value: 'milano-centro' }] }, zona: { url: 'https://enum.example/zone', values: [{ label: 'Nord', value: 'N' }] } } } },
    { model: { scadenza: { label: 'Scadenza', dataType: 'date' }, privacy: { label: 'Privacy', dataType: 'boolean' }, negozio: { label: 'Negozio' }, zona: { label: 'Zona' }, figli: { label: 'Figli', dataType: 'array' }, colori: { label: 'Colori', dataType: 'array' }, importo: { label: 'Importo', dataType: 'number' }, ora: { label: 'Ora', dataType: 'time' } } },
  );
  it.each<[string, Record<string, unknown>, string]>([
    ['a date as DD/MM/YYYY', { scadenza: '2026-12-31' }, 'fino al 31/12/2026'],
    ['a yes as Sì', { privacy: true }, 'privacy Sì'],
    ['a no as No', { privacy: false }, 'privacy No'],
    ['a listed value by its label', { negozio: 'milano-centro' }, 'da Milano Centro'],
    ['a value of a remote list as stored (no label known)', { zona: 'N' }, 'zona N'],
    ['a list of rows shows nothing', { figli: [{ nome: 'Leo' }] }, 'figli '],
    ['a list of plain values, joined', { colori: ['rosso', 'blu'] }, 'colori rosso, blu'],
    ['a number and a time as entered', { importo: 12.5, ora: '09:30' }, '12.5 alle 09:30'],
  ])('%s', (_name, values, expected) => {
    const template = { scadenza: 'fino al ${scadenza}', privacy: 'privacy ${privacy}', negozio: 'da ${negozio}', zona: 'zona ${zona}', figli: 'figli ${figli}', colori: 'colori ${colori}', importo: '${importo} alle ${ora}' }[Object.keys(values)[0]] as string;
    expect(renderTemplate(template, values, forPeople)).toBe(expected);
  });
});
