import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { checkDispositionChoice, dispositionTreeFor, embedRoutes, type DispositionBody, type DispositionLevel, type DispositionRefusal } from '@domain/api/embed';
import type { DispositionConfig } from '@domain/generated/workspace';
import { tableDispositionStore, type DispositionStore } from '../adapters/disposition-store';
import { badField, forbidden, notFound } from '../http-error';
import { say, type Said } from '../server-messages';
import { workspaceAccess, type WorkspaceAccess } from '../services/contact-work/workspace-access';
import { declaredAccess } from '../services/contact-work/contact-access';
import { sees } from '../services/contact-work/contact-visibility';

/** A refused disposition choice, said in the caller's language. */
function dispositionRefusal(level: DispositionLevel, refusal: DispositionRefusal): Said {
  switch (refusal.code) {
    case 'notOffered': return say('dispositionNotOffered', { level, value: refusal.value });
    case 'required': return say('valueRequired', { field: level });
    case 'requiredUnder': return say('dispositionRequiredUnder', { level, parent: refusal.parent });
    case 'unknown': return say('dispositionUnknown', { level, value: refusal.value });
  }
}

const configOf = (access: WorkspaceAccess): DispositionConfig => {
  const config = (access.workspace as { dispositionConfig?: DispositionConfig }).dispositionConfig;
  if (!config?.levels?.length) throw notFound(say('noDispositionTree', { id: access.workspace.id }));
  return config;
};

/**
 * The disposition dialog's calls (spec 2 §2.7, §7): the tree per campaign, the save (checked against the same tree
 * the dialog showed) and the read-back. Anyone who may show contacts in the workspace may set a disposition.
 */
export async function dispositionRoutesPlugin(fastify: FastifyInstance, options: { store?: DispositionStore } = {}): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const contacts = app.repos.contacts;
  const store = options.store ?? tableDispositionStore(app.repos.dispositions);

  app.route({
    ...embedRoutes.dispositionTree,
    config: { access: { permission: 'show', workspace: 'params.workspaceId' } },
    handler: async (request) => {
      const access = declaredAccess(request);
      return { data: dispositionTreeFor(configOf(access), request.query.campaign) };
    },
  });

  app.route({
    ...embedRoutes.saveDisposition,
    config: { access: { permission: 'show', workspace: 'params.workspaceId' } },
    handler: async (request) => {
      const { workspaceId } = request.params;
      const body = request.body as DispositionBody;
      const contact = body.contactId ? await contacts.findById(body.contactId) : null;
      if (body.contactId && (!contact || contact.workspaceId !== workspaceId)) throw notFound(say('contactNotFoundInWorkspace', { id: body.contactId, workspace: workspaceId }));
      const access = await workspaceAccess(app, contacts, request, workspaceId, 'show', contact);
      if (contact && !sees(access.visibility, contact)) throw forbidden(say('contactNotSeen', { id: contact.id }));
      const tree = dispositionTreeFor(configOf(access), body.campaign);
      const checked = checkDispositionChoice(tree.levels, body);
      if (!checked.ok) throw badField(checked.level, dispositionRefusal(checked.level, checked.refusal));
      const [n1, n2, n3] = checked.path;
      const saved = await store.save({
        workspaceId,
        contactId: contact?.id ?? null,
        campaign: body.campaign,
        agent: body.agent ?? '',
        guid: body.guid ?? '',
        callerid: body.callerid ?? '',
        l1: n1.value,
        l2: n2?.value ?? null,
        l3: n3?.value ?? null,
        labels: checked.path.map((node) => node.label),
        comment: body.comment ?? '',
        createdBy: access.auth.user.id,
        at: new Date(app.clock()),
      });
      request.log.info({ disposition: saved.id, workspaceId, contactId: saved.contactId }, 'disposition saved');
      return { data: saved };
    },
  });

  app.route({
    ...embedRoutes.savedDispositions,
    config: { access: { permission: 'show', workspace: 'params.workspaceId' } },
    handler: async (request) => {
      const { workspaceId } = request.params;
      const { contactId, guid } = request.query;
      if (!contactId && !guid) throw badField('contactId', say('contactOrGuidRequired'));
      const contact = contactId ? await contacts.findById(contactId) : null;
      if (contactId && (!contact || contact.workspaceId !== workspaceId)) throw notFound(say('contactNotFoundInWorkspace', { id: contactId, workspace: workspaceId }));
      const access = await workspaceAccess(app, contacts, request, workspaceId, 'show', contact);
      if (contact && !sees(access.visibility, contact)) throw forbidden(say('contactNotSeen', { id: contact.id }));
      const saved = await store.list(workspaceId, { contactId, guid });
      // By call guid alone there is no contact to check: someone who does not see every contact reads only their own.
      const mine = (item: { createdBy: string }) => access.visibility.all || contact !== null || item.createdBy === access.auth.user.id;
      return { data: saved.filter(mine) };
    },
  });
}
