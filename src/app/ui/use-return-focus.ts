import { Classes } from '@blueprintjs/core';
import { useEffect, useLayoutEffect, useRef } from 'react';

/** Inside a Blueprint overlay: a dialog, or a popover such as a menu. */
const inOverlay = (element: Element): boolean => element.closest(`.${Classes.PORTAL}, .${Classes.OVERLAY}`) !== null;

/** An element of the page itself that can hold the focus (not the body, not an overlay). */
const onPage = (element: Element | null | EventTarget): element is HTMLElement =>
  element instanceof HTMLElement && element !== document.body && !inOverlay(element);

/**
 * Gives the focus back to what opened a dialog once the dialog closes. For dialogs rendered only while open
 * (`{open ? <Dialog isOpen …/> : null}`, so that each opening starts fresh): Blueprint's Overlay returns the focus only
 * when it stays mounted through its closing transition, so without this the focus falls to the page body.
 *
 * Called by the view that owns the dialog, with whether one is open. The opener is the focused element when the dialog
 * opens; when that is inside an overlay (a menu item of a popover, or a field the dialog focused on mount) it is the
 * last element of the page that had the focus (the menu's button). The focus goes back to it on close if it is still
 * in the page and the focus was lost with the dialog (another dialog or field that took it keeps it).
 */
export function useReturnFocus(open: boolean): void {
  const lastOnPage = useRef<HTMLElement | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const note = (event: FocusEvent) => {
      if (onPage(event.target)) lastOnPage.current = event.target;
    };
    document.addEventListener('focusin', note);
    return () => document.removeEventListener('focusin', note);
  }, []);

  // Layout effect: on opening, before Blueprint moves the focus into the dialog; on closing, right after React
  // removed the dialog (and with it the focus).
  useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement;
      opener.current = onPage(active) ? active : active && active !== document.body ? lastOnPage.current : null;
      return;
    }
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) target.focus();
  }, [open]);
}
