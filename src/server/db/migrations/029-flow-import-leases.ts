import type { Migration } from './migration';

/**
 * An import in progress belongs to the process running it, which says so with a lease (issue 16): `lease_owner`, the
 * process's own random id, and `lease_until`, renewed while it holds the import (queued or running). A process that
 * stops with the import unfinished — killed, crashed, the machine gone — leaves it queued or running with a lease that
 * runs out; any process of the app (the same one started again, or another on the same database and DATA_DIR) then
 * takes it over: the import fails as interrupted and its file, still in the flow's work folder, is imported again as a
 * new import, which skips the rows the first one loaded. Imports left unfinished before this migration have no lease:
 * they are taken over at once. Only unfinished imports are looked at, through a partial index.
 */
export const migration029FlowImportLeases: Migration = {
  id: '029-flow-import-leases',
  sql: `
ALTER TABLE flow_imports ADD COLUMN lease_owner text, ADD COLUMN lease_until timestamptz;
CREATE INDEX flow_imports_unfinished ON flow_imports (lease_until) WHERE status IN ('queued', 'running');
`,
};
