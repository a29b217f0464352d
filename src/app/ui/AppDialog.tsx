import type { DialogProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NamedDialog } from '@renderers/layout/NamedDialog/NamedDialog';

/** Every dialog of the app: Blueprint's Dialog with its close button named in the user's language (NamedDialog). */
export function AppDialog(props: DialogProps) {
  const { t } = useTranslation();
  return <NamedDialog {...props} closeLabel={t('app.closeDialog')} />;
}
