import type { OutboxMessage } from '@domain/api/contact-work';
import type { SmsSendBody } from '@domain/api/sms';
import type { SmsConfig } from '@domain/generated/workspace';
import { inputsForPeople } from '@translator/message-values';
import { renderTemplate } from '@translator/translate-form';
import type { JsonSchema } from '@translator/types';
import { outboxSmsGateway, undeliverableReason } from '../../adapters/sms-gateway';
import type { Queryable } from '../../db/database';
import { HttpError, invalid, type ErrorItem } from '../../http-error';
import { say } from '../../server-messages';
import { compiledValidators } from '../compiled-validators';
import type { WorkspaceAccess } from '../contact-work/workspace-access';
import { formSchema, valueProblem } from '../contact-work/contact-forms';
import { formSchemaAjv } from '../form-schema-ajv';

/**
 * The /sms screen's send: the values checked against the SAME schema the screen renders (the translator's SMS form of
 * the workspace), the template rendered with them, and the message queued in the outbox for the dispatcher.
 */

const ajv = formSchemaAjv({ allErrors: true });
const validatorFor = compiledValidators(ajv);

const pointer = (name: string) => `/values/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Problems of `values` against the SMS form's schema, one per field, with `/values/<field>` pointers. */
export function smsValueErrors(schema: JsonSchema, values: Record<string, unknown>): ErrorItem[] {
  const properties = schema.properties ?? {};
  const errors: ErrorItem[] = [];
  for (const name of Object.keys(values)) {
    if (!Object.prototype.hasOwnProperty.call(properties, name)) errors.push({ field: pointer(name), message: say('smsFieldUnknown', { field: `values.${name}` }) });
  }
  // Empty strings are "not filled": the form sends them for cleared inputs.
  const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined && v !== ''));
  const validate = validatorFor(schema);
  if (!validate(filled)) {
    const seen = new Set<string>();
    for (const error of validate.errors ?? []) {
      const params = error.params as Record<string, unknown>;
      const name = error.keyword === 'required' && typeof params.missingProperty === 'string' ? params.missingProperty : error.instancePath.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
      if (!name || error.keyword === 'if' || seen.has(name)) continue;
      seen.add(name);
      errors.push({ field: pointer(name), message: valueProblem(error, `values.${name} (${String(properties[name]?.title ?? name)})`) });
    }
  }
  return errors;
}


/** Queues the SMS of `body.templateId` in the checked workspace; `tx` is where it is written. */
export async function queueManualSms(tx: Queryable, access: WorkspaceAccess, body: SmsSendBody, at: Date): Promise<OutboxMessage> {
  const templates = (access.workspace.smsConfigs ?? []) as SmsConfig[];
  const template = templates.find((t) => t.id === body.templateId);
  if (!template) throw invalid([{ field: 'templateId', message: say('smsUnknownTemplate', { id: body.templateId }) }]);
  if (!template.phoneField) throw new HttpError(422, say('smsNoPhoneField', { id: template.id }), [{ field: 'templateId', message: say('smsNoPhoneField', { id: template.id }) }]);
  const values = body.values as Record<string, unknown>;
  const schema = formSchema(access.model, access.workspace, 'sms', 'inputs', access.auth.user.role);
  const errors = smsValueErrors(schema, values);
  const recipientValue = values[template.phoneField];
  const recipient = typeof recipientValue === 'string' && recipientValue.trim() ? recipientValue.trim() : null;
  const recipientField = pointer(template.phoneField);
  if (!errors.some((e) => e.field === recipientField)) {
    const problem = undeliverableReason({ channel: 'sms', recipient });
    if (problem) errors.push({ field: recipientField, message: say('fieldProblem', { field: `values.${template.phoneField}`, problem }) });
  }
  if (errors.length) throw invalid(errors);
  return outboxSmsGateway().send(
    {
      channel: 'sms',
      workspaceId: access.workspace.id,
      contactId: null,
      configId: template.id,
      trigger: 'manual',
      sender: template.sender ?? null,
      recipient,
      body: renderTemplate(template.msgTemplate, values, inputsForPeople(access.workspace, access.model)),
      url: null,
      createdBy: access.auth.user.id,
      at,
    },
    tx,
  );
}
