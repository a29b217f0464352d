import type { i18n as I18n } from 'i18next';
import { createI18n } from '@app/i18n/i18n';
import { addScreenTexts } from '@app/i18n/screen-texts';

/** An i18next with every text, as the signed-in shell has it: for tests that render a screen without the shell. */
export const createI18nWithScreens = (storage: Storage): I18n => addScreenTexts(createI18n(storage));
