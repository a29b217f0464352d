import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { IMPACT_MAX_EXAMPLES, type ConfigDocument, type Impact } from '../../../domain/api/workspace-config';
import { translateForm, type FormSection, type FormView } from '../../../translator/translate-form';
import type { JsonSchema } from '../../../translator/types';
import type { Database } from '../../db/database';
import { cursorRows } from '../../db/cursor';

/**
 * What a draft does to live data: the workspace's contacts checked, streaming from a cursor, against the draft's
 * create and edit schemas (the same JSON Schemas the forms are rendered from and the save route validates with),
 * counting those that would NO LONGER pass (they pass the live configuration's schemas, fail the draft's).
 */

/** The checks a contact goes through: the create form's inputs, the edit form's inputs and outputs (as an admin sees them). */
const CHECKS: ReadonlyArray<{ view: FormView; section: FormSection }> = [
  { view: 'edit', section: 'inputs' },
  { view: 'edit', section: 'outputs' },
  { view: 'create', section: 'inputs' },
];

const ajv = new Ajv({ allErrors: false, strict: false });
addFormats(ajv);

interface Check { section: FormSection; validate: ValidateFunction }

/** The draft's validators, or the translator's first problem when the draft does not translate. */
export function formChecks(workspace: ConfigDocument, dataModel: ConfigDocument): Check[] | null {
  const checks: Check[] = [];
  for (const { view, section } of CHECKS) {
    const translation = translateForm(dataModel, workspace, { view, section, role: 'admin' });
    if (!translation.ok) return null;
    checks.push({ section, validate: ajv.compile(translation.value.schema as JsonSchema & object) });
  }
  return checks;
}

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

function describe(section: FormSection, error: ErrorObject): { field: string; message: string } {
  const params = error.params as Record<string, unknown>;
  const pointer = error.keyword === 'required' && typeof params.missingProperty === 'string' ? `${error.instancePath}/${params.missingProperty}` : error.instancePath;
  const name = unescape(pointer.split('/')[1] ?? '');
  const field = name ? `${section}.${name}` : section;
  return { field, message: error.keyword === 'required' ? `${field} is required` : `${field} ${error.message ?? 'is invalid'}` };
}

const firstFailure = (checks: Check[], contact: { inputs: unknown; outputs: unknown }): { field: string; message: string } | null => {
  for (const check of checks) {
    const value = (check.section === 'inputs' ? contact.inputs : contact.outputs) ?? {};
    if (!check.validate(value)) return describe(check.section, check.validate.errors?.[0] as ErrorObject);
  }
  return null;
};

export async function contactImpact(db: Database, workspaceId: string, draft: Check[], live: Check[] | null): Promise<Impact> {
  const impact: Impact = { checked: 0, failing: 0, examples: [] };
  const rows = cursorRows<{ id: string; inputs: Record<string, unknown> | null; outputs: Record<string, unknown> | null }>(
    db,
    'SELECT trim(id) AS id, inputs, outputs FROM contacts WHERE workspace_id = $1',
    [workspaceId],
    5_000,
  );
  for await (const batch of rows) {
    for (const contact of batch) {
      impact.checked++;
      const failure = firstFailure(draft, contact);
      if (!failure) continue;
      // A contact the live configuration already refuses is not the draft's doing.
      if (live && firstFailure(live, contact)) continue;
      impact.failing++;
      if (impact.examples.length < IMPACT_MAX_EXAMPLES) impact.examples.push({ contactId: contact.id, ...failure });
    }
  }
  return impact;
}
