import { NonIdealState } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NOT_FOUND_REDIRECT_MS } from '@domain/constants';
import { useServices, useSession } from '../../services/services-context';

/** 'Page Not Found' (spec 1 §2). Logged in it goes to the role's home after 2 s; logged out it offers the login. */
export const NotFoundPage = () => {
  const { t } = useTranslation();
  const services = useServices();
  const session = useSession();
  const signedIn = session.status === 'signed-in';

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => services.navigate(services.auth.home(), { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [signedIn, services]);

  return (
    <main className="cm-page cm-centered">
      <NonIdealState icon={<Search size={48} />} title={t('pages.notFound.title')}
        description={signedIn ? t('pages.notFound.redirect') : undefined}
        action={signedIn ? undefined : <Link to="/login">{t('pages.notFound.toLogin')}</Link>} />
    </main>
  );
};
