import { HotkeysProvider } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveAnnouncer } from './announcer';

/** Blueprint's hotkeys context (its `?` help dialog, in the app's language) and the app's polite live region. */
export const AppHotkeys = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <HotkeysProvider dialogProps={{ title: t('hotkeys.title'), globalGroupName: t('hotkeys.global') }}>
      <>
        {children}
        <LiveAnnouncer />
      </>
    </HotkeysProvider>
  );
};
