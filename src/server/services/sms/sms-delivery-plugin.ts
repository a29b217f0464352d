import type { SmsDelivery } from '../../adapters/sms-gateway';
import { globalPlugin } from '../../plugins/global-plugin';
import { createSmsDispatcher, type DispatcherSettings, type SmsDispatcher } from './dispatcher';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS dispatcher of this process, or null when no gateway is configured (messages then stay queued). */
    smsDispatcher: SmsDispatcher | null;
  }
}

export interface SmsDeliveryOptions {
  /** The adapter that sends; none: nothing is sent. */
  delivery?: SmsDelivery;
  settings?: Partial<DispatcherSettings>;
  /** Run the dispatcher's loop while the server runs (tests drive it by hand with runOnce/drain). */
  start?: boolean;
}

/** Creates the dispatcher, starts its loop when the server is ready and stops it (deliveries in flight settled) on close. */
export const smsDeliveryPlugin = globalPlugin<{ options: SmsDeliveryOptions }>('sms-delivery', async (app, { options }) => {
  const dispatcher = options.delivery
    ? createSmsDispatcher({ deliveries: app.repos.smsDelivery, delivery: options.delivery, clock: app.clock, settings: options.settings, onError: (error) => app.log.error({ err: error }, 'SMS dispatch round failed') })
    : null;
  app.decorate('smsDispatcher', dispatcher);
  if (dispatcher && options.start) {
    app.addHook('onReady', async () => dispatcher.start());
    app.addHook('onClose', async () => dispatcher.stop());
  }
});
