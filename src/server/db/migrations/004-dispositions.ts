import type { Migration } from './migration';

export const migration004Dispositions: Migration = {
  // Dispositions of embedded calls (spec 2 §2.7): what the agent chose at the end of a call, with the call's data.
  id: '004-dispositions',
  sql: `
CREATE TABLE dispositions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  contact_id char(24) REFERENCES contacts(id) ON DELETE SET NULL,
  campaign text NOT NULL,
  agent text NOT NULL,
  guid text NOT NULL,
  callerid text NOT NULL,
  l1 text NOT NULL,
  l2 text,
  l3 text,
  labels jsonb NOT NULL,
  comment text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX dispositions_contact ON dispositions (workspace_id, contact_id, created_at DESC);
CREATE INDEX dispositions_guid ON dispositions (workspace_id, guid, created_at DESC);
`,
};
