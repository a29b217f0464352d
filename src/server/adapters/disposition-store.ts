import type { SavedDisposition } from '@domain/api/embed';
import type { DispositionRepository, NewDisposition } from '../repositories/disposition-repository';

/**
 * The seam to wherever dispositions end up (a telephony platform's wrap-up API, a CRM). The embedded default keeps
 * them in the `dispositions` table, where GET /api/cntmng/disposition/{workspaceId}/saved reads them back.
 */
export interface DispositionStore {
  save(item: NewDisposition): Promise<SavedDisposition>;
  list(workspaceId: string, by: { contactId?: string; guid?: string }): Promise<SavedDisposition[]>;
}

export function tableDispositionStore(repo: DispositionRepository): DispositionStore {
  return {
    save: (item) => repo.insert(item),
    list: (workspaceId, by) => repo.list(workspaceId, by),
  };
}
