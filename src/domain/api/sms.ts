import type { FromSchema } from 'json-schema-to-ts';
import { envelope, errorResponses, noQuery } from './common';
import { outboxMessageSchema } from './contact-work';

/**
 * The /sms screen (spec 3 §2, §4, §5, §7): a templated SMS built from the fields of a workspace, and whether it can be
 * delivered. A message is written to the outbox as `queued`; the dispatcher (when a gateway is configured) delivers
 * it: queued → sending → sent | failed. The outbox itself is GET /api/cntmng/outbox (status filter included).
 */

export const smsParamsSchema = {
  type: 'object',
  required: ['workspaceId'],
  properties: { workspaceId: { type: 'string', minLength: 1, maxLength: 100 } },
  additionalProperties: false,
} as const;

export const smsSendBodySchema = {
  type: 'object',
  required: ['templateId', 'values'],
  properties: {
    /** One of the workspace's smsConfigs ids. */
    templateId: { type: 'string', minLength: 1, maxLength: 200 },
    /**
     * Field name -> value, checked against the translator's SMS form of the workspace (the first group's fields
     * required, each field's dataRegex, types and enum values): 400 with one error per field, `/values/<field>`.
     */
    values: { type: 'object', additionalProperties: true, maxProperties: 1000 },
  },
  additionalProperties: false,
} as const;
export type SmsSendBody = FromSchema<typeof smsSendBodySchema>;

export const smsDeliveryStatusSchema = {
  type: 'object',
  required: ['gatewayConfigured', 'target', 'counts'],
  properties: {
    /** False: no SMS gateway is configured on the server, so messages stay queued until one is. */
    gatewayConfigured: { type: 'boolean' },
    /** Where messages go (the gateway's origin and path), or null. */
    target: { type: ['string', 'null'] },
    /** SMS of the workspace's outbox by status. */
    counts: {
      type: 'object',
      required: ['queued', 'sending', 'sent', 'failed'],
      properties: { queued: { type: 'integer' }, sending: { type: 'integer' }, sent: { type: 'integer' }, failed: { type: 'integer' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;
export type SmsDeliveryStatus = FromSchema<typeof smsDeliveryStatusSchema>;

const tags = ['sms'] as const;

export const smsRoutes = {
  send: {
    method: 'POST',
    url: '/api/cntmng/sms/:workspaceId',
    schema: {
      summary: "Queues a templated SMS: the template's ${field} placeholders filled with `values`; answers the queued message.",
      description:
        "Permission 'sms' in the workspace. The values are checked against the translator's SMS form (400, one error per field, " +
        "`field` = /values/<name>). The recipient is the template's phoneField value. The message is written as `queued`; the " +
        'dispatcher delivers it when a gateway is configured (GET /api/cntmng/sms/{workspaceId}/delivery says whether one is).',
      tags,
      params: smsParamsSchema,
      body: smsSendBodySchema,
      querystring: noQuery,
      response: { 200: envelope(outboxMessageSchema), ...errorResponses(400, 401, 403, 404, 422) },
    },
  },
  delivery: {
    method: 'GET',
    url: '/api/cntmng/sms/:workspaceId/delivery',
    schema: {
      summary: "Whether SMS are delivered (a gateway is configured) and the workspace's SMS by status.",
      tags,
      params: smsParamsSchema,
      querystring: noQuery,
      response: { 200: envelope(smsDeliveryStatusSchema), ...errorResponses(400, 401, 403, 404) },
    },
  },
} as const;
