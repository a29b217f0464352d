import { NonIdealState } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../services/services-context';

/**
 * A screen's real route and title with its empty state: the screens later issues build show no invented data.
 * `screen` names the texts under pages.<screen>.
 */
export const EmptyScreen = ({ screen, icon, values = {} }: { screen: string; icon: ReactElement; values?: Record<string, string> }) => {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const params = { workspace: workspace?.name ?? '', ...values };
  return (
    <section className="cm-page" aria-labelledby="cm-page-title">
      <h1 id="cm-page-title" className="cm-page-title">{t(`pages.${screen}.title`, params)}</h1>
      <NonIdealState icon={icon} title={t(`pages.${screen}.empty`, params)} description={t(`pages.${screen}.text`, params)} />
    </section>
  );
};
