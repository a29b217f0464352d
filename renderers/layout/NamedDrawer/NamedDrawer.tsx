import { Button, Classes, Drawer, H4, Icon, IconSize, type DrawerProps } from '@blueprintjs/core';
import { SmallCross } from '@blueprintjs/icons';

/**
 * Blueprint's Drawer with its header drawn here, as NamedDialog does for Dialog: the same look, but the close button
 * carries the name it is given (Blueprint names it "Close" in every language).
 */
export function NamedDrawer({ title, icon, isCloseButtonShown = true, closeLabel, children, ...props }: DrawerProps & { closeLabel: string }) {
  return (
    <Drawer {...props}>
      {title != null ? (
        <div className={Classes.DRAWER_HEADER}>
          {icon ? <Icon icon={icon} size={IconSize.LARGE} /> : null}
          <H4>{title}</H4>
          {isCloseButtonShown ? (
            <Button aria-label={closeLabel} className={Classes.DIALOG_CLOSE_BUTTON} icon={<SmallCross size={IconSize.LARGE} />} onClick={props.onClose} variant="minimal" />
          ) : null}
        </div>
      ) : null}
      {children}
    </Drawer>
  );
}
