/**
 * The report templates a workspace's customReportConfig may name (spec 3 §2 Custom reports, §3). The SQL of each is
 * the server's (src/server/services/reports/report-templates.ts); this list is what the workspace validator, the
 * server and the screen agree on: the names, the columns each answers, and the filters each accepts.
 * A templateName ending in `_fake` names no template: the entry is hidden.
 */
export interface ReportTemplateInfo {
  /** The columns of every row, in order (the CSV header). */
  columns: readonly string[];
  /** Which extra filters and the team filter the template applies. */
  filters: { contactProp: boolean; refProp: boolean; teams: boolean };
}

export const REPORT_TEMPLATES = {
  /** Per day: contacts that reached each state, with the outcome they had then. */
  contacts_by_state_outcome_day: { columns: ['day', 'state', 'outcome', 'contacts'], filters: { contactProp: true, refProp: true, teams: true } },
  /** Per day and agent: takes, releases, state changes, saves and edits, closes. */
  agent_productivity_day: { columns: ['day', 'agentId', 'username', 'taken', 'released', 'stateChanges', 'saves', 'closed'], filters: { contactProp: false, refProp: false, teams: true } },
  /** Every event of the period, oldest first. */
  contact_events_export: { columns: ['eventId', 'at', 'type', 'state', 'previousState', 'outcome', 'contactId', 'agentId', 'notes'], filters: { contactProp: true, refProp: true, teams: true } },
  /** Per day: messages written to the outbox, by channel, configuration and status. */
  outbox_sent_day: { columns: ['day', 'channel', 'configId', 'status', 'messages'], filters: { contactProp: true, refProp: true, teams: true } },
  /** Per day and team (of the contact's agent): contacts created and closed. */
  contacts_created_closed_team: { columns: ['day', 'teamId', 'team', 'created', 'closed'], filters: { contactProp: false, refProp: false, teams: true } },
} as const satisfies Record<string, ReportTemplateInfo>;

export type ReportTemplateName = keyof typeof REPORT_TEMPLATES;
export const REPORT_TEMPLATE_NAMES = Object.keys(REPORT_TEMPLATES) as ReportTemplateName[];

export const isReportTemplate = (name: unknown): name is ReportTemplateName => typeof name === 'string' && Object.hasOwn(REPORT_TEMPLATES, name);

/** Entries named `…_fake` (or naming no template at all) are never listed nor run. */
export const isHiddenReport = (report: { templateName?: string }): boolean => !report.templateName || report.templateName.endsWith('_fake');
