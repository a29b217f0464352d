import { Button, Classes, Dialog, H2, Icon, IconSize, type DialogProps } from '@blueprintjs/core';
import { SmallCross } from '@blueprintjs/icons';
import { useId } from 'react';

/**
 * Blueprint's Dialog with its header drawn here: the same look, but the close button carries the name it is given
 * (Blueprint names it "Close" in every language). The app's dialogs (AppDialog) and the renderers' own use it.
 */
export function NamedDialog({ title, icon, isCloseButtonShown = true, closeLabel, children, ...props }: DialogProps & { closeLabel: string }) {
  const titleId = useId();
  return (
    <Dialog {...props} aria-labelledby={props['aria-labelledby'] ?? (title != null ? titleId : undefined)}>
      {title != null ? (
        <div className={Classes.DIALOG_HEADER}>
          {icon ? <Icon icon={icon} size={IconSize.STANDARD} aria-hidden tabIndex={-1} /> : null}
          <H2 id={titleId}>{title}</H2>
          {isCloseButtonShown ? (
            <Button aria-label={closeLabel} className={Classes.DIALOG_CLOSE_BUTTON} icon={<SmallCross size={IconSize.STANDARD} />} onClick={props.onClose} variant="minimal" />
          ) : null}
        </div>
      ) : null}
      {children}
    </Dialog>
  );
}
