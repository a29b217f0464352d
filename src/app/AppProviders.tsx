import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import type { AppRouter } from './create-app';
import type { AppServices } from './services/app-services';
import { ServicesContext } from './services/services-context';
import { AppToaster } from './shell/AppToaster';

export const AppProviders = ({ services, router }: { services: AppServices; router: AppRouter }) => (
  <I18nextProvider i18n={services.i18n}>
    <ServicesContext.Provider value={services}>
      <RouterProvider router={router} />
      <AppToaster toasts={services.toasts} />
    </ServicesContext.Provider>
  </I18nextProvider>
);
