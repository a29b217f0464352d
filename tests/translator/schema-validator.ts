import Ajv2019 from 'ajv';
import addFormats from 'ajv-formats';
import workspaceSchema from '../../schemas/workspace.schema.json';
import dataModelSchema from '../../schemas/data-model.schema.json';
import contactSchema from '../../schemas/contact.schema.json';
import contactFilterSchema from '../../schemas/contact-filter.schema.json';

/** One ajv with every file of schemas/ registered, the way the server registers them. */
export function schemaAjv(): Ajv2019 {
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  addFormats(ajv);
  for (const s of [workspaceSchema, dataModelSchema, contactSchema, contactFilterSchema]) ajv.addSchema(s);
  return ajv;
}
