/**
 * The layout of the user-administration pieces /setting and /workspaceconfig share (admin tables and pager,
 * organisation filters, profiling tables, status dots), as a style element each screen renders.
 */
/** The organisation filters (OrgFilterBar): each label above its picker, the pickers side by side. */
export const ORG_FILTER_CSS = `
.cm-org-filter { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.cm-multipick { display: inline-flex; flex-direction: column; gap: 2px; font-size: 12px; }
.cm-multipick__label { color: #5f6b7c; }
`;

export const ADMIN_CSS = `${ORG_FILTER_CSS}
.cm-status-dot { display: inline-block; width: 12px; height: 12px; border-radius: 50%; background: #238551; vertical-align: middle; }
.cm-status-dot--tmp-psw { background: #c87619; }
.cm-status-dot--disabled { background: #cd4246; }
.cm-row-actions { display: inline-flex; gap: 2px; }
.cm-admin-table td { vertical-align: middle; }
.cm-admin-pager { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem; }
.cm-admin-pager__total { margin-right: auto; }
.cm-admin-pager__size { display: inline-flex; align-items: center; gap: 0.25rem; margin-left: 0.75rem; }
.cm-profiling-table { display: flex; flex-direction: column; gap: 0.5rem; }
.cm-profiling-table__bulk { display: flex; gap: 0.5rem; }
.cm-profiling-table__filters { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-end; }
.cm-profiling-table__filters > .bp6-input-group { width: 260px; }
.cm-teams-tab__toolbar { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.cm-teams-tab__toolbar > .bp6-input-group { width: 260px; }
`;
