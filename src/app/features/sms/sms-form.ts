import type { RendererServices } from '@renderers/form-context';
import type { ApiClient } from '@api-client/api-client';
import { loadFieldEnum, lookupAddress } from '../../ui/renderer-services';

/**
 * The renderer services of the SMS form: remote enum values of the workspace (a failed load gives one empty option,
 * spec 3 §8) and address lookups; nothing is uploaded.
 */
export const smsRendererServices = (api: ApiClient, workspaceId: string): RendererServices => ({
  loadEnum: (request) => loadFieldEnum(api, workspaceId, request),
  lookupAddress: (part, query, context) => lookupAddress(api, part, query, context),
  async uploadFile() {
    throw new Error('An SMS carries no files');
  },
});
