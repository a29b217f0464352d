import type { Migration } from './migration';

/**
 * A flow's import of a large file (issue 16): since 017 every insert event of an imported contact fired the
 * state_arrivals row trigger, two statements per event (an INSERT looking up the contact's arrival before it, an
 * UPDATE looking for one after it). For a contact the import has just created both lookups find nothing: its arrival
 * in the entry state has no previous_at and no later arrival. The import writes those rows itself, set-based, in the
 * statement that writes the events (as 015 lets it write the events), and says so with the transaction-local setting
 * `contact_manager.state_arrivals` = 'written'; the trigger is then not fired at all. Every other writer is
 * unchanged: without the setting the trigger keeps state_arrivals as before.
 * The same statement adds those arrivals to their 15-minute slots (state_arrival_slots, 018): all are lone.
 *
 * flow_rows_import (009) indexed every row of a file by (import_id, outcome, line), and one query reads it: an
 * import's rejected rows in file order (flowRepository.rejectedRows, the rejected file). It becomes a partial index
 * of the rejected rows only, which serves that query the same way (EXPLAIN: an index scan on import_id, already in
 * line order), so the loaded rows, nearly all of a file, no longer maintain it. No other query reads flow_rows by
 * import, and imports are never deleted (a cascade from flow_imports would scan flow_rows).
 */
export const migration019ImportWritesStateArrivals: Migration = {
  id: '019-import-writes-state-arrivals',
  sql: `
DROP TRIGGER contact_events_state_arrivals ON contact_events;
CREATE TRIGGER contact_events_state_arrivals AFTER INSERT ON contact_events FOR EACH ROW
  WHEN (NEW.previous_state IS DISTINCT FROM NEW.state AND NEW.state IS NOT NULL
    AND current_setting('contact_manager.state_arrivals', true) IS DISTINCT FROM 'written')
  EXECUTE FUNCTION state_arrivals_on_event();

DROP INDEX flow_rows_import;
CREATE INDEX flow_rows_import_rejected ON flow_rows (import_id, line, id) WHERE outcome = 'rejected';
`,
};
