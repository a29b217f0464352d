import { Classes, DialogBody, Hotkey, Hotkeys, HotkeysProvider } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../ui/AppDialog';
import { LiveAnnouncer } from './announcer';

/**
 * Blueprint's hotkeys context and its `?` help dialog, drawn as Blueprint draws it but as an AppDialog, so that its
 * title, group name and close button are in the app's language; and the app's polite live region.
 */
export const AppHotkeys = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const globalGroupName = t('hotkeys.global');
  return (
    <HotkeysProvider
      renderDialog={(state, { handleDialogClose }) => (
        <AppDialog title={t('hotkeys.title')} className={Classes.HOTKEY_DIALOG} isOpen={state.isDialogOpen} onClose={handleDialogClose}>
          <DialogBody>
            <Hotkeys>
              {state.hotkeys.map((hotkey, index) => (
                <Hotkey key={index} {...hotkey} group={hotkey.global === true && hotkey.group == null ? globalGroupName : hotkey.group} />
              ))}
            </Hotkeys>
          </DialogBody>
        </AppDialog>
      )}
    >
      <>
        {children}
        <LiveAnnouncer />
      </>
    </HotkeysProvider>
  );
};
