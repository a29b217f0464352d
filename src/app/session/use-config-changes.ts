import { useEffect } from 'react';
import { useServices, useSession } from '../services/services-context';
import { createConfigChanges } from './config-changes';

/**
 * While signed in, the screens follow the published configuration (config-changes.ts); the stream closes on logout.
 * A current workspace disabled, or closed to the user (a team or their rights changed), is said in a toast that stays
 * until the user closes it; so is the one the start-up found closed and left for another (auth-service checkSession).
 */
export const useConfigChanges = () => {
  const services = useServices();
  const { status } = useSession();

  useEffect(() => {
    if (status !== 'signed-in') return undefined;
    const tellClosed = (name: string) => {
      services.toasts.show({
        intent: 'danger',
        heading: services.i18n.t('configChange.disabledHeading'),
        message: services.i18n.t('configChange.disabled', { name }),
        timeout: 0,
      });
    };
    const closedAtStart = services.auth.takeClosedAtStart();
    if (closedAtStart) tellClosed(closedAtStart.closed.name);
    const changes = createConfigChanges({
      api: services.api,
      store: services.store,
      onCurrentClosed: () => tellClosed(services.store.getState().workspace?.name ?? ''),
    });
    changes.start();
    return () => changes.stop();
  }, [status, services]);
};
