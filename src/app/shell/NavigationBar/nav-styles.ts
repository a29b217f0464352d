/**
 * The desktop bar's layout, as a style element of the bar (the shell owns its CSS; Jest loads no stylesheets).
 * With every menu item and Italian labels the bar needs about 1300 px at full size; it stays one row down to the
 * computer breakpoint (1024 px) by giving up width in this order: under 1440 px the workspace selector narrows
 * (ellipsis, the full name in its title) and the language selector shows its short code (NavigationBar); under
 * 1280 px the title beside a logo is hidden but still read (the logo says the same), the selector narrows again and
 * the menu buttons close up. Between 768 and 1024 px the bar may still wrap rather than hide a control.
 */
export const NAV_CSS = `
.cm-navbar--desktop .cm-workspace-select { max-width: 280px; }
.cm-navbar--desktop .cm-workspace-select select { text-overflow: ellipsis; }
.cm-navbar--desktop .cm-user-badge { max-width: 14rem; }
.cm-navbar--desktop .cm-user-badge .bp6-button-text { overflow: hidden; text-overflow: ellipsis; }
@media (max-width: 1439px) {
  .cm-navbar--desktop .cm-workspace-select { max-width: 200px; }
}
@media (max-width: 1279px) {
  .cm-navbar--desktop .cm-workspace-select { max-width: 150px; }
  .cm-navbar--desktop .cm-user-badge { max-width: 10rem; }
  .cm-navbar--desktop .cm-nav-items > .bp6-button { padding-left: 6px; padding-right: 6px; }
  .cm-navbar--desktop .cm-nav-title--beside-logo { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
}
`;
