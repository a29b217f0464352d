import type { ErrorObject } from 'ajv';
import type { OutboxMessage } from '@domain/api/contact-work';
import { SMS_MESSAGES, type SmsSendBody } from '@domain/api/sms';
import type { ApiErrorItem } from '@domain/errors';
import type { SmsConfig } from '@domain/generated/workspace';
import { inputsForPeople } from '@translator/message-values';
import { renderTemplate } from '@translator/translate-form';
import type { JsonSchema } from '@translator/types';
import { outboxSmsGateway, undeliverable } from '../../adapters/sms-gateway';
import type { Queryable } from '../../db/database';
import { HttpError, invalid } from '../../http-error';
import { compiledValidators } from '../compiled-validators';
import type { WorkspaceAccess } from '../contact-work/workspace-access';
import { formSchema } from '../contact-work/contact-forms';
import { formSchemaAjv } from '../form-schema-ajv';

/**
 * The /sms screen's send: the values checked against the SAME schema the screen renders (the translator's SMS form of
 * the workspace), the template rendered with them, and the message queued in the outbox for the dispatcher.
 */

const ajv = formSchemaAjv({ allErrors: true });
const validatorFor = compiledValidators(ajv);

const pointer = (name: string) => `/values/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;

function describe(error: ErrorObject, name: string, label: string): string {
  const params = error.params as Record<string, unknown>;
  const where = `values.${name} (${label})`;
  switch (error.keyword) {
    case 'required':
    case 'minLength': return `${where} is required`;
    case 'pattern': return `${where} does not match ${String(params.pattern)}`;
    case 'format': return `${where} must be a ${String(params.format)}`;
    case 'type': return `${where} must be ${String(params.type)}`;
    case 'oneOf':
    case 'const': return `${where} must be one of the configured values`;
    default: return `${where} ${error.message ?? 'is invalid'}`;
  }
}

/** Problems of `values` against the SMS form's schema, one per field, with `/values/<field>` pointers. */
export function smsValueErrors(schema: JsonSchema, values: Record<string, unknown>): ApiErrorItem[] {
  const properties = schema.properties ?? {};
  const errors: ApiErrorItem[] = [];
  for (const name of Object.keys(values)) {
    if (!Object.prototype.hasOwnProperty.call(properties, name)) errors.push({ field: pointer(name), message: `values.${name} is not a field of the SMS form` });
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
      errors.push({ field: pointer(name), message: describe(error, name, String(properties[name]?.title ?? name)) });
    }
  }
  return errors;
}


/** Queues the SMS of `body.templateId` in the checked workspace; `tx` is where it is written. */
export async function queueManualSms(tx: Queryable, access: WorkspaceAccess, body: SmsSendBody, at: Date): Promise<OutboxMessage> {
  const templates = (access.workspace.smsConfigs ?? []) as SmsConfig[];
  const template = templates.find((t) => t.id === body.templateId);
  if (!template) throw invalid([{ field: 'templateId', message: SMS_MESSAGES.unknownTemplate(body.templateId) }]);
  if (!template.phoneField) throw new HttpError(422, SMS_MESSAGES.noPhoneField(template.id), [{ field: 'templateId', message: SMS_MESSAGES.noPhoneField(template.id) }]);
  const values = body.values as Record<string, unknown>;
  const schema = formSchema(access.model, access.workspace, 'sms', 'inputs', access.auth.user.role);
  const errors = smsValueErrors(schema, values);
  const recipientValue = values[template.phoneField];
  const recipient = typeof recipientValue === 'string' && recipientValue.trim() ? recipientValue.trim() : null;
  const recipientField = pointer(template.phoneField);
  if (!errors.some((e) => e.field === recipientField)) {
    const problem = undeliverable({ channel: 'sms', recipient });
    if (problem) errors.push({ field: recipientField, message: `values.${template.phoneField}: ${problem}` });
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
