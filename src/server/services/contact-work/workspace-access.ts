import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DataModel } from '@domain/generated/data-model';
import type { PermissionContext, PermissionName } from '@domain/permissions';
import { can } from '@translator/can';
import { badField, forbidden, notFound } from '../../http-error';
import { anyOf, say, workspaceNamed } from '../../server-messages';
import { permissionContext, requireAuth, workspaceRules, type AuthContext } from '../../plugins/auth';
import { visibilityFor, type ContactRepository } from '../../repositories/contact-repository';
import type { Visibility } from '../../repositories/contact-query';
import type { WorkspaceDocument } from '../../repositories/workspace-repository';

/**
 * What every contact-list route checks before it works: a session, the workspace the call names (not the one the
 * session happens to be bound to), that the user may open it, and the translator's json-logic rule for the
 * permission, evaluated with that workspace and, where there is one, the contact.
 */
export interface WorkspaceAccess {
  auth: AuthContext;
  workspace: WorkspaceDocument;
  model: DataModel;
  visibility: Visibility;
  /** The contact the rules were evaluated with, if any. */
  contactId?: string;
  /** The same rules the browser evaluates, in this workspace. */
  allows(permission: PermissionName, extra?: Omit<PermissionContext, 'user' | 'workspace'>): boolean;
}


export async function workspaceAccess(
  app: FastifyInstance,
  contacts: ContactRepository,
  request: FastifyRequest,
  workspaceId: string,
  permissions: PermissionName | readonly PermissionName[],
  contact?: Record<string, unknown> | null,
): Promise<WorkspaceAccess> {
  const wanted = typeof permissions === 'string' ? [permissions] : permissions;
  // The route's declared access already checked this workspace (without a contact): its rules answer again.
  const prior = request.workspaceAccess as WorkspaceAccess | null;
  if (prior && prior.workspace.id === workspaceId && prior.contactId === undefined && !contact) {
    if (!wanted.some((permission) => prior.allows(permission))) throw forbidden(say('missingPermission', { permissions: anyOf(wanted) }));
    return prior;
  }
  const auth = requireAuth(request);
  // The session's own workspace was read by authenticate in this very request: no second read. Another is stamped
  // (versions and canOpen, one statement) and its documents come from the repository's cache when unchanged.
  const { workspaces } = app.repos;
  const own = auth.workspace?.id === workspaceId && auth.workspaceStamp?.id === workspaceId ? auth.workspaceStamp : undefined;
  const stamp = own ?? (await workspaces.stamp(auth.user, workspaceId));
  const workspace = own ? auth.workspace : stamp && (await workspaces.documentAt(stamp));
  if (!stamp || !workspace) throw notFound(say('workspaceNotFound', { id: workspaceId }));
  if (!stamp.open) throw forbidden(say('workspaceNotEnabled', { workspace: workspaceNamed(workspace) }));
  const rules = workspaceRules(workspace);
  const scoped: AuthContext = { ...auth, workspace };
  const allows = (permission: PermissionName, extra: Omit<PermissionContext, 'user' | 'workspace'> = {}) =>
    can(rules[permission], permissionContext(scoped, { contact: contact ?? null, ...extra }));
  if (!wanted.some((permission) => allows(permission))) throw forbidden(say('missingPermission', { permissions: anyOf(wanted) }));
  const dataModelId = typeof workspace.dataModelId === 'string' ? workspace.dataModelId : '';
  const model = await workspaces.dataModelAt(stamp, dataModelId);
  if (!model) throw notFound(say('dataModelNotFound', { id: dataModelId }));
  const visibility = await visibilityFor(contacts, auth.user, workspace);
  return { auth, workspace, model, visibility, allows, ...(contact && typeof contact.id === 'string' ? { contactId: contact.id } : {}) };
}

/** Per database, the time zones it has answered for: it keeps knowing them (the KPI strip polls with the same one). */
const knownTimezones = new WeakMap<object, Set<string>>();

/** A timezone PostgreSQL knows, or 400 naming the field. */
export async function checkTimezone(app: FastifyInstance, timezone: string, field = 'timezone'): Promise<void> {
  let known = knownTimezones.get(app.db);
  if (!known) knownTimezones.set(app.db, (known = new Set()));
  if (known.has(timezone)) return;
  try {
    await app.db.query('SELECT now() AT TIME ZONE $1', [timezone]);
    // Bounded: only names PostgreSQL accepted (a few hundred exist, and their offsets), never what a caller made up.
    if (known.size < 2_000) known.add(timezone);
  } catch {
    throw badField(field, say('unknownTimezone', { field, timezone }));
  }
}
