import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { documentTitle } from '../routes/screens';
import { useSession } from '../services/services-context';

/**
 * Keeps the browser tab's title on the current screen, in the current language (useTranslation re-renders on a
 * language switch) and with the current workspace: a person with several tabs tells them apart by it.
 */
export function useDocumentTitle(signedIn: boolean): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const workspaceName = useSession().workspace?.name;
  const title = documentTitle(pathname, t, { signedIn, workspaceName });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
