import type { Migration } from './migration';

/**
 * A reload marks its rejected file handled only once every row that file rejected is loaded; otherwise it keeps how
 * many are still missing, which its summary says (FlowImport.stillMissing). Reloads done before this migration have
 * none.
 */
export const migration032FlowReloadMissing: Migration = {
  id: '032-flow-reload-missing',
  sql: `
ALTER TABLE flow_imports ADD COLUMN still_missing integer;
`,
};
