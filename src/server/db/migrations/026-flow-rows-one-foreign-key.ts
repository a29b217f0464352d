import type { Migration } from './migration';

/**
 * A flow's import of a large file (issue 16): every row a file writes to flow_rows checked two foreign keys, its flow
 * (flows) and its import (flow_imports), one lookup each per row, though the import names its flow already. One
 * composite key to the import and its flow, (flow_id, import_id) -> flow_imports (flow_id, id), makes one lookup of
 * the two: the import exists, and it is an import of that flow, which references flows itself. It is stricter than
 * the two it replaces (a row can no longer name a flow other than its import's; every writer names the import's own).
 * Deleting a flow still deletes its rows: the flow's imports go with it (ON DELETE CASCADE), their rows with them.
 * flow_imports gets the unique (flow_id, id) the key needs; its primary key stays on id.
 */
export const migration026FlowRowsOneForeignKey: Migration = {
  id: '026-flow-rows-one-foreign-key',
  sql: `
ALTER TABLE flow_imports ADD CONSTRAINT flow_imports_flow_id_id_key UNIQUE (flow_id, id);
ALTER TABLE flow_rows ADD CONSTRAINT flow_rows_import_fkey FOREIGN KEY (flow_id, import_id) REFERENCES flow_imports (flow_id, id) ON DELETE CASCADE;
ALTER TABLE flow_rows DROP CONSTRAINT flow_rows_flow_id_fkey;
ALTER TABLE flow_rows DROP CONSTRAINT flow_rows_import_id_fkey;
`,
};
