import type { ContactRow } from '@domain/api/contacts';
import type { ContactAction, OutboxMessage } from '@domain/api/contact-work';
import type { DataModel } from '@domain/generated/data-model';
import type { SmsConfig } from '@domain/generated/workspace';
import { inputsForPeople, type MessageFields } from '@translator/message-values';
import { renderTemplate } from '@translator/translate-form';
import type { Queryable } from '../db/database';
import type { SmsGateway } from './sms-gateway';
import { ACTION_BLOCKED_REASONS } from '@domain/api/contact-work';

/** What a contact's send-action button offers and does (spec 2 §2.3, §7). */
export interface ContactActions {
  list(workspace: Record<string, unknown>, contact: ContactRow): ContactAction[];
  /** Runs the action; null when the workspace has no action with that key. */
  run(request: ActionRequest, tx: Queryable): Promise<OutboxMessage | null>;
}

export interface ActionRequest {
  key: string;
  workspace: Record<string, unknown>;
  /** The workspace's data model: the message shows the contact's values as people read them. */
  model: DataModel;
  contact: ContactRow;
  /** Empty: the contact's own number (the template's phoneField). */
  phone: string;
  userId: string;
  at: Date;
}

/** Why no action can run on this contact, or null. */
export function actionBlocked(contact: ContactRow): string | null {
  if (contact.closed) return ACTION_BLOCKED_REASONS.closed;
  if (!contact.processable) return ACTION_BLOCKED_REASONS.notProcessable;
  return null;
}

const smsConfigs = (workspace: Record<string, unknown>): SmsConfig[] => (Array.isArray(workspace.smsConfigs) ? (workspace.smsConfigs as SmsConfig[]) : []);

/** An SMS of a template, rendered from the contact's inputs as people read them. */
export function smsFromTemplate(config: SmsConfig, contact: ContactRow, recipient: string | null, forPeople: MessageFields) {
  return { configId: config.id, sender: config.sender ?? null, recipient, body: renderTemplate(config.msgTemplate, contact.inputs, forPeople), url: null };
}

/**
 * The embedded default: the workspace schema has no `actions` key, so the actions are its SMS templates
 * (smsConfigs), each 'Invia SMS: {name}', sent through the SMS gateway (the outbox).
 */
export function smsTemplateActions(gateway: SmsGateway): ContactActions {
  return {
    list(workspace, contact) {
      const blocked = actionBlocked(contact);
      return smsConfigs(workspace).map((config) => ({ key: config.id, type: 'sms' as const, name: `Invia SMS: ${config.name}`, enabled: blocked === null, reason: blocked }));
    },
    async run({ key, workspace, model, contact, phone, userId, at }, tx) {
      const config = smsConfigs(workspace).find((c) => c.id === key);
      if (!config) return null;
      const own = config.phoneField ? contact.inputs[config.phoneField] : undefined;
      const recipient = phone || (typeof own === 'string' && own ? own : null);
      return gateway.send(
        { channel: 'sms', workspaceId: contact.workspaceId, contactId: contact.id, trigger: 'action', createdBy: userId, at, ...smsFromTemplate(config, contact, recipient, inputsForPeople(workspace, model)) },
        tx,
      );
    },
  };
}
