import { addScreenTexts } from '../i18n/screen-texts';
import { SignedInRoutes } from '../routes/SignedInRoutes';
import { useServices } from '../services/services-context';
import { useConfigChanges } from '../session/use-config-changes';
import { useSessionController } from '../session/use-session-controller';
import { Breadcrumb } from './Breadcrumb';
import { NavigationBar } from './NavigationBar/NavigationBar';
import { useDocumentTitle } from './use-document-title';

/** The shell when logged in: navigation, breadcrumb and the screens; loaded as its own chunk after sign-in. */
export const SignedInApp = () => {
  const { auth, i18n } = useServices();
  // Before anything below renders: the screens' texts came with this chunk.
  addScreenTexts(i18n);
  useSessionController();
  useConfigChanges();
  useDocumentTitle(true);
  return (
    <div className="cm-shell">
      <NavigationBar />
      <Breadcrumb />
      <div className="cm-content">
        <SignedInRoutes home={auth.home()} />
      </div>
    </div>
  );
};
