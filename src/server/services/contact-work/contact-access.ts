import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContactRow } from '@domain/api/contacts';
import type { PermissionName } from '@domain/permissions';
import { forbidden, notFound, unprocessable } from '../../http-error';
import { anyOf, say } from '../../server-messages';
import { permissionContext } from '../../plugins/auth';
import { permissionsOf, requireRoleRule, type ScopedAccess, type ScopedAccessResolver } from '../../plugins/route-access';
import type { ContactRepository } from '../../repositories/contact-repository';
import type { ContactWorkRepository } from '../../repositories/contact-work-repository';
import { mayAskToTake, sees } from './contact-visibility';
import { WORKSPACE_OFFERS } from './workspace-offers';
import { workspaceAccess, type WorkspaceAccess } from './workspace-access';

/**
 * One contact and the right to work it: it exists (404), its workspace is open to the user and one of
 * `permissions` holds there with the contact in the rule's context (403), and the user sees it (403).
 */
export async function contactAccess(
  app: FastifyInstance,
  contacts: ContactRepository,
  work: ContactWorkRepository,
  request: FastifyRequest,
  id: string,
  permissions: PermissionName | readonly PermissionName[],
): Promise<{ access: WorkspaceAccess; contact: ContactRow }> {
  const wanted = typeof permissions === 'string' ? [permissions] : permissions;
  // The route's declared access already loaded and checked this contact: its rules answer again.
  const prior = request.workspaceAccess as WorkspaceAccess | null;
  const priorContact = request.contact as ContactRow | null;
  if (prior && priorContact && priorContact.id === id && prior.contactId === id) {
    if (!wanted.some((permission) => prior.allows(permission))) throw forbidden(say('missingPermission', { permissions: anyOf(wanted) }));
    return { access: prior, contact: priorContact };
  }
  const contact = await work.find(id);
  if (!contact) throw notFound(say('contactNotFound', { id }));
  const access = await workspaceAccess(app, contacts, request, contact.workspaceId, permissions, contact);
  const visible = wanted.length === 1 && wanted[0] === 'take' ? mayAskToTake(access.visibility, contact) : sees(access.visibility, contact);
  if (!visible) throw forbidden(say('contactNotSeen', { id }));
  return { access, contact };
}

/**
 * One contact and the right to change it (save, attach or delete a file): `contactAccess` for show or edit, then the
 * translator's `write` rule with the contact in the context: the contact is the caller's own, or the caller's role
 * may act on others' contacts (`workOthers`) with the workspace's edit view (403 otherwise).
 */
export async function contactWriteAccess(
  app: FastifyInstance,
  contacts: ContactRepository,
  work: ContactWorkRepository,
  request: FastifyRequest,
  id: string,
): Promise<{ access: WorkspaceAccess; contact: ContactRow }> {
  const checked = await contactAccess(app, contacts, work, request, id, ['show', 'edit']);
  const { access, contact } = checked;
  if (!access.allows('write')) {
    const me = access.auth.user.id;
    if (contact.agentId === me) throw forbidden(say('missingPermission', { permissions: 'write' }));
    throw forbidden(say(contact.agentId === null ? 'contactNotAssignedToYou' : 'contactAssignedToOther', { id }));
  }
  return checked;
}

/** What the route's declared `{ permission, workspace | contact }` access checked: the handler works with it, no second check. */
export function declaredAccess(request: FastifyRequest): WorkspaceAccess {
  const access = request.workspaceAccess as WorkspaceAccess | null;
  if (!access) throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} declares no workspace or contact access`);
  return access;
}

/** The contact the route's declared `{ permission, contact }` access checked, and its workspace access. */
export function declaredContact(request: FastifyRequest): { access: WorkspaceAccess; contact: ContactRow } {
  const access = declaredAccess(request);
  const contact = request.contact as ContactRow | null;
  if (!contact) throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} declares no contact access`);
  return { access, contact };
}

/**
 * After the workspace (and contact) passed the first permissions: the offer (422 when the workspace does not offer
 * the action, then the declared permission, 403) and the role-only rule (403), in that workspace.
 */
function finishDeclared(access: WorkspaceAccess, declared: ScopedAccess): void {
  if (declared.offer) {
    const refusal = WORKSPACE_OFFERS[declared.offer].refusal(access.workspace);
    if (refusal) throw unprocessable(refusal);
    const permissions = permissionsOf(declared);
    if (!permissions.some((permission) => access.allows(permission))) throw forbidden(say('missingPermission', { permissions: anyOf(permissions) }));
  }
  if (declared.rule) requireRoleRule(declared.rule, permissionContext({ ...access.auth, workspace: access.workspace }));
}

/** The permissions asked first: the offer's, when the declaration names one, else the declared ones. */
const firstPermissions = (declared: ScopedAccess): readonly PermissionName[] => (declared.offer ? WORKSPACE_OFFERS[declared.offer].seenWith : permissionsOf(declared));

/** What a route's `{ permission, workspace | contact }` access declaration checks (plugins/route-access.ts). */
export function scopedAccessResolver(app: FastifyInstance): ScopedAccessResolver {
  const contacts = app.repos.contacts;
  const work = app.repos.contactWork;
  return {
    async workspace(request, workspaceId, declared) {
      const access = await workspaceAccess(app, contacts, request, workspaceId, firstPermissions(declared));
      finishDeclared(access, declared);
      request.workspaceAccess = access;
    },
    async contact(request, contactId, declared) {
      const permissions = firstPermissions(declared);
      const checked = permissions.length === 1 && permissions[0] === 'write'
        ? await contactWriteAccess(app, contacts, work, request, contactId)
        : await contactAccess(app, contacts, work, request, contactId, permissions);
      finishDeclared(checked.access, declared);
      request.workspaceAccess = checked.access;
      request.contact = checked.contact;
    },
  };
}
