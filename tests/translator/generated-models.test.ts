import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { DataModel, Field, FieldMap } from '@domain/generated/data-model';
import type { EnumConfig, Workspace } from '@domain/generated/workspace';
import { ROLES } from '@domain/roles';
import { FORM_SECTIONS, FORM_VIEWS } from '@translator/translate-form';
import { translateWorkspace } from '@translator/translate-workspace';

/** A small seeded PRNG (mulberry32), so a failing case can be replayed by its seed. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const REGEXES: Array<[string, string]> = [['^[0-9]{5}$', '20121'], ['^[A-Z]{2}$', 'MI'], ['^((\\+39)?[0-9]{9,10})?$', '+393331234567'], ['^.{0,20}$', 'breve']];
const TYPES = ['boolean', 'number', 'date', 'time', 'string', 'text', 'array', undefined] as const;

interface Generated { dm: DataModel; ws: Workspace; contact: { inputs: Record<string, unknown>; outputs: Record<string, unknown> } }

function generate(seed: number): Generated {
  const r = prng(seed);
  const int = (a: number, b: number): number => a + Math.floor(r() * (b - a + 1));
  const pick = <T,>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  const enumConfig: { inputs: Record<string, EnumConfig>; outputs: Record<string, EnumConfig> } = { inputs: {}, outputs: {} };
  const deps: { inputs: Record<string, string[]>; outputs: Record<string, string[]> } = { inputs: {}, outputs: {} };

  const makeField = (depth: number): [Field, (f: Field) => unknown] => {
    const dataType = depth > 1 ? pick(TYPES.filter((t) => t !== 'array')) : pick(TYPES);
    const field: Field = { label: `Campo ${int(1, 999)}`, required: r() < 0.4 };
    if (dataType) field.dataType = dataType;
    if (r() < 0.2) field.editable = false;
    if (r() < 0.2) field.isDetailVisible = false;
    if (r() < 0.3) field.placeholder = 'esempio';
    let sample: unknown;
    switch (dataType) {
      case 'boolean': sample = r() < 0.5; break;
      case 'number': sample = int(-50, 5000) / 10; break;
      case 'date': sample = `2025-0${int(1, 9)}-1${int(0, 9)}`; break;
      case 'time': sample = `${int(10, 23)}:${int(10, 59)}`; break;
      case 'array': {
        const items: FieldMap = {};
        const samplers: Record<string, (f: Field) => unknown> = {};
        for (let i = 0; i < int(1, 3); i++) { const [f, s] = makeField(depth + 1); items[`item${i}`] = f; samplers[`item${i}`] = s; }
        field.arrayItemsModel = items;
        field.arrayMinItems = int(0, 1);
        field.arrayMaxItems = field.arrayMinItems + int(1, 3);
        const n = Math.max(field.arrayMinItems, field.required ? 1 : 0);
        sample = Array.from({ length: n }, () => Object.fromEntries(Object.entries(items).map(([k, f]) => [k, samplers[k](f)])));
        break;
      }
      default: {
        if (r() < 0.4) { const [re, s] = pick(REGEXES); field.dataRegex = re; sample = s; } else sample = `valore ${int(1, 99)}`;
      }
    }
    return [field, () => sample];
  };

  const build = (section: 'inputs' | 'outputs'): [FieldMap, Record<string, unknown>] => {
    const map: FieldMap = {};
    const values: Record<string, unknown> = {};
    let lastEnum: string | null = null;
    for (let i = 0; i < int(1, 25); i++) {
      const name = `${section}_${i}`;
      const [field, sample] = makeField(0);
      map[name] = field;
      values[name] = sample(field);
      if ((field.dataType ?? 'text') === 'string' && !field.dataRegex && r() < 0.4) {
        if (lastEnum && r() < 0.5) {
          enumConfig[section][name] = { remoteValues: true, cachable: r() < 0.5 };
          deps[section][lastEnum] = [...(deps[section][lastEnum] ?? []), name];
        } else {
          enumConfig[section][name] = { values: [{ label: 'Uno', value: 'uno' }, { label: 'Due', value: 'due' }], buildFilter: r() < 0.5 };
          values[name] = pick(['uno', 'due']);
          lastEnum = name;
        }
      }
      if (r() < 0.3) map[name].filterable = true;
    }
    return [map, values];
  };
  const [model, inputs] = build('inputs');
  const [outputs, outValues] = build('outputs');
  const names = Object.keys(model);
  const ws: Workspace = {
    id: `ws-${seed}`, name: 'Generato', dataModelId: `dm-${seed}`, enabled: true,
    states: { A: { label: 'A', manual: true }, B: { label: 'B' } }, entryState: 'A', closingStates: ['B'],
    groupsInputs: [{ label: 'Primo', fields: names.slice(0, int(1, names.length)), columns: int(1, 4) }],
    groupsOutputs: [{ label: 'Esito', fields: Object.keys(outputs).filter(() => r() < 0.7), columns: 2 }],
    enumConfig, inputDependencies: deps.inputs, outputDependencies: deps.outputs,
  };
  if (names.length >= 2 && r() < 0.5) ws.inputAddressConfig = { city: names[0], street: names[1] };
  return { dm: { id: `dm-${seed}`, model, outputs, modelContactProperty: names[0] }, ws, contact: { inputs, outputs: outValues } };
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const SEEDS = Array.from({ length: 60 }, (_, i) => 1000 + i * 7919);

describe('random valid data models', () => {
  it.each(SEEDS)('seed %i translates to schemas ajv compiles and that accept a valid contact', (seed) => {
    const { dm, ws, contact } = generate(seed);
    const result = translateWorkspace(dm, ws);
    if (!result.ok) throw new Error(`seed ${seed}: ${JSON.stringify(result.problems)}`);
    for (const view of FORM_VIEWS) {
      for (const section of FORM_SECTIONS) {
        for (const role of ROLES) {
          const validate = ajv.compile(result.value.forms[view][section][role].schema);
          // The edit and create forms carry every field: the contact must pass as a whole.
          if (view === 'edit' || view === 'create') {
            const ok = validate(contact[section]);
            if (!ok) throw new Error(`seed ${seed} ${view}/${section}: ${ajv.errorsText(validate.errors)}`);
          }
        }
      }
    }
    for (const role of ROLES) ajv.compile(result.value.lists[role].filters.schema);
  });

  it('the generator is deterministic', () => {
    expect(generate(42)).toEqual(generate(42));
  });
});
