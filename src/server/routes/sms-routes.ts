import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { OutboxMessage } from '@domain/api/contact-work';
import { smsRoutes, type SmsDeliveryStatus } from '@domain/api/sms';
import { queueManualSms } from '../services/sms/manual-sms';
import type { WorkspaceAccess } from '../services/contact-work/workspace-access';

/** The /sms screen's calls (spec 3 §2, §4, §5, §7): send a templated SMS, and whether SMS are being delivered. */
export async function smsRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const config = { access: { permission: 'sms', workspace: 'params.workspaceId' } } as const;

  app.route({
    ...smsRoutes.send,
    config,
    handler: async (request): Promise<{ data: OutboxMessage }> => {
      const access = request.workspaceAccess as WorkspaceAccess;
      const message = await app.db.transaction((tx) => queueManualSms(tx, access, request.body, new Date(app.clock())));
      app.smsDispatcher?.wake();
      return { data: message };
    },
  });

  app.route({
    ...smsRoutes.delivery,
    config,
    handler: async (request): Promise<{ data: SmsDeliveryStatus }> => {
      const access = request.workspaceAccess as WorkspaceAccess;
      return {
        data: {
          gatewayConfigured: app.smsDispatcher !== null,
          target: app.smsDispatcher?.target ?? null,
          counts: await app.repos.smsDelivery.counts(access.workspace.id),
        },
      };
    },
  });
}
