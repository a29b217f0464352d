import type { createBrowserRouter, RouteObject } from 'react-router-dom';
import { createAppServices, type AppServices, type AppServicesInit } from './services/app-services';
import { AppRoot } from './routes/AppRoot';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Builds the services and the router together: the API client's callbacks navigate through the router, and the
 * router's one splat route renders the logged-in or logged-out route table (spec 1 §2).
 */
export const createApp = (init: AppServicesInit, createRouter: (routes: RouteObject[]) => AppRouter): { services: AppServices; router: AppRouter } => {
  let router: AppRouter | null = null;
  const services = createAppServices(init, {
    navigate: (to, options) => {
      void router?.navigate(to, options);
    },
    currentPath: () => router?.state.location.pathname ?? '/',
  });
  router = createRouter([{ path: '*', element: <AppRoot /> }]);
  return { services, router };
};
