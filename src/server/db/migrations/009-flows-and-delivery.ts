import type { Migration } from './migration';

export const migration009FlowsAndDelivery: Migration = {
  // SMS delivery (issue 16): the outbox gains the dispatcher's statuses (queued → sending → sent | failed), attempts,
  // the next retry, the claim (who, when) and the provider's id; 'manual' messages come from the /sms screen.
  // File flows: a flow loads CSV files into one workspace; each file is an import; each row a reference, loaded,
  // skipped (already loaded) or rejected (with its reasons and cells, which make the rejected file).
  id: '009-flows-and-delivery',
  sql: `
ALTER TABLE sms_outbox DROP CONSTRAINT sms_outbox_status_check;
ALTER TABLE sms_outbox ADD CONSTRAINT sms_outbox_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed'));
ALTER TABLE sms_outbox DROP CONSTRAINT sms_outbox_trigger_check;
ALTER TABLE sms_outbox ADD CONSTRAINT sms_outbox_trigger_check CHECK (trigger IN ('state', 'action', 'manual'));
ALTER TABLE sms_outbox
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN claimed_at timestamptz,
  ADD COLUMN claimed_by text,
  ADD COLUMN provider_id text,
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN updated_at timestamptz;
CREATE INDEX sms_outbox_due ON sms_outbox (id) WHERE status = 'queued' AND channel = 'sms';
CREATE INDEX sms_outbox_sending ON sms_outbox (claimed_at) WHERE status = 'sending';
CREATE INDEX sms_outbox_workspace_status ON sms_outbox (workspace_id, status, created_at DESC, id DESC);

CREATE TABLE flows (
  id text PRIMARY KEY,
  name text NOT NULL,
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT true,
  failed boolean NOT NULL DEFAULT false,
  failure text,
  columns jsonb NOT NULL,
  mapping jsonb NOT NULL,
  reference_column text NOT NULL,
  delimiter text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text
);
CREATE INDEX flows_workspace ON flows (workspace_id);

CREATE TABLE flow_imports (
  id char(24) PRIMARY KEY,
  flow_id text NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
  file_name text NOT NULL,
  source text NOT NULL CHECK (source IN ('upload', 'folder', 'reload')),
  status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  rows_read integer NOT NULL DEFAULT 0,
  loaded integer NOT NULL DEFAULT 0,
  rejected integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  error text,
  reload_of char(24),
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  created_by text
);
CREATE INDEX flow_imports_flow ON flow_imports (flow_id, created_at DESC);
CREATE INDEX flow_imports_created ON flow_imports (created_at DESC, id DESC);

CREATE TABLE flow_rows (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  flow_id text NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
  import_id char(24) NOT NULL REFERENCES flow_imports(id) ON DELETE CASCADE,
  reference text NOT NULL,
  line integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('loaded', 'skipped', 'rejected')),
  contact_id char(24),
  reasons jsonb,
  cells jsonb,
  at timestamptz NOT NULL
);
CREATE UNIQUE INDEX flow_rows_loaded_reference ON flow_rows (flow_id, reference) WHERE outcome = 'loaded';
CREATE INDEX flow_rows_reference ON flow_rows (reference, at DESC);
CREATE INDEX flow_rows_import ON flow_rows (import_id, outcome, line);

CREATE TABLE flow_rejected_files (
  id char(24) PRIMARY KEY,
  flow_id text NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
  import_id char(24) NOT NULL UNIQUE REFERENCES flow_imports(id) ON DELETE CASCADE,
  name text NOT NULL,
  rows integer NOT NULL,
  created_at timestamptz NOT NULL,
  handled_at timestamptz,
  handled_by_import char(24)
);
CREATE INDEX flow_rejected_files_flow ON flow_rejected_files (flow_id, created_at DESC);
`,
};
