import type { i18n as I18n } from 'i18next';
import { enScreens } from './en-screens';
import { itITScreens } from './it-IT-screens';

/**
 * Adds the signed-in screens' texts to an i18next instance made by createI18n. They travel with the signed-in
 * shell's chunk, so the sign-in page does not download them; adding twice is harmless.
 */
export function addScreenTexts(instance: I18n): I18n {
  if (!instance.exists('nav.contacts', { lng: 'en' })) {
    instance.addResourceBundle('en', 'translation', enScreens, true, false);
    instance.addResourceBundle('it-IT', 'translation', itITScreens, true, false);
  }
  return instance;
}
