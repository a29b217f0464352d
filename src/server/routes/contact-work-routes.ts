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
} from '../../domain/api/contact-work';
import { outboxSmsGateway, type SmsGateway } from '../adapters/sms-gateway';
import { contactAccess, contactWriteAccess } from '../services/contact-work/contact-access';
import { contactWorkService, insertable } from '../services/contact-work/contact-save-service';
import { workspaceAccess, type WorkspaceAccess } from '../services/contact-work/workspace-access';

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
  const { contacts, contactWork: work, users, workspaces, outbox } = app.repos;
  const service = contactWorkService({ db: app.db, clock: app.clock, work, users, workspaces, outbox, gateway: options.smsGateway ?? outboxSmsGateway() });

  app.route({
    ...contactWorkRoutes.getContact,
    config: { access: { permission: ['show', 'edit'], contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request, reply): Promise<ContactResponse> => {
      const { contact, access } = await contactAccess(app, contacts, work, request, request.params.id, ['show', 'edit']);
      const flag = request.headers[AGENT_SCRIPT_OPEN_HEADER] === 'true';
      await work.recordOpen(contact.id, access.auth.user.id, flag, new Date(app.clock()));
      reply.header('Agent-Script-Open', String(flag));
      return { data: contact };
    },
  });

  app.route({
    ...contactWorkRoutes.states,
    config: { access: { permission: ['show', 'edit'], contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<{ data: AllowedState[] }> => {
      const { contact, access } = await contactAccess(app, contacts, work, request, request.params.id, ['show', 'edit']);
      return { data: service.allowedStates(access, contact) };
    },
  });

  app.route({
    ...contactWorkRoutes.stateHistory,
    config: { access: { permission: ['show', 'edit'], contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<{ data: HistoryEntry[] }> => {
      const { contact } = await contactAccess(app, contacts, work, request, request.params.id, ['show', 'edit']);
      return { data: await work.history(contact.id) };
    },
  });

  app.route({
    ...contactWorkRoutes.save,
    config: { access: { permission: 'write', contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<ContactResponse> => {
      const { contact, access } = await contactWriteAccess(app, contacts, work, request, request.params.id);
      return { data: await service.save(access, contact, request.body as ContactSaveBody) };
    },
  });

  app.route({
    ...contactWorkRoutes.edit,
    config: { access: { permission: 'edit', contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<ContactResponse> => {
      const { contact, access } = await contactAccess(app, contacts, work, request, request.params.id, 'edit');
      return { data: await service.edit(access, contact, request.body as ContactEditBody) };
    },
  });

  app.route({
    ...contactWorkRoutes.close,
    config: { access: { permission: 'edit', contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<ContactResponse> => {
      const { contact, access } = await contactAccess(app, contacts, work, request, request.params.id, 'edit');
      return { data: await service.close(access, contact, (request.body as ContactCloseBody)?.notes) };
    },
  });

  app.route({
    ...contactWorkRoutes.insert,
    config: { access: { permission: ['insert', 'list', 'show'], workspace: 'params.workspace' } },
    // Whether this workspace takes new contacts, and from this user: before validation, like the declared access
    // (when the declared check ran already, i.e. the workspace name is well formed), else in the handler.
    preValidation: async (request) => {
      if (request.workspaceAccess) insertable(request.workspaceAccess as WorkspaceAccess);
    },
    handler: async (request): Promise<{ data: NewContact }> => {
      const access = insertable(await workspaceAccess(app, contacts, request, request.params.workspace, ['insert', 'list', 'show']));
      return { data: await service.insert(access, request.body as ContactInsertBody) };
    },
  });

  app.route({
    ...contactWorkRoutes.clone,
    config: { access: { permission: 'show', contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<{ data: NewContact }> => {
      const { contact, access } = await contactAccess(app, contacts, work, request, request.params.id, 'show');
      return { data: await service.clone(access, contact) };
    },
  });

  app.route({
    ...contactWorkRoutes.outbox,
    config: { access: { permission: ['list', 'show', 'edit'], workspace: 'query.workspace' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<{ data: OutboxMessage[] }> => {
      const { workspace, contactId, status, limit } = request.query;
      const access = await workspaceAccess(app, contacts, request, workspace, ['list', 'show', 'edit']);
      return { data: await service.outbox(access, { contactId, status, limit }) };
    },
  });
}
