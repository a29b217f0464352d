import { Button, Classes, Dialog, H2, Icon, IconSize, type DialogProps } from '@blueprintjs/core';
import { SmallCross } from '@blueprintjs/icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Blueprint's Dialog with its header drawn here: the same look, but the close button is named in the user's language
 * (Blueprint names it "Close" in every language). Every dialog of the app uses it.
 */
export function AppDialog({ title, icon, isCloseButtonShown = true, children, ...props }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog {...props} aria-labelledby={props['aria-labelledby'] ?? (title != null ? titleId : undefined)}>
      {title != null ? (
        <div className={Classes.DIALOG_HEADER}>
          {icon ? <Icon icon={icon} size={IconSize.STANDARD} aria-hidden tabIndex={-1} /> : null}
          <H2 id={titleId}>{title}</H2>
          {isCloseButtonShown ? (
            <Button aria-label={t('app.closeDialog')} className={Classes.DIALOG_CLOSE_BUTTON} icon={<SmallCross size={IconSize.STANDARD} />} onClick={props.onClose} variant="minimal" />
          ) : null}
        </div>
      ) : null}
      {children}
    </Dialog>
  );
}
