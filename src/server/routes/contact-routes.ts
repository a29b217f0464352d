import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { CONTACT_MESSAGES, MAX_PAGE_LENGTH, contactRoutes, type ContactFilter } from '@domain/api/contacts';
import type { JsonLogicRule } from '@domain/permissions';
import { badField, conflict, forbidden, notFound } from '../http-error';
import { say, type Said } from '../server-messages';
import type { TakeRefusal } from '../repositories/contact-repository';
import type { QueryContext } from '../repositories/contact-query';
import { type WorkspaceAccess } from '../services/contact-work/workspace-access';
import { declaredAccess, declaredContact } from '../services/contact-work/contact-access';

const REFUSALS: Record<Exclude<TakeRefusal, 'not-found'>, Said> = {
  assigned: say('takeAssigned'),
  suspended: say('takeSuspended'),
  'not-processable': say('takeNotProcessable'),
  closed: say('takeClosed'),
};

/** The query context of a list filter: the custom filter needs its permission and the workspace's rule. */
export function queryContext(access: WorkspaceAccess, filter: ContactFilter): QueryContext {
  const ctx: QueryContext = { workspaceId: access.workspace.id, model: access.model, enumConfig: access.workspace.enumConfig, visibility: access.visibility };
  if (filter.customFilter) {
    if (!access.allows('customFilter')) throw forbidden(say('missingPermission', { permissions: 'customFilter' }));
    const config = access.workspace.customFilterConfig as { rule?: JsonLogicRule } | undefined;
    if (config?.rule === undefined) {
      throw badField('customFilter', say('customFilterMissing'));
    }
    ctx.customRule = config.rule;
  }
  return ctx;
}

/** Search, take, release and takeNext (spec 2 §2.2, §4, §7). */
export async function contactRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const contacts = app.repos.contacts;

  app.route({
    ...contactRoutes.search,
    config: { access: { permission: 'list', workspace: 'params.workspace' } },
    handler: async (request) => {
      const filter = request.body as ContactFilter;
      if ((filter.length ?? 10) > MAX_PAGE_LENGTH) {
        throw badField('length', say('pageTooLong', { max: MAX_PAGE_LENGTH }));
      }
      const access = declaredAccess(request);
      const { rows, total, totalCapped } = await contacts.search(filter, queryContext(access, filter));
      return totalCapped ? { data: rows, total, totalCapped } : { data: rows, total };
    },
  });

  app.route({
    ...contactRoutes.take,
    config: { access: { permission: 'take', contact: 'params.id' } },
    handler: async (request) => {
      // The declaration checked the contact is one the caller sees (the list's visibility: onlyAssignedContacts, the org hierarchy).
      const { id } = request.params;
      const { contact, access } = declaredContact(request);
      const result = await contacts.take(id, contact.workspaceId, access.auth.user.id, new Date(app.clock()));
      if (result === 'not-found') throw notFound(say('contactNotFound', { id }));
      if (typeof result === 'string') throw conflict(REFUSALS[result]);
      return { data: result };
    },
  });

  app.route({
    ...contactRoutes.release,
    config: { access: { permission: 'release', contact: 'params.id' } },
    handler: async (request) => {
      const { id } = request.params;
      const { contact, access } = declaredContact(request);
      if (contact.agentId === null) throw conflict(say('releaseNotAssigned'));
      const me = access.auth.user.id;
      if (contact.agentId !== me) {
        // Someone else's contact: only for those who assign contacts to others, within what they see.
        const { visibility } = access;
        const seen = visibility.all || visibility.agentIds.includes(contact.agentId);
        if (!access.allows('agentList') || !seen) throw forbidden(say('releaseNotYours'));
      }
      const released = await contacts.release(id, contact.agentId, { userId: me, at: new Date(app.clock()) });
      if (!released) throw conflict(say('releaseChanged'));
      return { data: released };
    },
  });

  app.route({
    ...contactRoutes.takeNext,
    // A GET that assigns a contact (spec 2 §7): refused from other sites like a POST (security.ts).
    config: { access: { permission: 'take', workspace: 'params.id' }, changesState: true },
    handler: async (request) => {
      const access = declaredAccess(request);
      const takeConfig = access.workspace.takeConfig as { available?: boolean } | undefined;
      if (takeConfig?.available !== true) throw forbidden(say('takeNextUnavailable'));
      const id = await contacts.takeNext(access.workspace.id, access.auth.user.id, new Date(app.clock()));
      if (!id) throw notFound(CONTACT_MESSAGES.noNewContact);
      return { data: { id } };
    },
  });
}
