import { isDeepStrictEqual } from 'node:util';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { IMPACT_MAX_EXAMPLES, type ConfigDocument, type Impact } from '@domain/api/workspace-config';
import { translateForm, type FormSection, type FormView } from '@translator/translate-form';
import type { JsonSchema } from '@translator/types';
import type { Database } from '../../db/database';
import { cursorRows } from '../../db/cursor';
import { formSchemaAjv } from '../form-schema-ajv';

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

const ajv = formSchemaAjv({ allErrors: false });

/** Compiled validators by schema text: the live configuration's, and a draft's checked again (most recently used last). */
const compiled = new Map<string, ValidateFunction>();
function compile(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (validate) compiled.delete(key);
  else validate = ajv.compile(schema as JsonSchema & object);
  compiled.set(key, validate);
  if (compiled.size > 16) {
    const oldest = compiled.keys().next().value as string;
    ajv.removeSchema(compiled.get(oldest)?.schema as object);
    compiled.delete(oldest);
  }
  return validate;
}

interface Check { section: FormSection; schema: JsonSchema; validate: ValidateFunction }

/** The draft's validators, or the translator's first problem when the draft does not translate. */
export function formChecks(workspace: ConfigDocument, dataModel: ConfigDocument): Check[] | null {
  const checks: Check[] = [];
  for (const { view, section } of CHECKS) {
    const translation = translateForm(dataModel, workspace, { view, section, role: 'admin' });
    if (!translation.ok) return null;
    checks.push({ section, schema: translation.value.schema, validate: compile(translation.value.schema) });
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

type ContactValues = { id: string; inputs: Record<string, unknown> | null; outputs: Record<string, unknown> | null };

/**
 * Counts the contacts that fail one of the draft's checks and pass every live one. A draft check whose schema is the
 * live one's cannot make a contact fail that passes live: only the changed ones run on every contact, the live ones
 * only on the contacts that fail them. The next batch is fetched while this one is checked.
 */
export async function contactImpact(db: Database, workspaceId: string, draft: Check[], live: Check[] | null): Promise<Impact> {
  const impact: Impact = { checked: 0, failing: 0, examples: [] };
  const changed = live ? draft.filter((check, i) => !isDeepStrictEqual(check.schema, live[i]?.schema)) : draft;
  const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM contacts WHERE workspace_id = $1', [workspaceId]);
  if (changed.length === 0) return { ...impact, checked: count };
  const batches = cursorRows<ContactValues>(db, 'SELECT trim(id) AS id, inputs, outputs FROM contacts WHERE workspace_id = $1', [workspaceId], 10_000);
  try {
    let next = batches.next();
    for (;;) {
      const batch = await next;
      if (batch.done) break;
      next = batches.next();
      for (const contact of batch.value) {
        impact.checked++;
        const failure = firstFailure(changed, contact);
        if (!failure) continue;
        // A contact the live configuration already refuses is not the draft's doing.
        if (live && firstFailure(live, contact)) continue;
        impact.failing++;
        if (impact.examples.length < IMPACT_MAX_EXAMPLES) impact.examples.push({ contactId: contact.id, ...failure });
      }
    }
  } finally {
    // Closes the cursor and its transaction when the loop did not reach the end.
    await batches.return(undefined);
  }
  return impact;
}
