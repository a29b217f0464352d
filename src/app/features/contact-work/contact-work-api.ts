import type { ApiClient } from '@api-client/api-client';

/** The narrow seam through which the contact screens reach the server (tests fake just this). */
export interface ContactWorkApi {
  contactWork: ApiClient['contactWork'];
  address: ApiClient['address'];
  /** `take`: the contact screen takes a contact whose save was refused because it is no longer the user's. */
  contacts: Pick<ApiClient['contacts'], 'enumValues' | 'enumSection' | 'take'>;
  auth: Pick<ApiClient['auth'], 'users'>;
}
