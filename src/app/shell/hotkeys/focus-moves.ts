import { Classes } from '@blueprintjs/core';
/** Focus moves the hotkeys share: plain DOM, so they work on whatever a screen rendered. */

const EDITABLE = 'input:not([type=hidden]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly]), select:not([disabled]), [contenteditable=true]';
const FOCUSABLE = `${EDITABLE}, button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])`;

const visible = (element: Element): boolean => element instanceof HTMLElement && element.getClientRects().length > 0;

export const firstEditable = (root: ParentNode | null): HTMLElement | null =>
  root ? (Array.from(root.querySelectorAll(EDITABLE)).find(visible) as HTMLElement | undefined) ?? null : null;

/** Focuses the first editable field inside `root`; true when one took the focus. */
export const focusFirstEditable = (root: ParentNode | null): boolean => {
  const field = firstEditable(root);
  if (!field) return false;
  field.focus();
  return document.activeElement === field;
};

/**
 * Focuses the first field marked invalid inside `root`, scrolled to the middle of the screen: after a save the form
 * refused, the user lands on what to correct. True when one took the focus.
 */
export const focusFirstInvalid = (root: ParentNode | null): boolean => {
  const field = root ? (Array.from(root.querySelectorAll('[aria-invalid="true"]')).find(visible) as HTMLElement | undefined) : undefined;
  if (!field) return false;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'center' });
  return document.activeElement === field;
};

/** After the next frames (the refused save's errors drawn), the first invalid field inside `root()` focused. */
export const focusFirstInvalidSoon = (root: () => ParentNode | null, frames = 2): void => {
  const step = (left: number) => requestAnimationFrame(() => (left > 0 ? step(left - 1) : void focusFirstInvalid(root())));
  step(frames);
};

/** The field group (`.cm-group` sections, else the panels) after or before the one holding the focus, focused. */
export const moveGroup = (root: ParentNode | null, step: 1 | -1): boolean => {
  if (!root) return false;
  let groups = Array.from(root.querySelectorAll('.cm-group')).filter((g) => visible(g) && firstEditable(g));
  if (!groups.length) groups = Array.from(root.querySelectorAll('.cm-panel')).filter(visible);
  if (!groups.length) return false;
  const current = groups.findIndex((g) => g.contains(document.activeElement));
  const next = groups[current === -1 ? (step === 1 ? 0 : groups.length - 1) : (current + step + groups.length) % groups.length];
  const target = firstEditable(next) ?? (next.querySelector(FOCUSABLE) as HTMLElement | null);
  if (!target) return false;
  target.focus();
  target.scrollIntoView({ block: 'nearest' });
  return true;
};

/** The table row holding the focus, if any. */
export const focusedRow = (): HTMLTableRowElement | null => {
  const active = document.activeElement;
  return active instanceof HTMLElement ? active.closest('tbody tr') : null;
};

/** Moves the focus to the first control of the next or previous body row of the table inside `root`. */
export const moveRow = (root: ParentNode | null, step: 1 | -1): boolean => {
  if (!root) return false;
  const rows = Array.from(root.querySelectorAll('tbody tr'));
  if (!rows.length) return false;
  const current = focusedRow();
  const index = current ? rows.indexOf(current) : -1;
  return focusRow(rows[index === -1 ? (step === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, index + step))]);
};

/** Focuses a table row: its actions column's first enabled button (show, edit, take…), scrolled into view. */
export const focusRow = (row: Element | undefined): boolean => {
  const target = (row?.querySelector('td:last-child button:not([disabled])') ?? row?.querySelector(FOCUSABLE)) as HTMLElement | null | undefined;
  if (!target) return false;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'nearest' });
  return document.activeElement === target;
};

/**
 * Focuses the next of the controls `selector` matches (visible, enabled) after the one holding the focus, in page
 * order and round again; the first when the focus is on none of them. A text area gets the caret at its end.
 */
export const cycleFocus = (selector: string): boolean => {
  const controls = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((el) => visible(el) && !el.matches(':disabled'));
  if (!controls.length) return false;
  const next = controls[(controls.indexOf(document.activeElement as HTMLElement) + 1) % controls.length];
  next.focus();
  // a text already there (the notes) is added to, not typed in front of
  if (next instanceof HTMLTextAreaElement) next.setSelectionRange(next.value.length, next.value.length);
  next.scrollIntoView({ block: 'nearest' });
  return document.activeElement === next;
};

/**
 * Whether a dialog (Blueprint's Dialog or Alert, open) is on screen: a screen's shortcuts then wait, so that nothing
 * acts behind a question the user has not answered (README "Keyboard": dialogs keep the focus inside).
 */
export const dialogOpen = (): boolean =>
  typeof document !== 'undefined' && document.querySelector(`.${Classes.OVERLAY_OPEN} .${Classes.DIALOG}, .${Classes.OVERLAY_OPEN} [role="alertdialog"]`) !== null;

/** A shortcut's handler that does nothing while a dialog is open (see dialogOpen). */
export const unlessDialogOpen = (handler: () => void) => (): void => {
  if (!dialogOpen()) handler();
};
