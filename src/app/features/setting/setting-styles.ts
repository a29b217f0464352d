/** The layout of /setting, as a style element of the screen (Jest loads no stylesheets); shared pieces: ui/admin-styles. */
export const SETTING_CSS = `
.cm-setting { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
.cm-setting__header { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
.cm-setting__header .cm-page-title { margin: 0 auto 0 0; }
.cm-setting__toolbar { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.cm-setting__filters, .cm-profiling-table__filters { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-end; }
.cm-setting__filters > .bp6-input-group, .cm-profiling-table__filters > .bp6-input-group { width: 260px; }
.cm-summary { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
.cm-summary dt { font-weight: 600; }
.cm-temporary-password { margin-top: 1rem; }
.cm-create-user__pick .cm-multipick { display: flex; gap: 5px; font-size: inherit; }
.cm-create-user__pick .cm-multipick__label { color: inherit; }
.cm-create-user__pick .cm-multipick .bp6-popover-target { display: block; }
.cm-create-user__pick .cm-multipick .bp6-button { width: 100%; justify-content: space-between; }
.cm-availability { display: inline-flex; align-items: center; gap: 4px; }
.cm-availability--ok { color: #238551; }
.cm-availability--bad { color: #cd4246; }
.cm-bulk-dialog__progress { display: flex; flex-direction: column; gap: 0.25rem; margin-top: 1rem; }
.cm-bulk-dialog__summary, .cm-bulk-dialog__problem { margin-top: 1rem; }
`;
