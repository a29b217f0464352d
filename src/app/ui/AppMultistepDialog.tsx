import { Button, Classes, H2, IconSize, MultistepDialog, type MultistepDialogProps } from '@blueprintjs/core';
import { SmallCross } from '@blueprintjs/icons';
import { useMemo, useRef, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Blueprint's MultistepDialog with its header's close button named in the user's language, as AppDialog does for
 * Dialog: Blueprint names that button "Close" in every language. The title's tag is replaced by the title followed by
 * a close button of our own, so the header keeps Blueprint's look and layout.
 */
export function AppMultistepDialog({ isCloseButtonShown = true, onClose, ...props }: MultistepDialogProps) {
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
  return <MultistepDialog {...props} onClose={onClose} isCloseButtonShown={false} titleTagName={TitleWithClose} />;
}
