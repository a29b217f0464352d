import { useTranslation } from 'react-i18next';

/** Shown while a screen's chunk or the start-up session check loads; plain markup keeps it out of Blueprint. */
export const PageLoading = () => {
  const { t } = useTranslation();
  return <div className="cm-page-loading" role="status" aria-live="polite">{t('app.loading')}</div>;
};
