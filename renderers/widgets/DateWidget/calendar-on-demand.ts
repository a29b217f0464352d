import { useState, type FocusEvent, type KeyboardEvent } from 'react';

/** The open calendar of the date input `id` (DateInput3 names it in the input's aria-controls). */
const calendarOf = (id: string) => {
  const controls = document.getElementById(id)?.getAttribute('aria-controls');
  return controls ? document.getElementById(controls) : null;
};
const inCalendar = (id: string, node: EventTarget | null) => node instanceof Node && Boolean(calendarOf(id)?.contains(node));

/** Closes the calendar; the focus, if it was in the calendar (a day picked, Esc there), goes back to the input. */
function closeCalendar(id: string, setOpen: (open: boolean) => void) {
  const active = document.activeElement;
  if (!active || active === document.body || inCalendar(id, active)) document.getElementById(id)?.focus();
  setOpen(false);
}

/**
 * Keys DateInput3 would handle otherwise, taken before it sees them: Tab with the calendar closed moves to the next
 * field (DateInput3 would walk into the calendar, open on focus in its own state); Esc closes an open calendar and
 * stops there (DateInput3 would blur the input, leaving the focus on the page, and a dialog around would close too).
 * Esc on a closed calendar goes on to the dialog around, if any, with the input kept focused.
 */
function calendarKeys(e: KeyboardEvent<HTMLInputElement>, open: boolean, setOpen: (open: boolean) => void) {
  if (e.key === 'Tab' && !e.shiftKey && !open) e.stopPropagation();
  else if (e.key === 'Escape' && open) { e.stopPropagation(); setOpen(false); }
  else if (e.key === 'Escape') {
    const input = e.currentTarget;
    // DateInput3 blurs the input in this keydown: focus it again once it has
    queueMicrotask(() => { if (input.isConnected && document.activeElement !== input && (!document.activeElement || document.activeElement === document.body)) input.focus(); });
  }
}

/**
 * DateInput3 with its calendar opened on demand (a click, ArrowDown), never on focus, so one Tab moves past the field;
 * Esc on the open calendar and a day picked close it with the focus kept on (given back to) the input `id`. Spread
 * `popoverProps` and `inputProps` into DateInput3's and call `onSelect` from its `dayPickerProps`. Shared by the
 * renderers' DateWidget and the app's DayInput.
 */
export function useCalendarOnDemand(id: string) {
  const [open, setOpen] = useState(false);
  return {
    popoverProps: { isOpen: open, onClose: () => closeCalendar(id, setOpen) },
    onSelect: () => closeCalendar(id, setOpen),
    inputProps: {
      onClick: () => setOpen(true),
      onKeyDownCapture: (e: KeyboardEvent<HTMLInputElement>) => calendarKeys(e, open, setOpen),
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'ArrowDown' && !open) { e.preventDefault(); setOpen(true); }
        // DateInput3 has taken the typed day on Enter
        else if (e.key === 'Enter' && open) setOpen(false);
      },
      onBlur: (e: FocusEvent<HTMLInputElement>) => { if (open && !inCalendar(id, e.relatedTarget)) setOpen(false); },
    },
  };
}
