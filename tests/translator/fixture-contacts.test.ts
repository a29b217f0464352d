import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { translateForm, type FormSection } from '@translator/translate-form';

/**
 * Seeded contacts are data an agent must be able to work: the server validates a save against the translated form of
 * the view, so a fixture contact the form rejects could never be saved. Inputs always fit the edit form; outputs fit
 * it once the contact has left its entry state (a contact not yet worked has no outputs, and its required outputs are
 * asked for on the first save).
 */
const dir = join(__dirname, '..', '..', 'fixtures', 'workspaces');
const read = <T>(slug: string, file: string): T => JSON.parse(readFileSync(join(dir, slug, file), 'utf8')) as T;

interface FixtureContact { id: string; state: string; inputs: Record<string, unknown>; outputs: Record<string, unknown> }

describe.each(readdirSync(dir).sort())('contacts of %s', (slug) => {
  const workspace = read<Workspace>(slug, 'workspace.json');
  const dataModel = read<DataModel>(slug, 'data-model.json');
  const contacts = read<FixtureContact[]>(slug, 'contacts.json');

  it.each(['inputs', 'outputs'] as FormSection[])('fit the edit form of their %s', (section) => {
    const form = translateForm(dataModel, workspace, { view: 'edit', section, role: 'admin' });
    if (!form.ok) throw new Error(`${slug} does not translate`);
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(form.value.schema);
    const worked = section === 'inputs' ? contacts : contacts.filter((c) => c.state !== workspace.entryState);
    const rejected = worked.flatMap((c) => (validate(c[section]) ? [] : [`${c.id}: ${ajv.errorsText(validate.errors)}`]));
    expect(rejected).toEqual([]);
    expect(worked.length).toBeGreaterThan(0);
  });
});
