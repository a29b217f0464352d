import { useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { NavigationBridge } from './create-app';
import { AppRoot } from './routes/AppRoot';
import type { AppServices } from './services/app-services';
import { ServicesContext } from './services/services-context';
import { AppToaster } from './shell/AppToaster';
import { AppHotkeys } from './shell/hotkeys/AppHotkeys';

const NavigationBridgeConnector = ({ bridge }: { bridge: NavigationBridge }) => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    bridge.attach((to, options) => void navigate(to, options), pathname);
  }, [bridge, navigate, pathname]);
  return null;
};

/** The app inside whichever router the caller gives (BrowserRouter in the page, MemoryRouter in tests). */
export const AppProviders = ({ services, bridge, Router }: { services: AppServices; bridge: NavigationBridge; Router: ComponentType<{ children: ReactNode }> }) => (
  <I18nextProvider i18n={services.i18n}>
    <ServicesContext.Provider value={services}>
      <AppHotkeys>
        <Router>
          <NavigationBridgeConnector bridge={bridge} />
          <AppRoot />
        </Router>
      </AppHotkeys>
      <AppToaster toasts={services.toasts} />
    </ServicesContext.Provider>
  </I18nextProvider>
);
