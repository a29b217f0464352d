import { Spinner, type SpinnerProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Blueprint's Spinner named in the user's language (Blueprint names it "loading" in every language). */
export function AppSpinner(props: SpinnerProps) {
  const { t } = useTranslation();
  return <Spinner aria-label={t('app.loading')} {...props} />;
}
