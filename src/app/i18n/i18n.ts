import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@domain/constants';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { en } from './en';
import { itIT } from './it-IT';

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The stored choice (spec 1 §3), else it-IT. */
export const storedLanguage = (storage: Storage): Language => {
  const value = storage.getItem(STORAGE_KEYS.language);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
};

/**
 * i18next with it-IT (default), en-US and en-GB. English is `en`, British as the spec writes it: en-GB reads it as
 * it is, en-US looks first at its own spellings of the few texts that differ (en-US-screens.ts, added with the
 * screens' texts), then at `en`. `en` is also the fallback of Italian for any missing key.
 */
export const createI18n = (storage: Storage): I18n => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: storedLanguage(storage),
    fallbackLng: 'en',
    supportedLngs: ['it-IT', 'en-US', 'en-GB', 'en'],
    resources: { en: { translation: en }, 'it-IT': { translation: itIT } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  const applyLanguage = (language: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = language;
  };
  applyLanguage(instance.language);
  instance.on('languageChanged', (language) => {
    if (isLanguage(language)) storage.setItem(STORAGE_KEYS.language, language);
    applyLanguage(language);
  });
  return instance;
};
