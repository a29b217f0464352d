import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AppServices } from './app-services';
import type { SessionState } from '../session/session-store';

export const ServicesContext = createContext<AppServices | null>(null);

export const useServices = (): AppServices => {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs <ServicesContext.Provider>');
  return services;
};

/** The session state, re-rendering on every change of the store. */
export const useSession = (): SessionState => {
  const { store } = useServices();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
};
