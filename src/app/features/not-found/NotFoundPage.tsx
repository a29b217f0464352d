import { NonIdealState } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NOT_FOUND_REDIRECT_MS } from '@domain/constants';
import { useServices, useSession } from '../../services/services-context';

/**
 * 'Page Not Found' (spec 1 §2, §8), then home after 2 s (an unknown path redirects home): the role's home when logged
 * in, /login when logged out (spec 3 §2: with no workspace, home is /login), which its link also offers at once.
 */
export const NotFoundPage = () => {
  const { t } = useTranslation();
  const services = useServices();
  const session = useSession();
  const signedIn = session.status === 'signed-in';

  useEffect(() => {
    const timer = setTimeout(() => services.navigate(signedIn ? services.auth.home() : '/login', { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [signedIn, services]);

  return (
    <main className="cm-page cm-centered">
      <NonIdealState icon={<Search size={48} />} title={t('pages.notFound.title')}
        description={signedIn ? t('pages.notFound.redirect') : t('pages.notFound.redirectToLogin')}
        action={signedIn ? undefined : <Link to="/login">{t('pages.notFound.toLogin')}</Link>} />
    </main>
  );
};
