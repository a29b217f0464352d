import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { workspaceRoutes } from '@domain/api/workspace';
import { DEFAULT_SESSION_TIMEOUT_MS } from '@domain/constants';
import { forbidden, notFound } from '../http-error';
import { say, workspaceNamed } from '../server-messages';
import { requireAuth, unauthorized } from '../plugins/auth';
import { userAdminService } from '../services/users/user-admin-service';

/** Workspaces, data models and agent presence (spec 1 §7, spec 3 §7). */
export async function workspaceRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { sessions, workspaces, presence } = app.repos;
  const userAdmin = userAdminService({ db: app.db, repo: app.repos.userAdmin, workspaces, clock: app.clock });

  app.route({
    ...workspaceRoutes.userWorkspaces,
    // One's own workspaces: any session; another user's, for the assign-workspaces dialog: user administrators only.
    config: { access: { permission: 'setting', unlessSelf: 'query.userId' } },
    handler: async (request) => {
      const auth = requireAuth(request);
      const { userId } = request.query;
      if (!userId || userId === auth.user.id) return { data: await workspaces.listFor(auth.user) };
      return { data: await userAdmin.userWorkspaces(auth, userId) };
    },
  });

  app.route({
    ...workspaceRoutes.userWorkspace,
    config: { access: { signedIn: true } },
    handler: async (request) => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      const document = await workspaces.findDocument(id);
      if (!document) throw notFound(say('workspaceNotFound', { id }));
      if (!(await workspaces.canOpen(user, id))) throw forbidden(say('workspaceNotEnabled', { workspace: workspaceNamed(document) }));
      return { data: document };
    },
  });

  app.route({
    ...workspaceRoutes.dataModel,
    config: { access: { signedIn: true } },
    handler: async (request) => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      const model = await workspaces.findDataModel(id);
      if (!model) throw notFound(say('dataModelNotFound', { id }));
      if (!(await workspaces.canOpenDataModel(user, id))) throw forbidden(say('dataModelNotYours', { id }));
      return { data: model };
    },
  });

  app.route({
    ...workspaceRoutes.agentSignin,
    config: { access: { signedIn: true } },
    handler: async (request) => {
      const { user, session } = requireAuth(request);
      const { agentId, workspaceId } = request.body;
      const workspace = await workspaces.findDocument(workspaceId);
      if (!workspace) throw notFound(say('workspaceNotFound', { id: workspaceId }));
      if (!(await workspaces.canOpen(user, workspaceId))) throw forbidden(say('workspaceNotEnabled', { workspace: workspaceNamed(workspace) }));
      const at = new Date(app.clock());
      const timeoutMs = typeof workspace.sessionTimeout === 'number' ? workspace.sessionTimeout : DEFAULT_SESSION_TIMEOUT_MS;
      const bound = await sessions.bindWorkspace(session.id, workspaceId, timeoutMs, at);
      if (!bound) throw unauthorized();
      await presence.signin(user.id, agentId, workspaceId, at);
      return {
        data: { agentId, workspaceId, signedInAt: at.getTime(), sessionStart: bound.renewedAt.getTime(), sessionTimeout: bound.timeoutMs },
      };
    },
  });

  app.route({
    ...workspaceRoutes.heartbeat,
    config: { access: { signedIn: true } },
    handler: async (request) => {
      const { user, session } = requireAuth(request);
      const at = app.clock();
      await presence.heartbeat(user.id, session.workspaceId, new Date(at));
      return { data: { at, sessionStart: session.renewedAt.getTime(), sessionTimeout: session.timeoutMs } };
    },
  });
}
