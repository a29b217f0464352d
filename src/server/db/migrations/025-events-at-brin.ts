import type { Migration } from './migration';

/**
 * The report CSV of the events (issue 15, template contact_events_export: a period's events ORDER BY at, id) read
 * all of contact_events to keep a few days: at 10,000,000 events, a sequential scan of 1.4 GB before its first row.
 *
 * The app writes each event at its own time, so the table is in time order (ids and pages grow with `at`). A BRIN
 * index on `at` keeps each range of 128 pages' lowest and highest time: a period reads only its own pages (measured,
 * 949,000 rows of 10,000,000: 18,000 pages of 183,000). It is 64 KB at that size, and writing an event touches it
 * only when the event extends its range's summary, so the events' write rate (a file import's, issue 16) keeps.
 * A btree on (workspace_id, at, id), which would also give the order, weighed 474 MB and an entry per event.
 *
 * autosummarize: a range is summarized as soon as the inserts have moved past it (an autovacuum work item), rather
 * than at the next VACUUM; until then its pages are read as possible matches (never a wrong answer, only more pages).
 * An event written with a clock behind widens its range's summary: correct, a little less selective.
 */
export const migration025EventsAtBrin: Migration = {
  id: '025-events-at-brin',
  sql: `
CREATE INDEX contact_events_at_brin ON contact_events USING brin (at) WITH (autosummarize = on);
`,
};
