import { ORG_FILTER_CSS } from '../../ui/admin-styles';

/**
 * The list's layout, as a style element of the screen (the feature owns its CSS; Jest loads no stylesheets).
 * Breakpoints of spec 2 §9: 480 px (phones) and 1369 px (wide desktops); under 768 px the horizontal filters move
 * into the side panel, the KPI strip shows its summary in small tiles (KpiStrip) and the toolbar wraps; the table
 * always scrolls horizontally inside its own box.
 * The row buttons keep to the table's 24 px line (ContactTable): a taller actions cell would make every row taller
 * than its 40 text cells, and the browser would lay all of them out a second time to stretch them.
 * The sticky actions cell is opaque, also on a hovered or pressed row (Blueprint's row colours are translucent: the
 * cells scrolled under it would show through): the colours are Blueprint's hover and active tints laid over the table.
 */
export const LIST_CSS = `${ORG_FILTER_CSS}
.cm-contacts-list { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
.cm-contacts-list__header { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
.cm-contacts-list__header .cm-page-title { margin: 0 auto 0 0; }
.cm-contacts-list__actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.cm-kpi { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem; min-height: 44px; }
.cm-kpi__item { display: flex; align-items: center; gap: 0.5rem; padding: 0.4rem 0.75rem !important; }
.cm-kpi__label { font-size: 0.8rem; color: #5f6b7c; }
.cm-kpi__value { font-weight: 600; }
.cm-contacts-list .cm-filters__bar { flex-wrap: wrap; }
.cm-contacts-list .cm-filters__bar .bp6-form-group { margin-bottom: 0; }
.cm-contacts-list__selection { display: flex; align-items: center; gap: 0.5rem; }
.cm-contacts-list__table { position: relative; min-height: 120px; background: #fff; border-radius: 4px; box-shadow: 0 0 0 1px rgba(17,20,24,0.1); overflow-x: auto; }
.cm-contacts-list__table .cm-table-wrap { overflow-x: visible !important; }
.cm-contacts-list__table table { white-space: nowrap; }
.cm-contacts-list__table td:first-child, .cm-contacts-list__table th:first-child { width: 1%; }
.cm-contacts-list__loading { position: absolute; inset: 0; display: flex; align-items: flex-start; justify-content: center; padding-top: 2rem; background: rgba(255,255,255,0.6); z-index: 1; }
.cm-contacts-list__table .cm-contact-table tr > td:last-child, .cm-contacts-list__table .cm-contact-table tr > th:last-child { position: sticky; right: 0; background-color: #fff; box-shadow: inset 1px 0 0 rgba(17,20,24,0.12); z-index: 1; }
.cm-contacts-list__table .cm-contact-table tbody tr:nth-child(odd) > td:last-child { background-color: #f3f4f6; }
.cm-contacts-list__table .cm-contact-table tbody tr:hover > td:last-child { background-color: #dde0e5; }
.cm-contacts-list__table .cm-contact-table tbody tr:active > td:last-child { background-color: #d8dbe1; }
.cm-row-actions { display: flex; gap: 2px; justify-content: flex-end; align-items: center; height: 24px; }
.cm-contacts-list__pager { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem; }
.cm-contacts-list__pager-buttons { display: flex; align-items: center; gap: 0.25rem; }
.cm-contacts-list__page-size { display: flex; align-items: center; gap: 0.5rem; }
.cm-bulk-agents { border: 1px solid #e5e8eb; border-radius: 4px; margin: 0.75rem 0; padding: 0.5rem 0.75rem; }
.cm-bulk-limit { margin-top: 0.75rem; }
.cm-bulk-error { color: #cd4246; margin: 0.25rem 0 0; }
@media (max-width: 767px) {
  .cm-contacts-list .cm-filters__bar > [role='search'] { display: none; }
  .cm-contacts-list .cm-filters__bar { justify-content: flex-end; }
  .cm-kpi-compact { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.5rem; }
  .cm-kpi-compact .cm-kpi { gap: 0.25rem; min-height: 0; }
  .cm-kpi-compact--open .cm-kpi { flex-basis: 100%; }
  .cm-kpi-compact .cm-kpi__item { gap: 0.35rem; padding: 0.2rem 0.5rem !important; }
  .cm-kpi-compact .cm-kpi__label { font-size: 0.75rem; }
  .cm-kpi-compact .cm-kpi__value { min-height: 20px; padding: 0 6px; font-size: 0.8rem; }
}
@media (max-width: 480px) {
  .cm-contacts-list__header .cm-page-title { width: 100%; }
  .cm-contacts-list__actions { width: 100%; }
  .cm-contacts-list__actions > * { flex: 1 1 auto; }
  .cm-contacts-list__pager { justify-content: center; }
}
@media (min-width: 1369px) {
  .cm-contacts-list { max-width: 1800px; }
}
`;
