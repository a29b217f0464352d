import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { eventsRoutes, type EventDetail, type EventsSearchBody, type EventsSearchResult } from '@domain/api/events';
import { badField, forbidden, notFound } from '../http-error';
import { say } from '../server-messages';
import { type WorkspaceAccess } from '../services/contact-work/workspace-access';
import { sees } from '../services/contact-work/contact-visibility';

/**
 * The events log (spec 3 §2, §7): a contact's events, one page at a time, and one event's detail. Permission
 * `events` in the workspace the path names; the contact must be one the user sees.
 */
export async function eventsRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const events = app.repos.events;
  const work = app.repos.contactWork;
  const config = { access: { permission: 'events', workspace: 'params.workspaceId' } } as const;

  /** The contact's events are the user's to read when the contact is: in this workspace and among those they see. */
  async function checkContact(access: WorkspaceAccess, contactId: string): Promise<boolean> {
    const contact = await work.find(contactId);
    if (!contact || contact.workspaceId !== access.workspace.id) return false;
    if (!sees(access.visibility, contact)) throw forbidden(say('contactNotSeen', { id: contactId }));
    return true;
  }

  async function search(access: WorkspaceAccess, query: EventsSearchBody): Promise<EventsSearchResult> {
    if (query.from && query.to && new Date(query.from) > new Date(query.to)) {
      throw badField('from', say('fromAfterTo'));
    }
    if (!(await checkContact(access, query.contactId))) return { data: [], total: 0 };
    const { rows, total } = await events.search(access.workspace.id, query);
    return { data: rows, total };
  }

  app.route({
    ...eventsRoutes.search,
    config,
    handler: async (request): Promise<EventsSearchResult> => search(request.workspaceAccess as WorkspaceAccess, request.body as EventsSearchBody),
  });

  app.route({
    ...eventsRoutes.searchByQuery,
    config,
    handler: async (request): Promise<EventsSearchResult> => search(request.workspaceAccess as WorkspaceAccess, request.query as EventsSearchBody),
  });

  app.route({
    ...eventsRoutes.detail,
    config,
    handler: async (request): Promise<{ data: EventDetail }> => {
      const access = request.workspaceAccess as WorkspaceAccess;
      const { eventId } = request.params;
      const event = await events.find(access.workspace.id, eventId);
      if (!event || !(await checkContact(access, event.contactId))) throw notFound(say('eventNotFound', { id: eventId }));
      return { data: event };
    },
  });
}
