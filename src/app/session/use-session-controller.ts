import { useEffect } from 'react';
import { isApiRequestError } from '@api-client/api-error';
import { AUTH_MESSAGES } from '@domain/errors';
import { useServices, useSession } from '../services/services-context';
import { createSessionMonitor } from './session-monitor';

/**
 * While signed in: inactivity logout, renew after two thirds, heartbeat every 60 s (spec 1 §4). Answers the
 * session state the shell renders.
 */
export const useSessionController = () => {
  const services = useServices();
  const session = useSession();

  useEffect(() => {
    if (session.status !== 'signed-in') return;
    const monitor = createSessionMonitor({
      store: services.store,
      renew: () => services.auth.renew(),
      heartbeat: () => services.api.agent.heartbeat(),
      // A heartbeat refused because an admin locked the account says that, not 'SESSIONE SCADUTA'.
      onExpired: (...[, heartbeatError]) =>
        void (isApiRequestError(heartbeatError) && heartbeatError.message === AUTH_MESSAGES.accountLocked ? services.lockOut() : services.expireSession()),
      target: window,
    });
    monitor.start();
    return () => monitor.stop();
  }, [session.status, services]);

  return session;
};
