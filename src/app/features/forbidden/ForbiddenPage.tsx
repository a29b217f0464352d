import { NonIdealState } from '@blueprintjs/core';
import { Lock } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useServices } from '../../services/services-context';

/** /403: where every missing permission leads (spec 1 §6). */
export const ForbiddenPage = () => {
  const { t } = useTranslation();
  const { auth } = useServices();
  return (
    <main className="cm-page cm-centered">
      <NonIdealState icon={<Lock size={48} />} title={t('pages.forbidden.title')} description={t('pages.forbidden.text')}
        action={<Link to={auth.home()}>{t('pages.forbidden.home')}</Link>} />
    </main>
  );
};
