import { roleHomePath } from './routes/screens';
import { createAppServices, type AppServices, type AppServicesInit, type NavigateOptions, type Navigator } from './services/app-services';

/** Lets the API client's callbacks and the session handling navigate; NavigationBridge fills it from the router. */
export interface NavigationBridge extends Navigator {
  attach(navigate: (to: string, options?: NavigateOptions) => void, path: string): void;
}

export const createNavigationBridge = (initialPath: string): NavigationBridge => {
  let navigate: ((to: string, options?: NavigateOptions) => void) | null = null;
  let path = initialPath;
  const pending: Array<[string, NavigateOptions | undefined]> = [];
  return {
    attach(next, currentPath) {
      navigate = next;
      path = currentPath;
      for (const [to, options] of pending.splice(0)) next(to, options);
    },
    navigate(to, options) {
      if (navigate) navigate(to, options);
      else pending.push([to, options]);
    },
    currentPath: () => path,
  };
};

/** The app's services, with the screen registry's home paths. */
export const createApp = (init: Omit<AppServicesInit, 'roleHomePath'>, initialPath: string): { services: AppServices; bridge: NavigationBridge } => {
  const bridge = createNavigationBridge(initialPath);
  return { services: createAppServices({ ...init, roleHomePath }, bridge), bridge };
};
