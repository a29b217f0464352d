import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { contactWorkRoutes, type ActionBody, type ContactAction, type OutboxMessage, type WidgetData, type WidgetInfo } from '@domain/api/contact-work';
import type { Widget } from '@domain/generated/workspace';
import { actionBlocked, smsTemplateActions, type ContactActions } from '../adapters/contact-actions';
import { outboxSmsGateway, undeliverableReason, type SmsGateway } from '../adapters/sms-gateway';
import { jsonLogicWidgetEngine, type WidgetEngine } from '../adapters/widget-engine';
import { declaredContact } from '../services/contact-work/contact-access';
import { notFound, unprocessable } from '../http-error';
import { ACTION_BLOCKED_REASONS } from '@domain/api/contact-work';
import { say, type Said, type Text } from '../server-messages';

/** The contract's reasons an action is off (the list sends them as they are: the screen words them), said in the caller's language when one refuses a run. */
const BLOCKED_REASONS: Record<string, Said> = {
  [ACTION_BLOCKED_REASONS.closed]: say('actionContactClosed'),
  [ACTION_BLOCKED_REASONS.notProcessable]: say('actionContactNotProcessable'),
  [ACTION_BLOCKED_REASONS.notYours]: say('actionNotYours'),
};
const blockedReason = (reason: string): Text => (Object.prototype.hasOwnProperty.call(BLOCKED_REASONS, reason) ? BLOCKED_REASONS[reason] : reason);

export interface ContactActionOptions {
  smsGateway?: SmsGateway;
  actions?: ContactActions;
  widgetEngine?: WidgetEngine;
}

/** The send-action button and the widgets of the show screen (spec 2 §2.3, §2.8, §5, §7), through their adapters. */
export async function contactWorkActionRoutesPlugin(fastify: FastifyInstance, options: ContactActionOptions = {}): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const actions = options.actions ?? smsTemplateActions(options.smsGateway ?? outboxSmsGateway());
  const widgets = options.widgetEngine ?? jsonLogicWidgetEngine();

  app.route({
    ...contactWorkRoutes.actions,
    config: { access: { permission: 'show', contact: 'params.id' } },
    handler: async (request): Promise<{ data: ContactAction[] }> => {
      const { contact, access } = declaredContact(request);
      const listed = actions.list(access.workspace, contact);
      // Running one needs the write rule (the contact is the caller's, or the caller may act on others'): whoever
      // only sees the contact sees its actions disabled, with the reason.
      if (access.allows('write')) return { data: listed };
      return { data: listed.map((a) => (a.enabled ? { ...a, enabled: false, reason: ACTION_BLOCKED_REASONS.notYours } : a)) };
    },
  });

  app.route({
    ...contactWorkRoutes.runAction,
    // A message sent from a contact acts on it, as a save does: the write rule (issue 12, "writes need write rights").
    config: { access: { permission: 'write', contact: 'params.id' } },
    handler: async (request): Promise<{ data: OutboxMessage }> => {
      const { action } = request.params;
      const { contact, access } = declaredContact(request);
      const listed = actions.list(access.workspace, contact).find((a) => a.key === action);
      if (!listed) throw notFound(say('actionNotFound', { action }));
      const blocked = actionBlocked(contact) ?? (listed.enabled ? null : listed.reason ?? null);
      if (blocked) throw unprocessable(blockedReason(blocked));
      if (!listed.enabled) throw unprocessable(say('actionDisabled'));
      const phone = (request.body as ActionBody)?.phone ?? '';
      const at = new Date(app.clock());
      // A message that cannot go (no number, say) is refused and written nowhere: the refusal inside the transaction
      // rolls back its outbox row with everything else the action wrote.
      const message = await app.db.transaction(async (tx) => {
        const queued = await actions.run({ key: action, workspace: access.workspace, model: access.model, contact, phone, userId: access.auth.user.id, at }, tx);
        if (queued?.status === 'failed') throw unprocessable(undeliverableReason(queued) ?? queued.error ?? say('messageCannotBeSent'), 'phone');
        return queued;
      });
      if (!message) throw notFound(say('actionNotFound', { action }));
      return { data: message };
    },
  });

  const workspaceWidgets = (workspace: Record<string, unknown>): Widget[] => (Array.isArray(workspace.widgets) ? (workspace.widgets as Widget[]) : []);

  app.route({
    ...contactWorkRoutes.widgets,
    config: { access: { permission: 'show', contact: 'params.id' } },
    handler: async (request): Promise<{ data: WidgetInfo[] }> => {
      const { access } = declaredContact(request);
      return { data: workspaceWidgets(access.workspace).map((w) => ({ id: w.id, name: w.name, config: { ...w.config } })) };
    },
  });

  app.route({
    ...contactWorkRoutes.widgetData,
    config: { access: { permission: 'show', contact: 'params.id' } },
    handler: async (request): Promise<{ data: WidgetData }> => {
      const { n } = request.params;
      const { contact, access } = declaredContact(request);
      const list = workspaceWidgets(access.workspace);
      const widget = list.find((w) => w.id === n) ?? (/^\d+$/.test(n) ? list[Number(n)] : undefined);
      if (!widget) throw notFound(say('widgetNotFound', { id: n }));
      return { data: await widgets.compute(widget, contact) };
    },
  });
}
