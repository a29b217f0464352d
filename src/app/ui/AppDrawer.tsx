import type { DrawerProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NamedDrawer } from '@renderers/layout/NamedDrawer/NamedDrawer';

/** Every drawer of the app: Blueprint's Drawer with its close button named in the user's language (NamedDrawer). */
export function AppDrawer(props: DrawerProps) {
  const { t } = useTranslation();
  return <NamedDrawer {...props} closeLabel={t('app.closeDialog')} />;
}
