import { Button, Classes, H2, IconSize, MultistepDialog, setRef, type MultistepDialogProps } from '@blueprintjs/core';
import { SmallCross } from '@blueprintjs/icons';
import { useCallback, useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Blueprint's MultistepDialog with its header's close button named in the user's language, as AppDialog does for
 * Dialog: Blueprint names that button "Close" in every language. The title's tag is replaced by the title followed by
 * a close button of our own, so the header keeps Blueprint's look and layout.
 *
 * Two more things Blueprint leaves out:
 * - on each step change (Next, Back, a click on a step) the focus goes to the new step's first field (or, for a step
 *   without one, to the step's panel), instead of falling to the page when the pressed button or field unmounts;
 * - Blueprint draws each step header as a role="tab" holding a focusable role="button" (axe nested-interactive): the
 *   tab role (and its aria-selected, aria-disabled) is moved onto that focusable element, the outer one left with none.
 */
export function AppMultistepDialog({ isCloseButtonShown = true, onClose, onChange, containerRef, ...props }: MultistepDialogProps) {
  const { t } = useTranslation();
  const closeLabel = t('app.closeDialog');
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const TitleWithClose = useMemo(() => {
    function TitleWithCloseButton({ children, ...heading }: HTMLAttributes<HTMLElement>) {
      return (
        <>
          <H2 {...heading}>{children}</H2>
          {isCloseButtonShown ? (
            <Button aria-label={closeLabel} className={Classes.DIALOG_CLOSE_BUTTON} icon={<SmallCross size={IconSize.STANDARD} />} onClick={(e) => closeRef.current?.(e)} variant="minimal" />
          ) : null}
        </>
      );
    }
    return TitleWithCloseButton;
  }, [closeLabel, isCloseButtonShown]);

  const container = useRef<HTMLDivElement | null>(null);
  const outerRef = useRef(containerRef);
  outerRef.current = containerRef;
  const observer = useRef<MutationObserver | null>(null);
  const attach = useCallback((element: HTMLDivElement | null) => {
    container.current = element;
    setRef(outerRef.current, element);
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    moveStepTabRoles(element);
    // Blueprint writes aria-selected and aria-disabled on the outer element again as the step changes
    observer.current = new MutationObserver(() => moveStepTabRoles(element));
    observer.current.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['role', 'aria-selected', 'aria-disabled'] });
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);

  // Blueprint keeps the step to itself: each change is counted, and once the new step has rendered its panel
  // (this component re-renders in the same update), the focus goes there.
  const [stepChanges, setStepChanges] = useState(0);
  const changeStep: MultistepDialogProps['onChange'] = (next, previous, event) => {
    setStepChanges((count) => count + 1);
    onChange?.(next, previous, event);
  };
  useEffect(() => {
    if (stepChanges > 0 && container.current) focusStep(container.current);
  }, [stepChanges]);

  return <MultistepDialog {...props} onClose={onClose} onChange={changeStep} containerRef={attach} isCloseButtonShown={false} titleTagName={TitleWithClose} />;
}

const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The focus on the shown step's first field, or on its panel when it has none (a summary). */
function focusStep(container: HTMLElement) {
  const panel = container.querySelector<HTMLElement>(`.${Classes.MULTISTEP_DIALOG_RIGHT_PANEL}`);
  if (!panel) return;
  const footer = panel.querySelector(`.${Classes.DIALOG_FOOTER}`);
  const field = [...panel.querySelectorAll<HTMLElement>(FIELD)].find((element) => !footer?.contains(element) && element.getAttribute('aria-disabled') !== 'true');
  if (field) {
    field.focus();
    return;
  }
  const body = panel.firstElementChild instanceof HTMLElement && panel.firstElementChild !== footer ? panel.firstElementChild : panel;
  if (!body.hasAttribute('tabindex')) body.setAttribute('tabindex', '-1');
  body.focus();
}

/** Each step header's tab role on its focusable element (the one Blueprint names role="button"), not around it. */
function moveStepTabRoles(container: HTMLElement) {
  for (const header of container.querySelectorAll<HTMLElement>(`.${Classes.DIALOG_STEP_CONTAINER}`)) {
    const step = header.querySelector<HTMLElement>(`.${Classes.DIALOG_STEP}`);
    if (!step) continue;
    for (const name of ['aria-selected', 'aria-disabled']) {
      const value = header.getAttribute(name);
      if (value === null) continue;
      step.setAttribute(name, value);
      header.removeAttribute(name);
    }
    if (header.getAttribute('role') !== 'none') header.setAttribute('role', 'none');
    if (step.getAttribute('role') !== 'tab') step.setAttribute('role', 'tab');
  }
}
