/** The contact screens' layout, as a style element (the feature owns its CSS; Jest loads no stylesheets). */
export const CONTACT_WORK_CSS = `
.cm-contact-work { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; padding-bottom: 96px; }
.cm-contact-work__header { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
.cm-contact-work__title { margin: 0 0.5rem 0 0; font-size: 1.3rem; min-width: 0; overflow-wrap: anywhere; }
.cm-contact-work__meta { color: #5f6b7c; margin-left: auto; }
.cm-contact-work__selectors { display: grid; grid-template-columns: minmax(200px, 320px) 1fr; gap: 1rem; align-items: start; }
.cm-contact-work__selectors .bp6-html-select { width: 100%; }
@media (max-width: 767px) { .cm-contact-work__selectors { grid-template-columns: 1fr; } }
.cm-contact-work__buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; justify-content: flex-end; }
.cm-contact-work__admin { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 0 1rem; }
.cm-contact-work .cm-panels .bp6-card { overflow: visible; }
.cm-media { margin-bottom: 1rem; }
.cm-media__table { width: 100%; margin-bottom: 0.5rem; }
.cm-history-scroll { max-width: 100%; overflow-x: auto; }
.cm-history { width: 100%; }
.cm-side-loading { display: flex; gap: 0.5rem; align-items: center; margin: 0.25rem 0; }
.cm-side-failed { margin: 0.25rem 0; }
.cm-script { white-space: pre-wrap; font-size: 1rem; line-height: 1.5; }
.cm-fab { border-radius: 24px !important; box-shadow: 0 2px 8px rgba(17,20,24,0.3) !important; }
.cm-fab--action { position: fixed; right: 24px; bottom: 24px; z-index: 10; width: 52px; height: 52px; }
.cm-fab-stack { position: fixed; left: 24px; bottom: 24px; z-index: 10; display: flex; flex-direction: column; gap: 8px; align-items: flex-start; }
/* On a phone the widgets are round icons (named by their aria-label and title), so they cover little of a field. */
@media (max-width: 767px) {
  .cm-fab-stack { left: 12px; bottom: 12px; }
  .cm-fab--widget { width: 40px; height: 40px; padding: 0 !important; justify-content: center; }
  .cm-fab--widget > .bp6-button-text { display: none; }
  .cm-fab--widget > .bp6-icon { margin: 0 !important; }
}
.cm-draft-offer .bp6-button-group { margin-top: 0.25rem; }
`;

export const ContactWorkStyles = () => <style>{CONTACT_WORK_CSS}</style>;
