import type { ApiClient } from '@api-client/api-client';

/** The narrow seam through which the contact screens reach the server (tests fake just this). */
export interface ContactWorkApi {
  contactWork: ApiClient['contactWork'];
  address: ApiClient['address'];
  contacts: Pick<ApiClient['contacts'], 'enumValues' | 'enumSection'>;
  auth: Pick<ApiClient['auth'], 'users'>;
}
