import { SignedInRoutes } from '../routes/SignedInRoutes';
import { useServices } from '../services/services-context';
import { useConfigChanges } from '../session/use-config-changes';
import { useSessionController } from '../session/use-session-controller';
import { Breadcrumb } from './Breadcrumb';
import { NavigationBar } from './NavigationBar/NavigationBar';

/** The shell when logged in: navigation, breadcrumb and the screens; loaded as its own chunk after sign-in. */
export const SignedInApp = () => {
  useSessionController();
  useConfigChanges();
  const { auth } = useServices();
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
