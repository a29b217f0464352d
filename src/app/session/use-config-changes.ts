import { useEffect } from 'react';
import { useServices, useSession } from '../services/services-context';
import { createConfigChanges } from './config-changes';

/**
 * While signed in, the screens follow the published configuration (config-changes.ts); the stream closes on logout.
 * A disabled current workspace is said in a toast that stays until the user closes it.
 */
export const useConfigChanges = () => {
  const services = useServices();
  const { status } = useSession();

  useEffect(() => {
    if (status !== 'signed-in') return undefined;
    const changes = createConfigChanges({
      api: services.api,
      store: services.store,
      onCurrentDisabled: () => {
        const name = services.store.getState().workspace?.name ?? '';
        services.toasts.show({
          intent: 'danger',
          heading: services.i18n.t('configChange.disabledHeading'),
          message: services.i18n.t('configChange.disabled', { name }),
          timeout: 0,
        });
      },
    });
    changes.start();
    return () => changes.stop();
  }, [status, services]);
};
