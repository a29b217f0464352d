import type { i18n as I18n } from 'i18next';
import { enScreens } from './en-screens';
import { enUSScreens } from './en-US-screens';
import { itITScreens } from './it-IT-screens';

const withScreens = new WeakSet<I18n>();

/**
 * Adds the signed-in screens' texts to an i18next instance made by createI18n. They travel with the signed-in
 * shell's chunk, so the sign-in page does not download them; adding twice is harmless.
 */
export function addScreenTexts(instance: I18n): I18n {
  // Marked per instance: i18next merges a bundle into the catalogue object it was given, which other instances
  // share, so 'en' having the screens' keys says nothing of this instance's other languages.
  if (!withScreens.has(instance)) {
    withScreens.add(instance);
    instance.addResourceBundle('en', 'translation', enScreens, true, false);
    instance.addResourceBundle('en-US', 'translation', enUSScreens, true, false);
    instance.addResourceBundle('it-IT', 'translation', itITScreens, true, false);
  }
  return instance;
}
