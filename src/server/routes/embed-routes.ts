import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { ContactFilter, ContactRow } from '@domain/api/contacts';
import { SEARCH_REF_LIMIT, embedRoutes, type SearchRefBody } from '@domain/api/embed';
import { badField } from '../http-error';
import { say } from '../server-messages';
import { workspaceAccess } from '../services/contact-work/workspace-access';

/** Where the host page lives (src/server/public); PUBLIC_DIR moves it, like ADDRESS_DATA_DIR for the address data. */
export const PUBLIC_DIR = resolve(process.env.PUBLIC_DIR ?? './src/server/public');
export const EMBED_HOST_PATH = '/embed-host.html';

/**
 * The forms a caller id arrives in: as typed, and without or with the Italian prefix (+39 / 0039), so a host that
 * sends +393331234567 finds the contact stored as 3331234567 and the other way round.
 */
export function callerIdVariants(value: string): string[] {
  const trimmed = value.trim().replace(/[\s./-]/g, '');
  const national = trimmed.replace(/^(\+39|0039)/, '');
  return [...new Set([value, trimmed, national, `+39${national}`].filter((item) => item !== ''))];
}

/** The caller-id lookup (spec 2 §2.10, §7) and the host page for integrators. */
export async function embedRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const contacts = app.repos.contacts;
  const events = app.repos.events;

  app.route({
    ...embedRoutes.searchRef,
    config: { access: { signedIn: true } },
    handler: async (request) => {
      const body = request.body as SearchRefBody;
      if (body.createdFrom && body.createdTo && new Date(body.createdFrom) > new Date(body.createdTo)) {
        throw badField('createdFrom', say('createdFromAfterTo'));
      }
      const found: ContactRow[] = [];
      let total = 0;
      for (const workspaceId of body.workspaceIds) {
        // Each workspace with its own rules: the user must be able to list it, and sees what the list would show.
        const access = await workspaceAccess(app, contacts, request, workspaceId, 'list');
        const ref = body.ref ?? access.model.modelContactProperty;
        if (!ref || !Object.prototype.hasOwnProperty.call(access.model.model ?? {}, ref)) {
          throw badField('ref', say('refNotAnInput', { ref: ref ?? '', workspace: workspaceId }));
        }
        const filter: ContactFilter = {
          page: 0,
          length: SEARCH_REF_LIMIT,
          sort: 'createdAt',
          order: 'desc',
          includeSuspended: true,
          dataModelFilters: { inputs: { [ref]: callerIdVariants(body.refValue) } },
          ...(body.createdFrom ? { createdFrom: body.createdFrom } : {}),
          ...(body.createdTo ? { createdTo: body.createdTo } : {}),
        };
        const { rows, total: count } = await contacts.search(filter, { workspaceId: access.workspace.id, model: access.model, enumConfig: access.workspace.enumConfig, visibility: access.visibility });
        found.push(...rows);
        total += count;
      }
      found.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const answered = found.slice(0, SEARCH_REF_LIMIT);
      // Each contact the caller id found is told so in its events: who looked it up, for which call.
      const at = new Date(app.clock());
      const userId = request.auth?.user.id ?? null;
      for (const contact of answered) {
        await events.record({ contactId: contact.id, type: 'callerid-lookup', userId, at, notes: body.refValue, extraData: { callerid: body.refValue, ref: body.ref ?? null, matches: total } });
      }
      return { data: answered, total };
    },
  });

  // Not part of the API document: a page for people trying the integration (README, "Embedding in a telephony host").
  let hostPage: string | null = null;
  app.get(EMBED_HOST_PATH, { schema: { hide: true } }, async (_request, reply) => {
    hostPage ??= await readFile(resolve(PUBLIC_DIR, 'embed-host.html'), 'utf8');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(hostPage);
  });
}
