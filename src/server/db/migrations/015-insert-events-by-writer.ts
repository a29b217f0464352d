import type { Migration } from './migration';

/**
 * A writer that inserts many contacts at once may write their insert events itself, in the same statement (a flow's
 * import: each event names the file, the flow and the line, which the row trigger cannot know). It says so with the
 * transaction-local setting `contact_manager.insert_events` = 'written'; the row trigger of 007 is then not fired at
 * all (its WHEN is false, so nothing is queued per row). Every other writer is unchanged: without the setting the
 * trigger writes the insert or clone event as before.
 */
export const migration015InsertEventsByWriter: Migration = {
  id: '015-insert-events-by-writer',
  sql: `
DROP TRIGGER contacts_events_on_insert ON contacts;
CREATE TRIGGER contacts_events_on_insert AFTER INSERT ON contacts FOR EACH ROW
  WHEN (current_setting('contact_manager.insert_events', true) IS DISTINCT FROM 'written')
  EXECUTE FUNCTION contact_events_on_insert();
`,
};
