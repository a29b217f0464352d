import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  AGENT_SCRIPT_OPEN_HEADER,
  contactWorkRoutes,
  type AllowedState,
  type ContactCloseBody,
  type ContactEditBody,
  type ContactInsertBody,
  type ContactResponse,
  type ContactSaveBody,
  type HistoryEntry,
  type NewContact,
  type OutboxMessage,
} from '@domain/api/contact-work';
import { outboxSmsGateway, type SmsGateway } from '../adapters/sms-gateway';
import { declaredAccess, declaredContact } from '../services/contact-work/contact-access';
import { contactWorkService } from '../services/contact-work/contact-save-service';

export interface ContactWorkOptions {
  /** Where SMS and webapp messages go; default: the outbox table. */
  smsGateway?: SmsGateway;
}

/**
 * Show, save, edit, close, insert and clone of one contact, its allowed states, history and the outbox (spec 2
 * §2.3–2.5, §2.9, §4, §5, §7). The rules are the contact-work service's.
 */
export async function contactWorkRoutesPlugin(fastify: FastifyInstance, options: ContactWorkOptions = {}): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { contactWork: work, users, workspaces, outbox } = app.repos;
  const service = contactWorkService({ db: app.db, clock: app.clock, work, users, workspaces, outbox, gateway: options.smsGateway ?? outboxSmsGateway() });

  app.route({
    ...contactWorkRoutes.getContact,
    config: { access: { permission: ['show', 'edit'], contact: 'params.id' } },
    handler: async (request, reply): Promise<ContactResponse> => {
      const { contact, access } = declaredContact(request);
      const flag = request.headers[AGENT_SCRIPT_OPEN_HEADER] === 'true';
      await work.recordOpen(contact.id, access.auth.user.id, flag, new Date(app.clock()));
      reply.header('Agent-Script-Open', String(flag));
      return { data: contact };
    },
  });

  app.route({
    ...contactWorkRoutes.states,
    config: { access: { permission: ['show', 'edit'], contact: 'params.id' } },
    handler: async (request): Promise<{ data: AllowedState[] }> => {
      const { contact, access } = declaredContact(request);
      return { data: service.allowedStates(access, contact) };
    },
  });

  app.route({
    ...contactWorkRoutes.stateHistory,
    config: { access: { permission: ['show', 'edit'], contact: 'params.id' } },
    handler: async (request): Promise<{ data: HistoryEntry[] }> => {
      const { contact } = declaredContact(request);
      return { data: await work.history(contact.id) };
    },
  });

  app.route({
    ...contactWorkRoutes.save,
    config: { access: { permission: 'write', contact: 'params.id' } },
    handler: async (request): Promise<ContactResponse> => {
      const { contact, access } = declaredContact(request);
      return { data: await service.save(access, contact, request.body as ContactSaveBody) };
    },
  });

  app.route({
    ...contactWorkRoutes.edit,
    config: { access: { permission: 'edit', contact: 'params.id' } },
    handler: async (request): Promise<ContactResponse> => {
      const { contact, access } = declaredContact(request);
      return { data: await service.edit(access, contact, request.body as ContactEditBody) };
    },
  });

  app.route({
    ...contactWorkRoutes.close,
    config: { access: { permission: 'edit', contact: 'params.id' } },
    handler: async (request): Promise<ContactResponse> => {
      const { contact, access } = declaredContact(request);
      return { data: await service.close(access, contact, (request.body as ContactCloseBody)?.notes) };
    },
  });

  app.route({
    ...contactWorkRoutes.insert,
    // A workspace whose entry state is not manual answers 422 to whoever sees its contacts (spec 2 §2.5).
    config: { access: { permission: 'insert', workspace: 'params.workspace', offer: 'manualEntry' } },
    handler: async (request): Promise<{ data: NewContact }> => ({ data: await service.insert(declaredAccess(request), request.body as ContactInsertBody) }),
  });

  app.route({
    ...contactWorkRoutes.clone,
    config: { access: { permission: 'clone', contact: 'params.id', offer: 'clone' } },
    handler: async (request): Promise<{ data: NewContact }> => {
      const { contact, access } = declaredContact(request);
      return { data: await service.clone(access, contact) };
    },
  });

  app.route({
    ...contactWorkRoutes.outbox,
    config: { access: { permission: ['list', 'show', 'edit'], workspace: 'query.workspace', rule: 'readOutbox' } },
    handler: async (request): Promise<{ data: OutboxMessage[] }> => {
      const { contactId, status, channel, limit } = request.query;
      return { data: await service.outbox(declaredAccess(request), { contactId, status, channel, limit }) };
    },
  });
}
